//! genmove, in GNU Go's order (`design/gnugo-engine.md` §2.11,
//! `design/move-generation.md` §3.10 and §4): the analysis, the move
//! reasons, the valuation; when the best value is at most 6 points the
//! endgame patterns and a second valuation; the blunder checks, which can
//! lower a move and choose again; then the fallbacks: fill a liberty,
//! pass, or resign when far behind. Deterministic: the same position
//! gives the same move.
//!
//! * [`position_facts`] — the valuation's inputs from the analysis (the
//!   dragon data's weakness, the opponent dragons next to each dragon),
//!   with the stand-ins for what later layers will give (territorial
//!   delta, connection value);
//! * [`random_term`] — GNU Go's random term, only with a seed;
//! * [`safety`] — blunder checks and the open-area move;
//! * [`fill`] — filling liberties at the end of the game (GNU Go's
//!   `fill_liberty`): protect, dame, backfill;
//! * [`report`] — values, rankings and why-less for people.

pub mod fill;
pub mod position_facts;
pub mod random_term;
pub mod report;
pub mod safety;

use std::collections::BTreeMap;
use std::sync::Arc;

use goban::{Color, Point, Vertex};

use super::engine::Engine;
use crate::combination::{CombinationParams, StoneSafety};
use crate::influence::{FollowupParams, MoveChange};
use crate::reasons::{MoveReasons, Reason};
use crate::valuation::{MoveValues, ValuationInputs, ValuationParams, value_moves};
pub use fill::{Fill, FillKind, FillParams};
pub use position_facts::{
    CountPasses, CountPatternPasses, PointWeight, PositionFacts, StatusValue, TerritoryStandIn,
    WeaknessByStatus, WeaknessSource,
};
pub use safety::Blunder;

/// genmove's constants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GenmoveParams {
    /// The valuation's constants.
    pub valuation: ValuationParams,
    /// Where the dragon weakness comes from.
    pub weakness: WeaknessSource,
    /// The stand-in territorial delta.
    pub territory: TerritoryStandIn,
    /// What a blunder costs per stone put at risk.
    pub blunder_per_stone: f32,
    /// How many of the best moves the blunder check tries before it gives
    /// up looking for a safe one.
    pub blunder_checks: usize,
    /// GNU Go's "Combination attack appears": a move after which the
    /// opponent has a combination he had not before is a blunder (`None`:
    /// not checked).
    pub combination_blunder: Option<CombinationBlunderParams>,
    /// Where the territorial value of a move comes from.
    pub territory_source: TerritorySource,
    /// With nothing to play, resign when behind by more than this share of
    /// the board's points (stones and regions counted, komi not).
    pub resign_share: f32,
    /// How liberties are filled when nothing is worth playing.
    pub fill: FillParams,
    /// An open-area move has no stone within this distance (Manhattan).
    pub open_area_distance: u32,
    /// GNU Go's territorial followup (the followup influence) in each
    /// move's followup value (`None`: 0, not computed).
    pub territorial_followup: Option<FollowupParams>,
    /// The seed of GNU Go's random term (`None`: no random term, the same
    /// position gives the same move).
    pub random_seed: Option<u64>,
    /// The random term is uniform in `[0, random_scale)` points.
    pub random_scale: f32,
}

impl Default for GenmoveParams {
    fn default() -> GenmoveParams {
        GenmoveParams {
            valuation: ValuationParams::default(),
            weakness: WeaknessSource::DragonData,
            territory: TerritoryStandIn::default(),
            territory_source: TerritorySource::RegionCount,
            blunder_per_stone: 2.0,
            blunder_checks: 10,
            combination_blunder: Some(CombinationBlunderParams::default()),
            resign_share: 0.4,
            fill: FillParams::default(),
            open_area_distance: 3,
            territorial_followup: None,
            random_seed: None,
            random_scale: 1.0,
        }
    }
}

