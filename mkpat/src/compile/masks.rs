//! The eight 32-bit grid pre-filter masks (compilation.md §8): for each
//! transformation, the 4×4 window of relative cells `-1..=2` × `-1..=2`
//! around the anchor, two bits per cell.

use crate::ast::ElementKind;
use crate::ir::Rel;
use matcher::grid::mask_codes;
use std::sync::OnceLock;

/// The bit position of window cell `(di, dj)` (both in `-1..=2`), or `None`
/// outside the window. `(-1,-1)` is bits 31–30, `(2,2)` bits 1–0.
pub fn cell_shift(cell: Rel) -> Option<u32> {
    if (-1..=2).contains(&cell.di) && (-1..=2).contains(&cell.dj) {
        Some((30 - 8 * (cell.di + 1) - 2 * (cell.dj + 1)) as u32)
    } else {
        None
    }
}

/// `(and_mask, val_mask)` for all eight transformations, from every element
/// (relative to the anchor, before the hint) turned by `hint` then by `k`.
pub fn grid_masks(elements: &[(Rel, ElementKind)], hint: u8) -> ([u32; 8], [u32; 8]) {
    let units = window_units();
    let mut and_mask = [0u32; 8];
    let mut val_mask = [0u32; 8];
    for &(rel, kind) in elements {
        // Transformations permute and negate coordinates: a cell with a
        // coordinate beyond 2 in size never lands in the window.
        if rel.di.abs() > 2 || rel.dj.abs() > 2 {
            continue;
        }
        let (and_code, val_code) = mask_codes(kind);
        let hinted = rel.transformed(hint);
        let cell = &units[((hinted.di + 2) * 5 + hinted.dj + 2) as usize];
        for k in 0..8 {
            and_mask[k] |= and_code * cell[k];
            val_mask[k] |= val_code * cell[k];
        }
    }
    (and_mask, val_mask)
}

/// For each cell `(di, dj)` of `-2..=2` × `-2..=2` (row-major) and each
/// transformation `k`: `1 << cell_shift(T_k(cell))`, or 0 when the image
/// lies outside the window.
fn window_units() -> &'static [[u32; 8]; 25] {
    static UNITS: OnceLock<[[u32; 8]; 25]> = OnceLock::new();
    UNITS.get_or_init(|| {
        let mut units = [[0u32; 8]; 25];
        for (c, cell) in units.iter_mut().enumerate() {
            let rel = Rel::new(c as i32 / 5 - 2, c as i32 % 5 - 2);
            for (k, unit) in cell.iter_mut().enumerate() {
                *unit = cell_shift(rel.transformed(k as u8)).map_or(0, |shift| 1 << shift);
            }
        }
        units
    })
}

/// Reference [`grid_masks`]: every element, every transformation, shifts
/// computed directly.
#[cfg(test)]
fn grid_masks_reference(elements: &[(Rel, ElementKind)], hint: u8) -> ([u32; 8], [u32; 8]) {
    let mut and_mask = [0u32; 8];
    let mut val_mask = [0u32; 8];
    for &(rel, kind) in elements {
        let (and_code, val_code) = mask_codes(kind);
        for k in 0..8u8 {
            if let Some(shift) = cell_shift(rel.transformed(hint).transformed(k)) {
                and_mask[k as usize] |= and_code << shift;
                val_mask[k as usize] |= val_code << shift;
            }
        }
    }
    (and_mask, val_mask)
}

#[cfg(test)]
mod tests {
    use super::super::elements::extract;
    use super::*;

    #[test]
    fn bit_layout() {
        assert_eq!(cell_shift(Rel::new(-1, -1)), Some(30));
        assert_eq!(cell_shift(Rel::new(-1, 2)), Some(24));
        assert_eq!(cell_shift(Rel::new(0, 0)), Some(20));
        assert_eq!(cell_shift(Rel::new(2, 2)), Some(0));
        assert_eq!(cell_shift(Rel::new(3, 0)), None);
        assert_eq!(cell_shift(Rel::new(0, -2)), None);
    }

    #[test]
    fn worked_example_of_compilation_7_2() {
        let els: Vec<(Rel, ElementKind)> = extract(&["X*.", "O.."])
            .iter()
            .map(|e| (e.rel((1, 0)), e.kind))
            .collect();
        let (and, val) = grid_masks(&els, 0);
        assert_eq!((and[0], val[0]), (0x3f3f0000, 0x20100000));
        assert_eq!((and[1], val[1]), (0x003c3c3c, 0x00180000));
        // A hint h applies before k: masks with hint 1 at k equal masks
        // without hint at the composed transformation T_k∘T_1.
        let (and_h, val_h) = grid_masks(&els, 1);
        assert_eq!((and_h[0], val_h[0]), (and[1], val[1]));
    }

    proptest::proptest! {
        #[test]
        fn table_masks_equal_the_reference(
            cells in proptest::collection::vec((-4i32..5, -4i32..5, 0usize..8), 0..40),
            hint in 0u8..8,
        ) {
            let els: Vec<(Rel, ElementKind)> =
                cells.iter().map(|&(di, dj, k)| (Rel::new(di, dj), ElementKind::ALL[k])).collect();
            proptest::prop_assert_eq!(grid_masks(&els, hint), grid_masks_reference(&els, hint));
        }
    }

    #[test]
    fn codes_of_each_kind() {
        assert_eq!(mask_codes(ElementKind::Opponent), (3, 2));
        assert_eq!(mask_codes(ElementKind::Own), (3, 1));
        assert_eq!(mask_codes(ElementKind::OpponentOrEmpty), (1, 0));
        assert_eq!(mask_codes(ElementKind::OwnOrEmpty), (2, 0));
        assert_eq!(mask_codes(ElementKind::Bang), (3, 0));
        assert_eq!(mask_codes(ElementKind::Comma), (3, 0));
    }
}
