//! `tesuji render`: pictures of 20 public positions (alone, with the
//! patterns proposing a point, with one pattern's placements) render in a
//! real SVG renderer (resvg) to non-blank images; every drawn pattern's
//! elements fit the board it was matched on; the elements recovered from a
//! compiled pattern equal its source diagram for every pattern of GNU Go's
//! `patterns.db`/`patterns2.db`; snapshots of a position written here with
//! our own patterns; bad input fails with a message and a non-zero status.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use boardsvg::Symbol;
use boardsvg::raster::{self, Options};
use engine::front::explain::ContextKind;
use engine::front::picture::{
    self, PictureRequest, corner_overlay, overlay_fits, pattern_elements, pattern_overlay,
};
use loader::gnugo_dir::{self as pattern_set, Databases};
use matcher::PackedBoard;

static OPTIONS: LazyLock<Options<'static>> = LazyLock::new(raster::options);

fn args(sgf: &Path, move_number: Option<u32>) -> PictureRequest {
    PictureRequest {
        sgf: sgf.to_path_buf(),
        move_number,
        colors: Vec::new(),
        at: None,
        pattern: None,
        context: ContextKind::Engine,
    }
}

/// Renders the SVG; returns the number of non-white pixels.
fn rendered_ink(svg: &str) -> usize {
    let raster = raster::render(svg, &OPTIONS).expect("resvg renders the SVG");
    assert!(raster.width() > 0 && raster.height() > 0);
    raster.ink_pixels()
}

#[test]
fn twenty_public_positions_render_alone_at_a_point_and_per_pattern() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let set = pattern_set::load(&dir).expect("GNU Go's databases compile");
    let positions = common::public_positions(&shared);
    let mut panels = 0;
    for position in positions.iter().take(20) {
        let mut a = args(&position.sgf, Some(position.move_number));
        let alone = picture::picture(&a, &set).unwrap().to_svg().unwrap();
        assert!(rendered_ink(&alone) > 10_000, "{}", position.id);
        let loaded = common::load(position);
        let board = PackedBoard::try_from(&loaded.board).unwrap();
        let candidates = set.candidates(&board, loaded.to_move);
        let Some(first) = candidates.first() else {
            continue;
        };
        a.at = Some(first.move_point.to_gtp(board.size()));
        let picture = picture::picture(&a, &set).unwrap();
        panels += picture.panels.len();
        assert!(rendered_ink(&picture.to_svg().unwrap()) > 10_000);
        a.at = None;
        a.pattern = Some(
            set.shapes[first.db].db.patterns[first.pattern]
                .name
                .to_string(),
        );
        let picture = picture::picture(&a, &set).unwrap();
        panels += picture.panels.len();
        assert!(rendered_ink(&picture.to_svg().unwrap()) > 10_000);
        for panel in &picture.panels {
            assert!(panel.overlay.is_some(), "{}", position.id);
        }
    }
    assert!(panels >= 20, "only {panels} pattern panels");
}

/// Every raw candidate of every database on the 60 public positions, for
/// both colours, drawn: its
/// elements (stored and recovered from the grid masks) accept what the
/// board holds, its move is its move, its labels lie on the board.
#[test]
fn every_drawn_match_fits_its_board() {
    let shared = testkit::require_shared!();
    let set = pattern_set::load(&testkit::gnugo_patterns_dir(&shared)).unwrap();
    let mut drawn = 0;
    let mut corner = 0;
    let mut corner_placed = 0;
    for position in &common::public_positions(&shared) {
        let loaded = common::load(position);
        let board = PackedBoard::try_from(&loaded.board).unwrap();
        for color in [matcher::board::Color::Black, matcher::board::Color::White] {
            for raw in set.candidates(&board, color) {
                let pattern = &set.shapes[raw.db].db.patterns[raw.pattern];
                let overlay = match raw.anchor {
                    Some(anchor) => pattern_overlay(
                        pattern,
                        anchor,
                        raw.transform,
                        raw.move_point,
                        board.size(),
                    ),
                    None => {
                        corner += 1;
                        let placed =
                            corner_overlay(pattern, raw.transform, raw.move_point, &board, color);
                        if placed.is_some() {
                            corner_placed += 1;
                        }
                        let Some(overlay) = placed else { continue };
                        overlay
                    }
                };
                assert!(
                    overlay_fits(&overlay, &board, color),
                    "{} {} at {}",
                    position.id,
                    pattern.name,
                    raw.move_point.to_gtp(board.size())
                );
                let moves: Vec<_> = overlay
                    .elements
                    .iter()
                    .filter(|(_, s)| *s == Symbol::Move)
                    .map(|(p, _)| *p)
                    .collect();
                assert_eq!(moves, [raw.move_point], "{}", pattern.name);
                assert_eq!(overlay.labels.len(), pattern.autohelper_labels.len());
                drawn += 1;
            }
        }
    }
    eprintln!("{drawn} matches drawn; corner (joseki) matches: {corner_placed} of {corner} placed");
    assert!(drawn > 10_000, "{drawn} drawn");
    assert_eq!(
        corner_placed, corner,
        "corner matches without a fitting placement"
    );
}