/// The combination blunder check's constants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CombinationBlunderParams {
    /// The move loses this many times the value of the target the
    /// opponent's combination wins (GNU Go subtracts that `aa_value`).
    pub per_value: f32,
    /// The search asked: GNU Go's traces play capturable attacker stones
    /// and read threats near the move and a goal near the line
    /// (`docs/tuning/combination.md`).
    pub search: CombinationParams,
}

impl Default for CombinationBlunderParams {
    fn default() -> CombinationBlunderParams {
        CombinationBlunderParams {
            per_value: 1.0,
            search: CombinationParams {
                stone_safety: StoneSafety::Legal,
                threat_reach: Some(2),
                goal_reach: Some(2),
                ..CombinationParams::default()
            },
        }
    }
}

/// Where a move's territorial value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerritorySource {
    /// The influence layer's territorial delta (GNU Go's
    /// `influence_delta_territory`, with the pattern passes), which holds
    /// the status changes of what the move captures or saves.
    Influence,
    /// The stand-in region count ([`TerritoryStandIn`]), status changes
    /// valued by size.
    RegionCount,
}

/// Which dragons' status changes the stand-in region count holds (the rest
/// are valued by size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CountedStatus {
    /// None: the influence's delta holds them all, or all go by size.
    None,
    /// Every dragon's (`TerritoryParams::status_value` other than by size).
    All,
    /// Only the small dragons' (`ValuationParams::small_status_in_count`).
    Small,
}

/// The values of `reasons` with the territory from `source`.
fn valued(
    reasons: &MoveReasons,
    facts: &PositionFacts,
    deltas: &BTreeMap<Vertex, (f32, f32)>,
    params: &GenmoveParams,
) -> MoveValues {
    let from_influence = params.territory_source == TerritorySource::Influence;
    let patterns = facts.influence_patterns();
    let territory = |v: Vertex| {
        if from_influence {
            deltas.get(&v).map_or(0.0, |d| d.0)
        } else {
            facts.territory_delta_with(v, patterns.as_ref())
        }
    };
    let status_value = params.territory.status_value;
    let small = params.valuation;
    let counted = if from_influence {
        CountedStatus::None
    } else if status_value != StatusValue::BySize {
        CountedStatus::All
    } else if small.small_status_in_count && small.small_status_size > 0.0 {
        CountedStatus::Small
    } else {
        CountedStatus::None
    };
    let is_small = |s: &Vertex| {
        facts
            .dragon(*s)
            .is_some_and(|d| d.effective_size <= small.small_status_size)
    };
    let status_deltas: BTreeMap<Vertex, f32> = if counted != CountedStatus::None {
        reasons
            .iter()
            .map(|(at, entry)| {
                let (mut killed, mut saved) = status_changes(&entry.reasons, facts, reasons.color);
                if counted == CountedStatus::Small {
                    killed.retain(is_small);
                    saved.retain(is_small);
                }
                let count = facts.status_delta_with(at, &killed, &saved, patterns.as_ref());
                let value = if status_value == StatusValue::Smaller {
                    let per_size = params.valuation.status_change_per_size;
                    count.min(size_value(&killed, &saved, facts, per_size))
                } else {
                    count
                };
                (at, value)
            })
            .collect()
    } else {
        BTreeMap::new()
    };
    let status_delta = |v: Vertex| status_deltas.get(&v).copied().unwrap_or(0.0);
    let followup = |v: Vertex| deltas.get(&v).map_or(0.0, |d| d.1);
    let connection = |v: Vertex| facts.connection_k(v);
    let worm = |v: Vertex| facts.worm(v);
    let dragon = |v: Vertex| facts.dragon(v);
    let hostile_neighbours = |v: Vertex| facts.hostile_neighbours(v);
    let captures = |at: Vertex, target: Vertex| facts.captures(at, target);
    let inputs = ValuationInputs {
        territory_delta: &territory,
        followup_delta: &followup,
        connection_k: &connection,
        worm: &worm,
        dragon: &dragon,
        hostile_neighbours: &hostile_neighbours,
        captures: &captures,
        status_delta: &status_delta,
        status_in_delta: from_influence || counted == CountedStatus::All,
        status_delta_is_stand_in: status_value == StatusValue::InCountBesideStrategic,
    };
    value_moves(reasons, inputs, &params.valuation)
}

