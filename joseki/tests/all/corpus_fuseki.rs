//! GNU Go's three fuseki books: every decoded pattern matches the position it
//! came from under all 8 symmetries (board built by applying the symmetry to
//! the pattern), and stops matching when one stone changes.

use joseki::fuseki::{compress_pattern, decode_fuseki, fuseki_to_db};
use matcher::board::{Color, PackedBoard, Point};
use matcher::fullboard::{FullBoardDb, FullBoardPattern, Side, find_matches_reference};
use matcher::transform::Transform;

fn load(shared: &std::path::Path, size: u8) -> Vec<FullBoardPattern> {
    let path = testkit::gnugo_patterns_dir(shared).join(format!("fuseki{size}.dbz"));
    let book = decode_fuseki(&testkit::read_text(&path), size);
    assert!(
        book.skipped.is_empty(),
        "fuseki{size}: {:?}",
        &book.skipped[..book.skipped.len().min(3)]
    );
    book.patterns
}

/// The board whose view through `transform` is `pattern`.
fn board_for(pattern: &FullBoardPattern, transform: Transform, to_move: Color) -> PackedBoard {
    let size = pattern.size as i32;
    let centre = (size - 1) / 2;
    let mut board = PackedBoard::new(size as usize).unwrap();
    for &(p, side) in &pattern.stones {
        let (di, dj) = transform.apply(p.i as i32 - centre, p.j as i32 - centre);
        let colour = if side == Side::Own {
            to_move
        } else {
            to_move.other()
        };
        board.set(
            Point::new((centre + di) as u8, (centre + dj) as u8),
            colour.stone(),
        );
    }
    board
}

#[test]
fn every_pattern_matches_its_position_under_all_symmetries() {
    let shared = testkit::require_shared!();
    for (size, expected_count) in [(9u8, 1356usize), (13, 864), (19, 24955)] {
        let patterns = load(&shared, size);
        assert_eq!(patterns.len(), expected_count, "fuseki{size}");
        let db = FullBoardDb::new(size, patterns.clone());
        let centre = (size as i32 - 1) / 2;
        for (k, pattern) in patterns.iter().enumerate() {
            for transform in Transform::ALL {
                let to_move = if (k + transform.number() as usize) % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let board = board_for(pattern, transform, to_move);
                let found = db.find_matches(&board, to_move, None);
                let (di, dj) = transform.apply(
                    pattern.move_point.i as i32 - centre,
                    pattern.move_point.j as i32 - centre,
                );
                let expected_move = Point::new((centre + di) as u8, (centre + dj) as u8);
                assert!(
                    found.iter().any(|m| m.pattern == k
                        && m.transform == transform
                        && m.move_point == expected_move),
                    "fuseki{size} {} under {transform:?}",
                    pattern.name
                );
                assert!(
                    db.find_matches(&board, to_move, Some(Point::new(0, 0)))
                        .is_empty(),
                    "ko pending"
                );
                // Change one stone: remove one, or add one to an empty board.
                let mut changed = board.clone();
                match pattern.stones.first() {
                    Some(_) => {
                        let q = board
                            .points()
                            .find(|&p| board.at(p).color().is_some())
                            .unwrap();
                        changed.set(q, matcher::board::Cell::Empty);
                    }
                    None => changed.set(Point::new(0, 0), to_move.stone()),
                }
                assert!(
                    db.find_matches(&changed, to_move, None)
                        .iter()
                        .all(|m| m.pattern != k),
                    "fuseki{size} {} still matches after a change",
                    pattern.name
                );
            }
        }
    }
}

#[test]
fn hashed_matcher_agrees_with_reference_on_9x9() {
    let shared = testkit::require_shared!();
    let patterns = load(&shared, 9);
    let db = FullBoardDb::new(9, patterns.clone());
    for (k, pattern) in patterns.iter().enumerate().step_by(53) {
        let transform = Transform::ALL[k % 8];
        let board = board_for(pattern, transform, Color::White);
        let fast = db.find_matches(&board, Color::White, None);
        let slow = find_matches_reference(&patterns, &board, Color::White, None);
        assert!(!fast.is_empty());
        assert_eq!(fast, slow, "{}", pattern.name);
    }
}

#[test]
fn compress_round_trips_the_books_and_db_text_has_all_patterns() {
    let shared = testkit::require_shared!();
    for size in [9u8, 13, 19] {
        let patterns = load(&shared, size);
        let compressed: String = patterns
            .iter()
            .map(|p| format!("{} {} {}\n", p.name, p.value, compress_pattern(p)))
            .collect();
        assert_eq!(
            decode_fuseki(&compressed, size).patterns,
            patterns,
            "fuseki{size}"
        );
        let book = joseki::fuseki::FusekiBook {
            size,
            patterns: patterns.clone(),
            skipped: vec![],
        };
        let text = fuseki_to_db(&book);
        assert_eq!(text.matches("\nPattern ").count(), patterns.len());
        assert_eq!(text.matches(":8,-,value(").count(), patterns.len());
    }
}
