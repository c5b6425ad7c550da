//! The owl layer: GNU Go's life-and-death search ("optics with limit
//! negotiation", the manual's §12.1), built from the manual's description
//! and GNU Go's answers, not its code.
//!
//! `owl_attack(dragon)` asks whether the opponent, moving first, can kill
//! the dragon; `owl_defend(dragon)` whether its owner, moving first, can
//! save it. The search alternates attacker and defender nodes on the
//! reader's board ([`search`]). At every node ([`node`]):
//!
//! 1. the *goal* ([`goal`]) is the dragon's stones still on the board, with
//!    the defender's stones played into it;
//! 2. the life of the goal is **estimated** from its local eye spaces:
//!    the defender's spaces next to the goal, where the attacker's strings
//!    next to the goal that reading can capture (the *lunches*) count as
//!    dead stones inside the space, valued through `eyes.db`'s graphs and
//!    summed ([`EyeValue`]'s addition); a goal with
//!    two eyes even when the attacker moves first, or with an escape route
//!    ([`escape`]), lives;
//! 3. **moves** are generated ([`candidates`]): the vital points of the
//!    eye spaces, a marginal point of each settled space that marginal
//!    points make uncertain, the matches of `owl_attackpats.db` / `owl_defendpats.db`
//!    (goal-restricted, constraints evaluated on this node through the owl
//!    part of the context, [`part`]; the matches are kept from node to
//!    node and only the anchors a move changed are matched again,
//!    [`OwlMatching`]) and tactical moves (capturing or
//!    saving goal strings and lunches), ranked by value;
//! 4. the best few are **tried** (all of them up to the branch depth, one
//!    beyond it), under the node and depth limits of [`OwlParams`]; a node
//!    where the side to move finds no move is judged from the estimate.
//!
//! Results are codes as the tactical reader's ([`Code`]); `certain` is
//! false when the node limit cut the search short (the defender is then
//! given the benefit, as in GNU Go).
//!
//! [`semeai`] reads capturing races between two dragons (`analyze_semeai`):
//! the owl's answers where one of them lives on its own, else a race of
//! key strings judged by liberties and eyes, without the owl patterns.
//!
//! Ko follows the tactical reader's komaster scheme
//! ([`tactics::reader::komaster`]): conditional ko captures are made
//! through a threat where the scheme allows them, and results through a
//! ko come out as KO_A / KO_B ([`search`]).
//! Where the estimate calls the goal alive, the attacker still tries the
//! moves of `owl_vital_apats.db` (the manual: the patterns that correct
//! the optics where liberties or cutting points make the eyes false);
//! elsewhere they are among its candidates, ranked by value
//! ([`OwlParams::vital_always`], as GNU Go's owl traces show).
//!
//! What is not there yet, and how it shows: the escape route is a local
//! estimate until the influence layer exists; results are not cached
//! across calls.

pub mod candidates;
pub mod derived;
pub mod escape;
pub mod goal;
pub mod node;
pub mod part;
pub mod search;
pub mod semeai;
pub mod semeai_settings;
pub mod settings;

use crate::compose::LayerDb;
use crate::eyes::EyeValue;
use goban::{Color, Vertex};
use matcher::context::Context;
use matcher::eyes::EyePattern;
use matcher::grid::GridMatcher;
#[cfg(doc)]
use matcher::incremental::IncrementalMatches;
use tactics::Code;
use tactics::reader::Reader;

pub use search::{owl_attack, owl_defend};

/// The owl pattern databases.
#[derive(Debug, Clone)]
pub struct OwlPatterns {
    /// `owl_attackpats.db`: the attacker's moves.
    pub attack: LayerDb,
    /// `owl_defendpats.db`: the defender's moves.
    pub defend: LayerDb,
    /// `owl_vital_apats.db`: vital attack moves against dragons the eye
    /// analysis calls alive (tried by the attacker at such nodes).
    pub vital: Option<LayerDb>,
}