/// The diagram characters of a compiled pattern's recovered elements
/// equal its source diagram's (`Y`/`Q` read as `X`/`O`, `?` left out),
/// up to the anchor's position, for every pattern of `patterns.db` and
/// `patterns2.db`.
#[test]
fn recovered_elements_equal_the_source_diagrams() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let set = pattern_set::load(&dir).unwrap();
    let compiled = &set.shapes.iter().find(|s| s.name == "patterns").unwrap().db;
    let files = [dir.join("patterns.db"), dir.join("patterns2.db")];
    let (_, asts, _) = mkpat::parse::parse_files(&files).unwrap();
    let mut diagrams: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for file in &asts {
        for item in &file.items {
            if let mkpat::ast::Item::Pattern(p) = item {
                let rows = p.diagram.rows.iter().map(|r| r.cells.to_string()).collect();
                diagrams
                    .entry(p.name.node.to_string())
                    .or_default()
                    .push(rows);
            }
        }
    }
    let normal = |c: char| match c {
        'Y' => 'X',
        'Q' => 'O',
        c => c,
    };
    let mut checked = 0;
    for pattern in compiled.patterns.iter() {
        let mut recovered: Vec<(i32, i32, char)> = pattern_elements(pattern)
            .into_iter()
            .map(|(o, s)| (i32::from(o.di), i32::from(o.dj), s.char()))
            .collect();
        recovered.sort();
        let sources = diagrams.get(pattern.name.as_ref()).expect("a source");
        let agrees = sources.iter().any(|rows| {
            let cells: Vec<(i32, i32, char)> = rows
                .iter()
                .enumerate()
                .flat_map(|(i, row)| {
                    row.chars()
                        .enumerate()
                        .filter(|&(_, c)| c != '?')
                        .map(move |(j, c)| (i as i32, j as i32, normal(c)))
                })
                .collect();
            cells.iter().any(|&(ai, aj, _)| {
                let mut shifted: Vec<(i32, i32, char)> =
                    cells.iter().map(|&(i, j, c)| (i - ai, j - aj, c)).collect();
                shifted.sort();
                shifted == recovered
            })
        });
        assert!(agrees, "{}: {recovered:?}", pattern.name);
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

// ---- our own position and patterns: snapshots ----

/// A 9x9 game written for this test: White's E5 stone is in atari, Black
/// to play captures at F5 (our pattern CAP1).
const ATARI_GAME: &str = "(;GM[1]FF[4]SZ[9];B[ed];W[ee];B[de];W[cc];B[ef];W[gg])";

fn written(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tesuji-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn only_own_databases(set: &Databases) -> bool {
    patterns::DATABASES
        .iter()
        .all(|(module, _, _)| !module.starts_with("gnugo::"))
        && !set.shapes.is_empty()
}

#[test]
fn snapshots_of_a_written_position_with_our_patterns() {
    let set = pattern_set::embedded();
    if !only_own_databases(&set) {
        eprintln!("SKIPPED: built with GNU Go's databases embedded");
        return;
    }
    let sgf = written("atari.sgf", ATARI_GAME);
    let mut a = args(&sgf, None);
    let alone = picture::picture(&a, &set).unwrap();
    assert_eq!(alone.panels.len(), 1);
    let panel = &alone.panels[0];
    assert_eq!(panel.stones.len(), 6);
    // The last move, W G3, is marked.
    assert_eq!(panel.last_move.map(|p| p.to_gtp(9)), Some("G3".into()));
    let svg = alone.to_svg().unwrap();
    assert!(rendered_ink(&svg) > 10_000);
    insta::assert_snapshot!(
        "atari_alone",
        svg.replace(&*sgf.to_string_lossy(), "atari.sgf")
    );

    a.at = Some("F5".into());
    let picture = picture::picture(&a, &set).unwrap();
    let names: Vec<&str> = picture
        .panels
        .iter()
        .map(|p| p.title[0].split(' ').next().unwrap())
        .collect();
    assert!(names.contains(&"CAP1"), "{names:?}");
    for panel in &picture.panels {
        let overlay = panel.overlay.as_ref().unwrap();
        assert_eq!(overlay.move_point.map(|p| p.to_gtp(9)), Some("F5".into()));
        assert!(
            panel.title[1].contains("Black plays O"),
            "{:?}",
            panel.title
        );
    }
    let cap1 = picture
        .panels
        .iter()
        .find(|p| p.title[0].starts_with("CAP1 "))
        .unwrap();
    let overlay = cap1.overlay.as_ref().unwrap();
    // CAP1's label A is the white stone in atari; the verdict is accepted.
    assert_eq!(
        overlay
            .labels
            .iter()
            .map(|(p, c)| (p.to_gtp(9), *c))
            .collect::<Vec<_>>(),
        [("E5".to_string(), 'A')]
    );
    assert_eq!(overlay.verdict, Some(boardsvg::Verdict::Accepted));
    let svg = picture.to_svg().unwrap();
    assert!(rendered_ink(&svg) > 10_000);
    insta::assert_snapshot!("atari_at_f5", svg);

    a.at = None;
    a.pattern = Some("CAP1".into());
    let svg = picture::picture(&a, &set).unwrap().to_svg().unwrap();
    assert!(svg.contains("CAP1 (tesuji) at F5"));
    insta::assert_snapshot!("atari_pattern_cap1", svg);
}

// ---- the command line ----

#[test]
fn the_command_writes_a_file_or_standard_output() {
    let sgf = written("cli.sgf", ATARI_GAME);
    let sgf = sgf.to_string_lossy().into_owned();
    let (ok, stdout, err) = common::run_tesuji(&["render", &sgf, "--at", "F5", "-o", "-"]);
    assert!(ok, "{err}");
    assert!(stdout.starts_with("<svg "), "{stdout}");
    assert!(rendered_ink(&stdout) > 10_000);
    let out = written("cli.svg", "");
    let out = out.to_string_lossy().into_owned();
    let (ok, stdout, err) = common::run_tesuji(&["render", &sgf, "--move", "3", "-o", &out]);
    assert!(ok, "{err}");
    assert!(stdout.is_empty());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("after 2 moves, Black to play"), "{svg}");
    // Nothing to overlay: the position alone, saying so.
    let (ok, stdout, err) = common::run_tesuji(&["render", &sgf, "--at", "A1", "-o", "-"]);
    assert!(ok, "{err}");
    assert!(
        stdout.contains("no pattern has its move at A1 for Black"),
        "{stdout}"
    );
    assert_eq!(stdout.matches("<g id=\"panel-").count(), 1);
    let (ok, stdout, err) = common::run_tesuji(&["render", &sgf, "--pattern", "CAP3", "-o", "-"]);
    assert!(ok, "{err}");
    assert!(
        stdout.contains("pattern CAP3 matches nowhere here for Black"),
        "{stdout}"
    );
    // Deterministic: the same command writes the same bytes.
    let (_, again, _) = common::run_tesuji(&["render", &sgf, "--at", "F5", "-o", "-"]);
    let (_, first, _) = common::run_tesuji(&["render", &sgf, "--at", "F5", "-o", "-"]);
    assert_eq!(again, first);
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let sgf = written("bad.sgf", ATARI_GAME);
    let sgf = sgf.to_string_lossy().into_owned();
    let cases: [(&[&str], &str); 5] = [
        (
            &["render", &sgf, "--pattern", "NO_SUCH_PATTERN", "-o", "-"],
            "unknown pattern NO_SUCH_PATTERN",
        ),
        (
            &["render", &sgf, "--at", "Z99", "-o", "-"],
            "--at Z99: not a point of the 9x9 board",
        ),
        (
            &["render", &sgf, "--at", "J10", "-o", "-"],
            "not a point of the 9x9 board",
        ),
        (
            &["render", "/no/such/file.sgf", "-o", "-"],
            "/no/such/file.sgf",
        ),
        (
            &["render", &sgf, "-o", "/no/such/dir/out.svg"],
            "cannot write /no/such/dir/out.svg",
        ),
    ];
    for (args, message) in cases {
        let (ok, stdout, err) = common::run_tesuji(args);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(stdout.is_empty(), "{stdout}");
    }
    let (ok, _, err) =
        common::run_tesuji(&["render", &sgf, "--at", "F5", "--pattern", "CAP1", "-o", "-"]);
    assert!(!ok && err.contains("cannot be used with"), "{err}");
}
