//! A small, fast, seedable random number generator (xorshift64*), owned by
//! whoever plays random moves: no global state, the same seed gives the same
//! games on every machine.

/// xorshift64* (Vigna): 64 bits of state, one multiply per draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator from any seed (0 included: the seed is scrambled by
    /// splitmix64 first, so the state is never zero).
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Rng {
            state: if z == 0 { 0x2545_f491_4f6c_dd1d } else { z },
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A uniform integer in `0..bound` (`bound >= 1`), by Lemire's
    /// multiply-shift (bias below 2^-32 for the bounds used here).
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// A fair coin: 0 or 1.
    #[inline]
    pub fn bit(&mut self) -> u8 {
        (self.next_u64() >> 63) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_draws_stay_in_bounds() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let mut counts = [0usize; 5];
        for _ in 0..10_000 {
            let x = a.below(5);
            assert_eq!(x, b.below(5));
            counts[x] += 1;
        }
        // Roughly uniform: every value within 20% of 2000.
        assert!(
            counts.iter().all(|&c| (1600..2400).contains(&c)),
            "{counts:?}"
        );
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        assert_eq!(Rng::new(0).below(1), 0);
    }
}