/// The limits and values of the owl search (GNU Go's level-10 limits
/// where the manual gives them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OwlParams {
    /// Nodes one search may visit; beyond it the defender wins, uncertain.
    pub node_limit: u64,
    /// Up to this many moves deep, several moves are tried per node.
    pub branch_depth: usize,
    /// Beyond this many moves deep the defender wins (deep reading is a
    /// sign of escape).
    pub reading_depth: usize,
    /// Moves tried per node within the branch depth.
    pub moves_per_node: usize,
    /// Escape route from which the goal counts as escaped (alive).
    pub escaped_from: u32,
    /// Value given to a vital point of an eye space (of a space where one
    /// eye is at stake).
    pub vital_point_value: f32,
    /// Added to a vital point's value per eye at stake beyond one (the
    /// space's max eyes less its min eyes, less one: GNU Go's traces give
    /// 70 for a `0022` space, 50 for `0011`).
    pub vital_value_per_extra_eye: f32,
    /// Added to a vital point's value per eye its space's min eyes holds
    /// above its pessimistic min (GNU Go's traces: 60 for a `1122` space
    /// with marginal points, 50 for a closed one).
    pub vital_value_per_uncertain_eye: f32,
    /// Lunch moves valued by the eyes capturing the lunch gives (GNU Go's
    /// traces); `None`: the flat `tactical_move_value`.
    pub lunch_values: Option<LunchValues>,
    /// Value of a move on a marginal point of a settled space (min eyes =
    /// max eyes, at least one) that marginal points make uncertain (GNU
    /// Go's traces: "marginal eye space", score 30, for both sides); 0:
    /// not proposed.
    pub marginal_space_value: f32,
    /// Sure eyes a space with marginal points loses in the pessimistic
    /// count behind [`node::NodeEstimate::alive`] (`None`: all of them,
    /// the manual's `compute_eyes_pessimistic`; GNU Go's traces mostly
    /// print a pessimistic min one below the min).
    pub marginal_eyes_lost: Option<u8>,
    /// Max eyes (the defender moving first) from which a goal with one
    /// sure eye counts as alive, as with two (GNU Go's traces: "1 secure
    /// eye, likely >= 4"; on, 4: see `docs/tuning/owl.md`); `None`: two
    /// sure eyes needed.
    pub likely_alive_eyes: Option<u8>,
    /// Whether the alive cut-off adds the spaces' pessimistic min eyes
    /// one by one (GNU Go's traces: `1122` and `0011` with a marginal
    /// point, 1 + 0, read on) instead of playing them as local games
    /// (attacker first, defender answering in the other: 2).
    pub alive_by_space_sum: bool,
    /// Value given to a tactical move on a lunch (the defender captures
    /// it, the attacker saves it).
    pub tactical_move_value: f32,
    /// Value given to a tactical move on a goal string (the attacker
    /// captures it, the defender saves it), below the marginal-space moves
    /// (GNU Go's traces list no such move); 0: not proposed.
    pub goal_string_move_value: f32,
    /// Liberties up to which goal strings are read tactically at a node.
    pub goal_string_liberties: usize,
    /// Liberties up to which a goal string reading can attack gets the
    /// tactical moves of [`OwlParams::goal_string_move_value`] (the
    /// attacker's capture, the defender's rescue).
    pub goal_string_move_liberties: usize,
    /// Liberties up to which the attacker's strings inside the goal's eye
    /// space (a liberty next to the goal, the string not) are read for
    /// the node's eye spaces (0: not read, such strings cut the space; off:
    /// see `docs/tuning/owl.md`).
    pub inner_string_liberties: usize,
    /// Whether a defender node whose goal the estimate calls alive still
    /// reads on when `owl_vital_apats.db` gives the attacker moves there
    /// (attacker nodes always try them).
    pub vital_in_defence: bool,
    /// First moves tried by the threat searches (`owl_threaten_attack`,
    /// `owl_threaten_defense`), in the root's candidate order.
    pub threat_first_moves: usize,
    /// Whether a node answered from the search's table is answered before
    /// it is counted against the node limit (else it counts as a node).
    pub table_before_count: bool,
    /// Passes in a row the attacker of a goal estimated dead may make
    /// (each lets the defender move again); beyond them the goal is dead.
    pub attacker_passes_in_a_row: usize,
    /// Whether the attacker of a goal estimated dead passes only where it
    /// has no move to play, and after a pass that the defender answers
    /// with a living move plays that point itself (GNU Go's owl traces:
    /// its attacker never passes after its own moves failed, and at a pass
    /// the defender's move comes first, then the attacker's on the same
    /// point); off: it also passes once its moves have all failed.
    pub pass_only_without_moves: bool,
    /// Whether the attacker, where the estimate calls the goal alive, also
    /// tries its tactical moves (capture a goal string, save a lunch).
    pub captures_when_alive: bool,
    /// Whether the attacker, with fewer moves than `moves_per_node` of
    /// its own, also tries the defender's candidates (after its own).
    pub borrow_defender_moves: bool,
    /// Whether the attacker's candidates at every node include the
    /// matches of `owl_vital_apats.db`, ranked with its other moves by
    /// value (GNU Go's owl traces show them at nodes the estimate does
    /// not call alive), not only where the goal is estimated alive.
    pub vital_always: bool,
    /// Moves are tried in two passes (GNU Go's owl traces): up to this
    /// many of the node's non-pattern candidates (eye vital points,
    /// lunches, goal strings, vital patterns) by value, then the moves of
    /// the first this many patterns that pass (best pattern value first)
    /// not tried yet; `None`: all candidates ranked together, the best
    /// `moves_per_node` tried.
    pub pass_breadth: Option<usize>,
    /// With passes, whether the root tries the pattern moves first (GNU
    /// Go's traces: at the root a pattern move is tried before a vital
    /// point of higher value).
    pub root_patterns_first: bool,
    /// Whether a pattern move of class `n` is kept only where the other
    /// side's stone on its point would be safe too (the owl databases'
    /// header; off: class `n` is not checked, see `docs/tuning/owl.md`).
    pub class_n_safety: bool,
    /// Whether the pattern moves of `owl_attackpats.db` /
    /// `owl_defendpats.db` are tried after the node's other candidates
    /// (eye vital points, tactical moves, vital patterns), each group by
    /// value, instead of all candidates ranked together by value.
    pub patterns_after_others: bool,
    /// Deeper than this many moves, an attacker node whose goal holds two
    /// eyes by the local games' min and one sure eye, and whose best move
    /// is valued below [`OwlParams::lively_move_value`], is judged alive
    /// (GNU Go's traces: "getting deep, looks lively", past its distrust
    /// depth 6); `None`: read on.
    pub lively_beyond_depth: Option<usize>,
    /// The attacker's move value from which a deep node judged lively by
    /// [`OwlParams::lively_beyond_depth`] is still read.
    pub lively_move_value: f32,
    /// Liberties up to which the strings outside the goal are read at a
    /// search's start; those the reader captures are dead stones in the
    /// escape values the constraints read (`owl_escape_value`; the route
    /// is unchanged); 0: not read (off, see `docs/tuning/owl.md`).
    pub escape_dead_liberties: usize,
    /// Whether the escape values the constraints read (`owl_escape_value`)
    /// take the empty points' values from the host's escape influence
    /// ([`OwlHost::escape_influence`]) at a search's start instead of the
    /// distance to the nearest opponent stone (the route is unchanged;
    /// off, see `docs/tuning/owl.md`).
    pub escape_from_influence: bool,
    /// With [`OwlParams::escape_from_influence`]: strings with at most
    /// this many liberties that the reader captures are dead stones in the
    /// host's escape influence (0: none read; off, see `docs/tuning/owl.md`).
    pub escape_capturable_liberties: usize,
    /// Whether the tactical reads a search makes count the reader's
    /// stack-depth bands from each read's own start
    /// ([`StackBands::FromRoot`](tactics::reader::StackBands::FromRoot)), so that a line reads as a fresh root
    /// after the same moves (off, see `docs/tuning/owl.md`).
    pub reading_bands_from_call: bool,
    /// Whether a defender node below the root (the attacker has just
    /// moved) whose goal's escape route summed over the host's escape influence
    /// ([`OwlHost::escape_influence`]) reaches
    /// [`OwlParams::influence_escaped_from`] is judged escaped before its
    /// moves are read (GNU Go's owl traces: "escaped" ends nearly always
    /// follow the attacker's move; off, see `docs/tuning/owl.md`).
    pub escape_route_from_influence: bool,
    /// The influence route from which [`OwlParams::escape_route_from_influence`]
    /// judges the goal escaped (fitted on GNU Go's traces and escape maps).
    pub influence_escaped_from: u32,
    /// The value of a defender stone outside the goal in the influence
    /// route (GNU Go's escape values: 6 on living friendly dragons, 4 on
    /// the others).
    pub influence_route_friendly_stone: u8,
}

