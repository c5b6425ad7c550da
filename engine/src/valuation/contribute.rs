//! From one move's reasons and pattern facts to its [`Contributions`]
//! (`design/move-generation.md` §3.2–3.5): the territorial delta, the
//! status changes of the worms and dragons it captures or saves (each
//! counted once: a worm inside a dragon whose status change is counted
//! adds nothing more), ko corrections, the strategic effect on each
//! dragon (the largest of the reasons touching it, owl defences touching
//! the opponent dragons next to the dragon they save; skipped when the
//! dragon's status change is already territorial), either/all terms,
//! penalties, followup, reverse followup and secondary value. A small
//! dragon's stand-in status change and the territorial delta give the
//! larger of the two (or, when asked, only for the stones the move
//! captures), its strategic effect already counted.

use std::collections::BTreeMap;

use goban::{Geometry, Vertex};
use matcher::scan::DragonStatus;

use super::inputs::ValuationInputs;
use super::params::{StrategicSizeSource, ValuationParams};
use super::terms::{Contributions, Note};
use crate::reasons::{KoResult, MoveEntry, Reason};

/// Accumulates one move's contributions with their notes.
struct Tally<'a> {
    geometry: Geometry,
    /// The move valued.
    at: Vertex,
    inputs: ValuationInputs<'a>,
    params: &'a ValuationParams,
    out: Contributions,
    /// Dragons whose status change T already holds.
    counted_dragons: Vec<Vertex>,
    /// Worms whose status change T already holds.
    counted_worms: Vec<Vertex>,
    /// Dragons whose counted status change took a ko stone penalty.
    ko_penalised_dragons: Vec<Vertex>,
    /// The strategic effect on each dragon (largest reason).
    strategic: BTreeMap<Vertex, f32>,
    /// Small dragons whose status change T holds
    /// ([`ValuationParams::small_status_size`]).
    small_dragons: Vec<Vertex>,
    /// What their status changes added to T.
    small_status: f32,
    /// The part of it for targets the move captures.
    small_captured: f32,
    /// Worms whose cutting stone value T holds.
    cutstone_worms: Vec<Vertex>,
}

