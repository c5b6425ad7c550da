//! Extents relative to the anchor, height and width (compilation.md §6) and
//! the symmetry character → `trfno` rule (§7.1).

/// Pattern extents relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extents {
    /// `−ci`.
    pub mini: i32,
    /// `−cj`.
    pub minj: i32,
    /// `rows−1−ci`.
    pub maxi: i32,
    /// `cols−1−cj`.
    pub maxj: i32,
}

/// Extents of a `rows`×`cols` diagram anchored at `anchor`.
pub fn extents(rows: usize, cols: usize, anchor: (usize, usize)) -> Extents {
    let (ci, cj) = (anchor.0 as i32, anchor.1 as i32);
    Extents {
        mini: -ci,
        minj: -cj,
        maxi: rows as i32 - 1 - ci,
        maxj: cols as i32 - 1 - cj,
    }
}

/// `trfno` of a symmetry character: 8 for `8` and unknown characters, 4 for
/// `|` `-` `\` `/`, 2 for `+` `X`, and 5 (transformations 2..=5) for `O`.
pub fn trfno(symmetry: char) -> u8 {
    match symmetry {
        '|' | '-' | '\\' | '/' => 4,
        '+' | 'X' => 2,
        'O' => 5,
        _ => 8,
    }
}

/// The transformation numbers tried for a `trfno`.
pub fn transformations_tried(trfno: u8) -> std::ops::Range<u8> {
    if trfno == 5 { 2..6 } else { 0..trfno.min(8) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_are_relative_to_the_anchor() {
        let e = extents(2, 3, (1, 0));
        assert_eq!(
            e,
            Extents {
                mini: -1,
                minj: 0,
                maxi: 0,
                maxj: 2
            }
        );
        let e = extents(4, 4, (0, 0));
        assert_eq!((e.maxi - e.mini, e.maxj - e.minj), (3, 3));
    }

    #[test]
    fn every_symmetry() {
        for (c, n) in [
            ('8', 8),
            ('|', 4),
            ('-', 4),
            ('\\', 4),
            ('/', 4),
            ('+', 2),
            ('X', 2),
            ('O', 5),
            ('?', 8),
        ] {
            assert_eq!(trfno(c), n, "{c}");
        }
        assert_eq!(
            transformations_tried(5).collect::<Vec<_>>(),
            vec![2, 3, 4, 5]
        );
        assert_eq!(transformations_tried(2).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(transformations_tried(8).len(), 8);
    }
}
