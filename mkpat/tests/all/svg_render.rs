//! `mkpat render`: every pattern of GNU Go's `patterns.db` drawn on its
//! own renders in a real SVG renderer (resvg) to a non-blank image with one
//! glyph per diagram cell; snapshots of our own patterns through the
//! command; bad input fails with a message and a non-zero status.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use boardsvg::diagram::pattern_panel;
use boardsvg::raster;
use boardsvg::{Edges, Picture, Symbol};
use mkpat::ast::{self, Item};

fn edges(diagram: &ast::Diagram) -> Edges {
    let bits = diagram.edges;
    Edges {
        top: bits.has(ast::Edges::NORTH),
        bottom: bits.has(ast::Edges::SOUTH),
        left: bits.has(ast::Edges::WEST),
        right: bits.has(ast::Edges::EAST),
    }
}

/// The picture of a parsed pattern, as `mkpat render` draws it (less the
/// anchor and heading), and the diagram's rows.
fn picture(pattern: &ast::Pattern) -> (Picture, Vec<&str>) {
    let name = &pattern.name.node;
    let rows: Vec<&str> = pattern
        .diagram
        .rows
        .iter()
        .map(|r| r.cells.as_str())
        .collect();
    let constraint: Option<Vec<&str>> = pattern
        .constraint_diagram
        .as_ref()
        .map(|d| d.rows.iter().map(|r| r.cells.as_str()).collect());
    let mut panel = pattern_panel(
        &rows,
        edges(&pattern.diagram),
        constraint.as_deref(),
        ast::is_label,
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    panel.title = vec![format!("Pattern {name}")];
    (Picture::single(panel), rows)
}

/// One glyph per diagram cell, of the cell's kind.
fn assert_one_glyph_per_cell(name: &str, svg: &str, rows: &[&str]) {
    for symbol in Symbol::ALL {
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .filter(|&c| c == symbol.char())
            .count();
        let drawn = svg.matches(&format!("#{}\" x=", symbol.glyph_id())).count();
        assert_eq!(drawn, cells, "{name}: {symbol:?}");
    }
}

/// Every pattern of every mkpat-language database of GNU Go's directory
/// (connection, barrier, owl, … databases included) gives a valid SVG with
/// one glyph per cell.
#[test]
fn every_pattern_of_every_database_gives_an_svg() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut count = 0;
    for path in testkit::mkpat_format_databases(&dir) {
        let (_, files, _) = mkpat::parse::parse_files(&[&path]).unwrap();
        for item in &files[0].items {
            let Item::Pattern(pattern) = item else {
                continue;
            };
            let (picture, rows) = picture(pattern);
            let svg = picture.to_svg().unwrap();
            assert_one_glyph_per_cell(&pattern.name.node, &svg, &rows);
            count += 1;
        }
    }
    eprintln!("{count} patterns drawn");
    assert!(count > 2500, "{count}");
}

#[test]
fn every_pattern_of_patterns_db_renders_on_its_own() {
    let shared = testkit::require_shared!();
    let path = testkit::gnugo_patterns_dir(&shared).join("patterns.db");
    let (_, files, _) = mkpat::parse::parse_files(&[&path]).unwrap();
    let patterns: Vec<&ast::Pattern> = files[0]
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Pattern(pattern) => Some(pattern.as_ref()),
            _ => None,
        })
        .collect();
    let start = Instant::now();
    // Rendering is the slow part: split the patterns over a few threads.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let chunk = patterns.len().div_ceil(threads).max(1);
    let counts: Vec<(u32, usize)> = std::thread::scope(|scope| {
        let workers: Vec<_> = patterns
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let options = raster::options();
                    let mut labels = 0;
                    for pattern in part {
                        let name = &pattern.name.node;
                        let (picture, rows) = picture(pattern);
                        labels += picture.panels[0].overlay.as_ref().unwrap().labels.len();
                        let svg = picture.to_svg().unwrap();
                        assert_one_glyph_per_cell(name, &svg, &rows);
                        let raster = raster::render(&svg, &options)
                            .unwrap_or_else(|e| panic!("{name}: {e}"));
                        assert!(raster.ink_pixels() > 5_000, "{name}: blank");
                        assert!(raster.distinct_colors() > 4, "{name}");
                    }
                    (part.len() as u32, labels)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a rendering thread"))
            .collect()
    });
    let rendered: u32 = counts.iter().map(|c| c.0).sum();
    let labels: usize = counts.iter().map(|c| c.1).sum();
    let elapsed = start.elapsed();
    eprintln!(
        "{rendered} patterns rendered ({labels} labels) in {elapsed:.2?} on {threads} threads, \
         {:.2?} of wall time each",
        elapsed / rendered.max(1)
    );
    assert!(rendered > 500, "{rendered}");
    assert!(labels > 500, "{labels}");
}

fn mkpat(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_mkpat"))
        .args(args)
        .output()
        .expect("mkpat runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn own_database() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../patterns/tesuji.db")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn the_command_draws_our_own_patterns() {
    let db = own_database();
    let options = raster::options();
    for name in ["CAP1", "CAP3"] {
        let (ok, svg, err) = mkpat(&["render", &db, "--pattern", name, "-o", "-"]);
        assert!(ok, "{err}");
        let raster = raster::render(&svg, &options).unwrap();
        assert!(raster.ink_pixels() > 5_000);
        assert!(svg.contains(&format!("Pattern {name}</text>")));
        assert!(svg.contains("tesuji.db, line "));
        // CAP1 and CAP3 label a stone A in their constraint diagrams; both
        // have an anchor (`-b`, as tesuji's build compiles its own
        // databases: CAP3 has no `O` stone and is anchored on its `X`).
        assert!(svg.contains(">A</text>"), "{name}");
        assert!(svg.contains("href=\"#g-anchor\""), "{name}");
        insta::assert_snapshot!(format!("render_{name}"), svg);
    }
    let out = std::env::temp_dir().join(format!("mkpat-render-{}.svg", std::process::id()));
    let out_name = out.to_string_lossy().into_owned();
    let (ok, stdout, err) = mkpat(&["render", &db, "--pattern", "CAP1", "-o", &out_name]);
    assert!(ok && stdout.is_empty(), "{err}");
    let (_, first, _) = mkpat(&["render", &db, "--pattern", "CAP1", "-o", "-"]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), first);
    std::fs::remove_file(&out).ok();
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let db = own_database();
    let cases: [(&[&str], &str); 3] = [
        (
            &["render", &db, "--pattern", "NO_SUCH", "-o", "-"],
            "unknown pattern NO_SUCH",
        ),
        (
            &["render", "/no/such/file.db", "--pattern", "CAP1", "-o", "-"],
            "cannot read /no/such/file.db",
        ),
        (
            &[
                "render",
                &db,
                "--pattern",
                "CAP1",
                "-o",
                "/no/such/dir/x.svg",
            ],
            "cannot write /no/such/dir/x.svg",
        ),
    ];
    for (args, message) in cases {
        let (ok, stdout, err) = mkpat(args);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(stdout.is_empty());
    }
}
