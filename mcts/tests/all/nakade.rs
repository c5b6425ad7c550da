//! The nakade rule: the vital point of a killing-shape eye space next to
//! the last move is found (and not for a living shape nor a region with
//! both colours around it), the playouts play it first for either side
//! while the rule is on (and often not without it), their weights stay
//! equal to a fresh computation, and the tree gives it the best prior.

use std::sync::Arc;

use goban::{Board, Color, Point};
use mcts::nakade::vital_point;
use mcts::search::{Limits, Position, SearchParams, Searcher};

use crate::first_moves;
use mcts::{NakadeRule, PlayoutBoard, Policy};

/// `rows` with `to_move` to play, then `to_move` plays `last`.
fn after(rows: &[&str], to_move: Color, last: (usize, usize)) -> PlayoutBoard {
    let mut board =
        PlayoutBoard::from_board(&Board::from_rows(rows).unwrap(), to_move, None).unwrap();
    board.play(board.index(last.0, last.1));
    board
}

/// White's bulky five in the lower left, White's last stone (5, 2)
/// still to be played: vital point (6, 1).
const BULKY_FIVE: [&str; 7] = [
    ".......", ".......", ".......", "XXXXX..", "OOOOX..", "....X..", "...OX..",
];

/// The same eye space, bounded by White's (5, 2) and (6, 4); Black's
/// reduction at (6, 3) still to be played.
const BULKY_FIVE_REDUCED: [&str; 7] = [
    ".......", ".......", ".......", "XXXXXX.", "OOOOOX.", "..OOOX.", "....OX.",
];

#[test]
fn vital_points_of_killing_shapes_and_none_of_living_ones() {
    let bulky = after(&BULKY_FIVE, Color::White, (5, 2));
    assert_eq!(vital_point(&bulky), Some(bulky.index(6, 1)));
    let reduced = after(&BULKY_FIVE_REDUCED, Color::Black, (6, 3));
    assert_eq!(vital_point(&reduced), Some(reduced.index(6, 1)));
    // Straight three along the edge, closed by White's (6, 3).
    let three = [
        ".......", ".......", ".......", ".......", "XXXXX..", "OOOOX..", "....X..",
    ];
    let three = after(&three, Color::White, (6, 3));
    assert_eq!(vital_point(&three), Some(three.index(6, 1)));
    // Straight four lives: no vital point.
    let four = [
        ".......", ".......", ".......", ".......", "XXXXXX.", "OOOOOX.", ".....X.",
    ];
    let four = after(&four, Color::White, (6, 4));
    assert_eq!(vital_point(&four), None);
    // A three-point region with a black stone beside it other than the
    // last move's: not an eye space.
    let mixed = [
        ".......", ".......", ".......", ".......", "XXXXX..", "OOOOX..", "X...X..",
    ];
    let mixed = after(&mixed, Color::White, (6, 4));
    assert_eq!(vital_point(&mixed), None);
    // The same region without that stone is one.
    let clean = [
        ".......", ".......", ".......", ".......", "XXXXX..", "OOOOX..", "O...X..",
    ];
    let clean = after(&clean, Color::White, (6, 4));
    assert_eq!(vital_point(&clean), Some(clean.index(6, 2)));
}

fn nakade_policy(rule: NakadeRule) -> Policy {
    Policy::new(patterns::mc_tesuji()).with_nakade(rule)
}

#[test]
fn playouts_play_the_vital_point_for_either_side() {
    // Black to move kills; White to move lives.
    for board in [
        after(&BULKY_FIVE, Color::White, (5, 2)),
        after(&BULKY_FIVE_REDUCED, Color::Black, (6, 3)),
    ] {
        let vital = board.index(6, 1);
        let on = first_moves(&board, &nakade_policy(NakadeRule::default()), 200);
        assert!(on.iter().all(|&v| v == vital));
        let off = first_moves(&board, &nakade_policy(NakadeRule::OFF), 200);
        let hits = off.iter().filter(|&&v| v == vital).count();
        assert!(hits < 100, "{hits} of 200 without the rule");
    }
}