impl Tally<'_> {
    fn name(&self, v: Vertex) -> String {
        self.geometry.gtp(v)
    }

    fn note(&mut self, what: String, amount: f32) {
        self.out.notes.push(Note { what, amount });
    }

    fn ko_share(&self, ko: KoResult) -> f32 {
        match ko {
            KoResult::Win => 1.0,
            KoResult::GoodKo => self.params.good_ko_share,
            KoResult::BadKo => self.params.bad_ko_share,
        }
    }

    fn worm_value(&self, target: Vertex) -> f32 {
        (self.inputs.worm)(target).map_or(0.0, |w| {
            self.params.status_change_per_size * w.effective_size
        })
    }

    fn dragon_value(&self, target: Vertex) -> f32 {
        (self.inputs.dragon)(target).map_or(0.0, |d| {
            self.params.status_change_per_size * d.effective_size
        })
    }

    /// Whether the dragon at `target` is small enough that its status
    /// change, by the stand-in, is valued as GNU Go's endgame deltas
    /// ([`ValuationParams::small_status_size`]).
    fn is_small(&self, target: Vertex) -> bool {
        let p = self.params;
        p.small_status_size > 0.0
            && !self.inputs.status_in_delta
            && (self.inputs.dragon)(target).is_some_and(|d| d.effective_size <= p.small_status_size)
    }

    /// A status change's full value: by the dragon's size, or for a small
    /// dragon by [`ValuationParams::small_status_per_size`] (0 when the
    /// region count values it, [`ValuationParams::small_status_in_count`]).
    fn status_full(&self, target: Vertex, size_of: f32) -> f32 {
        if !self.is_small(target) {
            size_of
        } else if self.params.small_status_in_count {
            // The region count's status delta holds it.
            0.0
        } else {
            size_of / self.params.status_change_per_size * self.params.small_status_per_size
        }
    }

    /// Records that T now holds `value` of a status change of the dragon
    /// at `target` when that dragon is small.
    fn note_small(&mut self, target: Vertex, value: f32) {
        if self.is_small(target) {
            let origin = (self.inputs.worm)(target).map_or(target, |w| w.dragon);
            if !self.small_dragons.contains(&origin) {
                self.small_dragons.push(origin);
            }
            self.small_status += value;
            if (self.inputs.captures)(self.at, target) {
                self.small_captured += value;
            }
        }
    }

    /// What a status change worth `full` adds to T: all of it (a share
    /// through ko), or, when the territorial delta holds it already, only
    /// the ko correction (the share it does not keep, negative).
    fn status_value(&self, full: f32, ko: KoResult) -> f32 {
        if self.inputs.status_in_delta {
            -(1.0 - self.ko_share(ko)) * full
        } else {
            full * self.ko_share(ko)
        }
    }

    /// The words after a status change's target.
    fn status_words(&self, ko: KoResult) -> String {
        let place = if self.inputs.status_in_delta {
            " (in the change in territory)"
        } else {
            ""
        };
        format!("{}{place}", ko_words(ko))
    }

    /// A dragon changes status (owl, semeai): counted once.
    fn dragon_status_change(&mut self, verb: &str, target: Vertex, ko: KoResult) {
        let Some(dragon) = (self.inputs.dragon)(target) else {
            return;
        };
        let origin = (self.inputs.worm)(target).map_or(target, |w| w.dragon);
        if self.counted_dragons.contains(&origin) {
            return;
        }
        // Killing a dead dragon or saving a living one changes nothing.
        let unchanged = match verb {
            "owl attack on" => dragon.status == DragonStatus::Dead,
            _ => dragon.status == DragonStatus::Alive,
        };
        if unchanged {
            return;
        }
        self.counted_dragons.push(origin);
        let value = self.status_value(self.status_full(target, self.dragon_value(target)), ko);
        self.out.territorial += value;
        self.note_small(target, value);
        let name = self.name(target);
        self.note(format!("{verb} {name}{}", self.status_words(ko)), value);
        if self.ko_stone(target, ko) {
            self.ko_penalised_dragons.push(origin);
        }
    }

    /// A worm is captured or saved: counted once, and not when its dragon
    /// already is.
    fn worm_status_change(&mut self, verb: &str, target: Vertex, ko: KoResult) {
        let Some(worm) = (self.inputs.worm)(target) else {
            return;
        };
        if self.counted_worms.contains(&target) {
            return;
        }
        self.counted_worms.push(target);
        let name = self.name(target);
        if self.counted_dragons.contains(&worm.dragon) {
            self.note(format!("{verb} {name}: already counted"), 0.0);
            if self.params.ko_stone_penalty_when_counted
                && !self.ko_penalised_dragons.contains(&worm.dragon)
            {
                self.ko_stone(target, ko);
            }
            return;
        }
        // A worm of a dead dragon changes nothing when captured, and
        // saving it tactically does not save its dragon.
        if (self.inputs.dragon)(target).is_some_and(|d| d.status == DragonStatus::Dead) {
            self.note(format!("{verb} {name}: its dragon is dead"), 0.0);
            return;
        }
        let value = self.status_value(self.status_full(target, self.worm_value(target)), ko);
        self.out.territorial += value;
        self.note_small(target, value);
        self.note(format!("{verb} {name}{}", self.status_words(ko)), value);
        self.ko_stone(target, ko);
    }

    /// GNU Go's `X cutstone`: attacking or defending a worm that conn.db
    /// counted as a potential cutting stone more than once adds a fixed
    /// value per count above one to T, once per worm, an unsafe move too;
    /// a worm of a dead dragon adds nothing
    /// ([`ValuationParams::cutstone_bonus`]).
    fn cutstone(&mut self, target: Vertex) {
        let p = self.params;
        if !p.cutstone_bonus || self.cutstone_worms.contains(&target) {
            return;
        }
        let Some(worm) = (self.inputs.worm)(target) else {
            return;
        };
        let dead = (self.inputs.dragon)(target).is_some_and(|d| d.status == DragonStatus::Dead);
        if worm.cutstone2 < 2 || dead {
            return;
        }
        self.cutstone_worms.push(target);
        let value = p.cutstone_value_per_count * (worm.cutstone2 - 1) as f32;
        self.out.territorial += value;
        let name = self.name(target);
        self.note(format!("{name} cutstone"), value);
    }

    /// GNU Go's workaround penalty for a single ko stone won or saved
    /// through ko; whether it applied.
    fn ko_stone(&mut self, target: Vertex, ko: KoResult) -> bool {
        let single = (self.inputs.worm)(target).is_some_and(|w| w.size == 1);
        if ko != KoResult::Win && single {
            let penalty = -self.params.ko_stone_penalty;
            self.out.territorial += penalty;
            let name = self.name(target);
            self.note(format!("penalty for ko stone {name}"), penalty);
        }
        ko != KoResult::Win && single
    }

    /// The strategic effect of a reason on the dragon at `target`: `share`
    /// of weakness × scale × size / (size + half size), the size being the
    /// dragon's effective or strategic size (the parameters' source).
    fn strategic_effect(&mut self, target: Vertex, share: f32) {
        let Some(dragon) = (self.inputs.dragon)(target) else {
            return;
        };
        if dragon.status == DragonStatus::Dead {
            return;
        }
        let origin = (self.inputs.worm)(target).map_or(target, |w| w.dragon);
        let p = self.params;
        let size = match p.strategic_size_source {
            StrategicSizeSource::EffectiveSize => dragon.effective_size,
            StrategicSizeSource::StrategicSize => dragon.strategic_size,
        };
        let value =
            share * dragon.weakness * p.strategic_scale * size / (size + p.strategic_half_size);
        let slot = self.strategic.entry(origin).or_insert(0.0);
        *slot = slot.max(value);
    }

    /// Whether the dragon at `target` is critical.
    fn is_critical(&self, target: Vertex) -> bool {
        (self.inputs.dragon)(target).is_some_and(|d| d.status == DragonStatus::Critical)
    }

    fn add_strategic(&mut self, what: String, amount: f32) {
        self.out.strategic += amount;
        self.note(what, amount);
    }

    fn add_followup(&mut self, what: String, amount: f32) {
        self.out.followup += amount;
        self.note(format!("(followup) {what}"), amount);
    }

    fn add_reverse_followup(&mut self, what: String, amount: f32) {
        self.out.reverse_followup += amount;
        self.note(format!("(reverse followup) {what}"), amount);
    }

    fn reason(&mut self, reason: Reason) {
        let p = self.params;
        match reason {
            Reason::Attack {
                target,
                defenseless: true,
                ..
            } => {
                let value = self.worm_value(target);
                self.out.secondary += value;
                let name = self.name(target);
                self.note(format!("(secondary) attack on defenseless {name}"), value);
            }
            Reason::Attack { target, ko, .. } => {
                self.worm_status_change("attack on", target, ko);
                self.cutstone(target);
            }
            Reason::Defend { target, ko } => {
                self.worm_status_change("defense of", target, ko);
                self.cutstone(target);
            }
            Reason::AttackThreat { target } | Reason::DefendThreat { target } => {
                let value = p.threat_per_size * self.worm_value(target) / p.status_change_per_size;
                let name = self.name(target);
                self.add_followup(format!("threatens {name}"), value);
            }
            Reason::OwlAttack { target, ko } => {
                self.dragon_status_change("owl attack on", target, ko)
            }
            Reason::OwlAttackGain { target } => {
                self.dragon_status_change("owl attack on", target, KoResult::Win)
            }
            Reason::OwlDefend { target, ko } => {
                self.dragon_status_change("owl defense of", target, ko);
                // Saving a dragon in danger weakens the opponent's dragons
                // around it.
                let saved =
                    (self.inputs.dragon)(target).is_some_and(|d| d.status != DragonStatus::Alive);
                let neighbours = if saved && p.owl_defense_neighbour_share > 0.0 {
                    (self.inputs.hostile_neighbours)(target)
                } else {
                    Vec::new()
                };
                for neighbour in neighbours {
                    self.strategic_effect(neighbour, p.owl_defense_neighbour_share);
                }
            }
            Reason::OwlDefendLoss { target } => {
                self.dragon_status_change("owl defense of", target, KoResult::Win)
            }
            Reason::Semeai { target } => {
                self.dragon_status_change("semeai win for", target, KoResult::Win)
            }
            Reason::SemeaiThreat { target }
            | Reason::OwlAttackThreat { target }
            | Reason::OwlDefendThreat { target } => {
                let value =
                    p.threat_per_size * self.dragon_value(target) / p.status_change_per_size;
                let name = self.name(target);
                self.add_followup(format!("threatens dragon {name}"), value);
            }
            Reason::OwlPreventThreat { target } => {
                let value =
                    p.threat_per_size * self.dragon_value(target) / p.status_change_per_size;
                let name = self.name(target);
                self.add_reverse_followup(format!("prevents a threat to {name}"), value);
            }
            Reason::StrategicAttack { target } | Reason::StrategicDefend { target } => {
                self.strategic_effect(target, 1.0)
            }
            Reason::UncertainOwlAttack { target } | Reason::UncertainOwlDefense { target } => {
                self.strategic_effect(target, 1.0)
            }
            Reason::Connect { a, b } if p.connection_to_critical_no_effect => {
                // A dragon that is not critical gains nothing from a
                // connection to a critical one.
                for (dragon, partner) in [(a, b), (b, a)] {
                    if self.is_critical(partner) && !self.is_critical(dragon) {
                        let (nd, np) = (self.name(dragon), self.name(partner));
                        self.note(
                            format!("connects {nd} to critical {np}: no effect on {nd}"),
                            0.0,
                        );
                    } else {
                        self.strategic_effect(dragon, p.connection_share);
                    }
                }
            }
            Reason::Connect { a, b } | Reason::Cut { a, b } => {
                self.strategic_effect(a, p.connection_share);
                self.strategic_effect(b, p.connection_share);
            }
            Reason::Either { a, b } => {
                let value = self.worm_value(a).min(self.worm_value(b));
                let (na, nb) = (self.name(a), self.name(b));
                self.add_strategic(format!("either attacks {na} or attacks {nb}"), value);
            }
            Reason::All { a, b } => {
                let value = 2.0 * self.worm_value(a).min(self.worm_value(b));
                let (na, nb) = (self.name(a), self.name(b));
                self.add_strategic(format!("both defends {na} and defends {nb}"), value);
            }
            Reason::Invasion => {
                self.add_strategic("strategic penalty, invasion".into(), -p.invasion_penalty)
            }
            Reason::MyAtariAtari { target } => self.add_strategic(
                "combination attack kills one of several worms".into(),
                self.worm_value(target),
            ),
            Reason::YourAtariAtari { target } => self.add_strategic(
                "defends against combination attack on several worms".into(),
                self.worm_value(target),
            ),
            // Territory and moyo expansion are valued by the territorial
            // delta alone; vital eye moves by the owl reasons they become;
            // an antisuji is never played (the caller drops it).
            Reason::ExpandTerritory
            | Reason::ExpandMoyo
            | Reason::VitalEye { .. }
            | Reason::Antisuji => {}
        }
    }
}