impl Default for OwlParams {
    fn default() -> OwlParams {
        OwlParams {
            node_limit: 1000,
            branch_depth: 8,
            reading_depth: 20,
            moves_per_node: 4,
            escaped_from: 7,
            vital_point_value: 50.0,
            vital_value_per_extra_eye: 0.0,
            vital_value_per_uncertain_eye: 0.0,
            lunch_values: None,
            marginal_space_value: 30.0,
            marginal_eyes_lost: None,
            alive_by_space_sum: true,
            likely_alive_eyes: Some(4),
            tactical_move_value: 45.0,
            goal_string_move_value: 25.0,
            goal_string_liberties: 3,
            goal_string_move_liberties: 3,
            inner_string_liberties: 0,
            vital_in_defence: true,
            threat_first_moves: 6,
            table_before_count: true,
            attacker_passes_in_a_row: 2,
            pass_only_without_moves: false,
            captures_when_alive: true,
            borrow_defender_moves: false,
            vital_always: true,
            class_n_safety: false,
            patterns_after_others: false,
            pass_breadth: None,
            root_patterns_first: false,
            lively_beyond_depth: Some(6),
            lively_move_value: 70.0,
            escape_dead_liberties: 0,
            escape_from_influence: false,
            escape_capturable_liberties: 0,
            reading_bands_from_call: false,
            escape_route_from_influence: false,
            influence_escaped_from: 6,
            influence_route_friendly_stone: 4,
        }
    }
}

