//! The attacker's *blocked semeai* extension against a two-liberty
//! string whose liberties the attacker cannot fill.
//!
//! Its gate is the `blocked_semeai` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::{ReadingParams, push_new, strings_adjacent_to_string};

/// Whether the two-liberty string at `target` (colour `color`) is
/// *blocked*: it has exactly two liberties and each of them is a suicide
/// or a self-atari for the attacker.
pub(crate) fn is_blocked(board: &Board, target: Vertex, color: Color) -> bool {
    let attacker = color.other();
    board.liberties(target) == 2
        && board
            .liberty_vertices(target)
            .all(|l| board.liberties_after(attacker, l) <= 1)
}

/// The blocked-semeai extensions against the string at `target` (colour
/// `color`), whose depth and size the generator table's row checks:
/// empty unless [`is_blocked`] holds. Otherwise, for each attacker string with exactly two liberties next
/// to the target (in [`strings_adjacent_to_string`] order), its liberties that are
/// not the target's where the attacker's stone would have at least
/// `p.blocked_extension_min_libs` liberties, and, unless that string is a
/// lone stone, would also touch another attacker string and have at
/// least `p.blocked_merge_min_libs` liberties.
pub(crate) fn blocked_semeai_extensions(
    board: &Board,
    target: Vertex,
    color: Color,
    p: &ReadingParams,
) -> Vec<Vertex> {
    let mut moves = Vec::new();
    if !is_blocked(board, target, color) {
        return moves;
    }
    let attacker = color.other();
    let liberties: Vec<Vertex> = board.liberty_vertices(target).collect();
    for own in strings_adjacent_to_string(board, target, attacker) {
        if board.liberties(own) != 2 {
            continue;
        }
        let lone = board.string_size(own) == 1;
        push_new(
            &mut moves,
            board.liberty_vertices(own).filter(|&l| {
                let after = board.liberties_after(attacker, l);
                let merges = board
                    .neighbour_strings(l, attacker)
                    .any(|h| h != board.head(own));
                !liberties.contains(&l)
                    && after >= p.blocked_extension_min_libs
                    && (lone || (merges && after >= p.blocked_merge_min_libs))
            }),
        );
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::super::test_points::at;
    use super::*;

    /// White's five stones B2–E2 and D1 have the liberties C1 (a
    /// self-atari for Black: its stone joins the lone B1 and keeps only
    /// A1) and E1 (a suicide: White F1 keeps G1). Black's lone B1 has two
    /// liberties, A1 and C1; A1 is not the target's and joins Black's
    /// wall.
    const BLOCKED: [&str; 4] = [".......", "XXXXXX.", "XOOOOX.", ".X.O.O."];

    #[test]
    fn a_lone_stone_next_to_a_blocked_target_extends_away_from_it() {
        let board = Board::from_rows(&BLOCKED).expect("a board");
        let target = at(&board, "C2");
        assert_eq!(board.liberties(target), 2);
        assert_eq!(board.string_size(target), 5);
        assert!(is_blocked(&board, target, Color::White));
        let a1 = at(&board, "A1");
        assert_eq!(
            blocked_semeai_extensions(&board, target, Color::White, &ReadingParams::default()),
            vec![a1]
        );
    }

    /// The same shape with Black's F1 joining the wall: E1 is now a safe
    /// move for Black, so the target is not blocked.
    #[test]
    fn a_target_with_a_fillable_liberty_is_not_blocked() {
        let board =
            Board::from_rows(&[".......", "XXXXXX.", "XOOOOX.", ".X.O.X."]).expect("a board");
        let target = at(&board, "C2");
        assert_eq!(board.liberties(target), 2);
        assert!(!is_blocked(&board, target, Color::White));
        assert!(
            blocked_semeai_extensions(&board, target, Color::White, &ReadingParams::default())
                .is_empty()
        );
    }
}
