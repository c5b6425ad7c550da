//! The `.dtr` optimiser (`mkpat -d N -t FILE.dtr`, compilation.md §14.5):
//! chooses, for every pattern of a DFA database, which of its `trfno`
//! orientations enters the automaton, so that the automaton has fewer
//! states. Any choice matches the same positions (the runtime tries all
//! eight transformations); only the automaton's size changes.
//!
//! The search is a randomised hill climb: start from the hints of the
//! `.dtr` file (the shortest string where a pattern has none), then for N
//! steps re-orient a few random patterns, rebuild the automaton and keep the
//! change when the state count went down. The random numbers come from a
//! small seeded generator ([`SplitMix64`]); the default seed is the starting
//! state count plus the number of patterns (GNU Go seeds the same way, with
//! its own generator), so the same inputs always give the same file. GNU Go's
//! exact random sequence is not reproduced.
//!
//! The written file has one `NAME<TAB>INDEX` line per pattern, INDEX being
//! the chosen orientation's position in the pattern's list. For `O`-symmetric
//! patterns (orientations 2..=5) that position is 0..=3 while the compiler
//! reads a hint as a transformation number — GNU Go's quirk, reproduced by
//! default and harmless since any hint is valid; [`DtrStyle::Transformations`]
//! writes the transformation numbers instead.

use super::automaton::build_dfa;
use super::hints::TransformationHints;
use super::string::rotate_string;
use crate::compile::extents::transformations_tried;
use crate::ir::{CompiledDb, DbType};

/// The orientations of one pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternVariations {
    /// The pattern name.
    pub name: String,
    /// The transformation of variation 0 (2 for `O` symmetry, else 0);
    /// variation k is transformation `first_transformation + k`.
    pub first_transformation: u8,
    /// The DFA string of each orientation, in transformation order.
    pub strings: Vec<Vec<u8>>,
}

impl PatternVariations {
    /// The transformation number of variation `k`.
    pub fn transformation(&self, k: usize) -> u8 {
        self.first_transformation + k as u8
    }

    /// The variation of the first shortest string.
    pub fn shortest(&self) -> usize {
        let mut best = 0;
        for (k, s) in self.strings.iter().enumerate() {
            if s.len() < self.strings[best].len() {
                best = k;
            }
        }
        best
    }

    /// The starting variation: the one whose transformation is the pattern's
    /// hint, or the shortest when the hint file does not list the pattern.
    /// A listed hint that is none of the pattern's transformations (an `O`
    /// pattern's 0 or 1, as GNU Go's optimiser itself writes them) also
    /// starts from the shortest; GNU Go reads out of bounds there.
    pub fn starting_variation(&self, hints: &TransformationHints) -> usize {
        match hints.listed(&self.name) {
            Some(hint) if hint >= self.first_transformation => {
                let k = usize::from(hint - self.first_transformation);
                if k < self.strings.len() {
                    k
                } else {
                    self.shortest()
                }
            }
            _ => self.shortest(),
        }
    }
}

/// The orientations of every pattern of a DFA database compiled without
/// hints (so that each pattern's `dfa_string` is unrotated).
pub fn variations(db: &CompiledDb) -> Result<Vec<PatternVariations>, String> {
    if db.db_type != DbType::Dfa {
        return Err("the .dtr optimiser needs a DFA database (-D)".into());
    }
    db.patterns
        .iter()
        .map(|p| {
            if p.transformation_hint != 0 {
                return Err(format!(
                    "pattern {} was compiled with hint {}; compile without hints",
                    p.name, p.transformation_hint
                ));
            }
            let string = p.dfa_string.as_deref().unwrap_or_default();
            let tried = transformations_tried(p.trfno);
            Ok(PatternVariations {
                name: p.name.clone(),
                first_transformation: tried.start,
                strings: tried.map(|t| rotate_string(string, t)).collect(),
            })
        })
        .collect()
}

/// Number of states of the automaton for these strings, the error state not
/// counted (the figure GNU Go reports).
pub fn state_count(strings: &[Vec<u8>]) -> usize {
    build_dfa(strings).states.len().saturating_sub(1)
}

/// The strings of a choice of variations.
pub fn chosen_strings(patterns: &[PatternVariations], chosen: &[usize]) -> Vec<Vec<u8>> {
    patterns
        .iter()
        .zip(chosen)
        .map(|(p, &k)| p.strings[k].clone())
        .collect()
}

