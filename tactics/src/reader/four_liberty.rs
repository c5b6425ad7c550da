//! The attacker's moves against a four-liberty string deeper than the
//! full generators read (stack depths 3 and 4: see the reader's
//! `fourlib_full_slack` and `fourlib_horizon_slack`): the target's
//! liberties where the attacker's new stone keeps at least
//! `fourlib_min_attacker_libs` liberties, ordered as any candidates.
//!
//! Its gate is the `four_liberty_liberties` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::ReadingParams;

/// The liberties of the four-liberty string at `target` that `attacker`
/// may take without putting its stone in atari, best first; none at
/// stack depth `p.fourlib_weak_neighbour_depth` and deeper where a weak attacker
/// string next to the target could be ataried away from it.
pub(crate) fn liberty_attacks(
    board: &Board,
    target: Vertex,
    attacker: Color,
    depth: i32,
    p: &ReadingParams,
) -> Vec<Vertex> {
    if depth >= p.fourlib_weak_neighbour_depth
        && super::strings_adjacent_to_string(board, target, attacker)
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
        .filter(|&l| board.liberties_after(attacker, l) >= p.fourlib_min_attacker_libs)
        .collect();
    super::order(board, &p.ordering, attacker, liberties, |_| 0)
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
        let moves = liberty_attacks(&board, target, Color::White, 3, &ReadingParams::default());
        assert_eq!(
            sorted(moves),
            sorted(vec![at(&board, "C2"), at(&board, "C4"), at(&board, "D3")])
        );
    }

    /// Black's C3–C2 has the four liberties B3, C4, B2 and C1; White's
    /// D3–D2 next to it has two, D4 and D1, neither of them Black's. At
    /// stack depth 3 White attacks at the liberties; from
    /// `fourlib_weak_neighbour_depth` on it does not (Black's atari at D4 or D1
    /// would not be read).
    #[test]
    fn no_deep_attack_beside_a_weak_attacker_string() {
        let p = ReadingParams::default();
        let weak = p.fourlib_weak_neighbour_depth;
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
        assert!(!liberty_attacks(&board, target, Color::White, weak - 1, &p).is_empty());
        assert!(liberty_attacks(&board, target, Color::White, weak, &p).is_empty());
    }
}
