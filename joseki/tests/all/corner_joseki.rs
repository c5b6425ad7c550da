//! The whole joseki corner database (the seven SGF conversions, 1622
//! patterns, in GNU Go's build order) as a variation tree: on the 60 public
//! positions, for both colours, the tree walk finds exactly what a
//! brute-force comparison of every pattern at every corner finds, and it
//! finds every corner match that GNU Go's engine reported there.

use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::corner::{CornerDb, CornerPatternSpec, find_matches_brute_force};

fn corner_patterns(shared: &std::path::Path) -> Vec<CornerPatternSpec> {
    let mut specs = Vec::new();
    for (name, prefix) in mkpat::codegen::gnugo_build::JOSEKI_SOURCES {
        let text =
            testkit::read_text(&testkit::gnugo_patterns_dir(shared).join(format!("{name}.sgf")));
        specs.extend(joseki::corner_specs::corner_patterns(
            &joseki::sgf_to_db(prefix, &text).unwrap(),
        ));
    }
    specs
}

fn positions(shared: &std::path::Path) -> Vec<(String, PackedBoard, Color)> {
    let text = testkit::read_text(&testkit::expected_dir(shared).join("matches/positions.json"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for (id, position) in json.as_object().unwrap() {
        let size = position["board_size"].as_u64().unwrap() as usize;
        let mut board = PackedBoard::new(size).unwrap();
        for (i, row) in position["board"].as_array().unwrap().iter().enumerate() {
            for (j, c) in row.as_str().unwrap().chars().enumerate() {
                let cell = match c {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    _ => Cell::Empty,
                };
                board.set(Point::new(i as u8, j as u8), cell);
            }
        }
        let to_move = if position["to_move"] == "B" {
            Color::Black
        } else {
            Color::White
        };
        out.push((id.clone(), board, to_move));
    }
    out
}

#[test]
fn tree_walk_equals_brute_force_and_covers_gnugo_matches() {
    let shared = testkit::require_shared!();
    let specs = corner_patterns(&shared);
    assert_eq!(specs.len(), 1622);
    let db = CornerDb::build(specs.clone());
    let mut total = 0;
    for (id, board, to_move) in positions(&shared) {
        for colour in [to_move, to_move.other()] {
            let mut fast = db.find_matches(&board, colour);
            fast.sort();
            let slow = find_matches_brute_force(&specs, &db.duplicates, &board, colour);
            assert_eq!(fast, slow, "{id} {colour:?}");
            total += fast.len();
        }
    }
    assert!(total > 0, "no corner match at all on 60 positions");

    // GNU Go's post-constraint joseki matches are a subset of the raw ones.
    let positions = positions(&shared);
    let text = testkit::read_text(
        &testkit::expected_dir(&shared).join("postconstraint/postconstraint.jsonl"),
    );
    let mut checked = 0;
    for line in text.lines() {
        let run: serde_json::Value = serde_json::from_str(line).unwrap();
        let (_, board, _) = positions
            .iter()
            .find(|(id, _, _)| run["pos"] == id.as_str())
            .expect("position");
        let colour = if run["color"] == "B" {
            Color::Black
        } else {
            Color::White
        };
        let ours: Vec<(String, u8, String)> = db
            .find_matches(board, colour)
            .iter()
            .map(|m| {
                (
                    specs[m.pattern].name.clone(),
                    m.k,
                    m.move_point.to_gtp(board.size()),
                )
            })
            .collect();
        for m in run["matches"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["db"] == "joseki_corner")
        {
            let expected = (
                m["pattern"].as_str().unwrap().to_string(),
                m["ll"].as_u64().unwrap() as u8,
                m["move"].as_str().unwrap().to_string(),
            );
            assert!(
                ours.contains(&expected),
                "{}: {expected:?} not in {ours:?}",
                run["pos"]
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 8);
}

#[test]
fn tree_shape_of_the_whole_database() {
    let shared = testkit::require_shared!();
    let db = CornerDb::build(corner_patterns(&shared));
    // Every pattern is reachable or reported as a duplicate of an earlier one.
    let attached = db.variations.iter().filter(|v| v.pattern.is_some()).count();
    assert_eq!(attached + db.duplicates.len(), 1622);
    assert_eq!((db.max_width, db.max_height), (14, 14));
    eprintln!(
        "corner tree: {} variations, {} top-level, {} duplicates {:?}",
        db.variations.len(),
        db.num_top,
        db.duplicates.len(),
        db.duplicates
            .iter()
            .map(|&k| db.patterns[k].name.as_str())
            .collect::<Vec<_>>()
    );
}
