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

/// The liberties of the four-liberty string at `target` that `attacker`
/// may take without putting its stone in atari, best first.
pub(crate) fn liberty_attacks(board: &Board, target: Vertex, attacker: Color) -> Vec<Vertex> {
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
        let moves = liberty_attacks(&board, target, Color::White);
        assert_eq!(
            sorted(moves),
            sorted(vec![at(&board, "C2"), at(&board, "C4"), at(&board, "D3")])
        );
    }
}
