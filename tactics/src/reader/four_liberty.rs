//! The attacker's moves against a four-liberty string deeper than the
//! full generators read (stack depths 3 and 4: see the reader's
//! `FOURLIB_SLACK` and `FOUR_LIB_LIBERTIES_SLACK`): the target's
//! liberties where the attacker's new stone keeps at least
//! [`MIN_ATTACKER_LIBERTIES`] liberties, ordered as any candidates.
//!
//! GNU Go reads four-liberty strings with its full generators up to
//! stack depth 7 (`fourlib_depth`); this reader, whose generators differ,
//! agrees with it best reading them fully to depth 2 and at their
//! liberties only below that. The deeper reading costs nodes; a liberty
//! where the attacker's stone would be in atari at once hardly ever
//! takes a four-liberty string, so it is left out.

use goban::{Board, Color, Vertex};

/// The fewest liberties the attacker's stone at a liberty of the target
/// keeps for the liberty to be tried. Measured with the reader's
/// four-liberty attacks to stack depth 4 (`callgrind_attack.sh` nodes,
/// suites): no filter 88,418 nodes, `reading` 197, `connection` 102; 2
/// (self-ataris left out, at depths 3 and 4) 81,202 nodes, 197 / 102 (at
/// depth 4 only: 81,521); 3 at depth 4 only: 78,200, but `connection`
/// 101 (test 51 lost: its T18 leaves the attacker two liberties).
/// Instructions in `attack` + `find_defense` on the bench: 641 M (main,
/// four-liberty attacks to depth 3, 72,545 nodes), 817 M without the
/// filter, 735 M with it (9,048 per node). Worm codes unchanged (98.9% /
/// 98.7%), worm reading nodes 240,438 (depth 3) -> 340,921 -> 335,903.
pub(crate) const MIN_ATTACKER_LIBERTIES: usize = 2;

/// From this stack depth on, no four-liberty attack is read while an
/// attacker string next to the target has two liberties or fewer, none
/// of them the target's: the defender's answer there would be an atari
/// on that string away from the target, and the defender's break-chain
/// moves against a three-liberty target are read only to stack depth 4
/// (the reader's `BREAK_CHAIN2_SLACK`), so the attack would look
/// unanswerable. On a 7×7 board (`tests/combined_reading.rs`,
/// `attack_either_on_a_second_position`) GNU Go's `attack F5` is 0;
/// reading four-liberty strings to stack depth 4 answered `1 E6`, whose
/// line ends in a four-liberty attack at D5 that GNU Go refutes with D6,
/// an atari on the attacker's E6–E7. A weak neighbour sharing a liberty
/// with the target does not count: the defender's liberty moves already
/// atari it (`connection` 97's `attack O8`, GNU Go `1 O6`, keeps its M6
/// at stack depth 4). Both suites unchanged (`reading` 198,
/// `connection` 107); any weak neighbour: `attack O8` answered 0.
pub(crate) const WEAK_NEIGHBOUR_DEPTH: i32 = 4;

/// The liberties of the four-liberty string at `target` that `attacker`
/// may take without putting its stone in atari, best first; none at
/// stack depth [`WEAK_NEIGHBOUR_DEPTH`] and deeper where a weak attacker
/// string next to the target could be ataried away from it.
pub(crate) fn liberty_attacks(
    board: &Board,
    target: Vertex,
    attacker: Color,
    depth: i32,
) -> Vec<Vertex> {
    if depth >= WEAK_NEIGHBOUR_DEPTH
        && super::neighbour_strings(board, target, attacker)
            .iter()
            .any(|&s| {
                board.liberties(s) <= 2
                    && !board
                        .liberty_vertices(s)
                        .any(|l| board.has_liberty(target, l))
            })
    {
        return Vec::new();
    }
    let liberties: Vec<Vertex> = board
        .liberty_vertices(target)
        .filter(|&l| board.liberties_after(attacker, l) >= MIN_ATTACKER_LIBERTIES)
        .collect();
    super::order(board, attacker, liberties, |_| 0)
}

#[cfg(test)]
mod tests {
    use super::super::test_points::{at, sorted};
    use super::*;

    /// Black's C3 has the liberties B3, C2, C4 and D3; White at B3,
    /// between Black's B4, B2 and C3, keeps the one liberty A3 (a
    /// self-atari) and is left out; C2, C4 and D3 keep two liberties or
    /// more.
    #[test]
    fn a_liberty_that_puts_the_attacker_in_atari_is_left_out() {
        let board = Board::from_rows(&[
            ".....", // 5
            ".X...", // 4
            "..X..", // 3
            ".X...", // 2
            ".....", // 1
        ])
        .expect("a board");
        let target = at(&board, "C3");
        assert_eq!(board.liberties(target), 4);
        let moves = liberty_attacks(&board, target, Color::White, 3);
        assert_eq!(
            sorted(moves),
            sorted(vec![at(&board, "C2"), at(&board, "C4"), at(&board, "D3")])
        );
    }

    /// Black's C3–C2 has the four liberties B3, C4, B2 and C1; White's
    /// D3–D2 next to it has two, D4 and D1, neither of them Black's. At
    /// stack depth 3 White attacks at the liberties; from
    /// `WEAK_NEIGHBOUR_DEPTH` on it does not (Black's atari at D4 or D1
    /// would not be read).
    #[test]
    fn no_deep_attack_beside_a_weak_attacker_string() {
        let board = Board::from_rows(&[
            ".....", // 5
            ".....", // 4
            "..XOX", // 3
            "..XOX", // 2
            ".....", // 1
        ])
        .expect("a board");
        let target = at(&board, "C3");
        assert_eq!(board.liberties(target), 4);
        assert_eq!(board.liberties(at(&board, "D3")), 2);
        assert!(
            !liberty_attacks(&board, target, Color::White, WEAK_NEIGHBOUR_DEPTH - 1).is_empty()
        );
        assert!(liberty_attacks(&board, target, Color::White, WEAK_NEIGHBOUR_DEPTH).is_empty());
    }
}
