//! Checks the candidate ordering's fast path ([`super::order_with_late`]:
//! one score per move, kept on the stack, late moves sorted in the same
//! pass) against a plain reference: score into a heap vector, stable sort,
//! then a stable partition that tests every move again.

use goban::{Board, Cell, Color, Geometry, Vertex};
use proptest::prelude::*;

use super::MoveOrdering;

/// The reference: the ordering as first written, with the late moves
/// moved after the others by a second pass.
fn plain_order(
    board: &Board,
    mover: Color,
    moves: &[Vertex],
    extra: impl Fn(Vertex) -> i32,
    late: impl Fn(Vertex, usize, usize) -> bool,
) -> Vec<Vertex> {
    let mut scored: Vec<(i32, Vertex)> = moves
        .iter()
        .copied()
        .filter(|&m| board.cell(m) == Cell::Empty)
        .map(|m| {
            let captures = board.capture_count(mover, m) as i32;
            let libs = board.liberties_after(mover, m) as i32;
            let self_atari = captures == 0 && libs <= 1;
            let score = captures * 100 + extra(m) + libs.min(4) - if self_atari { 50 } else { 0 };
            (score, m)
        })
        .collect();
    scored.sort_by_key(|&(score, _)| -score);
    let ordered: Vec<Vertex> = scored.into_iter().map(|(_, m)| m).collect();
    let is_late = |m: Vertex| {
        late(
            m,
            board.capture_count(mover, m),
            board.liberties_after(mover, m),
        )
    };
    let (early, last): (Vec<Vertex>, Vec<Vertex>) = ordered.iter().partition(|&&m| !is_late(m));
    early.into_iter().chain(last).collect()
}

/// A board after `moves` (each picks among the empty points, colours
/// alternating), and every point of it in `picks`' order (repeats kept, so
/// generators' duplicates and occupied points are covered).
fn position(size: usize, moves: &[u16], picks: &[u16]) -> (Board, Vec<Vertex>) {
    let mut board = Board::new(Geometry::new(size, size).expect("a board size"));
    let mut color = Color::Black;
    for &m in moves {
        let empty: Vec<Vertex> = board
            .geometry()
            .board_vertices()
            .filter(|&u| board.cell(u) == Cell::Empty)
            .collect();
        if empty.is_empty() {
            break;
        }
        board.play(color, empty[usize::from(m) % empty.len()]);
        color = color.other();
    }
    let points: Vec<Vertex> = board.geometry().board_vertices().collect();
    let candidates = picks
        .iter()
        .map(|&p| points[usize::from(p) % points.len()])
        .collect();
    (board, candidates)
}

proptest! {
    #[test]
    fn order_with_late_equals_the_plain_ordering(
        size in 2usize..=9,
        moves in proptest::collection::vec(any::<u16>(), 0..70),
        // Up to 90 candidates: past the stack buffer's 64 as well.
        picks in proptest::collection::vec(any::<u16>(), 0..90),
        white in any::<bool>(),
        late_modulus in 1u16..4,
    ) {
        let (board, candidates) = position(size, &moves, &picks);
        let mover = if white { Color::White } else { Color::Black };
        let extra = |m: Vertex| i32::from(m.0 % 5) * 8;
        let late = |m: Vertex, captures: usize, libs: usize| {
            (captures == 0 && libs <= 1) || m.0 % late_modulus == 0
        };
        let fast = super::order_with_late(&board, &MoveOrdering::default(), mover, candidates.clone(), extra, late);
        prop_assert_eq!(fast, plain_order(&board, mover, &candidates, extra, late));
        let no_late = super::order(&board, &MoveOrdering::default(), mover, candidates.clone(), extra);
        prop_assert_eq!(no_late, plain_order(&board, mover, &candidates, extra, |_, _, _| false));
    }
}
