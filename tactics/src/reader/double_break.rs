//! The defender's double break-chain: points that take a liberty from
//! two or more attacker strings next to the target at once, each short
//! of liberties.
//!
//! Its gate is the `double_break` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

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
