//! The defender's moves against a big three-liberty attacker chain next
//! to a target with three or four liberties: a semeai between two large
//! strings, where taking the chain's liberties is what saves the target.
//!
//! Its gate is the `big_chain` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::liberties_of_opponent_neighbours;

/// The liberties of the three-liberty strings of `color`'s opponent next
/// to `target` with at least `min_stones` stones, in the order of those
/// strings and of their liberties, without any move in `tried`.
pub(crate) fn big_three_liberty_chain_liberties(
    board: &Board,
    target: Vertex,
    color: Color,
    min_stones: usize,
    tried: &[Vertex],
) -> Vec<Vertex> {
    liberties_of_opponent_neighbours(board, target, color, tried, |chain| {
        board.liberties(chain) == 3 && board.string_size(chain) >= min_stones
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_points::{at, sorted};
    use super::*;

    /// Black's A2-E2 touches White's three-stone A3-B3-C3 (liberties A4,
    /// B4, C4 and D3) and White's lone E3 (liberties D3, E4, F3). After
    /// Black D3 the chain has three liberties, all of which count for a
    /// minimum of three stones and none for four; E3 has two.
    #[test]
    fn only_big_three_liberty_neighbours_count() {
        let board = Board::from_rows(&[
            ".......", // 7
            ".......", // 6
            ".......", // 5
            ".......", // 4
            "OOO.O..", // 3: A3 B3 C3 O, E3 O
            "XXXXX..", // 2: A2-E2 X
            ".......", // 1
        ])
        .expect("a board");
        let target = at(&board, "B2");
        let chain = at(&board, "A3");
        assert_eq!(board.liberties(chain), 4, "A3-C3 has A4, B4, C4 and D3");
        assert!(big_three_liberty_chain_liberties(&board, target, Color::Black, 3, &[]).is_empty());
        let mut board = board;
        board.play(Color::Black, at(&board, "D3"));
        assert_eq!(board.liberties(chain), 3);
        assert_eq!(board.liberties(at(&board, "E3")), 2);
        assert_eq!(
            sorted(big_three_liberty_chain_liberties(
                &board,
                target,
                Color::Black,
                3,
                &[]
            )),
            sorted(vec![at(&board, "A4"), at(&board, "B4"), at(&board, "C4")])
        );
        // Smaller chains do not count, nor moves already read.
        assert!(big_three_liberty_chain_liberties(&board, target, Color::Black, 4, &[]).is_empty());
        assert_eq!(
            sorted(big_three_liberty_chain_liberties(
                &board,
                target,
                Color::Black,
                3,
                &[at(&board, "B4")]
            )),
            sorted(vec![at(&board, "A4"), at(&board, "C4")])
        );
    }
}
