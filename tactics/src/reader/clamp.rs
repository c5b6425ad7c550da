//! The attacker's *clamps* against a two-liberty string: an empty point
//! next to one of its liberties that would be the only new liberty of
//! the defender's extension there, played from a solid attacker string.
//!
//! Its gate is the `clamp` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Cell, Color, Vertex};

/// The clamps against the two-liberty string at `target` (colour
/// `color`): for each liberty `l` whose extension would leave the target
/// exactly two liberties, the single empty neighbour of `l` that is
/// neither of the target's liberties, where that point touches an
/// attacker string with at least `min_solid_libs` liberties. In
/// the order of the target's liberties; none unless the target has
/// exactly two liberties.
pub(crate) fn clamp_moves(
    board: &Board,
    target: Vertex,
    color: Color,
    min_solid_libs: usize,
) -> Vec<Vertex> {
    let attacker = color.other();
    let liberties: Vec<Vertex> = board.liberty_vertices(target).collect();
    let mut moves = Vec::new();
    if liberties.len() != 2 {
        return moves;
    }
    for &l in &liberties {
        if board.liberties_after(color, l) != 2 {
            continue;
        }
        let mut fresh = board
            .neighbours(l)
            .filter(|&n| board.cell(n) == Cell::Empty && !liberties.contains(&n));
        let (Some(n), None) = (fresh.next(), fresh.next()) else {
            continue;
        };
        let solid = board
            .neighbours(n)
            .any(|x| board.cell(x) == attacker.stone() && board.liberties(x) >= min_solid_libs);
        if solid && !moves.contains(&n) {
            moves.push(n);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertices(board: &Board, gtp: &[&str]) -> Vec<Vertex> {
        gtp.iter()
            .map(|v| board.geometry().parse_gtp(v).expect("a vertex"))
            .collect()
    }

    /// Black's B2–C2 (liberties B1 and C1) under White's wall A2–D3–D2:
    /// a Black stone at B1 would have A1 and C1, at C1 it would have B1
    /// and D1, so A1 and D1 are clamps, both touching the wall.
    #[test]
    fn clamps_take_the_only_new_liberty_of_an_extension() {
        let board =
            Board::from_rows(&[".......", "OOOO...", "OXXO...", "......."]).expect("a board");
        let target = vertices(&board, &["B2"])[0];
        assert_eq!(
            clamp_moves(&board, target, Color::Black, 4),
            vertices(&board, &["A1", "D1"])
        );
        // White's wall has no two-liberty string to clamp.
        assert!(clamp_moves(&board, vertices(&board, &["A2"])[0], Color::White, 4).is_empty());
    }

    /// The same shape where the White stones next to A1 and D1 are weak
    /// (one and two liberties): no clamp.
    #[test]
    fn clamps_need_a_solid_attacker_string() {
        let board = Board::from_rows(&["XXXXO", "OXXO.", "....."]).expect("a board");
        let target = vertices(&board, &["B2"])[0];
        assert_eq!(board.liberties(target), 2);
        assert!(clamp_moves(&board, target, Color::Black, 4).is_empty());
    }
}
