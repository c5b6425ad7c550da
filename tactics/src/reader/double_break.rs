//! The defender's double break-chain: points that take a liberty from
//! two or more attacker strings next to the target at once, each short
//! of liberties.
//!
//! GNU Go's defender of a three-liberty string also plays the liberties
//! of attacker neighbours with three liberties (its break-chain moves
//! against three liberties). Ours reads those only for targets with two
//! liberties at most (`BREAK_CHAIN34_MAX_TARGET_LIBS` in the parent
//! module: widening it to three costs passes), so a three-liberty target
//! that lives only by squeezing two neighbours at once is read as dead.
//! `reading35.sgf` (the `reading` suite's test 164): White's B6-B5-B4-C4
//! has the liberties A6, A5 and A4; Black's B7 (liberties A7, B8, C7)
//! and C6-C5 (liberties C7, D6, D5) share C7, and GNU Go's
//! `defend B6` is `1 C7`. Read lazily, after every ordinary candidate
//! has failed (`DOUBLE_BREAK_DEPTH` in the parent module gives the
//! figures).

use goban::{Board, Color, Vertex};

/// The empty points that are liberties of at least two distinct
/// attacker strings next to `target`, each with at most `max_libs`
/// liberties, in the order of those strings' liberties.
pub(crate) fn double_break_points(
    board: &Board,
    target: Vertex,
    color: Color,
    max_libs: usize,
) -> Vec<Vertex> {
    let chains: Vec<Vertex> = super::strings_adjacent_to_string(board, target, color.other())
        .into_iter()
        .filter(|&chain| board.liberties(chain) <= max_libs)
        .collect();
    let mut points = Vec::new();
    for (i, &chain) in chains.iter().enumerate() {
        for l in board.liberty_vertices(chain) {
            let shared = chains
                .iter()
                .enumerate()
                .any(|(j, &other)| j != i && board.has_liberty(other, l));
            if shared && !points.contains(&l) {
                points.push(l);
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_liberty_shared_by_two_weak_neighbours_is_a_double_break() {
        // White's B3-B2 (liberties A3, A2, B1) is touched by Black's
        // B4 (liberties A4, B5, C4) and C3-C2 (liberties C4, D3, D2, C1).
        let b = Board::from_rows(&[".....", ".X...", ".OX..", ".OX..", "....."]).expect("a board");
        let at = |gtp: &str| b.geometry().parse_gtp(gtp).expect("a vertex");
        // C3-C2 has four liberties: with three at most, no double break.
        assert!(double_break_points(&b, at("B3"), Color::White, 3).is_empty());
        // With four, C4 takes a liberty from both.
        assert_eq!(
            double_break_points(&b, at("B3"), Color::White, 4),
            vec![at("C4")]
        );
    }
}
