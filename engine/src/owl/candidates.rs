//! The moves the owl search tries at a node, for the side to move, ranked
//! by value:
//!
//! * the **vital points** of the goal's eye spaces whose value a move can
//!   change (`eyes.db`'s attack or defence point), and the key points of
//!   its half eyes;
//! * **tactical moves**: the attacker captures a goal string or saves a
//!   lunch; the defender saves a goal string or captures a lunch;
//! * **pattern moves**: the matches of `owl_attackpats.db` (matched for
//!   the attacker, the goal under its `X`) or `owl_defendpats.db` (for the
//!   defender, the goal under its `O`), in decreasing pattern value, that
//!   pass their constraint (on this node, through [`OwlContext`]) and,
//!   unless the pattern has class `s`, are safe: the stone played cannot
//!   be captured outright unless it captures. A defender's move joins the
//!   goal unless the pattern has class `B`.
//!
//! A point proposed twice keeps its highest value.

use goban::{Board, Color, Vertex};
use matcher::board::PackedBoard;
use matcher::constraint::{Phase, Site};
use matcher::incremental::IncrementalMatches;
use matcher::pattern::HAVE_CONSTRAINT;
use matcher::scan::{ColorMode, ScanOptions};
use tactics::Code;

use super::escape::EscapeValues;
use super::goal::Goal;
use super::node::{NodeEstimate, ReadString};
use super::part::{OwlContext, OwlPart};
use super::{OwlHost, OwlParams};
use crate::compose::{LayerDb, Ledger};

/// One move to try.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The move.
    pub point: Vertex,
    /// Its value (pattern value, or the value of its kind).
    pub value: f32,
    /// For the defender: whether the stone joins the goal.
    pub connects: bool,
    /// Which generator proposed it (the one that gave its value).
    pub source: MoveSource,
}

/// The generator that proposed a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSource {
    /// A vital point of an eye space (`eyes.db`'s attack or defence point).
    EyeVital,
    /// A key point of a half eye.
    HalfEye,
    /// A tactical move on a goal string or a lunch.
    Tactical,
    /// A pattern of the node's database, by index.
    Pattern(usize),
    /// A pattern of `owl_vital_apats.db`, by index.
    VitalPattern(usize),
}

/// The ranked candidates of `mover` at this node (`attacking`: the
/// attacker moves, with `owl_attackpats.db` as `db`).
#[allow(clippy::too_many_arguments)]
pub fn generate(
    host: &mut dyn OwlHost,
    db: &LayerDb,
    matches: &mut IncrementalMatches<'_, '_>,
    goal: &Goal,
    estimate: &NodeEstimate,
    escape: &EscapeValues,
    params: &OwlParams,
    attacking: bool,
) -> Vec<Candidate> {
    let board = host.reader().board().board().clone();
    let geometry = board.geometry();
    let mover = if attacking {
        goal.color().other()
    } else {
        goal.color()
    };
    let mut found: Vec<Candidate> = Vec::new();
    // Vital points of eye spaces and half eyes.
    for recognised in estimate.values.iter().flatten() {
        if recognised.value.min_eyes() == recognised.value.max_eyes() {
            continue;
        }
        let vital = if attacking {
            recognised.attack
        } else {
            recognised.defence
        };
        if let Some(v) = vital.and_then(|p| geometry.vertex(p)) {
            propose(
                &mut found,
                v,
                params.vital_point_value,
                true,
                MoveSource::EyeVital,
            );
        }
    }
    for (_, eye) in estimate.half_eyes() {
        let points = if attacking {
            &eye.attack_points
        } else {
            &eye.defence_points
        };
        for v in points.iter().filter_map(|&p| geometry.vertex(p)) {
            propose(
                &mut found,
                v,
                params.vital_point_value,
                true,
                MoveSource::HalfEye,
            );
        }
    }
    // Tactical moves.
    tactical_moves(estimate, params, attacking, &mut found);
    // Pattern moves, best first.
    let wanted = params.moves_per_node + 2;
    let site = NodeSite {
        board: &board,
        goal,
        estimate,
        escape,
    };
    pattern_moves(host, db, matches, &site, mover, wanted, &mut found);
    rank(found)
}

/// The tactical moves of the side to move (`attacking`: the attacker),
/// proposed into `found`: it captures the other side's strings reading
/// can capture (goal strings for the attacker, lunches for the defender)
/// and saves its own (the lunches, the goal strings).
pub fn tactical_moves(
    estimate: &NodeEstimate,
    params: &OwlParams,
    attacking: bool,
    found: &mut Vec<Candidate>,
) {
    let lunch_moves: Vec<Vertex> = if attacking {
        rescues(&estimate.lunches).collect()
    } else {
        estimate
            .lunches
            .iter()
            .filter_map(|s| s.attack.point)
            .collect()
    };
    let goal_moves: Vec<Vertex> = if attacking {
        estimate
            .weak_goal_strings
            .iter()
            .filter_map(|s| s.attack.point)
            .collect()
    } else {
        rescues(&estimate.weak_goal_strings).collect()
    };
    // The side's captures first, then its rescues.
    let goal = (goal_moves, params.goal_string_move_value);
    let lunch = (lunch_moves, params.tactical_move_value);
    let valued = if attacking {
        [goal, lunch]
    } else {
        [lunch, goal]
    };
    for (moves, value) in valued {
        if value <= 0.0 {
            continue;
        }
        for v in moves {
            propose(found, v, value, true, MoveSource::Tactical);
        }
    }
}

