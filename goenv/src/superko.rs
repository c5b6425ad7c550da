//! The positions a game has seen, for positional superko: a set of board
//! hashes (open addressing, linear probing) that empties in constant time
//! at the start of each game (generation stamps), so a reset allocates
//! nothing.

/// A set of 64-bit board hashes.
#[derive(Debug, Clone)]
pub struct PositionSet {
    keys: Vec<u64>,
    /// The generation in which each slot was written; other slots are free.
    stamps: Vec<u32>,
    generation: u32,
    len: usize,
}

impl PositionSet {
    /// An empty set sized for about `expected` positions without growing.
    pub fn with_capacity(expected: usize) -> PositionSet {
        let slots = (expected.max(16) * 2).next_power_of_two();
        PositionSet {
            keys: vec![0; slots],
            stamps: vec![0; slots],
            generation: 1,
            len: 0,
        }
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.fill(0);
            self.generation = 1;
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn slot_of(&self, hash: u64) -> usize {
        // The hash is already uniform; mix the high bits in anyway.
        ((hash ^ (hash >> 29)) as usize) & (self.keys.len() - 1)
    }

    /// Whether `hash` is held.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.probe(hash).is_ok()
    }

    /// Looks `hash` up by linear probing: `Ok(slot)` where it is held, or
    /// `Err(slot)`, the free slot where it would go.
    #[inline]
    fn probe(&self, hash: u64) -> Result<usize, usize> {
        let mask = self.keys.len() - 1;
        let mut slot = self.slot_of(hash);
        while self.stamps[slot] == self.generation {
            if self.keys[slot] == hash {
                return Ok(slot);
            }
            slot = (slot + 1) & mask;
        }
        Err(slot)
    }

    /// Adds `hash`; returns whether it was already held.
    #[inline]
    pub fn insert(&mut self, hash: u64) -> bool {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let slot = match self.probe(hash) {
            Ok(_) => return true,
            Err(free) => free,
        };
        self.stamps[slot] = self.generation;
        self.keys[slot] = hash;
        self.len += 1;
        false
    }

    fn grow(&mut self) {
        let held: Vec<u64> = (0..self.keys.len())
            .filter(|&s| self.stamps[s] == self.generation)
            .map(|s| self.keys[s])
            .collect();
        let slots = self.keys.len() * 2;
        self.keys = vec![0; slots];
        self.stamps = vec![0; slots];
        self.generation = 1;
        self.len = 0;
        for hash in held {
            self.insert(hash);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    proptest! {
        #[test]
        fn behaves_like_a_hash_set(ops in proptest::collection::vec((0u64..64, any::<bool>()), 0..400)) {
            let mut set = PositionSet::with_capacity(4);
            let mut reference = HashSet::new();
            for (key, clear) in ops {
                // Spread the small keys over the whole range, with collisions
                // in the low bits.
                let hash = key.wrapping_mul(0x1000_0000_0000_0001) << 3;
                if clear && key % 16 == 0 {
                    set.clear();
                    reference.clear();
                    continue;
                }
                prop_assert_eq!(set.contains(hash), reference.contains(&hash));
                prop_assert_eq!(set.insert(hash), !reference.insert(hash));
                prop_assert_eq!(set.len(), reference.len());
            }
        }
    }
}
