//! Move reasons (GNU Go's move reason store, `move-generation.md` §1–2):
//! for every candidate point, what playing there achieves ([`Reason`]s)
//! and what the matched patterns say about its value ([`PatternFacts`]).
//! Generators add reasons; the valuation turns a point's reasons into a
//! value. A reason carries no value of its own.
//!
//! [`MoveReasons`] is the store for one position and one colour to move.
//! It keeps points in board order and each point's reasons in the order
//! they were added, so everything printed from it is deterministic;
//! [`MoveReasons::lines`] prints a point as GTP `move_reasons` does.

pub mod kinds;

use std::collections::BTreeMap;

use goban::{Color, Geometry, Vertex};

pub use kinds::{KoResult, Reason};

/// Most reasons one move keeps (GNU Go's limit).
pub const MAX_REASONS_PER_MOVE: usize = 120;

/// What matched patterns say about a move's value, beside its reasons
/// (GNU Go's per-move pattern data, `spec/matching-semantics.md` §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PatternFacts {
    /// The largest minimum value any pattern set (0 when none did).
    pub min_value: f32,
    /// The smallest maximum value any pattern set (`None` when none did).
    pub max_value: Option<f32>,
    /// The largest minimum territorial value any pattern set.
    pub min_territory: f32,
    /// The smallest maximum territorial value any pattern set.
    pub max_territory: Option<f32>,
    /// The largest positive shape contribution.
    pub shape_positive_max: f32,
    /// How many positive shape contributions there were.
    pub shape_positive_count: u32,
    /// The largest negative shape contribution, as a positive number.
    pub shape_negative_max: f32,
    /// How many negative shape contributions there were.
    pub shape_negative_count: u32,
    /// Followup value set by patterns (the largest).
    pub followup: f32,
    /// Reverse followup value set by patterns (the largest).
    pub reverse_followup: f32,
    /// Scale of the random term (a pattern attribute; 0 when none set it,
    /// which means the default scale).
    pub randomness: f32,
}

impl PatternFacts {
    /// Records one pattern's shape value: the largest of each sign and the
    /// count of each sign.
    pub fn add_shape(&mut self, value: f32) {
        if value > 0.0 {
            self.shape_positive_max = self.shape_positive_max.max(value);
            self.shape_positive_count += 1;
        } else if value < 0.0 {
            self.shape_negative_max = self.shape_negative_max.max(-value);
            self.shape_negative_count += 1;
        }
    }

    /// Raises the minimum value to at least `value`.
    pub fn add_min_value(&mut self, value: f32) {
        self.min_value = self.min_value.max(value);
    }

    /// Lowers the maximum value to at most `value`.
    pub fn add_max_value(&mut self, value: f32) {
        self.max_value = Some(self.max_value.map_or(value, |m| m.min(value)));
    }

    /// Raises the minimum territorial value to at least `value`.
    pub fn add_min_territory(&mut self, value: f32) {
        self.min_territory = self.min_territory.max(value);
    }

    /// Lowers the maximum territorial value to at most `value`.
    pub fn add_max_territory(&mut self, value: f32) {
        self.max_territory = Some(self.max_territory.map_or(value, |m| m.min(value)));
    }
}

/// Everything recorded about one candidate point.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MoveEntry {
    /// Its reasons, in the order they were added, without repeats.
    pub reasons: Vec<Reason>,
    /// What patterns said about its value.
    pub facts: PatternFacts,
    /// Set when the move was found strategically or tactically unsafe
    /// (printed last by `move_reasons`; not a reason).
    pub unsafe_move: bool,
    /// A point a pattern said should be played instead (GNU Go's
    /// replacement moves; the valuation redistributes the value there).
    pub replaced_by: Option<Vertex>,
}

/// The move reasons of one position for one colour to move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReasons {
    /// The colour the reasons are for.
    pub color: Color,
    geometry: Geometry,
    entries: BTreeMap<Vertex, MoveEntry>,
}

impl MoveReasons {
    /// An empty store.
    pub fn new(geometry: Geometry, color: Color) -> MoveReasons {
        MoveReasons {
            color,
            geometry,
            entries: BTreeMap::new(),
        }
    }

    /// The board the store is for.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Adds a reason to a point; a repeated reason, or one past
    /// [`MAX_REASONS_PER_MOVE`], is dropped. Says whether it was added.
    pub fn add(&mut self, at: Vertex, reason: Reason) -> bool {
        let entry = self.entries.entry(at).or_default();
        if entry.reasons.contains(&reason) || entry.reasons.len() >= MAX_REASONS_PER_MOVE {
            return false;
        }
        entry.reasons.push(reason);
        true
    }