/// SplitMix64: a tiny, well-mixed, seedable generator (Steele, Lea and
/// Flood 2014), enough for choosing which patterns to re-orient.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator with this seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// What one optimisation step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// 1-based step number.
    pub step: u32,
    /// Patterns re-oriented in this step.
    pub changed: usize,
    /// States of the trial automaton.
    pub trial_states: usize,
    /// Fewest states so far (after this step).
    pub best_states: usize,
    /// Whether the trial was kept.
    pub improved: bool,
}

/// The result of an optimisation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Optimised {
    /// The chosen variation of each pattern.
    pub chosen: Vec<usize>,
    /// States of the starting automaton.
    pub initial_states: usize,
    /// States of the automaton of `chosen`.
    pub final_states: usize,
    /// Steps that were run (0 when no pattern has two distinct orientations).
    pub steps: u32,
    /// Steps that were kept.
    pub improvements: u32,
}

/// Expected number of patterns re-oriented per step, at the start.
const INITIAL_CHANGES_PER_STEP: f64 = 1.0;
/// Bounds of the expected number of re-oriented patterns per step.
const CHANGES_PER_STEP_RANGE: (f64, f64) = (1.0, 8.0);
/// Largest probability of re-orienting one pattern in a step (small
/// databases would otherwise flip every pattern at once).
const MAX_CHANGE_RATE: f64 = 0.5;
/// Failed steps in a row after which the change rate is perturbed.
const PATIENCE: u32 = 25;

/// Runs `iterations` improvement steps from `start` with the generator seeded
/// by `seed`, calling `on_step` after each. The state count of the result is
/// never above the start's.
pub fn optimise(
    patterns: &[PatternVariations],
    start: Vec<usize>,
    iterations: u32,
    seed: u64,
    mut on_step: impl FnMut(&Step),
) -> Optimised {
    let initial_states = state_count(&chosen_strings(patterns, &start));
    // For each pattern, its variations whose string differs from another's:
    // re-orienting to an equal string cannot change the automaton.
    let movable: Vec<usize> = (0..patterns.len())
        .filter(|&p| {
            let strings = &patterns[p].strings;
            strings.iter().any(|s| *s != strings[0])
        })
        .collect();
    let mut result = Optimised {
        chosen: start,
        initial_states,
        final_states: initial_states,
        steps: 0,
        improvements: 0,
    };
    if movable.is_empty() {
        return result;
    }
    let mut rng = SplitMix64::new(seed);
    let n = movable.len() as f64;
    let (low, high) = (
        (CHANGES_PER_STEP_RANGE.0 / n).min(MAX_CHANGE_RATE),
        (CHANGES_PER_STEP_RANGE.1 / n).min(MAX_CHANGE_RATE),
    );
    let mut rate = (INITIAL_CHANGES_PER_STEP / n).clamp(low, high);
    let mut failures = 0;
    let mut trial = result.chosen.clone();
    let mut strings = chosen_strings(patterns, &trial);
    for step in 1..=iterations {
        let mut changed = Vec::new();
        for &p in &movable {
            if rng.unit() < rate {
                changed.push(p);
            }
        }
        if changed.is_empty() {
            changed.push(movable[rng.below(movable.len())]);
        }
        for &p in &changed {
            let variations = &patterns[p].strings;
            let current = &variations[trial[p]];
            let others: Vec<usize> = (0..variations.len())
                .filter(|&k| variations[k] != *current)
                .collect();
            trial[p] = others[rng.below(others.len())];
            strings[p].clone_from(&variations[trial[p]]);
        }
        let trial_states = state_count(&strings);
        let improved = trial_states < result.final_states;
        if improved {
            result.chosen.clone_from(&trial);
            result.final_states = trial_states;
            result.improvements += 1;
            failures = 0;
        } else {
            for &p in &changed {
                trial[p] = result.chosen[p];
                strings[p].clone_from(&patterns[p].strings[trial[p]]);
            }
            failures += 1;
            if failures >= PATIENCE {
                // Stuck: try larger or smaller moves.
                rate = (rate * (0.5 + 1.5 * rng.unit())).clamp(low, high);
                failures = 0;
            }
        }
        result.steps = step;
        on_step(&Step {
            step,
            changed: changed.len(),
            trial_states,
            best_states: result.final_states,
            improved,
        });
    }
    result
}

