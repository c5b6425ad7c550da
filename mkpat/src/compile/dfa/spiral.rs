//! The spiral read order of the DFA (compilation.md §14.1) in the
//! compiler's coordinates: the runtime's [`matcher::dfa::SPIRAL`] as
//! [`Rel`] cells, and the inverse map from a cell to its spiral index.

use crate::ir::Rel;
use matcher::dfa::SPIRAL;
use std::sync::OnceLock;

/// Number of cells in the spiral (37 × 37).
pub use matcher::dfa::SPIRAL_LEN;

/// The spiral cells in order.
pub fn spiral() -> &'static [Rel] {
    static CELLS: OnceLock<Vec<Rel>> = OnceLock::new();
    CELLS.get_or_init(|| {
        SPIRAL
            .iter()
            .map(|o| Rel::new(i32::from(o.di), i32::from(o.dj)))
            .collect()
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spiral_index_inverts_the_spiral() {
        assert_eq!(spiral().len(), SPIRAL_LEN);
        for (k, &cell) in spiral().iter().enumerate() {
            assert_eq!(spiral_index(cell), Some(k), "{cell:?}");
        }
        assert_eq!(spiral()[1], Rel::new(1, 0));
        assert_eq!(spiral_index(Rel::new(19, 0)), None);
        assert_eq!(spiral_index(Rel::new(0, -19)), None);
    }
}
