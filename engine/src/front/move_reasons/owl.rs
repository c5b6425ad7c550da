//! Owl move reasons (GNU Go's owl reasons and the review's "find more owl
//! attack and defence moves"): the owl's attack and defence points of
//! critical dragons, every point with a reason tested by owl reading
//! against the critical dragons its reasons name ([`OwlReviewParams`]
//! says which reasons name them), with the also step every point with an
//! owl reason against the critical dragons next to its targets, and the
//! strategic defences an owl attack induces on the own dragons next to
//! its target.

use goban::{Color, Vertex};
use tactics::codes::Code;

use super::{Generation, ko_result};
use crate::front::analysis::Analysis;
use crate::owl::{OwlInputs, owl_attack, owl_defend};
use crate::reasons::{KoResult, MoveReasons, Reason};

/// The origins of the dragons the owl found critical (it can be attacked
/// and defended).
fn critical_dragons(analysis: &Analysis) -> Vec<Vertex> {
    analysis
        .dragons()
        .dragons()
        .iter()
        .filter(|d| {
            analysis.owl(d.origin).is_some_and(|a| {
                a.attack.code != Code::Fail && a.defend.is_some_and(|d| d.code != Code::Fail)
            })
        })
        .map(|d| d.origin)
        .collect()
}

/// Owl reasons (GNU Go's `owl_reasons`): for every critical dragon, its
/// attack point (an opponent dragon) or its defence point (an own dragon),
/// with the owl's ko variant.
pub fn owl_reasons(g: &Generation<'_>, store: &mut MoveReasons) {
    let analysis = g.analysis;
    for target in critical_dragons(analysis) {
        let Some(answer) = analysis.owl(target) else {
            continue;
        };
        let own = analysis.dragons().dragon_of(target).map(|d| d.color) == Some(g.color);
        let result = if own {
            answer.defend
        } else {
            Some(answer.attack)
        };
        let Some(result) = result else {
            continue;
        };
        if let (Some(at), Some(ko)) = (result.point, ko_result(result.code)) {
            let reason = if own {
                Reason::OwlDefend { target, ko }
            } else {
                Reason::OwlAttack { target, ko }
            };
            store.add(at, reason);
        }
    }
}

/// Which reasons send a point to the review's owl test, and which points
/// the also step tests (the evidence: `docs/tuning/valuation.md`, *Owl
/// reasons GNU Go does not give* and *The review's also step*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwlReviewParams {
    /// Threats (to capture or to save a worm) name no dragon for the owl
    /// test (GNU Go: 10 threat points where `owl_does_attack` succeeds and
    /// no owl reason is given, no owl reason from a threat alone).
    pub threats_name_no_dragon: bool,
    /// A point with an owl reason is tested against the other critical
    /// dragons too (GNU Go's `also owl attacks` / `also owl defends`).
    pub also_other_dragons: bool,
}

impl Default for OwlReviewParams {
    fn default() -> Self {
        OwlReviewParams {
            threats_name_no_dragon: true,
            also_other_dragons: false,
        }
    }
}

impl OwlReviewParams {
    /// The review before the threats rule: a threat names its worm's
    /// dragon for the owl test as an attack does.
    pub fn threats_included() -> Self {
        OwlReviewParams {
            threats_name_no_dragon: false,
            ..OwlReviewParams::default()
        }
    }
}

/// The worms and dragons a reason names for the review's owl test.
fn reason_targets(reason: &Reason, params: OwlReviewParams) -> Vec<Vertex> {
    match *reason {
        Reason::AttackThreat { target } | Reason::DefendThreat { target } => {
            if params.threats_name_no_dragon {
                Vec::new()
            } else {
                vec![target]
            }
        }
        Reason::Attack { target, .. }
        | Reason::Defend { target, .. }
        | Reason::StrategicAttack { target }
        | Reason::StrategicDefend { target } => vec![target],
        Reason::Connect { a, b } | Reason::Cut { a, b } => vec![a, b],
        _ => Vec::new(),
    }
}

/// The review's owl step: every empty point with a reason is tested, by
/// owl reading after the move, against each critical dragon its reasons
/// name (as `params` says) that it does not already owl-attack or
/// owl-defend; then, with [`OwlReviewParams::also_other_dragons`], every
/// point with an owl reason against the other critical dragons.
pub fn find_more_owl_moves(
    g: &mut Generation<'_>,
    params: OwlReviewParams,
    store: &mut MoveReasons,
) {
    let Some(inputs) = g.owl else {
        return;
    };
    let analysis = g.analysis;
    let critical = critical_dragons(analysis);
    if critical.is_empty() {
        return;
    }
    let points: Vec<Vertex> = store.iter().map(|(v, _)| v).collect();
    for at in points {
        if g.board().cell(at).color().is_some() {
            continue;
        }
        let mut named: Vec<Vertex> = Vec::new();
        for reason in store.reasons(at) {
            for target in reason_targets(reason, params) {
                if let Some(origin) = analysis.dragons().origin(target) {
                    if critical.contains(&origin) && !named.contains(&origin) {
                        named.push(origin);
                    }
                }
            }
        }
        for target in named {
            if owl_targets(store, at).contains(&target) {
                continue;
            }
            if let Some(reason) = owl_test(g, inputs, at, target) {
                store.add(at, reason);
            }
        }
    }
    if params.also_other_dragons {
        also_owl_moves(g, inputs, &critical, store);
    }
}

