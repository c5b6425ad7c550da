//! What `tesuji stats` counts, and how counts add up.
//!
//! [`Tally`] is the working form: counts per pattern by index in the run's
//! [`Databases`], filled one position at a time ([`Tally::add_position`]).
//! [`StatsResult`] is the written form (`--json`): counts per pattern by
//! database and name, plus the skipped files. Every figure is an integer
//! count (rates are computed only for display), so adding results is exact:
//! [`StatsResult::merge`] of the results of any split of a collection
//! equals the result of one run over all of it, in any order.

use std::collections::BTreeMap;

use matcher::board::{PackedBoard, Point};
use serde::{Deserialize, Serialize};
use sgf::game::{GamePosition, Played};

use crate::context::EngineContext;
use crate::front::databases::{Databases, PreparedDatabases};
use crate::front::engine::Engine;
use crate::front::explain::judge_one;
use crate::front::proposals::{PatternValue, pattern_value, rank_points};
use crate::shapes::Verdict;

/// The version of the JSON layout; results of other versions are not
/// merged.
pub const FORMAT: u32 = 1;

/// How far each candidate is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Raw matches only: every raw candidate counts as a proposal.
    Raw,
    /// Every raw candidate judged by the shapes check on the engine's
    /// context; proposals are the accepted and undecided ones.
    Full,
    /// As [`Mode::Full`] for the pattern counts, but move prediction ranks
    /// the moves as `genmove` does: the engine's move generation
    /// ([`crate::Engine::genmove`]: move reasons, valuation, blunder
    /// checks), best value first.
    Valued,
}

/// How one position is counted: a [`Mode`], with the engine that ranks
/// the moves in [`Mode::Valued`].
#[derive(Debug)]
pub enum Counting<'e> {
    /// [`Mode::Raw`].
    Raw,
    /// [`Mode::Full`].
    Full,
    /// [`Mode::Valued`], ranked by this engine's move generation (its
    /// position is replaced).
    Valued(&'e mut Engine),
}

impl Counting<'_> {
    /// The mode.
    pub fn mode(&self) -> Mode {
        match self {
            Counting::Raw => Mode::Raw,
            Counting::Full => Mode::Full,
            Counting::Valued(_) => Mode::Valued,
        }
    }
}

impl Mode {
    /// The mode as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Raw => "raw",
            Mode::Full => "full",
            Mode::Valued => "valued",
        }
    }
}

/// The counts of one pattern.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternCounts {
    /// Raw matches (one per placement: a pattern matching twice with two
    /// transformations counts twice, as `tesuji match` lists it).
    pub hits: u64,
    /// Raw matches the shapes check accepted (full mode).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub accepted: u64,
    /// Raw matches the shapes check left undecided (full mode).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub undecided: u64,
    /// Raw matches the shapes check rejected (full mode).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rejected: u64,
    /// Raw matches whose move was the move played.
    pub played: u64,
    /// Proposals (accepted or undecided; every raw match in raw mode)
    /// whose move was the move played.
    pub proposed_played: u64,
}

fn every_position() -> u32 {
    1
}

fn is_every_position(every: &u32) -> bool {
    *every == 1
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl PatternCounts {
    fn add(&mut self, other: &PatternCounts) {
        self.hits += other.hits;
        self.accepted += other.accepted;
        self.undecided += other.undecided;
        self.rejected += other.rejected;
        self.played += other.played;
        self.proposed_played += other.proposed_played;
    }
}

/// Move prediction: where the move played stands among the points the
/// proposals rank (by pattern value, then number of proposals, then board
/// order: `front::proposals::rank_points`), or, in [`Mode::Valued`], among
/// the moves `genmove` ranks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prediction {
    /// Moves played on a point (passes excluded): the denominator.
    pub moves: u64,
    /// The move played was the first ranked point.
    pub top1: u64,
    /// The move played was among the first five.
    pub top5: u64,
    /// The move played was proposed at all.
    pub proposed: u64,
    /// Moves before which nothing was proposed.
    pub no_proposal: u64,
}

