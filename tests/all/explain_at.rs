//! `tesuji explain --at` / `--pattern` against GNU Go's post-constraint
//! matches and against the matcher, on the 60 public positions with GNU
//! Go's databases (`--patterns`):
//!
//! * every (db, pattern, ll, move) GNU Go printed after its constraints is
//!   listed by `explain --at MOVE`: proposing the point, or under why not
//!   (rejected or undecided) with its stage; the figures are printed;
//! * the placements with zero misfits at a point are exactly the raw
//!   candidates there, and each "one element off" entry has exactly one
//!   misfit by the plain reference (`matcher::misfit::reference_misfits`);
//! * the command line end to end: the JSON report's sections, `--pattern`,
//!   and bad input (unreadable SGF, unknown pattern, a point off the board)
//!   failing with a message and a non-zero status.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use common::context_for;
use common::run_tesuji;
use engine::front::explain::ContextKind;
use engine::front::why_not::{NearMissIndex, PointReport, explain_points};
use loader::gnugo_dir::{self as pattern_set, Databases};
use matcher::board::{Color, PackedBoard, Point};
use matcher::misfit::reference_misfits;
use matcher::transform::Transform;
use serde_json::Value;

/// (db, pattern, ll, move).
type Key = common::PostConstraintKey;

fn gnugo_set(shared: &Path) -> &'static Databases {
    static SET: OnceLock<Databases> = OnceLock::new();
    SET.get_or_init(|| {
        pattern_set::load(&testkit::gnugo_patterns_dir(shared)).expect("GNU Go's patterns")
    })
}

/// GNU Go's post-constraint lines per position, with the colour to move.
fn expected(shared: &Path) -> BTreeMap<String, (Color, Vec<Key>)> {
    common::postconstraint(shared)
        .into_iter()
        .map(|(id, p)| (id, (p.color, p.keys)))
        .collect()
}

/// Where a (db, pattern, ll) stands in a point's report.
fn section_of(report: &PointReport, db: &str, pattern: &str, ll: u8) -> Option<&'static str> {
    let hit = |list: &[engine::front::why_not::Judged]| {
        list.iter()
            .any(|j| j.row.db == db && j.row.pattern == pattern && j.row.ll == ll)
    };
    if hit(&report.proposing) {
        Some("accepted")
    } else if hit(&report.rejected) {
        Some("rejected")
    } else if hit(&report.undecided) {
        Some("undecided")
    } else {
        None
    }
}

/// Every GNU Go post-constraint line is proposing its move, or under why
/// not with the stage that rejected it or cannot decide it.
#[test]
fn every_gnugo_post_constraint_match_is_explained_at_its_move() {
    let shared = testkit::require_shared!();
    let set = gnugo_set(&shared);
    let expected = expected(&shared);
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_stage: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut missing = Vec::new();
    let mut indexes: BTreeMap<usize, NearMissIndex> = BTreeMap::new();
    for p in common::public_positions(&shared) {
        let Some((color, keys)) = expected.get(&p.id) else {
            continue;
        };
        let position = common::load(&p);
        let board = PackedBoard::try_from(&position.board).expect("square board");
        let size = board.size();
        let index = indexes
            .entry(size)
            .or_insert_with(|| NearMissIndex::new(set, size));
        let mut ctx = context_for(&position, *color, ContextKind::Engine);
        let moves: BTreeSet<&str> = keys.iter().map(|k| k.3.as_str()).collect();
        let points: Vec<Point> = moves
            .iter()
            .map(|mv| Point::from_gtp(mv, size).expect("GNU Go's move is on the board"))
            .collect();
        let reports = explain_points(set, index, &board, *color, ctx.as_mut(), &points);
        for (mv, report) in moves.into_iter().zip(reports) {
            for (db, pattern, ll, _) in keys.iter().filter(|k| k.3 == mv) {
                match section_of(&report, db, pattern, *ll) {
                    Some(section) => {
                        *counts.entry(section).or_default() += 1;
                        let judged = report
                            .proposing
                            .iter()
                            .chain(&report.rejected)
                            .chain(&report.undecided)
                            .find(|j| {
                                j.row.db == *db && j.row.pattern == *pattern && j.row.ll == *ll
                            })
                            .expect("found above");
                        assert!(!judged.row.stage.name().is_empty());
                        if section != "accepted" {
                            *by_stage
                                .entry((section.to_string(), judged.row.stage.name().to_string()))
                                .or_default() += 1;
                        }
                    }
                    None => missing.push(format!("{} {db} {pattern} ll {ll} at {mv}", p.id)),
                }
            }
        }
    }
    let total: usize = counts.values().sum::<usize>() + missing.len();
    println!(
        "GNU Go post-constraint lines: {total}; explain --at lists {} as proposing, {} rejected, {} undecided, {} missing",
        counts.get("accepted").copied().unwrap_or(0),
        counts.get("rejected").copied().unwrap_or(0),
        counts.get("undecided").copied().unwrap_or(0),
        missing.len()
    );
    for ((section, stage), n) in &by_stage {
        println!("  {section} at {stage}: {n}");
    }
    assert!(total > 9000, "GNU Go's file has 9,027 lines, read {total}");
    assert!(
        missing.is_empty(),
        "{} lines not explained, e.g. {:?}",
        missing.len(),
        &missing[..missing.len().min(10)]
    );
}

