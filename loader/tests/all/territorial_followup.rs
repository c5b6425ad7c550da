//! The territorial followup (`engine::influence::followup`, GNU Go's
//! followup influence) with GNU Go's influence databases, on small
//! hand-made positions: a hane at the edge of the opponent's area has a
//! followup (the intrusions of `barriers.db` that hold the move), a move
//! inside the mover's own area next to none, and no followup is negative.

use std::sync::Arc;

use engine::influence::{FollowupParams, MoveChange};
use engine::{Databases, Engine};
use goban::{Board, Color};

fn engine(shared: &std::path::Path) -> Engine {
    let (influence, barriers) =
        loader::gnugo_dir::load_influence_patterns(&testkit::gnugo_patterns_dir(shared))
            .expect("influence databases");
    Engine::new(Arc::new(Databases {
        influence: Some(influence),
        barriers: Some(barriers),
        ..Databases::default()
    }))
}

/// The territorial delta and followup of `color` at each of `moves`.
fn values(engine: &mut Engine, rows: &[&str], color: Color, moves: &[&str]) -> Vec<(f32, f32)> {
    let board = Board::from_rows(rows).expect("board");
    let geometry = board.geometry();
    engine.set_position(board, None);
    let changes: Vec<MoveChange<'_>> = moves
        .iter()
        .map(|m| MoveChange {
            color,
            at: geometry.parse_gtp(m).expect("vertex"),
            captures: &[],
            saves: &[],
        })
        .collect();
    engine
        .move_territory_values(&changes, Some(&FollowupParams::default()))
        .into_iter()
        .map(|v| v.expect("legal"))
        .collect()
}

/// Black's wall E2–E5 holds the lower left; White's F1–F5 the lower
/// right. White's descent to E1 under Black's E2 threatens to crawl along
/// the first line (`barriers.db`'s `Intrusion1`, holding the move).
const EDGE: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    ".........",
    "XXXXXOO..",
    "....XO...",
    "....XO...",
    "....XO...",
    ".....O...",
];

#[test]
fn a_descent_under_the_opponents_wall_has_a_followup_and_an_inside_move_none() {
    let shared = testkit::require_shared!();
    let mut engine = engine(&shared);
    let got = values(&mut engine, &EDGE, Color::White, &["E1", "H8", "J1"]);
    let [descent, open, inside] = [got[0], got[1], got[2]];
    // Measured: E1 6.70, H8 6.01, J1 0.42 (scale 1.75).
    assert!(descent.1 > 3.0, "descent at E1: {got:?}");
    assert!(inside.1 < 1.0, "inside at J1: {got:?}");
    for v in [descent, open, inside] {
        assert!(v.1 >= 0.0, "{got:?}");
    }
}
