//! The tactical part's per-position memo: every tactical answer keyed by
//! the function (the `o` form of an `x`/`o` pair), the colour that moves
//! first, the position hash with the ko point, the reading stack depth and
//! the resolved points, with counts of how often it answered.

use goban::{Color, Vertex};
use matcher::autohelper::Autohelper;
use matcher::context::Point;
use rustc_hash::FxHashMap;

/// How often the memo answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemoStats {
    /// Calls answered from the memo.
    pub hits: u64,
    /// Calls computed (and then stored).
    pub misses: u64,
}

impl MemoStats {
    /// Hits over all calls (0 when there was none).
    pub fn hit_rate(self) -> f64 {
        let calls = self.hits + self.misses;
        if calls == 0 {
            0.0
        } else {
            self.hits as f64 / calls as f64
        }
    }
}

/// A memoised answer: the value and, for reading, the move found.
pub(super) type Answer = (i32, Option<Vertex>);

/// A memo key: the function (the `o` form of an `x`/`o` pair), the colour
/// that moves first or plays (`None` for functions that do not depend on
/// it), the position hash with the ko point, the reading stack depth, and
/// the resolved points: the moves (`None` = tenuki) and then the targets
/// (a string by its origin where the function reads a string).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct MemoKey {
    pub(super) function: Autohelper,
    pub(super) mover: Option<Color>,
    pub(super) hash: u64,
    /// Moves on the reading stack: reading depth limits count them, so a
    /// position reached at another depth may read differently.
    pub(super) depth: usize,
    pub(super) points: Vec<Option<Point>>,
}

/// The memo: answers by key, on by default.
#[derive(Debug, Clone)]
pub(super) struct Memo {
    entries: FxHashMap<MemoKey, Answer>,
    enabled: bool,
    stats: MemoStats,
}

impl Memo {
    /// An empty memo, on.
    pub(super) fn new() -> Memo {
        Memo {
            entries: FxHashMap::default(),
            enabled: true,
            stats: MemoStats::default(),
        }
    }

    /// The answer stored under `key`, counted as a hit.
    pub(super) fn lookup(&mut self, key: &MemoKey) -> Option<Answer> {
        let answer = self.entries.get(key).copied()?;
        self.stats.hits += 1;
        Some(answer)
    }

    /// An answer computed for `key`: counted as a miss, stored while the
    /// memo is on.
    pub(super) fn store(&mut self, key: MemoKey, answer: Answer) {
        self.stats.misses += 1;
        if self.enabled {
            self.entries.insert(key, answer);
        }
    }

    /// Forgets every answer (the counts stay).
    pub(super) fn clear(&mut self) {
        self.entries.clear();
    }

    /// Turns the memo on or off; turning it off empties it.
    pub(super) fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
        if !enabled {
            self.entries.clear();
        }
    }

    /// Entries stored.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// How often it answered.
    pub(super) fn stats(&self) -> MemoStats {
        self.stats
    }
}
