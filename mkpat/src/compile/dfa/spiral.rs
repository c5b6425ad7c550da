//! The spiral read order of the DFA (compilation.md §14.1): breadth-first
//! from the anchor over `|di|, |dj| ≤ 18`, expanding neighbours in the order
//! down, right, up, left.

use crate::ir::Rel;
use std::sync::OnceLock;

/// Number of cells in the spiral (37 × 37).
pub const SPIRAL_LEN: usize = 37 * 37;

/// The spiral cells in order.
pub fn spiral() -> &'static [Rel] {
    static SPIRAL: OnceLock<Vec<Rel>> = OnceLock::new();
    SPIRAL.get_or_init(build)
}

/// Spiral index of a cell (`None` outside `|di|, |dj| ≤ 18`).
pub fn spiral_index(cell: Rel) -> Option<usize> {
    static INDEX: OnceLock<Vec<u16>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = vec![0u16; SPIRAL_LEN];
        for (k, cell) in spiral().iter().enumerate() {
            index[slot(*cell)] = k as u16;
        }
        index
    });
    if cell.di.abs() <= 18 && cell.dj.abs() <= 18 {
        Some(index[slot(cell)] as usize)
    } else {
        None
    }
}

fn slot(cell: Rel) -> usize {
    ((cell.di + 18) * 37 + (cell.dj + 18)) as usize
}

fn build() -> Vec<Rel> {
    let mut seen = vec![false; SPIRAL_LEN];
    let mut order = Vec::with_capacity(SPIRAL_LEN);
    order.push(Rel::new(0, 0));
    seen[slot(Rel::new(0, 0))] = true;
    let mut head = 0;
    while head < order.len() {
        let cell = order[head];
        head += 1;
        for (di, dj) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            let next = Rel::new(cell.di + di, cell.dj + dj);
            if next.di.abs() <= 18 && next.dj.abs() <= 18 && !seen[slot(next)] {
                seen[slot(next)] = true;
                order.push(next);
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_cells_match_the_spec_table() {
        let expected = [
            (0, 0),
            (1, 0),
            (0, 1),
            (-1, 0),
            (0, -1),
            (2, 0),
            (1, 1),
            (1, -1),
            (0, 2),
            (-1, 1),
            (-2, 0),
            (-1, -1),
            (0, -2),
        ];
        for (k, &(di, dj)) in expected.iter().enumerate() {
            assert_eq!(spiral()[k], Rel::new(di, dj), "cell {k}");
            assert_eq!(spiral_index(Rel::new(di, dj)), Some(k));
        }
        assert_eq!(spiral().len(), SPIRAL_LEN);
        assert_eq!(spiral_index(Rel::new(19, 0)), None);
    }
}