#[test]
fn the_tree_gives_the_vital_point_the_best_prior() {
    let params = SearchParams {
        deterministic: true,
        ..SearchParams::default()
    };
    let board = after(&BULKY_FIVE_REDUCED, Color::Black, (6, 3));
    let prior_of_vital = |rule: NakadeRule| {
        let mut searcher = Searcher::new(params.clone(), Arc::new(nakade_policy(rule)));
        let limits = Limits {
            playouts: Some(20),
            time: None,
        };
        let result = searcher.search(&Position::new(board.clone()), limits);
        let at = Some(Point::new(6, 1));
        result.moves.iter().find(|m| m.mv == at).unwrap().prior
    };
    let best = params.prior_base + params.prior_pattern;
    assert!((prior_of_vital(NakadeRule::default()) - best).abs() < 1e-6);
    assert!(prior_of_vital(NakadeRule::OFF) < best - 1e-3);
}

#[test]
fn a_set_up_board_finds_the_vital_point_once_told_the_last_move() {
    let mut rows = BULKY_FIVE;
    rows[5] = "..O.X..";
    let mut board =
        PlayoutBoard::from_board(&Board::from_rows(&rows).unwrap(), Color::Black, None).unwrap();
    assert_eq!(vital_point(&board), None);
    // Black's own stone is not the opponent's last move.
    board.set_last_move(board.index(3, 0));
    assert_eq!(board.last_move(), mcts::board::PASS);
    board.set_last_move(board.index(5, 2));
    assert_eq!(vital_point(&board), Some(board.index(6, 1)));
}

/// The vital point of a killing-shape eye space next to the last move,
/// plainly: each empty neighbour's whole region by a flood without a cap,
/// then the same tests as `vital_point` (at most six points, one colour
/// around besides the last move's string, the killing shapes' neighbour
/// counts, the point with the most neighbours).
fn plain_vital_point(board: &PlayoutBoard) -> Option<u16> {
    use mcts::board::{BLACK, EMPTY, PASS, WHITE};
    let last = board.last_move();
    if last == PASS || board.cell(last) == EMPTY {
        return None;
    }
    let shapes: [(usize, [u8; 4]); 5] = [
        (3, [2, 1, 0, 0]),
        (4, [3, 0, 1, 0]),
        (5, [1, 3, 1, 0]),
        (5, [4, 0, 0, 1]),
        (6, [2, 3, 0, 1]),
    ];
    for start in board.neighbours(last) {
        if board.cell(start) != EMPTY {
            continue;
        }
        let mut region = vec![start];
        let mut k = 0;
        while k < region.len() {
            for n in board.neighbours(region[k]) {
                if board.cell(n) == EMPTY && !region.contains(&n) {
                    region.push(n);
                }
            }
            k += 1;
        }
        if !(3..=6).contains(&region.len()) {
            continue;
        }
        let mut colours = 0u8;
        for &p in &region {
            for n in board.neighbours(p) {
                let cell = board.cell(n);
                if (cell == BLACK || cell == WHITE) && board.head(n) != board.head(last) {
                    colours |= cell;
                }
            }
        }
        if colours == BLACK | WHITE {
            continue;
        }
        let inside = |p: u16| {
            board
                .neighbours(p)
                .iter()
                .filter(|n| region.contains(n))
                .count()
        };
        let mut counts = [0u8; 4];
        for &p in &region {
            counts[inside(p) - 1] += 1;
        }
        if shapes.contains(&(region.len(), counts)) {
            return region.iter().copied().max_by_key(|&p| inside(p));
        }
    }
    None
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

    /// After every move of random games `vital_point` equals the plain
    /// reference (its shortcuts: the capped flood, the regions seen from
    /// an earlier neighbour, the 3×3 block too open to be an eye space).
    #[test]
    fn vital_points_equal_a_plain_reference(size in 3usize..=9, seed: u64) {
        crate::liberties::random_game(size, seed, |board, _| {
            let expected = plain_vital_point(board);
            proptest::prop_assert_eq!(vital_point(board), expected, "{:?}", board);
            Ok(())
        })?;
    }
}