/// The defence points of the strings of `strings` that can be defended.
fn rescues(strings: &[ReadString]) -> impl Iterator<Item = Vertex> + '_ {
    strings
        .iter()
        .filter(|s| s.defense.code != Code::Fail)
        .filter_map(|s| s.defense.point)
}

/// Proposes `point` at `value` from `source`: a point proposed twice keeps
/// its highest value (and that proposal's source), and joins the goal if
/// either proposal does.
fn propose(
    found: &mut Vec<Candidate>,
    point: Vertex,
    value: f32,
    connects: bool,
    source: MoveSource,
) {
    match found.iter_mut().find(|c| c.point == point) {
        Some(c) => {
            if value > c.value {
                c.value = value;
                c.source = source;
            }
            c.connects |= connects;
        }
        None => found.push(Candidate {
            point,
            value,
            connects,
            source,
        }),
    }
}

/// Candidates by decreasing value (stable: earlier proposals first).
fn rank(mut found: Vec<Candidate>) -> Vec<Candidate> {
    found.sort_by(|a, b| b.value.total_cmp(&a.value));
    found
}

/// Whether `mover` can play at `v` and keep the stone (or captures).
fn safe(host: &mut dyn OwlHost, board: &Board, mover: Color, v: Vertex) -> bool {
    let captures = board.capture_count(mover, v) > 0;
    let reader = host.reader();
    if reader.trymove(mover, v).is_err() {
        return false;
    }
    let lost = reader.attack(v).code == Code::Win;
    reader.popgo();
    captures || !lost
}

/// The position a node's patterns are matched on.
pub struct NodeSite<'s> {
    /// The reader's board at the node.
    pub board: &'s Board,
    /// The goal.
    pub goal: &'s Goal,
    /// The node's life estimate.
    pub estimate: &'s NodeEstimate,
    /// The escape values.
    pub escape: &'s EscapeValues,
}

/// The moves of `db`'s matches for `mover` at `site`, best pattern value
/// first, up to `wanted` moves that pass their constraint and (unless
/// class `s`) are safe, proposed into `found`.
pub fn pattern_moves(
    host: &mut dyn OwlHost,
    db: &LayerDb,
    matches: &mut IncrementalMatches<'_, '_>,
    site: &NodeSite<'_>,
    mover: Color,
    wanted: usize,
    found: &mut Vec<Candidate>,
) {
    let NodeSite {
        board,
        goal,
        estimate,
        escape,
    } = *site;
    let geometry = board.geometry();
    let Ok(packed) = PackedBoard::try_from(board) else {
        return;
    };
    let goal_set = goal.point_set();
    let mut matches = matches.matches_on(
        &packed,
        &ScanOptions::matchpat(ColorMode::Color(mover), &db.db, Some(&goal_set)),
    );
    matches.sort_by(|a, b| {
        let (va, vb) = (
            db.db.patterns[a.pattern].value,
            db.db.patterns[b.pattern].value,
        );
        vb.total_cmp(&va).then(a.pattern.cmp(&b.pattern))
    });
    let mut accepted = 0;
    for m in &matches {
        if accepted >= wanted {
            break;
        }
        let pattern = &db.db.patterns[m.pattern];
        let Some(v) = m.move_point.and_then(|p| geometry.vertex(p)) else {
            continue;
        };
        if pattern.value <= 0.0 || board.cell(v).color().is_some() {
            continue;
        }
        if pattern.autohelper_flag & HAVE_CONSTRAINT != 0 {
            let site = Site::for_match(
                m.transform,
                m.anchor,
                pattern.move_offset.di,
                pattern.move_offset.dj,
            );
            let part = OwlPart {
                board,
                goal,
                estimate,
                escape,
                value: pattern.value,
                ledger: Ledger::default(),
            };
            let mut ctx = OwlContext::new(part, host.context(mover));
            let passed = db
                .code
                .run(m.pattern, &mut ctx, site, Phase::Constraint)
                .is_none_or(|r| r != 0);
            if !passed {
                continue;
            }
        }
        if !pattern.class.has('s') && !safe(host, board, mover, v) {
            continue;
        }
        propose(
            found,
            v,
            pattern.value,
            !pattern.class.has('B'),
            MoveSource::Pattern(m.pattern),
        );
        accepted += 1;
    }
}