fn ko_words(ko: KoResult) -> &'static str {
    match ko {
        KoResult::Win => "",
        KoResult::GoodKo => " only with good ko",
        KoResult::BadKo => " only with bad ko",
    }
}

/// The contributions of the move at `at` for the store's colour.
pub fn contributions(
    geometry: Geometry,
    at: Vertex,
    entry: &MoveEntry,
    inputs: ValuationInputs<'_>,
    params: &ValuationParams,
) -> Contributions {
    let mut tally = Tally {
        geometry,
        at,
        inputs,
        params,
        out: Contributions::default(),
        counted_dragons: Vec::new(),
        counted_worms: Vec::new(),
        ko_penalised_dragons: Vec::new(),
        strategic: BTreeMap::new(),
        small_dragons: Vec::new(),
        small_status: 0.0,
        small_captured: 0.0,
        cutstone_worms: Vec::new(),
    };
    let share = if entry.unsafe_move {
        params.unsafe_territory_share
    } else {
        1.0
    };
    // A move without reasons is worth only its pattern clamps.
    if entry.reasons.is_empty() {
        let mut out = tally.out;
        out.min_value = entry.facts.min_value;
        out.max_value = entry.facts.max_value;
        return out;
    }
    let delta = (inputs.territory_delta)(at) * share;
    tally.out.territorial += delta;
    tally.note("change in territory".into(), delta);
    let status = (inputs.status_delta)(at);
    if status != 0.0 {
        tally.out.territorial += status;
        tally.note("status changes in the change in territory".into(), status);
    }
    // Status changes of dragons first, so their worms count once.
    let (dragon_kinds, rest): (Vec<Reason>, Vec<Reason>) = entry.reasons.iter().partition(|r| {
        matches!(
            r,
            Reason::OwlAttack { .. } | Reason::OwlDefend { .. } | Reason::Semeai { .. }
        )
    });
    for reason in dragon_kinds.into_iter().chain(rest) {
        tally.reason(reason);
    }
    // A small dragon's capture or rescue and the region count's delta are
    // the same points: T keeps the larger, not the sum (when asked, only
    // for the stones the move removes, which the count holds).
    let small = if params.small_status_larger_of_needs_capture {
        tally.small_captured
    } else {
        tally.small_status
    };
    let overlap = delta.max(0.0).min(small.max(0.0));
    if params.small_status_larger_of && overlap > 0.0 {
        tally.out.territorial -= overlap;
        tally.note(
            "small status change inside the change in territory".into(),
            -overlap,
        );
    }
    let strategic = std::mem::take(&mut tally.strategic);
    let beside_stand_in = params.strategic_beside_stand_in_status
        && (!inputs.status_in_delta || inputs.status_delta_is_stand_in);
    for (dragon, value) in strategic {
        let name = tally.name(dragon);
        let small = tally.small_dragons.contains(&dragon);
        if small || (tally.counted_dragons.contains(&dragon) && !beside_stand_in) {
            tally.note(format!("{name} strategic value already counted"), 0.0);
        } else if value != 0.0 {
            tally.add_strategic(format!("strategic effect on {name}"), value);
        }
    }
    let followup_delta = (inputs.followup_delta)(at);
    if followup_delta != 0.0 {
        tally.add_followup("territorial followup".into(), followup_delta);
    }
    let facts = entry.facts;
    if facts.followup != 0.0 {
        tally.add_followup("pattern".into(), facts.followup);
    }
    if facts.reverse_followup != 0.0 {
        tally.add_reverse_followup("pattern".into(), facts.reverse_followup);
    }
    let mut out = tally.out;
    out.shape_positive_max = facts.shape_positive_max;
    out.shape_positive_count = facts.shape_positive_count;
    out.shape_negative_max = facts.shape_negative_max;
    out.shape_negative_count = facts.shape_negative_count;
    out.min_territory = facts.min_territory;
    out.max_territory = facts.max_territory;
    out.min_value = facts.min_value;
    out.max_value = facts.max_value;
    out.connection_k = (inputs.connection_k)(at);
    out
}