/// The values of the moves on a lunch (the defender captures it, the
/// attacker saves it) by the eyes of the goal's space holding the lunch
/// counted dead: its max eyes (GNU Go's "probable eye") and the eyes it
/// holds with a second move (its "max eye").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LunchValues {
    /// By the space's max eyes, 0 to 3 (more counts as 3).
    pub by_eyes: [f32; 4],
    /// Added when a second move in the space gives one more eye.
    pub per_second_move_eye: f32,
}

impl LunchValues {
    /// GNU Go's values as its owl traces print them (20 for a lunch
    /// giving no eye, 61 for one, 76 for two, 71 for one or two).
    pub const GNUGO: LunchValues = LunchValues {
        by_eyes: [20.0, 61.0, 76.0, 80.0],
        per_second_move_eye: 10.0,
    };

    /// The value of a move on a lunch whose space is worth `eyes`.
    pub fn value(&self, eyes: EyeValue) -> f32 {
        let probable = usize::from(eyes.max_eyes()).min(3);
        let extra = if eyes.d > eyes.c {
            self.per_second_move_eye
        } else {
            0.0
        };
        self.by_eyes[probable] + extra
    }
}

/// The answer of an owl search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwlResult {
    /// The result code (`Fail`: the side asking fails).
    pub code: Code,
    /// The move that achieves it (`None` when no move is needed or the
    /// code is `Fail`).
    pub point: Option<Vertex>,
    /// False when the node limit cut the search short.
    pub certain: bool,
    /// Nodes visited.
    pub nodes: u64,
}

/// What the owl search runs on: a reader whose board it plays on, and
/// the constraint context for patterns matched for a colour on the
/// reader's current board (the engine's context, kept in step with the
/// reader).
pub trait OwlHost {
    /// The reader; the search leaves its board as it found it.
    fn reader(&mut self) -> &mut Reader;