impl Prediction {
    fn add(&mut self, other: &Prediction) {
        self.moves += other.moves;
        self.top1 += other.top1;
        self.top5 += other.top5;
        self.proposed += other.proposed;
        self.no_proposal += other.no_proposal;
    }
}

/// A file that was not counted, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Skipped {
    /// The file as found on the command line or in a directory.
    pub file: String,
    /// Why it was skipped (the loader's message).
    pub cause: String,
}

/// Counts by pattern index, filled position by position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games counted whole.
    pub games: u64,
    /// Positions counted.
    pub positions: u64,
    /// Passes among the moves played.
    pub passes: u64,
    /// Move prediction.
    pub prediction: Prediction,
    /// Per database of the set, per pattern index.
    pub counts: Vec<Vec<PatternCounts>>,
    /// Skipped files.
    pub skipped: Vec<Skipped>,
}

impl Tally {
    /// An empty tally for `set`.
    pub fn new(set: &Databases) -> Tally {
        Tally {
            counts: set
                .shapes
                .iter()
                .map(|s| vec![PatternCounts::default(); s.db.patterns.len()])
                .collect(),
            ..Tally::default()
        }
    }

    /// Adds `other` (a tally for the same set).
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.positions += other.positions;
        self.passes += other.passes;
        self.prediction.add(&other.prediction);
        if self.counts.is_empty() {
            self.counts = other.counts;
        } else {
            for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
                for (a, b) in mine.iter_mut().zip(theirs) {
                    a.add(b);
                }
            }
        }
        self.skipped.extend(other.skipped);
        self
    }

    /// Counts one position: its raw candidates for the colour to move,
    /// judged unless in raw mode, and where the move played ranks.
    pub fn add_position(
        &mut self,
        prepared: &PreparedDatabases,
        game_position: &GamePosition,
        counting: Counting<'_>,
    ) {
        let mode = counting.mode();
        let set = prepared.set();
        let position = &game_position.position;
        self.positions += 1;
        let played = match game_position.played {
            Some(Played::Point(point)) => Some(point),
            Some(Played::Pass) => {
                self.passes += 1;
                None
            }
            None => None,
        };
        // The loader refuses boards that are not square, the only ones the
        // matcher cannot read.
        let Ok(packed) = PackedBoard::try_from(&position.board) else {
            return;
        };
        let color = position.to_move;
        let ko = position
            .ko
            .and_then(|p| position.board.geometry().vertex(p));
        let mut context =
            (mode != Mode::Raw).then(|| EngineContext::new(&position.board, ko, color));
        let mut proposals: Vec<(Point, PatternValue)> = Vec::new();
        for raw in prepared.candidates(&packed, color) {
            let pattern = &set.shapes[raw.db].db.patterns[raw.pattern];
            let counts = &mut self.counts[raw.db][raw.pattern];
            let at_played = played == Some(raw.move_point);
            counts.hits += 1;
            counts.played += u64::from(at_played);
            let proposes = match context.as_mut() {
                None => true,
                Some(ctx) => match judge_one(set, &raw, color, ctx).verdict {
                    Verdict::Accepted => {
                        counts.accepted += 1;
                        true
                    }
                    Verdict::Undecided => {
                        counts.undecided += 1;
                        true
                    }
                    Verdict::Rejected => {
                        counts.rejected += 1;
                        false
                    }
                },
            };
            if proposes {
                counts.proposed_played += u64::from(at_played);
                proposals.push((raw.move_point, PatternValue(pattern_value(pattern))));
            }
        }
        let Some(played) = played else {
            return;
        };
        let prediction = &mut self.prediction;
        prediction.moves += 1;
        if proposals.is_empty() {
            prediction.no_proposal += 1;
        }
        let ranked = match counting {
            Counting::Valued(engine) => {
                engine.set_position(position.board.clone(), ko);
                engine.genmove(color)
            }
            Counting::Raw | Counting::Full => rank_points(proposals),
        };
        if let Some(rank) = ranked.iter().position(|&p| p == played) {
            prediction.proposed += 1;
            prediction.top1 += u64::from(rank == 0);
            prediction.top5 += u64::from(rank < 5);
        }
    }

    /// The written form: counts by database and pattern name (patterns
    /// never matched left out; two patterns of one name added together).
    pub fn into_result(
        self,
        set: &Databases,
        patterns: String,
        mode: Mode,
        every: u32,
        partial: bool,
    ) -> StatsResult {
        let mut by_pattern: BTreeMap<String, BTreeMap<String, PatternCounts>> = BTreeMap::new();
        for (shape, counts) in set.shapes.iter().zip(&self.counts) {
            for (pattern, c) in shape.db.patterns.iter().zip(counts) {
                if c.hits == 0 {
                    continue;
                }
                by_pattern
                    .entry(shape.name.clone())
                    .or_default()
                    .entry(pattern.name.to_string())
                    .or_default()
                    .add(c);
            }
        }
        let mut skipped = self.skipped;
        skipped.sort();
        StatsResult {
            format: FORMAT,
            patterns,
            mode,
            every,
            partial,
            games: self.games,
            skipped_games: skipped.len() as u64,
            positions: self.positions,
            passes: self.passes,
            prediction: self.prediction,
            skipped,
            by_pattern,
        }
    }
}

