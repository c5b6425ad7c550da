//! The eight board symmetries, numbered exactly as GNU Go numbers them
//! (`transformation2[ll]` in its `transform.c`), applied to relative offsets
//! `(di, dj)` with `di` growing downwards and `dj` to the right.

/// One of the eight symmetries of the square, by GNU Go number `0..8`.
///
/// | number | image of `(i, j)` | meaning |
/// |---|---|---|
/// | 0 | `(i, j)` | identity |
/// | 1 | `(j, -i)` | rotate 90° clockwise |
/// | 2 | `(-i, -j)` | rotate 180° |
/// | 3 | `(-j, i)` | rotate 90° counter-clockwise |
/// | 4 | `(-j, -i)` | mirror in the anti-diagonal |
/// | 5 | `(-i, j)` | flip upside down |
/// | 6 | `(j, i)` | transpose |
/// | 7 | `(i, -j)` | mirror left–right |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transform(u8);

/// `[[a, b], [c, d]]` with `(i', j') = (a·i + b·j, c·i + d·j)`, indexed by
/// transformation number.
pub const MATRICES: [[[i32; 2]; 2]; 8] = [
    [[1, 0], [0, 1]],
    [[0, 1], [-1, 0]],
    [[-1, 0], [0, -1]],
    [[0, -1], [1, 0]],
    [[0, -1], [-1, 0]],
    [[-1, 0], [0, 1]],
    [[0, 1], [1, 0]],
    [[1, 0], [0, -1]],
];

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = Transform(0);

    /// All eight transformations in GNU Go order.
    pub const ALL: [Transform; 8] = [
        Transform(0),
        Transform(1),
        Transform(2),
        Transform(3),
        Transform(4),
        Transform(5),
        Transform(6),
        Transform(7),
    ];

    /// The transformation with GNU Go number `number`, or `None` if it is not
    /// in `0..8`.
    pub const fn new(number: u8) -> Option<Transform> {
        if number < 8 {
            Some(Transform(number))
        } else {
            None
        }
    }

    /// The GNU Go number (`ll`), `0..8`.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The matrix `[[a, b], [c, d]]` of this transformation.
    pub const fn matrix(self) -> [[i32; 2]; 2] {
        MATRICES[self.0 as usize]
    }

    /// The image of the relative offset `(di, dj)`.
    #[inline]
    pub const fn apply(self, di: i32, dj: i32) -> (i32, i32) {
        let m = MATRICES[self.0 as usize];
        (m[0][0] * di + m[0][1] * dj, m[1][0] * di + m[1][1] * dj)
    }

    /// `self ∘ first`: the transformation that applies `first`, then `self`.
    pub const fn after(self, first: Transform) -> Transform {
        let a = MATRICES[self.0 as usize];
        let b = MATRICES[first.0 as usize];
        let product = [
            [
                a[0][0] * b[0][0] + a[0][1] * b[1][0],
                a[0][0] * b[0][1] + a[0][1] * b[1][1],
            ],
            [
                a[1][0] * b[0][0] + a[1][1] * b[1][0],
                a[1][0] * b[0][1] + a[1][1] * b[1][1],
            ],
        ];
        let mut k = 0;
        while k < 8 {
            let m = MATRICES[k];
            if m[0][0] == product[0][0]
                && m[0][1] == product[0][1]
                && m[1][0] == product[1][0]
                && m[1][1] == product[1][1]
            {
                return Transform(k as u8);
            }
            k += 1;
        }
        // The eight matrices form a group, so the product is always found.
        Transform(0)
    }

    /// The inverse transformation.
    pub const fn inverse(self) -> Transform {
        let mut k = 0;
        while k < 8 {
            if Transform(k).after(self).0 == 0 {
                return Transform(k);
            }
            k += 1;
        }
        Transform(0)
    }

    /// GNU Go's documentation letter (`a`…`h`) for this transformation.
    pub const fn letter(self) -> char {
        [b'a', b'g', b'd', b'f', b'h', b'b', b'e', b'c'][self.0 as usize] as char
    }
}

/// The transformations a pattern with `trfno` is tried with, in the order
/// the matcher tries them: `0..trfno`, except `trfno == 5` (GNU Go's
/// "`O` symmetry" convention) which means 2, 3, 4, 5.
pub const fn transformations_for_trfno(trfno: u8) -> std::ops::Range<u8> {
    if trfno == 5 {
        2..6
    } else {
        0..(if trfno > 8 { 8 } else { trfno })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        // compilation.md §7.2: T1(-1, 0) = (0, 1), T1(-1, 1) = (1, 1).
        assert_eq!(Transform(1).apply(-1, 0), (0, 1));
        assert_eq!(Transform(1).apply(-1, 1), (1, 1));
        assert_eq!(Transform(4).apply(1, 2), (-2, -1));
        assert_eq!(Transform(6).apply(1, 2), (2, 1));
    }

    #[test]
    fn group_laws() {
        for a in Transform::ALL {
            assert_eq!(a.inverse().after(a), Transform::IDENTITY);
            for b in Transform::ALL {
                let c = a.after(b);
                for (i, j) in [(1, 0), (0, 1), (2, -3)] {
                    let (bi, bj) = b.apply(i, j);
                    assert_eq!(c.apply(i, j), a.apply(bi, bj));
                }
            }
        }
    }

    #[test]
    fn trfno_sets() {
        assert_eq!(transformations_for_trfno(8), 0..8);
        assert_eq!(transformations_for_trfno(4), 0..4);
        assert_eq!(transformations_for_trfno(2), 0..2);
        assert_eq!(transformations_for_trfno(5), 2..6);
    }
}
