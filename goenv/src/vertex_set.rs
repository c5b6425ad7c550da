//! Sets of vertices of a board's padded array as bitsets, with the shifts
//! that find every vertex next to a member: the legal mask is computed with
//! them a whole board at a time.

use goban::MAX_SIZE;

/// Words needed for the largest padded array.
const WORDS: usize = ((MAX_SIZE + 2) * (MAX_SIZE + 1)).div_ceil(64);

/// A set of vertices (indices into a board's padded array). Only the first
/// `active` words are used, so small boards pay for small sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VertexSet {
    words: [u64; WORDS],
    active: usize,
}

impl VertexSet {
    /// An empty set for a padded array of `vertices` entries.
    pub fn new(vertices: usize) -> VertexSet {
        debug_assert!(vertices <= WORDS * 64);
        VertexSet {
            words: [0; WORDS],
            active: vertices.div_ceil(64),
        }
    }

    /// Adds `v`.
    #[inline]
    pub fn insert(&mut self, v: usize) {
        self.words[v / 64] |= 1 << (v % 64);
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: usize) {
        self.words[v / 64] &= !(1 << (v % 64));
    }

    /// Whether `v` is a member.
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.words[v / 64] & (1 << (v % 64)) != 0
    }

    /// Removes every member.
    pub fn clear(&mut self) {
        self.words = [0; WORDS];
    }

    /// Members.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether there is no member.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Every vertex `v` with `v - 1`, `v + 1`, `v - stride` or `v + stride`
    /// in the set (`0 < stride < 64`). Vertices past the padded array's
    /// ends are dropped.
    #[inline]
    pub fn next_to_members(&self, stride: usize) -> VertexSet {
        let mut out = VertexSet {
            words: [0; WORDS],
            active: self.active,
        };
        let w = &self.words;
        for i in 0..self.active {
            let below = if i > 0 { w[i - 1] } else { 0 };
            let above = if i + 1 < self.active { w[i + 1] } else { 0 };
            let up_1 = (w[i] << 1) | (below >> 63);
            let down_1 = (w[i] >> 1) | (above << 63);
            let up_s = (w[i] << stride) | (below >> (64 - stride));
            let down_s = (w[i] >> stride) | (above << (64 - stride));
            out.words[i] = up_1 | down_1 | up_s | down_s;
        }
        out
    }

    /// Members of `self` that are also in `other`.
    #[inline]
    pub fn and(&self, other: &VertexSet) -> VertexSet {
        let mut out = *self;
        for i in 0..self.active {
            out.words[i] &= other.words[i];
        }
        out
    }

    /// Members of `self` that are not in `other`.
    #[inline]
    pub fn and_not(&self, other: &VertexSet) -> VertexSet {
        let mut out = *self;
        for i in 0..self.active {
            out.words[i] &= !other.words[i];
        }
        out
    }

    /// The `k`-th member in ascending order (from 0), `None` when there
    /// are not that many.
    #[inline]
    pub fn select(&self, mut k: usize) -> Option<usize> {
        for (i, &word) in self.words[..self.active].iter().enumerate() {
            let count = word.count_ones() as usize;
            if k < count {
                let mut bits = word;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Some(i * 64 + bits.trailing_zeros() as usize);
            }
            k -= count;
        }
        None
    }

    /// The members, ascending.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words[..self.active]
            .iter()
            .enumerate()
            .flat_map(|(i, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(i * 64 + bit)
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn neighbours_of_members_match_a_plain_scan(
            vertices in 1usize..=702,
            stride in 2usize..=26,
            members in proptest::collection::vec(0usize..702, 0..60),
        ) {
            let mut set = VertexSet::new(vertices);
            let members: Vec<usize> = members.into_iter().filter(|&m| m < vertices).collect();
            for &m in &members {
                set.insert(m);
            }
            let next = set.next_to_members(stride);
            for v in 0..vertices {
                let expected = members.iter().any(|&m| m + 1 == v || v + 1 == m || m + stride == v || v + stride == m);
                prop_assert_eq!(next.contains(v), expected, "vertex {}", v);
            }
            let listed: Vec<usize> = set.iter().collect();
            let mut sorted = members.clone();
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(&listed, &sorted);
            prop_assert_eq!(set.len(), sorted.len());
            for (k, &m) in sorted.iter().enumerate() {
                prop_assert_eq!(set.select(k), Some(m));
            }
            prop_assert_eq!(set.select(sorted.len()), None);
            let half: VertexSet = {
                let mut h = VertexSet::new(vertices);
                for &m in sorted.iter().step_by(2) { h.insert(m); }
                h
            };
            prop_assert_eq!(set.and(&half), half);
            prop_assert_eq!(set.and_not(&half).len(), sorted.len() - half.len());
        }
    }
}