/// The dragons the owl reasons at `at` attack or defend.
fn owl_targets(store: &MoveReasons, at: Vertex) -> Vec<Vertex> {
    store
        .reasons(at)
        .iter()
        .filter_map(|r| match *r {
            Reason::OwlAttack { target, .. } | Reason::OwlDefend { target, .. } => Some(target),
            _ => None,
        })
        .collect()
}

/// The owl reason the mover's stone at `at` earns on the critical dragon
/// at `target`: after the move the owl can no longer attack it (an own
/// dragon) or defend it (an opponent's).
fn owl_test(
    g: &mut Generation<'_>,
    inputs: OwlInputs<'_>,
    at: Vertex,
    target: Vertex,
) -> Option<Reason> {
    let dragon = g.analysis.dragons().dragon_of(target)?;
    let own = dragon.color == g.color;
    let (dragon_color, stones) = (dragon.color, dragon.stones.clone());
    let answer = g.context_after_move(g.color, at, |context| {
        context.set_color(dragon_color);
        if own {
            owl_attack(context, inputs, &stones).code
        } else {
            owl_defend(context, inputs, &stones).code
        }
    })?;
    if answer != Code::Fail {
        return None;
    }
    let ko = KoResult::Win;
    Some(if own {
        Reason::OwlDefend { target, ko }
    } else {
        Reason::OwlAttack { target, ko }
    })
}

/// The also step: every empty point with an owl reason is tested against
/// each critical dragon next to a dragon it owl-attacks or owl-defends
/// (the dragon data's neighbours, either colour) that it does not already
/// owl-attack or owl-defend.
fn also_owl_moves(
    g: &mut Generation<'_>,
    inputs: OwlInputs<'_>,
    critical: &[Vertex],
    store: &mut MoveReasons,
) {
    let analysis = g.analysis;
    let origins = |targets: Vec<Vertex>| -> Vec<Vertex> {
        targets
            .into_iter()
            .filter_map(|t| analysis.dragons().origin(t))
            .collect()
    };
    let points: Vec<(Vertex, Vec<Vertex>)> = store
        .iter()
        .map(|(at, _)| (at, origins(owl_targets(store, at))))
        .filter(|(_, targets)| !targets.is_empty())
        .collect();
    for (at, targets) in points {
        if g.board().cell(at).color().is_some() {
            continue;
        }
        let mut next: Vec<Vertex> = Vec::new();
        for target in &targets {
            let neighbours = analysis
                .dragon_info(*target)
                .map_or(&[][..], |info| &info.neighbors[..]);
            for &dragon in neighbours {
                if critical.contains(&dragon)
                    && !targets.contains(&dragon)
                    && !next.contains(&dragon)
                {
                    next.push(dragon);
                }
            }
        }
        for dragon in next {
            if let Some(reason) = owl_test(g, inputs, at, dragon) {
                store.add(at, reason);
            }
        }
    }
}

/// The dragons (origins) of `color` next to the dragon at `target`.
fn neighbour_dragons(g: &Generation<'_>, target: Vertex, color: Color) -> Vec<Vertex> {
    let board = g.board();
    let dragons = g.analysis.dragons();
    let mut found = Vec::new();
    for &stone in dragons.stones(target) {
        for n in board.neighbours(stone) {
            if board.cell(n).color() != Some(color) {
                continue;
            }
            if let Some(origin) = dragons.origin(n) {
                if !found.contains(&origin) {
                    found.push(origin);
                }
            }
        }
    }
    found
}

/// An owl attack also strategically defends the own dragons next to its
/// target.
pub fn induce_strategic_defences(g: &Generation<'_>, store: &mut MoveReasons) {
    let points: Vec<Vertex> = store.iter().map(|(v, _)| v).collect();
    for at in points {
        let targets: Vec<Vertex> = store
            .reasons(at)
            .iter()
            .filter_map(|r| match *r {
                Reason::OwlAttack { target, .. } => Some(target),
                _ => None,
            })
            .collect();
        for target in targets {
            for dragon in neighbour_dragons(g, target, g.color) {
                store.add(at, Reason::StrategicDefend { target: dragon });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertex(name: &str) -> Vertex {
        goban::Geometry::square(19)
            .ok()
            .and_then(|g| g.parse_gtp(name))
            .expect("a vertex")
    }

    #[test]
    fn threats_name_a_dragon_only_without_the_rule_which_is_the_default() {
        let target = vertex("D4");
        let threats = [
            Reason::AttackThreat { target },
            Reason::DefendThreat { target },
        ];
        let with_rule = OwlReviewParams::default();
        for threat in &threats {
            assert_eq!(
                reason_targets(threat, OwlReviewParams::threats_included()),
                vec![target]
            );
            assert!(reason_targets(threat, with_rule).is_empty());
        }
        let attack = Reason::Attack {
            target,
            ko: KoResult::Win,
            defenseless: false,
        };
        assert_eq!(reason_targets(&attack, with_rule), vec![target]);
        let (a, b) = (vertex("C3"), vertex("E5"));
        assert_eq!(reason_targets(&Reason::Cut { a, b }, with_rule), vec![a, b]);
    }
}