/// The result of a run, or of merged runs (the `--json` document).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsResult {
    /// [`FORMAT`].
    pub format: u32,
    /// The pattern set (`embedded`, `gnugo patterns directory`, or the
    /// `--db` files and options).
    pub patterns: String,
    /// `raw`, `full` or `valued`.
    pub mode: Mode,
    /// The sample: every game's positions 1, 1 + `every`, 1 + 2 × `every`, …
    /// (1: all of them).
    #[serde(default = "every_position", skip_serializing_if = "is_every_position")]
    pub every: u32,
    /// Whether the run was interrupted (only whole games are counted).
    pub partial: bool,
    /// Games counted.
    pub games: u64,
    /// Files skipped (unreadable, not SGF, or not replayable).
    pub skipped_games: u64,
    /// Positions counted (see `sgf::game`: one per move, and the final
    /// position of each game).
    pub positions: u64,
    /// Passes among the moves played.
    pub passes: u64,
    /// Move prediction.
    pub prediction: Prediction,
    /// The skipped files, sorted.
    pub skipped: Vec<Skipped>,
    /// Database → pattern name → counts.
    pub by_pattern: BTreeMap<String, BTreeMap<String, PatternCounts>>,
}

impl StatsResult {
    /// Adds `other`; both must come from the same pattern set, mode and
    /// format.
    pub fn merge(mut self, other: StatsResult) -> Result<StatsResult, String> {
        if other.format != self.format {
            return Err(format!(
                "format {} and format {} cannot be merged",
                self.format, other.format
            ));
        }
        if other.mode != self.mode {
            return Err(format!(
                "a {} result and a {} result cannot be merged",
                self.mode.name(),
                other.mode.name()
            ));
        }
        if other.every != self.every {
            return Err(format!(
                "a result of every {} positions and one of every {} cannot be merged",
                self.every, other.every
            ));
        }
        if other.patterns != self.patterns {
            return Err(format!(
                "results of different pattern sets ({} and {}) cannot be merged",
                self.patterns, other.patterns
            ));
        }
        self.partial |= other.partial;
        self.games += other.games;
        self.skipped_games += other.skipped_games;
        self.positions += other.positions;
        self.passes += other.passes;
        self.prediction.add(&other.prediction);
        self.skipped.extend(other.skipped);
        self.skipped.sort();
        for (db, patterns) in other.by_pattern {
            let mine = self.by_pattern.entry(db).or_default();
            for (name, counts) in patterns {
                mine.entry(name).or_default().add(&counts);
            }
        }
        Ok(self)
    }
}
