//! Pgx's area score: each colour's stones plus the empty points that cannot
//! reach an opponent stone through empty points. An empty region touching
//! both colours counts for nobody; one touching no stone at all (only on an
//! empty board) counts for both. No dead stones are removed.

use goban::{Board, Cell, Vertex};

/// Reusable buffers for [`area_score`], so that scoring allocates nothing
/// once warmed up.
#[derive(Debug, Clone, Default)]
pub struct ScoreScratch {
    seen: Vec<bool>,
    stack: Vec<Vertex>,
}

/// `[black, white]` area counts of `board` (see the module docs).
pub fn area_score(board: &Board, scratch: &mut ScoreScratch) -> [u32; 2] {
    let geometry = board.geometry();
    let cells = board.cells();
    scratch.seen.clear();
    scratch.seen.resize(cells.len(), false);
    let mut score = [
        board.stone_count(goban::Color::Black) as u32,
        board.stone_count(goban::Color::White) as u32,
    ];
    for start in geometry.board_vertices() {
        if cells[start.index()] != Cell::Empty || scratch.seen[start.index()] {
            continue;
        }
        let (mut region, mut touches_black, mut touches_white) = (0u32, false, false);
        scratch.seen[start.index()] = true;
        scratch.stack.clear();
        scratch.stack.push(start);
        while let Some(v) = scratch.stack.pop() {
            region += 1;
            for n in geometry.neighbours(v) {
                match cells[n.index()] {
                    Cell::Empty if !scratch.seen[n.index()] => {
                        scratch.seen[n.index()] = true;
                        scratch.stack.push(n);
                    }
                    Cell::Black => touches_black = true,
                    Cell::White => touches_white = true,
                    _ => {}
                }
            }
        }
        // A region counts for a colour unless it reaches the other colour.
        if !touches_white {
            score[0] += region;
        }
        if !touches_black {
            score[1] += region;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(rows: &[&str]) -> [u32; 2] {
        area_score(
            &Board::from_rows(rows).unwrap(),
            &mut ScoreScratch::default(),
        )
    }

    #[test]
    fn empty_board_counts_for_both() {
        assert_eq!(score(&["...", "...", "..."]), [9, 9]);
    }

    #[test]
    fn regions_count_for_the_only_colour_they_touch() {
        // Left column region touches only black; right column only white;
        // no dead-stone removal: the lone white stone in black's area makes
        // that region neutral.
        assert_eq!(score(&[".X.O.", ".X.O.", ".X.O."]), [3 + 3, 3 + 3]);
        assert_eq!(score(&[".XO", "OX.", ".X."]), [3, 2]);
        assert_eq!(score(&["X.O"]), [1, 1]);
    }
}
