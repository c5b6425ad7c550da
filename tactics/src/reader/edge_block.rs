//! The attacker's *edge block* against a three-liberty target: where the
//! target lies on the first line and one of its liberties is the next
//! first-line point along the edge, the attacker plays the second-line
//! point just inside that liberty, next to one of its own stones, so that
//! the target's crawl along the edge gains only one liberty a move.
//!
//! GNU Go's line in `reading` test 63 (`reading05.sgf`, `defend A9`,
//! answer 0): after Black's A8, White blocks at B7 (inside A7); after
//! Black's A7, White blocks at B6 (inside A6, at stack depth 3) and Black
//! has no defence. Our attacker tried second-order liberties of a
//! three-liberty target only at the root, so it found neither block.
//!
//! Tried and dropped (reading17), walking GNU Go's line for `reading`
//! 177 (`katsunari-gnugo2.W+4.sgf` at move 126, after Black L4, White
//! N3, Black N2, `defend K4`, GNU Go `1 N1`, ours `1 L3`): after White's
//! L3 GNU Go's attacker plays M4 (saving its L4 in atari, capturing
//! White's N3 group); our defender then still finds L1 at stack depth 5,
//! where GNU Go's attacker answers Black N1 (a corner point next to the
//! target's liberty M1, a liberty of Black's own two-liberty N2), which
//! our attacker lacks. Further down, after White M1, Black L2, White L1,
//! GNU Go's attacker extends Black's two-liberty N2 (sharing N1 with the
//! target) at N3; adding that extension at any depth (own two-liberty
//! neighbour sharing a liberty with a two-liberty target, the stone
//! keeping three liberties) gave 196 / 102: 177 not gained (N1 above
//! still missing), 171 lost.

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
