//! Zobrist keys: one fixed pseudo-random 64-bit key per (colour, vertex),
//! and one for the side to move. The table is a compile-time constant
//! (splitmix64 from a fixed seed), so hashes are reproducible across runs
//! and there is no global state.

use crate::color::Color;
use crate::geometry::{MAX_VERTICES, Vertex};

const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn build() -> [[u64; MAX_VERTICES]; 2] {
    let mut table = [[0u64; MAX_VERTICES]; 2];
    let mut c = 0;
    while c < 2 {
        let mut v = 0;
        while v < MAX_VERTICES {
            table[c][v] = splitmix64(0x7465_7375_6a69_0000 ^ ((c as u64) << 32) ^ v as u64);
            v += 1;
        }
        c += 1;
    }
    table
}

static KEYS: [[u64; MAX_VERTICES]; 2] = build();

/// The key of a `color` stone at `v`.
#[inline]
pub fn zobrist_key(color: Color, v: Vertex) -> u64 {
    KEYS[color.index()][v.index()]
}

/// The key xor-ed into a hash when White is to move (for situational
/// superko and transposition tables).
pub const fn zobrist_side_key() -> u64 {
    splitmix64(0x7465_7375_6a69_ffff)
}