/// How the written `.dtr` file numbers the chosen orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DtrStyle {
    /// GNU Go's: the position in the pattern's orientation list.
    #[default]
    Index,
    /// The transformation number (what the compiler reads a hint as).
    Transformations,
}

/// The `.dtr` text: `NAME<TAB>INDEX` per pattern, in pattern order.
pub fn dtr_text(patterns: &[PatternVariations], chosen: &[usize], style: DtrStyle) -> String {
    let mut out = String::new();
    for (p, &k) in patterns.iter().zip(chosen) {
        let number = match style {
            DtrStyle::Index => k,
            DtrStyle::Transformations => usize::from(p.transformation(k)),
        };
        out.push_str(&p.name);
        out.push('\t');
        out.push_str(&number.to_string());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> Vec<PatternVariations> {
        // Two patterns whose orientation 1 shares a prefix with the other's
        // orientation 0.
        let v = |name: &str, strings: &[&[u8]]| PatternVariations {
            name: name.into(),
            first_transformation: 0,
            strings: strings.iter().map(|s| s.to_vec()).collect(),
        };
        vec![
            v("A", &[b"OXX.", b"O..X"]),
            v("B", &[b"O..O", b"OXXO"]),
            v("C", &[b"X", b"X"]),
        ]
    }

    #[test]
    fn shortest_and_hints() {
        let p = PatternVariations {
            name: "P".into(),
            first_transformation: 2,
            strings: vec![
                b"OOO".to_vec(),
                b"O".to_vec(),
                b"OO".to_vec(),
                b"O".to_vec(),
            ],
        };
        assert_eq!(p.shortest(), 1);
        let hints = TransformationHints::parse("P 4").unwrap();
        assert_eq!(p.starting_variation(&hints), 2);
        let hints = TransformationHints::parse("P 1").unwrap();
        assert_eq!(p.starting_variation(&hints), 1, "not an O orientation");
        assert_eq!(p.starting_variation(&TransformationHints::none()), 1);
    }

    #[test]
    fn climbing_finds_the_shared_prefix_and_never_grows() {
        let patterns = toy();
        let start = vec![0, 0, 0];
        let before = state_count(&chosen_strings(&patterns, &start));
        let mut seen = Vec::new();
        let result = optimise(&patterns, start.clone(), 40, 7, |s| seen.push(*s));
        assert_eq!(result.initial_states, before);
        assert!(result.final_states <= before);
        assert_eq!(
            result.final_states,
            state_count(&chosen_strings(&patterns, &result.chosen))
        );
        // Every pairing of the two orientations is tried within 40 steps;
        // the best one shares the most prefix states.
        let best = (0..4)
            .map(|m| state_count(&chosen_strings(&patterns, &[m & 1, m >> 1, 0])))
            .min()
            .unwrap();
        assert_eq!(result.final_states, best);
        assert_eq!(seen.len(), 40);
        assert!(
            seen.windows(2)
                .all(|w| w[1].best_states <= w[0].best_states)
        );
        // C has one distinct orientation: never moved.
        assert_eq!(result.chosen[2], 0);
        // Zero steps keep the start.
        let kept = optimise(&patterns, start.clone(), 0, 7, |_| {});
        assert_eq!(kept.chosen, start);
        assert_eq!(kept.final_states, before);
    }

    #[test]
    fn same_seed_same_result() {
        let patterns = toy();
        let a = optimise(&patterns, vec![0, 0, 0], 10, 99, |_| {});
        let b = optimise(&patterns, vec![0, 0, 0], 10, 99, |_| {});
        assert_eq!(a, b);
    }

    #[test]
    fn dtr_lines() {
        let mut patterns = toy();
        patterns[1].first_transformation = 2;
        assert_eq!(
            dtr_text(&patterns, &[1, 1, 0], DtrStyle::Index),
            "A\t1\nB\t1\nC\t0\n"
        );
        assert_eq!(
            dtr_text(&patterns, &[1, 1, 0], DtrStyle::Transformations),
            "A\t1\nB\t3\nC\t0\n"
        );
    }

    #[test]
    fn generator_is_uniform_enough() {
        let mut rng = SplitMix64::new(1);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            counts[rng.below(4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
        assert!((0..100).all(|_| (0.0..1.0).contains(&rng.unit())));
    }
}
