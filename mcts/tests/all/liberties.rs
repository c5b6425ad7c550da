//! The playout board's liberty shortcuts against plain references on
//! random games: `liberties_besides` (pseudo-liberty arithmetic) and
//! `has_at_most_liberties` against a walk of the string's distinct
//! liberties, `ladder::extension_liberties` against the move played on a
//! copy, and `policy::liberties_after`
//! against `goban::Board::liberties_after` playing the same moves.

use goban::{Board, Color};
use mcts::PlayoutBoard;
use mcts::board::{BLACK, EMPTY, OtherLiberties, PASS, WHITE, stone};
use mcts::ladder::extension_liberties;
use mcts::policy::liberties_after;
use proptest::prelude::*;

/// The distinct liberties of the string with head `g`, by walking it.
fn walked_liberties(board: &PlayoutBoard, g: u16) -> Vec<u16> {
    let mut out = Vec::new();
    for s in board.string_stones(g) {
        for q in board.neighbours(s) {
            if board.cell(q) == EMPTY && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// A random game of `moves` moves on both boards (legal moves drawn
/// uniformly, a pass now and then), `check` called after every move.
pub(crate) fn random_game(
    size: usize,
    seed: u64,
    mut check: impl FnMut(&PlayoutBoard, &Board) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut board = PlayoutBoard::empty(size).unwrap();
    let mut goban = Board::square(size).unwrap();
    for _ in 0..3 * size * size {
        let legal: Vec<u16> = board
            .empties()
            .iter()
            .copied()
            .filter(|&v| board.is_legal(v))
            .collect();
        let v = if legal.is_empty() || rng.u32(0..30) == 0 {
            PASS
        } else {
            legal[rng.usize(0..legal.len())]
        };
        if v != PASS {
            let vertex = goban.geometry().vertex(board.point(v)).unwrap();
            goban.play(board.to_move(), vertex);
        }
        board.play(v);
        check(&board, &goban)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// `liberties_besides` of every string and every empty point next to
    /// it equals the walked liberties without that point.
    #[test]
    fn liberties_besides_equal_a_walk(size in 2usize..=11, seed: u64) {
        random_game(size, seed, |board, _| {
            for v in board.points().filter(|&v| board.cell(v) == EMPTY) {
                for n in board.neighbours(v) {
                    let cell = board.cell(n);
                    if cell != BLACK && cell != WHITE {
                        continue;
                    }
                    let g = board.head(n);
                    let others: Vec<u16> =
                        walked_liberties(board, g).into_iter().filter(|&q| q != v).collect();
                    let expected = match others[..] {
                        [] => OtherLiberties::None,
                        [p] => OtherLiberties::One(p),
                        _ => OtherLiberties::Several,
                    };
                    prop_assert_eq!(board.liberties_besides(g, v), expected, "{:?} at {}", board, v);
                }
            }
            Ok(())
        })?;
    }

    /// `has_at_most_liberties` of every string equals the walked count's
    /// comparison, for every limit the playouts use.
    #[test]
    fn liberty_limits_equal_a_walk(size in 2usize..=11, seed: u64) {
        random_game(size, seed, |board, _| {
            for v in board.points() {
                let cell = board.cell(v);
                if cell != BLACK && cell != WHITE {
                    continue;
                }
                let g = board.head(v);
                let count = walked_liberties(board, g).len();
                for limit in 1..=3 {
                    prop_assert_eq!(board.has_at_most_liberties(g, limit), count <= limit, "{:?} at {}", board, v);
                }
            }
            Ok(())
        })?;
    }

    /// `extension_liberties` of every legal move that captures nothing
    /// equals the liberties (counted up to 3) of its string once played on
    /// a copy of the board.
    #[test]
    fn extension_liberties_equal_the_move_played(size in 2usize..=11, seed: u64) {
        random_game(size, seed, |board, _| {
            for v in board.points().filter(|&v| board.is_legal(v)) {
                let mut after = board.clone();
                after.play(v);
                if after.empties().len() + 1 != board.empties().len() {
                    continue; // a capture
                }
                let expected = walked_liberties(&after, after.head(v)).len().min(3);
                let own = stone(board.to_move());
                prop_assert_eq!(extension_liberties(board, v, own), expected, "{:?} at {}", board, v);
            }
            Ok(())
        })?;
    }

    /// `liberties_after` (0, 1, or 2 for two or more) of every empty point
    /// for both colours equals the goban board's count, captures included.
    #[test]
    fn liberties_after_equal_the_goban_count(size in 2usize..=11, seed: u64) {
        random_game(size, seed, |board, goban| {
            for v in board.points().filter(|&v| board.cell(v) == EMPTY) {
                let vertex = goban.geometry().vertex(board.point(v)).unwrap();
                for color in Color::BOTH {
                    let expected = goban.liberties_after(color, vertex).min(2) as u8;
                    prop_assert_eq!(
                        liberties_after(board, v, color), expected, "{:?} at {} for {:?}", board, v, color
                    );
                }
            }
            Ok(())
        })?;
    }
}
