//! The attacker's *edge block* against a three-liberty target: where the
//! target lies on the first line and one of its liberties is the next
//! first-line point along the edge, the attacker plays the second-line
//! point just inside that liberty, next to one of its own stones, so that
//! the target's crawl along the edge gains only one liberty a move.
//!
//! Its gate is the `edge_block` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Cell, Color, Vertex};

/// Whether `v` is on the first line, not a corner: exactly three
/// on-board neighbours.
fn on_first_line_side(board: &Board, v: Vertex) -> bool {
    board.neighbours(v).count() == 3
}

/// The edge blocks against the string at `target` (colour `color`) when
/// it has exactly three liberties: for each first-line liberty `l` next
/// to a target stone that is itself on the first line, the empty point
/// inside `l` (its neighbour off the first line) when that point touches
/// an attacker stone. In the order of the target's liberties.
pub(crate) fn edge_block_moves(board: &Board, target: Vertex, color: Color) -> Vec<Vertex> {
    let attacker = color.other();
    let liberties: Vec<Vertex> = board.liberty_vertices(target).collect();
    let mut moves = Vec::new();
    if liberties.len() != 3 {
        return moves;
    }
    for &l in &liberties {
        if !on_first_line_side(board, l) {
            continue;
        }
        let crawls_along_edge = board.neighbours(l).any(|x| {
            on_first_line_side(board, x)
                && board.cell(x) == color.stone()
                && board.head(x) == board.head(target)
        });
        if !crawls_along_edge {
            continue;
        }
        for n in board.neighbours(l) {
            if board.neighbours(n).count() == 4
                && board.cell(n) == Cell::Empty
                && !liberties.contains(&n)
                && board
                    .neighbours(n)
                    .any(|x| board.cell(x) == attacker.stone())
                && !moves.contains(&n)
            {
                moves.push(n);
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::super::test_points::at;
    use super::*;

    /// Black's A5–A4 on the edge (liberties A6, A3 and B5) under White's
    /// B4 and B6: the block is B3, inside A3, next to White's B4; A6 is
    /// next to White's B6 but its inside point B6 is taken; B5 is not
    /// on the first line.
    #[test]
    fn the_block_is_inside_the_edge_liberty_next_to_an_attacker_stone() {
        let board = Board::from_rows(&[
            "......", ".O....", "X.....", "XO....", "......", "......", "......",
        ])
        .expect("a board");
        let target = at(&board, "A5");
        assert_eq!(board.liberties(target), 3);
        assert_eq!(
            edge_block_moves(&board, target, Color::Black),
            vec![at(&board, "B3")]
        );
        // With White's stone at B5 instead of B4 and B6, no attacker
        // stone touches B3, and the block is B6, inside A6.
        let moved = Board::from_rows(&[
            "......", "......", "XO....", "X.....", "......", "......", "......",
        ])
        .expect("a board");
        assert_eq!(moved.liberties(target), 3);
        assert_eq!(
            edge_block_moves(&moved, target, Color::Black),
            vec![at(&moved, "B6")]
        );
    }
}