/// Zero misfits at a point ⟺ a raw candidate there; each "one element off"
/// entry has exactly one misfit by the plain reference. Checked at every
/// point of every public position, both colours.
#[test]
fn misfit_counts_agree_with_the_matcher_on_public_positions() {
    let shared = testkit::require_shared!();
    let set = gnugo_set(&shared);
    let mut indexes: BTreeMap<usize, NearMissIndex> = BTreeMap::new();
    let (mut points, mut one_off) = (0usize, 0usize);
    for p in common::public_positions(&shared).iter().step_by(3) {
        let position = common::load(p);
        let board = PackedBoard::try_from(&position.board).expect("square board");
        let size = board.size();
        let index = indexes
            .entry(size)
            .or_insert_with(|| NearMissIndex::new(set, size));
        for color in [Color::Black, Color::White] {
            let candidates = set.candidates(&board, color);
            for point in board.points() {
                points += 1;
                let mut raw: Vec<(usize, usize, u8)> = candidates
                    .iter()
                    .filter(|c| c.move_point == point && set.shapes[c.db].corner.is_none())
                    .map(|c| (c.db, c.pattern, c.transform.number()))
                    .collect();
                raw.sort();
                let mut zero: Vec<(usize, usize, u8)> = index
                    .at(set, &board, color, point, 0)
                    .iter()
                    .map(|n| {
                        let db = set.shapes.iter().position(|s| s.name == n.db).unwrap();
                        (db, n.index, n.ll)
                    })
                    .collect();
                zero.sort();
                assert_eq!(zero, raw, "{} {color:?} {point:?}", p.id);
                for n in index.at(set, &board, color, point, 1) {
                    one_off += 1;
                    let db = set.shapes.iter().position(|s| s.name == n.db).unwrap();
                    let pattern = &set.shapes[db].db.patterns[n.index];
                    let t = Transform::new(n.ll).unwrap();
                    let (di, dj) = pattern.move_offset.transformed(t);
                    let anchor = (point.i as i32 - di, point.j as i32 - dj);
                    let plain = reference_misfits(pattern, &board, color, anchor, t);
                    assert_eq!(plain.len(), 1, "{} {} {:?}", p.id, n.pattern, plain);
                    assert_eq!(n.misfits.len(), 1);
                }
            }
        }
    }
    println!("{points} points checked, {one_off} one-off placements confirmed");
    assert!(one_off > 0);
}