/// What the stones `killed` and `saved` are worth by size: `per_size` ×
/// the effective size of each of their worms.
fn size_value(killed: &[Vertex], saved: &[Vertex], facts: &PositionFacts, per_size: f32) -> f32 {
    let share = |s: &Vertex| {
        facts
            .worm(*s)
            .map(|w| w.effective_size / w.size.max(1) as f32)
    };
    killed.iter().chain(saved).filter_map(share).sum::<f32>() * per_size
}

/// The stones a move's reasons kill and save, for the region count
/// ([`StatusValue::InCount`]), by the valuation's rules: a
/// dragon killed unless dead already, saved unless alive already; a worm
/// captured or saved unless its dragon is dead (a semeai's target is
/// killed or saved by its colour).
fn status_changes(
    reasons: &[Reason],
    facts: &PositionFacts,
    color: Color,
) -> (Vec<Vertex>, Vec<Vertex>) {
    use matcher::scan::DragonStatus;
    let (mut killed, mut saved) = (Vec::new(), Vec::new());
    for reason in reasons {
        let (target, dragon, kill) = match *reason {
            Reason::OwlAttack { target, .. } | Reason::OwlAttackGain { target } => {
                (target, true, true)
            }
            Reason::OwlDefend { target, .. } | Reason::OwlDefendLoss { target } => {
                (target, true, false)
            }
            Reason::Semeai { target } => {
                let theirs = facts.dragon(target).is_some_and(|d| d.color != color);
                (target, true, theirs)
            }
            Reason::Attack {
                target,
                defenseless: false,
                ..
            } => (target, false, true),
            Reason::Defend { target, .. } => (target, false, false),
            _ => continue,
        };
        let Some(status) = facts.dragon(target).map(|d| d.status) else {
            continue;
        };
        let unchanged = if dragon {
            status
                == if kill {
                    DragonStatus::Dead
                } else {
                    DragonStatus::Alive
                }
        } else {
            status == DragonStatus::Dead
        };
        if unchanged {
            continue;
        }
        let out = if kill { &mut killed } else { &mut saved };
        for s in facts.stones_of(target, dragon) {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    (killed, saved)
}

/// What genmove decided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Choice {
    /// Play the valued move.
    Play {
        /// The move.
        at: Vertex,
        /// Its value after the blunder checks.
        value: f32,
    },
    /// Nothing was worth playing: fill this liberty (GNU Go reports it
    /// with value 1.00).
    FillLiberty(Vertex),
    /// Nothing was worth playing and no liberty needs filling: a move in
    /// open space (reported with value 1.00 too).
    OpenArea(Vertex),
    /// Pass.
    Pass,
    /// Resign: nothing to play and far behind.
    Resign,
}

/// One move generation: the reasons, the values (blunders lowered), and
/// the choice.
#[derive(Debug, Clone)]
pub struct Generation {
    /// The colour the move is for.
    pub color: Color,
    /// The move reasons valued (the endgame pass's included when it ran).
    pub reasons: MoveReasons,
    /// Every valued move with its terms.
    pub values: MoveValues,
    /// Whether the endgame patterns were matched (best value ≤ 6).
    pub endgame_pass: bool,
    /// The moves the blunder checks lowered.
    pub blunders: Vec<Blunder>,
    /// The decision.
    pub choice: Choice,
}

impl Generation {
    /// The moves with a positive value, best first, and the filled liberty
    /// (valued 1) when that is the choice: what `top_moves` lists.
    pub fn top_moves(&self) -> Vec<(Vertex, f32)> {
        match self.choice {
            Choice::FillLiberty(v) | Choice::OpenArea(v) => vec![(v, 1.0)],
            _ => self.values.ranked(),
        }
    }
}

impl Engine {
    /// The facts of the analysed position for `color` to move.
    pub fn position_facts(&mut self, color: Color, params: &GenmoveParams) -> PositionFacts {
        let board = self.current_board().clone();
        let passes = CountPasses {
            databases: Arc::clone(self.databases()),
            limits: self.depths(),
        };
        let analysis = self.analysis();
        PositionFacts::new(
            &board,
            analysis,
            color,
            params.weakness,
            params.territory,
            Some(passes),
        )
    }

    /// One move generation for `color` with `params`.
    pub fn generate_with(&mut self, color: Color, params: &GenmoveParams) -> Generation {
        let facts = self.position_facts(color, params);
        let mut deltas = BTreeMap::new();
        let mut reasons = self.move_reasons(color);
        self.add_territory_deltas(&reasons, params, &mut deltas);
        let mut values = valued(&reasons, &facts, &deltas, params);
        random_term::add_random_term(&mut values, params.random_seed, params.random_scale);
        let mut blunders = self.check_blunders(color, &mut values, params);
        let best = values.best().map_or(0.0, |(_, v)| v);
        let endgame_pass = best <= params.valuation.endgame_threshold;
        if endgame_pass {
            self.add_endgame_reasons(&mut reasons);
            self.add_territory_deltas(&reasons, params, &mut deltas);
            values = valued(&reasons, &facts, &deltas, params);
            random_term::add_random_term(&mut values, params.random_seed, params.random_scale);
            blunders = self.check_blunders(color, &mut values, params);
        }
        let choice = match values.best() {
            Some((at, value)) => Choice::Play { at, value },
            None => self.fallback(color, &facts, params),
        };
        Generation {
            color,
            reasons,
            values,
            endgame_pass,
            blunders,
            choice,
        }
    }

    /// GNU Go's `influence_delta_territory` (with the influence layer as
    /// the territory source) and territorial followup (with
    /// `territorial_followup`) of every move of `reasons` not in `deltas`
    /// yet:
    /// the worms the move captures or saves, and the worms of the dragons
    /// it kills or saves, marked so after the move.
    fn add_territory_deltas(
        &mut self,
        reasons: &MoveReasons,
        params: &GenmoveParams,
        deltas: &mut BTreeMap<Vertex, (f32, f32)>,
    ) {
        let from_influence = params.territory_source == TerritorySource::Influence;
        if !from_influence && params.territorial_followup.is_none() {
            return;
        }
        let mut moves = Vec::new();
        for (at, entry) in reasons.iter().filter(|(at, _)| !deltas.contains_key(at)) {
            let (mut captures, mut saves) = (Vec::new(), Vec::new());
            for reason in &entry.reasons {
                match *reason {
                    Reason::Attack { target, .. } => captures.push(target),
                    Reason::Defend { target, .. } => saves.push(target),
                    Reason::OwlAttack { target, .. } => captures.extend(self.dragon_worms(target)),
                    Reason::OwlDefend { target, .. } => saves.extend(self.dragon_worms(target)),
                    _ => {}
                }
            }
            moves.push((at, captures, saves));
        }
        let changes: Vec<MoveChange<'_>> = moves
            .iter()
            .map(|(at, captures, saves)| MoveChange {
                color: reasons.color,
                at: *at,
                captures,
                saves,
            })
            .collect();
        let found: Vec<(f32, f32)> = self
            .move_territory_values(&changes, params.territorial_followup.as_ref())
            .into_iter()
            .map(|d| d.unwrap_or((0.0, 0.0)))
            .collect();
        for ((at, _, _), values) in moves.iter().zip(found) {
            deltas.insert(*at, values);
        }
    }

    /// The origins of the worms of the dragon at `v`.
    fn dragon_worms(&mut self, v: Vertex) -> Vec<Vertex> {
        self.dragons()
            .dragon_of(v)
            .map_or_else(Vec::new, |d| d.worms.clone())
    }

    /// One move generation for `color` with the default constants.
    pub fn generate(&mut self, color: Color) -> Generation {
        self.generate_with(color, &GenmoveParams::default())
    }

    /// Every valued move for `color`, with its terms.
    pub fn move_values(&mut self, color: Color) -> MoveValues {
        self.generate(color).values
    }

    /// `genmove`'s move list for `color`: the valued moves best first,
    /// then the filled liberty when nothing is worth playing; legality
    /// under the game's rules is the caller's.
    pub fn genmove(&mut self, color: Color) -> Vec<Point> {
        let geometry = self.position().board().geometry();
        self.generate(color)
            .top_moves()
            .into_iter()
            .map(|(v, _)| geometry.point(v))
            .collect()
    }

    /// Lowers the best moves that are blunders until the best one is not
    /// (or `blunder_checks` moves were tried): moves that let the opponent
    /// capture a worm next to them, then (with `combination_blunder`)
    /// moves that let the opponent in with a combination he had not
    /// before.
    fn check_blunders(
        &mut self,
        color: Color,
        values: &mut MoveValues,
        params: &GenmoveParams,
    ) -> Vec<Blunder> {
        let worms = self.worms().to_vec();
        let reader = self.reader().clone();
        let mut combination_before: Option<bool> = None;
        let mut found = Vec::new();
        let mut checked = Vec::new();
        while checked.len() < params.blunder_checks {
            let Some((at, _)) = values
                .ranked()
                .into_iter()
                .find(|(v, _)| !checked.contains(v))
            else {
                break;
            };
            checked.push(at);
            let mut b = safety::blunder(&reader, &worms, color, at, params.blunder_per_stone);
            if let (None, Some(check)) = (&b, params.combination_blunder) {
                let before = *combination_before.get_or_insert_with(|| {
                    self.combination_attack(color.other(), check.search)
                        .is_some()
                });
                if !before {
                    b = self.combination_blunder(color, at, check);
                }
            }
            let Some(b) = b else {
                break;
            };
            values.lower(at, b.amount, b.why.clone());
            found.push(b);
        }
        found
    }

    /// The blunder of `color` at `at` when the opponent has a combination
    /// after it: `per_value` times the value of the target it wins.
    fn combination_blunder(
        &mut self,
        color: Color,
        at: Vertex,
        check: CombinationBlunderParams,
    ) -> Option<Blunder> {
        let found = self.combination_after(color, at, check.search)?;
        let value = self.combination_value(&found);
        let geometry = self.current_board().geometry();
        Some(Blunder {
            at,
            amount: check.per_value * value,
            why: format!(
                "blunder: combination attack appears at {}",
                geometry.gtp(found.attack)
            ),
        })
    }

    /// With nothing worth playing: fill a liberty, else play in open
    /// space, else resign when far behind, else pass.
    fn fallback(&mut self, color: Color, facts: &PositionFacts, params: &GenmoveParams) -> Choice {
        let reader = self.reader().clone();
        let dead = |v: Vertex| facts.is_dead(v);
        let check = params.combination_blunder.unwrap_or_default().search;
        let mut before: Option<bool> = None;
        let mut combination = |v: Vertex| {
            let had = *before
                .get_or_insert_with(|| self.combination_attack(color.other(), check).is_some());
            !had && self.combination_after(color, v, check).is_some()
        };
        if let Some(fill) =
            fill::fill_liberty(&reader, color, &dead, &mut combination, &params.fill)
        {
            return Choice::FillLiberty(fill.at);
        }
        let board = self.current_board();
        let neutral = fill::neutral_points(board, &dead, params.fill.territory_share_max);
        if let Some(v) = safety::open_area(board, color, params.open_area_distance, &neutral) {
            return Choice::OpenArea(v);
        }
        let points = self.position().board().geometry().points_count() as f32;
        if facts.balance() < -params.resign_share * points {
            Choice::Resign
        } else {
            Choice::Pass
        }
    }
}