    /// The entry of a point, made empty if it had none (for pattern facts,
    /// the safety flag and replacements).
    pub fn entry(&mut self, at: Vertex) -> &mut MoveEntry {
        self.entries.entry(at).or_default()
    }

    /// The entry of a point, if anything was recorded there.
    pub fn get(&self, at: Vertex) -> Option<&MoveEntry> {
        self.entries.get(&at)
    }

    /// The points with an entry, in vertex order (board order), with
    /// their entries.
    pub fn iter(&self) -> impl Iterator<Item = (Vertex, &MoveEntry)> {
        self.entries.iter().map(|(&v, e)| (v, e))
    }

    /// The reasons of a point (empty when it has none).
    pub fn reasons(&self, at: Vertex) -> &[Reason] {
        self.entries.get(&at).map_or(&[], |e| &e.reasons)
    }

    /// The point's reasons as GTP `move_reasons` prints them: decreasing
    /// kind code, later additions first within a kind, the safety flag
    /// last (`move-generation.md` §5.1).
    pub fn lines(&self, at: Vertex) -> Vec<String> {
        let Some(entry) = self.entries.get(&at) else {
            return Vec::new();
        };
        let mut order: Vec<(usize, &Reason)> = entry.reasons.iter().enumerate().collect();
        order.sort_by(|(i, a), (j, b)| b.code().cmp(&a.code()).then(j.cmp(i)));
        let mut lines: Vec<String> = order
            .into_iter()
            .flat_map(|(_, r)| r.lines(self.geometry, at))
            .collect();
        if entry.unsafe_move {
            lines.push(format!(
                "Move at {} strategically or tactically unsafe",
                self.geometry.gtp(at)
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(g: Geometry, s: &str) -> Vertex {
        g.parse_gtp(s).unwrap()
    }

    #[test]
    fn prints_in_decreasing_code_and_reverse_addition_order() {
        // pub02_9x9-5_34, White, D5 (move-generation.md §5.1).
        let g = Geometry::square(9).unwrap();
        let mut store = MoveReasons::new(g, Color::White);
        let at = v(g, "D5");
        store.add(at, Reason::AttackThreat { target: v(g, "D6") });
        store.add(
            at,
            Reason::Attack {
                target: v(g, "C5"),
                ko: KoResult::GoodKo,
                defenseless: false,
            },
        );
        store.add(
            at,
            Reason::Cut {
                a: v(g, "D6"),
                b: v(g, "C5"),
            },
        );
        store.add(
            at,
            Reason::Cut {
                a: v(g, "C5"),
                b: v(g, "D4"),
            },
        );
        store.add(
            at,
            Reason::Cut {
                a: v(g, "C5"),
                b: v(g, "E5"),
            },
        );
        store.add(
            at,
            Reason::OwlAttack {
                target: v(g, "C5"),
                ko: KoResult::Win,
            },
        );
        store.add(at, Reason::StrategicDefend { target: v(g, "C7") });
        assert!(!store.add(at, Reason::StrategicDefend { target: v(g, "C7") }));
        assert_eq!(
            store.lines(at),
            [
                "Move at D5 strategically defends C7",
                "Move at D5 owl-attacks C5",
                "Move at D5 cuts C5 and E5",
                "Move at D5 cuts C5 and D4",
                "Move at D5 cuts D6 and C5",
                "Move at D5 attacks C5 with good ko",
                "Move at D5 threatens to attack D6",
            ]
        );
    }

    #[test]
    fn combination_attack_prints_two_lines_and_safety_flag_comes_last() {
        let g = Geometry::square(9).unwrap();
        let mut store = MoveReasons::new(g, Color::Black);
        let at = v(g, "E5");
        store.add(at, Reason::MyAtariAtari { target: v(g, "E6") });
        store.add(at, Reason::ExpandMoyo);
        store.entry(at).unsafe_move = true;
        assert_eq!(
            store.lines(at),
            [
                "Move at E5 captures something",
                "Move at E5 defends against combination attack",
                "Move at E5 expands moyo",
                "Move at E5 strategically or tactically unsafe",
            ]
        );
        assert!(store.lines(v(g, "A1")).is_empty());
    }

    #[test]
    fn shape_facts_keep_the_largest_of_each_sign_and_counts() {
        let mut facts = PatternFacts::default();
        for s in [5.0, 3.0, -2.0, -1.0, 0.0] {
            facts.add_shape(s);
        }
        assert_eq!(
            (facts.shape_positive_max, facts.shape_positive_count),
            (5.0, 2)
        );
        assert_eq!(
            (facts.shape_negative_max, facts.shape_negative_count),
            (2.0, 2)
        );
        facts.add_max_value(30.0);
        facts.add_max_value(20.0);
        assert_eq!(facts.max_value, Some(20.0));
    }
}