/// `explain --at --json` agrees with `explain --json` on the candidates
/// at the point, and the readable form names the same patterns.
#[test]
fn the_json_report_agrees_with_plain_explain() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let position = common::public_positions(&shared)
        .into_iter()
        .find(|p| p.id == "pub02_9x9-5_34")
        .expect("position pub02");
    let sgf = position.sgf.to_string_lossy().into_owned();
    let number = position.move_number.to_string();
    let dir = patterns.to_string_lossy().into_owned();
    let base = ["explain", &sgf, "--move", &number, "--patterns", &dir];
    let (ok, all, err) = run_tesuji(&[&base[..], &["--json"]].concat());
    assert!(ok, "{err}");
    let rows: Vec<Value> = all
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let moves: BTreeSet<String> = rows
        .iter()
        .map(|r| r["move"].as_str().unwrap().to_string())
        .collect();
    assert!(moves.len() > 3);
    for mv in moves.iter().take(6) {
        let (ok, out, err) = run_tesuji(&[&base[..], &["--at", mv, "--json"]].concat());
        assert!(ok, "{err}");
        let report: Value = serde_json::from_str(out.trim()).expect("one JSON object");
        assert_eq!(report["vertex"], mv.as_str());
        for (section, verdict) in [
            ("proposing", "accepted"),
            ("rejected", "rejected"),
            ("undecided", "undecided"),
        ] {
            let mut got: Vec<String> = report[section]
                .as_array()
                .unwrap()
                .iter()
                .map(|j| format!("{} {} {}", j["db"], j["pattern"], j["ll"]))
                .collect();
            let mut want: Vec<String> = rows
                .iter()
                .filter(|r| r["move"] == mv.as_str() && r["verdict"] == verdict)
                .map(|j| format!("{} {} {}", j["db"], j["pattern"], j["ll"]))
                .collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{mv} {section}");
        }
        for near in report["one_off"].as_array().unwrap() {
            assert_eq!(near["misfits"].as_array().unwrap().len(), 1);
            assert_eq!(near["move"], mv.as_str());
        }
        let (ok, text, err) = run_tesuji(&[&base[..], &["--at", mv]].concat());
        assert!(ok, "{err}");
        assert!(text.starts_with(&format!("{mv} for W")), "{text}");
        for j in report["proposing"].as_array().unwrap() {
            assert!(text.contains(j["pattern"].as_str().unwrap()));
        }
    }
    // An occupied point: nothing proposes it, and every placement one
    // element off misses exactly at the point.
    let stone = position.json["board"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .find_map(|(i, row)| {
            let row = row.as_str().unwrap();
            row.find('O')
                .map(|j| Point::new(i as u8, j as u8).to_gtp(row.len()))
        })
        .expect("a white stone");
    let (ok, out, err) = run_tesuji(&[&base[..], &["--at", &stone, "--json"]].concat());
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["occupied"], "O", "white to move, a white stone");
    assert!(report["proposing"].as_array().unwrap().is_empty());
    let one_off = report["one_off"].as_array().unwrap();
    assert!(!one_off.is_empty());
    for near in one_off {
        assert_eq!(near["misfits"][0]["point"], stone.as_str());
        assert_eq!(near["misfits"][0]["found"], "O");
    }
    // --pattern: the pattern's matches are its rows of plain explain.
    let first = rows
        .iter()
        .find(|r| r["db"] == "patterns")
        .expect("a patterns row");
    let name = first["pattern"].as_str().unwrap();
    let (ok, out, err) =
        run_tesuji(&[&base[..], &["--pattern", name, "--json", "--nearest", "3"]].concat());
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    let matched = report["matched"].as_array().unwrap();
    let want = rows.iter().filter(|r| r["pattern"] == name).count();
    assert_eq!(matched.len(), want);
    let nearest = report["nearest"].as_array().unwrap();
    assert_eq!(nearest.len(), 3);
    let counts: Vec<usize> = nearest
        .iter()
        .map(|n| n["misfits"].as_array().unwrap().len())
        .collect();
    assert!(
        counts.windows(2).all(|w| w[0] <= w[1]) && counts[0] >= 1,
        "{counts:?}"
    );
}

/// Bad input: a clear message and a non-zero status, never a panic.
#[test]
fn bad_input_fails_with_a_message() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared)
        .to_string_lossy()
        .into_owned();
    let position = common::public_positions(&shared)
        .into_iter()
        .find(|p| p.id == "pub02_9x9-5_34")
        .expect("position pub02");
    let sgf = position.sgf.to_string_lossy().into_owned();
    let cases: [(&[&str], &str); 6] = [
        (
            &["explain", "/no/such/file.sgf", "--at", "D4"],
            "cannot read",
        ),
        (
            &["explain", &sgf, "--at", "K10"],
            "not a point of the 9x9 board",
        ),
        (&["explain", &sgf, "--at", "Z3"], "not a point"),
        (&["explain", &sgf, "--at", "D0"], "not a point"),
        (
            &[
                "explain",
                &sgf,
                "--patterns",
                &dir,
                "--pattern",
                "NoSuchPattern",
            ],
            "no pattern of that name",
        ),
        (
            &["explain", &sgf, "--at", "D4", "--pattern", "Shape3"],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        let (ok, _, err) = run_tesuji(args);
        assert!(!ok, "{args:?} should fail");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // An SGF that is not SGF.
    let bad = std::env::temp_dir().join(format!("tesuji-explain-at-{}.sgf", std::process::id()));
    std::fs::write(&bad, "this is not (;SGF").unwrap();
    let (ok, _, err) = run_tesuji(&["explain", bad.to_str().unwrap(), "--at", "D4"]);
    std::fs::remove_file(&bad).ok();
    assert!(!ok);
    assert!(!err.is_empty() && !err.contains("panicked"), "{err}");
}
