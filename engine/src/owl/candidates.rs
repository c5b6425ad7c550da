//! The moves the owl search tries at a node, for the side to move, ranked
//! by value:
//!
//! * the **vital points** of the goal's eye spaces whose value a move can
//!   change (`eyes.db`'s attack or defence point), and the key points of
//!   its half eyes;
//! * **marginal-space moves**: a marginal point of each settled space
//!   (min eyes = max eyes) whose marginal points make it uncertain, for
//!   either side ([`OwlParams::marginal_space_value`]);
//! * **tactical moves**: the attacker captures a goal string or saves a
//!   lunch; the defender saves a goal string or captures a lunch;
//! * **pattern moves**: the matches of `owl_attackpats.db` (matched for
//!   the attacker, the goal under its `X`) or `owl_defendpats.db` (for the
//!   defender, the goal under its `O`), in decreasing pattern value, that
//!   pass their constraint (on this node, through [`OwlContext`]) and,
//!   unless the pattern has class `s`, are safe: the stone played cannot
//!   be captured outright unless it captures; with
//!   [`OwlParams::class_n_safety`] a pattern of class `n` also needs the
//!   other side's stone on its point to be safe so. A defender's move
//!   joins the goal unless the pattern has class `B`.
//!
//! A point proposed twice keeps its highest value. With
//! [`OwlParams::pass_breadth`] the pattern moves are kept apart and tried
//! after the others (GNU Go's order, [`Generated::in_order`]); the values of
//! vital points and lunch moves may follow the eyes at stake
//! ([`vital_point_value`], [`OwlParams::lunch_values`]).

use goban::{Board, Color, Geometry, Vertex};
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
use crate::eyes::EyeValue;

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
    /// A marginal point of a settled eye space
    /// ([`OwlParams::marginal_space_value`]).
    MarginalSpace,
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
) -> Generated {
    let board = host.reader().board().board().clone();
    let geometry = board.geometry();
    let mover = if attacking {
        goal.color().other()
    } else {
        goal.color()
    };
    let mut found: Vec<Candidate> = Vec::new();
    // Vital points of eye spaces and half eyes.
    for (k, recognised) in estimate.values.iter().enumerate() {
        let Some(recognised) = recognised else {
            continue;
        };
        if recognised.value.min_eyes() == recognised.value.max_eyes() {
            continue;
        }
        let vital = if attacking {
            recognised.attack
        } else {
            recognised.defence
        };
        if let Some(v) = vital.and_then(|p| geometry.vertex(p)) {
            let marginal = estimate.spaces.spaces[k].marginal_count() > 0;
            propose(
                &mut found,
                v,
                vital_point_value(params, recognised.value, marginal),
                true,
                MoveSource::EyeVital,
            );
        }
    }
    marginal_space_moves(&board, estimate, params, &mut found);
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
    tactical_moves(geometry, estimate, params, attacking, &mut found);
    // Pattern moves, best first.
    let site = NodeSite {
        board: &board,
        goal,
        estimate,
        escape,
    };
    // Without passes the pattern moves join the others; with them they
    // are kept apart.
    let mut patterns = Vec::new();
    let (quota, into) = match params.pass_breadth {
        None => (PatternQuota::Matches(params.moves_per_node + 2), &mut found),
        Some(wanted) => (PatternQuota::Points(wanted), &mut patterns),
    };
    let rules = PatternRules {
        quota,
        class_n_safety: params.class_n_safety,
    };
    pattern_moves(host, db, matches, &site, mover, rules, into);
    Generated {
        others: rank(found),
        patterns: rank(patterns),
    }
}

/// The candidates of a node: with [`OwlParams::pass_breadth`] in two
/// groups, the moves of the eye analysis, the lunches and the goal strings
/// (`others`) and the pattern moves (`patterns`), each ranked by value;
/// without it all of them in `others`, ranked together.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    /// The non-pattern candidates (and without passes every candidate).
    pub others: Vec<Candidate>,
    /// The pattern moves, when generated apart.
    pub patterns: Vec<Candidate>,
}

impl Generated {
    /// The moves in the order they are tried (`root`: at the search's
    /// root): with passes up to `breadth` of the others, then the
    /// patterns' moves not among them (the other way round at the root
    /// with [`OwlParams::root_patterns_first`]); else the ranked list as
    /// it is.
    pub fn in_order(self, params: &OwlParams, root: bool) -> Vec<Candidate> {
        let Some(breadth) = params.pass_breadth else {
            return self.others;
        };
        let mut others = self.others;
        others.truncate(breadth);
        let (mut moves, second) = if root && params.root_patterns_first {
            (self.patterns, others)
        } else {
            (others, self.patterns)
        };
        for c in second {
            if !moves.iter().any(|m| m.point == c.point) {
                moves.push(c);
            }
        }
        moves
    }
}

