//! The defender's break-chain moves deep in a line: ataris on
//! two-liberty attacker neighbours whose liberties lie next to the
//! target's own, or that hold the attacker's last move.
//!
//! Its gate is the `deep_break_chain` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::liberties_of_opponent_neighbours;

/// The liberties of the two-liberty strings of `color`'s opponent next to
/// `target` that have a liberty next to one of the target's liberties
/// (a *second-order* liberty of the target) or that hold `last_move`
/// (the attacker's stone just played), in the order of those strings and
/// of their liberties, without any move in `tried`.
pub(crate) fn deep_break_chain_moves(
    board: &Board,
    target: Vertex,
    color: Color,
    last_move: Option<Vertex>,
    tried: &[Vertex],
) -> Vec<Vertex> {
    let last_chain = last_move
        .filter(|&m| board.cell(m) == color.other().stone())
        .map(|m| board.head(m));
    liberties_of_opponent_neighbours(board, target, color, tried, |chain| {
        board.liberties(chain) == 2
            && (Some(chain) == last_chain
                || board
                    .liberty_vertices(chain)
                    .any(|l| board.neighbours(l).any(|n| board.has_liberty(target, n))))
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_points::{at, sorted};
    use super::*;

    /// White's D4-D3 has the liberties E4 and D2. Black's E3 (liberties
    /// E4 and E2; E2 touches D2) counts; Black's D5 (liberties C5 and D6,
    /// neither next to E4 or D2) only as Black's last move; the
    /// four-liberty C4-C3 never.
    #[test]
    fn two_liberty_neighbours_next_to_the_targets_liberties_or_just_played_count() {
        let board = Board::from_rows(&[
            ".......", // 7
            ".......", // 6
            "...XO..", // 5: D5 X, E5 O
            "..XO...", // 4: C4 X, D4 O
            "..XOXO.", // 3: C3 X, D3 O, E3 X, F3 O
            ".......", // 2
            ".......", // 1
        ])
        .expect("a board");
        let target = at(&board, "D4");
        assert_eq!(
            sorted(board.liberty_vertices(target).collect()),
            sorted(vec![at(&board, "E4"), at(&board, "D2")])
        );
        assert_eq!(
            sorted(deep_break_chain_moves(
                &board,
                target,
                Color::White,
                None,
                &[]
            )),
            sorted(vec![at(&board, "E4"), at(&board, "E2")])
        );
        // D5 counts when Black has just played it; a white last move
        // adds nothing.
        assert_eq!(
            sorted(deep_break_chain_moves(
                &board,
                target,
                Color::White,
                Some(at(&board, "D5")),
                &[]
            )),
            sorted(vec![
                at(&board, "E4"),
                at(&board, "E2"),
                at(&board, "C5"),
                at(&board, "D6")
            ])
        );
        assert_eq!(
            sorted(deep_break_chain_moves(
                &board,
                target,
                Color::White,
                Some(at(&board, "E5")),
                &[]
            )),
            sorted(vec![at(&board, "E4"), at(&board, "E2")])
        );
        // Moves already read are left out.
        assert_eq!(
            deep_break_chain_moves(&board, target, Color::White, None, &[at(&board, "E4")]),
            vec![at(&board, "E2")]
        );
        // Without White's F3, E3 has three liberties and nothing counts.
        let board = Board::from_rows(&[
            ".......", ".......", "...XO..", "..XO...", "..XOX..", ".......", ".......",
        ])
        .expect("a board");
        assert!(deep_break_chain_moves(&board, target, Color::White, None, &[]).is_empty());
    }
}