    /// The context for patterns matched for `color` on the reader's
    /// current board.
    fn context(&mut self, color: Color) -> &mut dyn Context;

    /// A search starts: whatever [`OwlHost::context`] changes to follow
    /// the reader from now on is to be undone by [`OwlHost::search_ended`].
    fn search_started(&mut self) {}

    /// The search ended (its moves taken back): the host is to answer as
    /// it did before [`OwlHost::search_started`].
    fn search_ended(&mut self) {}

    /// The escape value of every empty point (indexed by `Vertex::index`)
    /// for a goal of `color` on the reader's current board, from an
    /// influence the host computes (GNU Go's escape influence: how far
    /// `color` holds the point against the opponent, the opponent to
    /// move); `None` where the host has none (the owl's distance values
    /// stay). Strings with at most `capturable_liberties` liberties that
    /// the reader captures count as dead there (0: none read). Read when
    /// [`OwlParams::escape_from_influence`] is on.
    fn escape_influence(&mut self, color: Color, capturable_liberties: usize) -> Option<Vec<u8>> {
        let _ = (color, capturable_liberties);
        None
    }
}

/// The owl databases prepared for scanning (once per set of searches:
/// preparing a database costs far more than scanning it once).
#[derive(Debug)]
pub struct OwlMatchers<'a> {
    /// `owl_attackpats.db`'s matcher.
    pub attack: GridMatcher<'a>,
    /// `owl_defendpats.db`'s matcher.
    pub defend: GridMatcher<'a>,
    /// `owl_vital_apats.db`'s matcher, when the database is there.
    pub vital: Option<GridMatcher<'a>>,
}

impl<'a> OwlMatchers<'a> {
    /// The matchers of `patterns`.
    pub fn new(patterns: &'a OwlPatterns) -> OwlMatchers<'a> {
        OwlMatchers {
            attack: GridMatcher::new(&patterns.attack.db),
            defend: GridMatcher::new(&patterns.defend.db),
            vital: patterns.vital.as_ref().map(|v| GridMatcher::new(&v.db)),
        }
    }
}

/// How the owl pattern databases are matched from node to node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OwlMatching {
    /// The matches are kept per anchor; after a move (and its captures, or
    /// a move taken back) only the anchors whose pattern extents cover a
    /// changed point are matched again ([`IncrementalMatches`]).
    #[default]
    Incremental,
    /// Every node scans the whole board (the plain reference, for
    /// comparisons and benchmarks).
    FullRescan,
}

/// What one owl search needs besides the host.
#[derive(Debug, Clone, Copy)]
pub struct OwlInputs<'a> {
    /// The owl pattern databases.
    pub patterns: &'a OwlPatterns,
    /// Their matchers.
    pub matchers: &'a OwlMatchers<'a>,
    /// `eyes.db`'s graphs.
    pub graphs: &'a [EyePattern],
    /// The limits.
    pub params: OwlParams,
    /// How the pattern databases are matched from node to node.
    pub matching: OwlMatching,
}

impl<'a> OwlInputs<'a> {
    /// The inputs with GNU Go's level-10 limits ([`OwlParams::default`]).
    pub fn new(
        patterns: &'a OwlPatterns,
        matchers: &'a OwlMatchers<'a>,
        graphs: &'a [EyePattern],
    ) -> OwlInputs<'a> {
        OwlInputs {
            patterns,
            matchers,
            graphs,
            params: OwlParams::default(),
            matching: OwlMatching::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lunch_values_follow_the_eyes_of_the_lunch() {
        let values = LunchValues::GNUGO;
        // GNU Go's traces: probable eye 1 max 1: 61; 2 2: 76; 1 2: 71.
        assert_eq!(values.value(EyeValue::new([0, 0, 1, 1])), 61.0);
        assert_eq!(values.value(EyeValue::new([1, 2, 2, 2])), 76.0);
        assert_eq!(values.value(EyeValue::new([0, 1, 1, 2])), 71.0);
        assert_eq!(values.value(EyeValue::new([0, 0, 0, 0])), 20.0);
    }
}