/// The tactical moves of the side to move (`attacking`: the attacker),
/// proposed into `found`: it captures the other side's strings reading
/// can capture (goal strings for the attacker, lunches for the defender)
/// and saves its own (the lunches, the goal strings).
pub fn tactical_moves(
    geometry: Geometry,
    estimate: &NodeEstimate,
    params: &OwlParams,
    attacking: bool,
    found: &mut Vec<Candidate>,
) {
    if let Some(values) = params.lunch_values {
        // Each lunch move valued by the eyes its capture gives.
        for lunch in &estimate.lunches {
            let point = if attacking {
                Some(lunch.defense.point).filter(|_| lunch.defense.code != Code::Fail)
            } else {
                Some(lunch.attack.point)
            };
            let Some(v) = point.flatten() else {
                continue;
            };
            let Some(eyes) = estimate.value_at(geometry.point(lunch.head)) else {
                continue;
            };
            propose(
                found,
                v,
                values.value(eyes.value),
                true,
                MoveSource::Tactical,
            );
        }
    }
    let lunch_moves: Vec<Vertex> = if params.lunch_values.is_some() {
        Vec::new()
    } else if attacking {
        rescues(&estimate.lunches).collect()
    } else {
        estimate
            .lunches
            .iter()
            .filter_map(|s| s.attack.point)
            .collect()
    };
    let weak: Vec<ReadString> = estimate
        .weak_goal_strings
        .iter()
        .filter(|s| s.liberties <= params.goal_string_move_liberties)
        .copied()
        .collect();
    let goal_moves: Vec<Vertex> = if attacking {
        weak.iter().filter_map(|s| s.attack.point).collect()
    } else {
        rescues(&weak).collect()
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

/// The value of a vital point of a space worth `eyes` (`marginal`: the
/// space has marginal points, so its pessimistic min is 0): the base
/// value, more per eye at stake beyond one and per eye of the min that
/// the pessimistic count does not hold.
pub fn vital_point_value(params: &OwlParams, eyes: EyeValue, marginal: bool) -> f32 {
    let (min, max) = (eyes.min_eyes(), eyes.max_eyes());
    let extra = max.saturating_sub(min).saturating_sub(1);
    let uncertain = if marginal { min } else { 0 };
    params.vital_point_value
        + params.vital_value_per_extra_eye * f32::from(extra)
        + params.vital_value_per_uncertain_eye * f32::from(uncertain)
}

/// The moves on the marginal points of the goal's settled spaces (min
/// eyes = max eyes, at least one eye), proposed for either side at
/// [`OwlParams::marginal_space_value`]: GNU Go's owl traces list one such
/// "marginal eye space" move per space at a node, on a marginal point of
/// the space (the eye is won or made false there), for attacker and
/// defender alike. The first empty marginal point in board order is taken.
pub fn marginal_space_moves(
    board: &Board,
    estimate: &NodeEstimate,
    params: &OwlParams,
    found: &mut Vec<Candidate>,
) {
    if params.marginal_space_value <= 0.0 {
        return;
    }
    let geometry = board.geometry();
    for (k, recognised) in estimate.values.iter().enumerate() {
        let Some(recognised) = recognised else {
            continue;
        };
        let value = recognised.value;
        if value.min_eyes() != value.max_eyes() || value.min_eyes() == 0 {
            continue;
        }
        let space = &estimate.spaces.spaces[k];
        let point = space
            .points
            .iter()
            .zip(&space.marginal)
            .filter(|&(_, &marginal)| marginal)
            .filter_map(|(&p, _)| geometry.vertex(p))
            .find(|&v| board.cell(v).color().is_none());
        if let Some(v) = point {
            propose(
                found,
                v,
                params.marginal_space_value,
                true,
                MoveSource::MarginalSpace,
            );
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

/// How many pattern moves [`pattern_moves`] proposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternQuota {
    /// Up to this many accepted matches (a point matched twice counts twice).
    Matches(usize),
    /// Up to this many distinct points.
    Points(usize),
}

/// How [`pattern_moves`] chooses: its quota, and whether a pattern of
/// class `n` also needs the other side's stone on its point to be safe
/// (the databases' header: "check also that an X move cannot be
/// captured"; [`OwlParams::class_n_safety`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternRules {
    /// How many moves.
    pub quota: PatternQuota,
    /// The class `n` check.
    pub class_n_safety: bool,
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
/// first, up to `rules.quota` moves that pass their constraint and
/// (unless class `s`) are safe (with `rules.class_n_safety`, a class `n`
/// pattern's point safe for the other side too), proposed into `found`.
pub fn pattern_moves(
    host: &mut dyn OwlHost,
    db: &LayerDb,
    matches: &mut IncrementalMatches<'_, '_>,
    site: &NodeSite<'_>,
    mover: Color,
    rules: PatternRules,
    found: &mut Vec<Candidate>,
) {
    let class_n = rules.class_n_safety;
    let (wanted, distinct) = match rules.quota {
        PatternQuota::Matches(n) => (n, false),
        PatternQuota::Points(n) => (n, true),
    };
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
        if class_n && pattern.class.has('n') && !safe(host, board, mover.other(), v) {
            continue;
        }
        let new_point = !found.iter().any(|c| c.point == v);
        propose(
            found,
            v,
            pattern.value,
            !pattern.class.has('B'),
            MoveSource::Pattern(m.pattern),
        );
        accepted += usize::from(new_point || !distinct);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goban::Geometry;

    fn candidate(v: Vertex, value: f32, source: MoveSource) -> Candidate {
        Candidate {
            point: v,
            value,
            connects: true,
            source,
        }
    }

    #[test]
    fn vital_points_are_valued_by_the_eyes_at_stake() {
        let params = OwlParams {
            vital_point_value: 50.0,
            vital_value_per_extra_eye: 20.0,
            vital_value_per_uncertain_eye: 10.0,
            ..OwlParams::default()
        };
        let value = |digits, marginal| vital_point_value(&params, EyeValue::new(digits), marginal);
        // GNU Go's owl traces: 0011 50, 0022 70, 1122 60 with marginal
        // points (pessimistic min 0) and 50 without, 0122 60.
        assert_eq!(value([0, 0, 1, 1], false), 50.0);
        assert_eq!(value([0, 0, 1, 1], true), 50.0);
        assert_eq!(value([0, 0, 2, 2], true), 70.0);
        assert_eq!(value([1, 1, 2, 2], true), 60.0);
        assert_eq!(value([1, 1, 2, 2], false), 50.0);
        assert_eq!(value([0, 1, 2, 2], true), 60.0);
        let flat = OwlParams::default();
        assert_eq!(
            vital_point_value(&flat, EyeValue::new([0, 0, 2, 2]), true),
            flat.vital_point_value
        );
    }

    #[test]
    fn passes_try_the_others_then_new_pattern_points() {
        let g = Geometry::square(9).expect("geometry");
        let v = |s: &str| g.parse_gtp(s).expect("vertex");
        let generated = || Generated {
            others: vec![
                candidate(v("A1"), 76.0, MoveSource::Tactical),
                candidate(v("B1"), 50.0, MoveSource::EyeVital),
                candidate(v("C1"), 45.0, MoveSource::Tactical),
            ],
            patterns: vec![
                candidate(v("D1"), 90.0, MoveSource::Pattern(1)),
                candidate(v("B1"), 80.0, MoveSource::Pattern(2)),
                candidate(v("E1"), 35.0, MoveSource::Pattern(3)),
            ],
        };
        let points =
            |moves: Vec<Candidate>| moves.iter().map(|c| g.gtp(c.point)).collect::<Vec<_>>();
        let mut params = OwlParams {
            pass_breadth: Some(2),
            ..OwlParams::default()
        };
        // Two of the others by value, then the patterns' new points.
        assert_eq!(
            points(generated().in_order(&params, false)),
            ["A1", "B1", "D1", "E1"]
        );
        // The root may try the patterns first.
        params.root_patterns_first = true;
        assert_eq!(
            points(generated().in_order(&params, true)),
            ["D1", "B1", "E1", "A1"]
        );
        assert_eq!(
            points(generated().in_order(&params, false)),
            ["A1", "B1", "D1", "E1"]
        );
        // Without passes the list is the others, ranked together.
        params.pass_breadth = None;
        assert_eq!(
            points(generated().in_order(&params, true)),
            ["A1", "B1", "C1"]
        );
    }
}
