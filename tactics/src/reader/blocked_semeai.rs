//! The attacker's *blocked semeai* extension against a two-liberty
//! string whose liberties the attacker cannot fill.
//!
//! When each of the target's two liberties is a suicide or a self-atari
//! for the attacker, neither can be filled yet: the attacker must first
//! gain room. GNU Go's attacker then extends one of its own two-liberty
//! strings next to the target, at a liberty the target does not have
//! (its `1 D19` in `owl19.sgf`, eight moves down the line of `attack
//! C16`: B18 B17 C15 A18 B19 A17 B16 A16, where White's C16 string has
//! the liberties B16, a suicide for Black, and A19, a self-atari). Our
//! other generators never propose such a move below the root: the
//! ordinary extensions (`OWN_EXTENSION_TARGET_LIBS` in the reader) stop
//! at stack depth 1 and, against two liberties, need own strings of four
//! stones or more.
//!
//! The rule is narrowed to what GNU Go's answers support, measured on
//! the `reading` / `connection` suites (main: 197 / 101, GNU Go 193 /
//! 105), extensions tried after every other candidate:
//! * unnarrowed (any depth, any target, any extension to three liberties):
//!   192 / 102 (`connection` 8 and 9 gained through conn.db's `CC511`;
//!   `connection` 48 and `reading` 57, 171, 178, 183, 186 lost). In
//!   generator order instead of last: the same;
//! * stack depths 1 to [`BLOCKED_MAX_DEPTH`] only (the root keeps
//!   `reading` 178, depths beyond 10 lose 57, 171, 183, 186; 8 or 9 lose
//!   the gains): 195 / 102; the gains need a firing at depth 10;
//! * targets of [`BLOCKED_MIN_TARGET_STONES`] stones or more (1 to 3:
//!   `connection` 48 lost, where a one-stone and a two-stone target's
//!   extensions turn our `disconnect` answer to F3, which GNU Go's G2
//!   refutes; 5 or more: the gains go);
//! * the extended string a lone stone, or the extension merging it with
//!   another attacker string into at least [`BLOCKED_MERGE_MIN_LIBS`]
//!   liberties (an extension of a longer string that joins nothing, like
//!   E3 in `reading` 57 or G18 in 186, gives an attack that GNU Go's
//!   defender refutes far from the target, with N2 and B13, moves our
//!   defender does not generate that deep): 198 / 103, none lost
//!   (`reading` 147 gained, which GNU Go fails).
//!
//! Other layers with the rule: worm attack / defence codes 98.9% / 98.7%
//! -> 99.0% / 98.8%, connect codes 98.3% -> 98.5% (disconnect 96.9%),
//! dragons pairs 97.1%, exact 92.2% (main's notes: 97.0%, 92.0%), explain F1 unchanged
//! (0.665 | 0.838); the engine's wrong rejections in the board-only test
//! 45 -> 48 (Sente13 at H16 in `incident252` 237, DD8 at O18 in
//! `strategy35` 264: a lone-stone extension such as White's G11 claims
//! an attack that GNU Go's defender refutes with N18, a liberty of the
//! attacker's long chain that our defender does not try that deep);
//! `callgrind_attack.sh` 8,835 -> 9,004 instructions per node over
//! 72,545 -> 74,431 nodes (+4.6% instructions in all).
//!
//! Tried and dropped (the same suites): own strings of two stones or
//! more 193 / 101; at least 4 liberties after any extension 197 / 101
//! (gains lost); only extensions that join another attacker string 197 /
//! 100; only own strings sharing a liberty with the target 196 / 100;
//! adding, in the blocked case, the liberties of the defender's weak
//! strings next to the target's liberties (GNU Go's A19 ten moves down
//! the same line, an atari on White's A18): 181 to 191 with every
//! narrowing (attacks GNU Go's defender refutes in `reading` 135, 139,
//! 161, 206); lone strings only on the edge (no neighbour beyond the
//! board): 198 / 101, the gains go and the wrong rejections stay.

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
/// `color`) at reading stack depth `depth`: empty unless the depth lies
/// in [`BLOCKED_MIN_DEPTH`]..=[`BLOCKED_MAX_DEPTH`], the target has at
/// least [`BLOCKED_MIN_TARGET_STONES`] stones and [`is_blocked`] holds.
/// Otherwise, for each attacker string with exactly two liberties next
/// to the target (in [`strings_adjacent_to_string`] order), its liberties that are
/// not the target's where the attacker's stone would have at least
/// [`BLOCKED_EXTENSION_MIN_LIBS`] liberties, and, unless that string is a
/// lone stone, would also touch another attacker string and have at
/// least [`BLOCKED_MERGE_MIN_LIBS`] liberties.
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
        assert!(blocked_semeai_extensions(&board, target, Color::White, &ReadingParams::default())
                .is_empty());
    }
}
