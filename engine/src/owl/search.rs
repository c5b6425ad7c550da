//! The owl search: attacker and defender nodes alternating on the host's
//! reader (see the module docs of [`super`]).
//!
//! * An **attacker node** (the attacker to move) is won for the attacker
//!   once the dragon's original stones are all captured; lost when the
//!   goal lives even if the attacker moves first (two eyes, or escaped);
//!   won without a move when the goal cannot make two eyes even moving
//!   first; otherwise the attacker tries its best candidates and wins
//!   with the first after which the defender node is lost.
//! * A **defender node** is the mirror: won when the goal lives, lost once
//!   the original stones are captured; otherwise the defender tries its
//!   best candidates and wins with the first after which the attacker
//!   node is lost. A defender finding no move loses.
//! * Beyond the reading depth, or once the node limit is spent, the
//!   defender wins (the latter makes the answer uncertain). A node found
//!   in the search's table is answered from it before it is counted
//!   ([`OwlParams::table_before_count`]).
//! * An attacker node of a goal estimated dead whose moves all fail
//!   passes: the defender moves again. After
//!   [`OwlParams::attacker_passes_in_a_row`] such passes with no attacker
//!   move between them the estimate decides (the goal is dead), so that
//!   a defender with moves left cannot play on alone to the depth limit.
//!   With [`OwlParams::pass_only_without_moves`] the attacker passes only
//!   where it played no move, and answers a pass the defender lives
//!   through by playing the defender's point itself (GNU Go's traces).
//!   A pass at the root is not counted: it asks whether the goal dies as
//!   it stands, the defender moving first, which is `owl_defend` with the
//!   same allowance (so that an attack by a pass never contradicts a
//!   defence found by `owl_defend`).
//! * Where the estimate calls the goal alive, the attacker also tries its
//!   tactical moves ([`OwlParams::captures_when_alive`]); an attacker with
//!   fewer moves of its own than it tries also tries the defender's
//!   candidates ([`OwlParams::borrow_defender_moves`]).
//! * Deeper than [`OwlParams::lively_beyond_depth`] moves, an attacker
//!   node whose goal holds two eyes by the local games' min and one sure
//!   eye, and whose best candidate is valued below
//!   [`OwlParams::lively_move_value`], is judged alive without reading
//!   (GNU Go's "getting deep, looks lively").
//! * With [`OwlParams::escape_route_from_influence`], a defender node
//!   whose goal's escape route over the host's escape influence reaches
//!   [`OwlParams::influence_escaped_from`] is won for the defender before
//!   it is estimated ("escaped", as GNU Go's traces end such lines); not
//!   at the root.
//! * A candidate valued 100 or more wins at once (the manual: "any pattern
//!   with value 100 is considered a win").
//!
//! * **Ko** follows the tactical reader's komaster scheme
//!   ([`Komaster`]): a ko capture the simple-ko rule forbids is made
//!   through a ko threat (`tryko`) when the scheme allows it, and only
//!   while the side has found nothing better than failure (GNU Go's
//!   manual: conditional ko captures are considered only when no ko
//!   result is saved yet); a line through such a capture is worth at most
//!   KO_B to its side. A node's code is the best over its moves of the
//!   reply's code turned round ([`Code::for_opponent`]): the other side
//!   winning through a ko it needs a threat for is a ko this side takes
//!   first (KO_A), and the converse; a move with a ko result does not end
//!   the node, a later move may still win outright.
//!
//! A table keyed by the position, the goal, the side to move and the
//! komaster state keeps the answers of one search.

use rustc_hash::FxHashMap;

use goban::Vertex;
use matcher::incremental::IncrementalMatches;
use matcher::scan::ColorMode;
use tactics::Code;
use tactics::reader::komaster::Komaster;
use tactics::reader::{Reader, StackBands};

use super::OwlParams;
use super::candidates::{
    Candidate, MoveSource, NodeSite, PatternQuota, PatternRules, generate, pattern_moves,
    tactical_moves,
};
use super::escape::{EscapeParams, EscapeValues};
use super::goal::Goal;
use super::node::NodeEstimate;
use super::{OwlHost, OwlInputs, OwlMatching, OwlResult};

/// The attacker's result for the dragon of `stones`, the attacker moving
/// first.
pub fn owl_attack(host: &mut dyn OwlHost, inputs: OwlInputs<'_>, stones: &[Vertex]) -> OwlResult {
    run(host, inputs, stones, true)
}

/// The defender's result for the dragon of `stones`, the defender moving
/// first.
pub fn owl_defend(host: &mut dyn OwlHost, inputs: OwlInputs<'_>, stones: &[Vertex]) -> OwlResult {
    run(host, inputs, stones, false)
}

/// What the owl search sees at the root of a search on the dragon of
/// `stones` (for a diagnosis of its choices).
#[derive(Debug, Clone)]
pub struct RootView {
    /// Whether the estimate calls the goal alive.
    pub alive: bool,
    /// Whether the estimate calls the goal dead.
    pub dead: bool,
    /// The goal's escape route.
    pub escape: u32,
    /// The sum of the goal's eye values (`min_eyes`, `max_eyes`).
    pub eyes: (u8, u8),
    /// The side's ranked candidates (the attacker's when attacking).
    pub moves: Vec<Candidate>,
    /// The attacker's `owl_vital_apats.db` moves (read where the goal is
    /// estimated alive).
    pub vital: Vec<Candidate>,
}

/// The root node of `owl_attack` (`attack`) or `owl_defend` on the dragon
/// of `stones`: the estimate and the candidates, in the order the search
/// tries them (for GTP `tesuji-owl_moves`).
pub fn root_view(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    stones: &[Vertex],
    attack: bool,
) -> RootView {
    host.search_started();
    let bands = bands_for_search(host, &inputs.params);
    let board = host.reader().board().board().clone();
    let goal = Goal::new(&board, stones);
    let mut search = Search::new(host, inputs, &goal, &board);
    let estimate = search.estimate(&goal);
    let params = inputs.params;
    let side = Side::asking(attack);
    let moves = search.candidates(&goal, &estimate, side, true);
    let vital = search.vital_moves(&goal, &estimate);
    bands_after_search(search.host, bands);
    search.host.search_ended();
    RootView {
        alive: estimate.alive(&params),
        dead: estimate.dead(&params),
        escape: estimate.escape,
        eyes: (estimate.total.min_eyes(), estimate.total.max_eyes()),
        moves,
        vital,
    }
}

fn run(
    host: &mut dyn OwlHost,
    inputs: OwlInputs<'_>,
    stones: &[Vertex],
    attack: bool,
) -> OwlResult {
    host.search_started();
    let bands = bands_for_search(host, &inputs.params);
    let board = host.reader().board().board().clone();
    let goal = Goal::new(&board, stones);
    let mut search = Search::new(host, inputs, &goal, &board);
    let side = Side::asking(attack);
    let (code, point) = search.node(&goal, 0, side, Komaster::default());
    bands_after_search(search.host, bands);
    search.host.search_ended();
    OwlResult {
        code,
        point: point.filter(|_| code != Code::Fail),
        certain: !search.aborted,
        nodes: search.nodes,
    }
}

/// Sets the reader's stack-depth bands for a search
/// ([`OwlParams::reading_bands_from_call`]); returns the bands to put
/// back when it ends.
fn bands_for_search(host: &mut dyn OwlHost, params: &OwlParams) -> Option<StackBands> {
    params
        .reading_bands_from_call
        .then(|| host.reader().set_stack_bands(StackBands::FromRoot))
}

/// Puts back the reader's bands that [`bands_for_search`] replaced.
fn bands_after_search(host: &mut dyn OwlHost, saved: Option<StackBands>) {
    if let Some(bands) = saved {
        host.reader().set_stack_bands(bands);
    }
}

impl<'h, 'a> Search<'h, 'a> {
    /// A search of `goal` on `board` (the host's current board).
    fn new(
        host: &'h mut dyn OwlHost,
        inputs: OwlInputs<'a>,
        goal: &Goal,
        board: &goban::Board,
    ) -> Search<'h, 'a> {
        let escape = search_escape_values(host, goal, board, &inputs.params);
        let matchers = inputs.matchers;
        Search {
            host,
            inputs,
            attack_matches: IncrementalMatches::new(
                &matchers.attack,
                ColorMode::Color(goal.color().other()),
            ),
            defend_matches: IncrementalMatches::new(
                &matchers.defend,
                ColorMode::Color(goal.color()),
            ),
            vital_matches: matchers
                .vital
                .as_ref()
                .map(|m| IncrementalMatches::new(m, ColorMode::Color(goal.color().other()))),
            escape,
            nodes: 0,
            passes: 0,
            aborted: false,
            table: FxHashMap::default(),
        }
    }
}

/// The escape values a search of `goal` on `board` (the host's current
/// board) reads: the host's escape influence where
/// [`OwlParams::escape_from_influence`] asks for it and the host has one,
/// else the distance values ([`escape_values`]).
pub fn search_escape_values(
    host: &mut dyn OwlHost,
    goal: &Goal,
    board: &goban::Board,
    params: &OwlParams,
) -> EscapeValues {
    let influence = if params.escape_from_influence || params.escape_route_from_influence {
        host.escape_influence(goal.color(), params.escape_capturable_liberties)
    } else {
        None
    };
    let values = match influence.as_ref().filter(|_| params.escape_from_influence) {
        Some(empty) => {
            EscapeValues::with_empty_values(board, goal.color(), EscapeParams::default(), empty)
        }
        None => escape_values(host.reader(), goal, board, params.escape_dead_liberties),
    };
    match influence.filter(|_| params.escape_route_from_influence) {
        Some(empty) => {
            values.with_influence_route(board, &empty, params.influence_route_friendly_stone)
        }
        None => values,
    }
}

/// The distance escape values on `board` (the reader's current board): the
/// strings outside the goal with at most `dead_liberties` liberties that
/// the reader captures are dead stones in the values the constraints read
/// ([`EscapeValues::with_dead_stones`]); 0 reads none.
fn escape_values(
    reader: &mut Reader,
    goal: &Goal,
    board: &goban::Board,
    dead_liberties: usize,
) -> EscapeValues {
    let params = EscapeParams::default();
    if dead_liberties == 0 {
        return EscapeValues::new(board, goal.color(), params);
    }
    let geometry = board.geometry();
    let mut dead = vec![false; geometry.vertices()];
    let mut read = vec![false; geometry.vertices()];
    for v in geometry.board_vertices() {
        let head = board.head(v);
        if board.cell(v).color().is_none() || goal.contains(v) || read[head.index()] {
            continue;
        }
        read[head.index()] = true;
        if board.liberties(head) <= dead_liberties && reader.attack(head).code != Code::Fail {
            for s in board.string_stones(head) {
                dead[s.index()] = true;
            }
        }
    }
    EscapeValues::with_dead_stones(board, goal.color(), params, &|v| dead[v.index()])
}

/// Which side moves at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Side {
    Attacker,
    Defender,
}

impl Side {
    /// The side moving first in `owl_attack` (`attack`) or `owl_defend`.
    fn asking(attack: bool) -> Side {
        if attack {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    /// The side moving next.
    fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

struct Search<'h, 'a> {
    host: &'h mut dyn OwlHost,
    inputs: OwlInputs<'a>,
    /// `owl_attackpats.db`'s matches for the attacker, kept up to date
    /// incrementally from node to node.
    attack_matches: IncrementalMatches<'a, 'a>,
    /// `owl_defendpats.db`'s matches for the defender, likewise.
    defend_matches: IncrementalMatches<'a, 'a>,
    /// `owl_vital_apats.db`'s matches for the attacker, likewise (when
    /// the database is there).
    vital_matches: Option<IncrementalMatches<'a, 'a>>,
    escape: EscapeValues,
    nodes: u64,
    /// The attacker's passes since its last move on the current line.
    passes: usize,
    aborted: bool,
    table: FxHashMap<NodeKey, (Code, Option<Vertex>)>,
}

/// A node's key in the search's table: the position's hash, the goal's
/// fingerprint, the side to move, the komaster state and the attacker's
/// passes in a row.
type NodeKey = (u64, u64, Side, u32, usize);

/// Whether an attacker node `depth` moves deep, with the candidates
/// `moves`, is judged alive without reading
/// ([`OwlParams::lively_beyond_depth`]).
fn looks_lively(
    params: &OwlParams,
    estimate: &NodeEstimate,
    depth: usize,
    moves: &[Candidate],
) -> bool {
    let best = moves.iter().map(|c| c.value).fold(0.0, f32::max);
    lively_at(
        params,
        depth,
        estimate.total.min_eyes(),
        estimate.pessimistic_sum,
        best,
    )
}

/// The rule of [`OwlParams::lively_beyond_depth`] on its figures: the
/// node's depth, the goal's min eyes by the local games, its sure eyes
/// (the spaces' pessimistic mins added) and the attacker's best move value.
fn lively_at(params: &OwlParams, depth: usize, min_eyes: u8, sure_eyes: u8, best: f32) -> bool {
    params
        .lively_beyond_depth
        .is_some_and(|limit| depth > limit)
        && min_eyes >= 2
        && sure_eyes >= 1
        && best < params.lively_move_value
}

/// Whether the attacker, its moves having given no win, passes (lets the
/// defender move) at a node whose goal the estimate calls `dead`, after
/// playing `played` moves ([`OwlParams::pass_only_without_moves`]).
fn attacker_may_pass(params: &OwlParams, dead: bool, played: usize) -> bool {
    dead && (played == 0 || !params.pass_only_without_moves)
}

/// Whether a node `depth` moves deep with `side` to move, whose goal's
/// influence route is `route` (`None`: not computed), is judged escaped
/// ([`OwlParams::escape_route_from_influence`]): a defender node below the
/// root (GNU Go's `owl_defend` reads on at a root it would call escaped).
fn escaped_by_influence(params: &OwlParams, depth: usize, side: Side, route: Option<u32>) -> bool {
    params.escape_route_from_influence
        && depth > 0
        && side == Side::Defender
        && route.is_some_and(|r| r >= params.influence_escaped_from)
}

/// A fingerprint of the goal's stones.
fn goal_key(goal: &Goal) -> u64 {
    goal.stones().fold(0xcbf2_9ce4_8422_2325u64, |h, v| {
        (h ^ v.index() as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Search<'_, '_> {
    /// Counts a node; false when the limit is spent.
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.inputs.params.node_limit {
            self.aborted = true;
            return false;
        }
        true
    }

    fn estimate(&mut self, goal: &Goal) -> NodeEstimate {
        NodeEstimate::new(
            self.host.reader(),
            goal,
            self.inputs.graphs,
            &self.escape,
            &self.inputs.params,
        )
    }

    fn candidates(
        &mut self,
        goal: &Goal,
        estimate: &NodeEstimate,
        side: Side,
        root: bool,
    ) -> Vec<Candidate> {
        let patterns = self.inputs.patterns;
        let (db, matches, attacking) = match side {
            Side::Attacker => (&patterns.attack, &mut self.attack_matches, true),
            Side::Defender => (&patterns.defend, &mut self.defend_matches, false),
        };
        if self.inputs.matching == OwlMatching::FullRescan {
            matches.forget();
        }
        let mut generated = generate(
            self.host,
            db,
            matches,
            goal,
            estimate,
            &self.escape,
            &self.inputs.params,
            attacking,
        );
        let params = self.inputs.params;
        if attacking && params.vital_always {
            generated.others = self.with_vital_patterns(goal, estimate, generated.others);
        }
        let mut moves = generated.in_order(&params, root);
        if params.patterns_after_others {
            // A stable sort keeps each group's order by value.
            moves.sort_by_key(|c| matches!(c.source, MoveSource::Pattern(_)));
        }
        if attacking && params.borrow_defender_moves && moves.len() < params.moves_per_node {
            // Too few moves of its own: the attacker plays where the
            // defender would (its best points, after the attacker's own).
            for c in self.candidates(goal, estimate, Side::Defender, root) {
                if !moves.iter().any(|m| m.point == c.point) {
                    moves.push(Candidate {
                        connects: false,
                        ..c
                    });
                }
            }
        }
        moves
    }

    /// The attacker's candidates `moves` with the matches of
    /// `owl_vital_apats.db` added, ranked together by value (a point
    /// proposed twice keeps its higher value).
    fn with_vital_patterns(
        &mut self,
        goal: &Goal,
        estimate: &NodeEstimate,
        mut moves: Vec<Candidate>,
    ) -> Vec<Candidate> {
        let vital = self.vital_pattern_moves(goal, estimate);
        for mut c in vital {
            if let MoveSource::Pattern(k) = c.source {
                c.source = MoveSource::VitalPattern(k);
            }
            match moves.iter_mut().find(|m| m.point == c.point) {
                Some(m) if m.value >= c.value => {}
                Some(m) => *m = c,
                None => moves.push(c),
            }
        }
        moves.sort_by(|a, b| b.value.total_cmp(&a.value));
        moves
    }

    /// The attacker's best [`OwlParams::moves_per_node`] moves from
    /// `owl_vital_apats.db` at this node; empty without the database.
    ///
    /// [`OwlParams::moves_per_node`]: super::OwlParams::moves_per_node
    fn vital_pattern_moves(&mut self, goal: &Goal, estimate: &NodeEstimate) -> Vec<Candidate> {
        let (Some(db), Some(matches)) = (
            self.inputs.patterns.vital.as_ref(),
            self.vital_matches.as_mut(),
        ) else {
            return Vec::new();
        };
        if self.inputs.matching == OwlMatching::FullRescan {
            matches.forget();
        }
        let board = self.host.reader().board().board().clone();
        let site = NodeSite {
            board: &board,
            goal,
            estimate,
            escape: &self.escape,
        };
        let mut found = Vec::new();
        pattern_moves(
            self.host,
            db,
            matches,
            &site,
            goal.color().other(),
            PatternRules {
                quota: PatternQuota::Matches(self.inputs.params.moves_per_node),
                class_n_safety: self.inputs.params.class_n_safety,
            },
            &mut found,
        );
        found
    }

    /// The attacker's moves from `owl_vital_apats.db` against a goal the
    /// eye estimate calls alive (the manual: these patterns correct the
    /// optics where a shortage of liberties or a cutting point makes two
    /// eyes false), and with [`OwlParams::captures_when_alive`] its
    /// tactical moves (captures of goal strings, rescues of lunches: the
    /// estimate's eyes count on them); empty without the database.
    ///
    /// [`OwlParams::captures_when_alive`]: super::OwlParams::captures_when_alive
    fn vital_moves(&mut self, goal: &Goal, estimate: &NodeEstimate) -> Vec<Candidate> {
        let mut found = self.vital_pattern_moves(goal, estimate);
        if self.inputs.params.captures_when_alive {
            let geometry = self.host.reader().board().board().geometry();
            tactical_moves(geometry, estimate, &self.inputs.params, true, &mut found);
        }
        found
    }

    /// How many candidates a node at `depth` tries.
    fn breadth(&self, depth: usize) -> usize {
        let params = &self.inputs.params;
        if depth < params.branch_depth {
            // In passes each group's breadth bounds the list already.
            params.pass_breadth.map_or(params.moves_per_node, |b| 2 * b)
        } else {
            1
        }
    }

    /// A node with `side` to move under the ko state `komaster`: its code
    /// and move.
    fn node(
        &mut self,
        goal: &Goal,
        depth: usize,
        side: Side,
        komaster: Komaster,
    ) -> (Code, Option<Vertex>) {
        // The side's code when the goal is lost, and when it lives.
        let (lost, lives) = match side {
            Side::Attacker => (Code::Win, Code::Fail),
            Side::Defender => (Code::Fail, Code::Win),
        };
        if goal.original_captured(self.host.reader().board().board()) {
            return (lost, None);
        }
        let key = (
            self.host.reader().board().hash(),
            goal_key(goal),
            side,
            komaster.key(),
            self.passes,
        );
        if self.inputs.params.table_before_count
            && let Some(&answer) = self.table.get(&key)
        {
            return answer;
        }
        if !self.enter() || depth > self.inputs.params.reading_depth {
            return (lives, None);
        }
        if let Some(&answer) = self.table.get(&key) {
            return answer;
        }
        let params = self.inputs.params;
        if params.escape_route_from_influence {
            let route = self
                .escape
                .influence_route(self.host.reader().board().board(), goal);
            if escaped_by_influence(&params, depth, side, route) {
                self.table.insert(key, (lives, None));
                return (lives, None);
            }
        }
        let estimate = self.estimate(goal);
        let answer = if estimate.alive(&params) {
            let vital = match side {
                Side::Defender if !params.vital_in_defence => Vec::new(),
                _ => self.vital_moves(goal, &estimate),
            };
            if vital.is_empty() {
                (lives, None)
            } else if side == Side::Attacker {
                self.try_moves(goal, depth, &vital, side, komaster)
            } else {
                self.defend_against_vital(goal, &estimate, depth, &vital, komaster)
            }
        } else {
            let moves = self.candidates(goal, &estimate, side, depth == 0);
            if side == Side::Attacker && looks_lively(&params, &estimate, depth, &moves) {
                self.table.insert(key, (lives, None));
                return (lives, None);
            }
            let (tried, played) = self.try_moves_counted(goal, depth, &moves, side, komaster);
            if side == Side::Attacker
                && tried.0 != Code::Win
                && attacker_may_pass(&params, estimate.dead(&params), played)
            {
                let passed = if self.passes < params.attacker_passes_in_a_row {
                    self.pass_or_take_the_reply(goal, depth, komaster)
                } else {
                    (Code::Win, None)
                };
                if passed.0 > tried.0 { passed } else { tried }
            } else {
                tried
            }
        };
        self.table.insert(key, answer);
        answer
    }

    /// A defender node whose goal the estimate calls alive while the
    /// attacker has vital moves: the defender's own moves are read, and
    /// failing them the defender lets the attacker try its vital moves
    /// (the goal lives unless one of them kills).
    fn defend_against_vital(
        &mut self,
        goal: &Goal,
        estimate: &NodeEstimate,
        depth: usize,
        vital: &[Candidate],
        komaster: Komaster,
    ) -> (Code, Option<Vertex>) {
        let moves = self.candidates(goal, estimate, Side::Defender, depth == 0);
        let own = self.try_moves(goal, depth, &moves, Side::Defender, komaster);
        if own.0 == Code::Win {
            return own;
        }
        let (attack, _) = self.try_moves(goal, depth + 1, vital, Side::Attacker, komaster);
        let standing = (attack.for_opponent(), None);
        if standing.0 > own.0 { standing } else { own }
    }

    /// The attacker of a goal estimated dead found no move that wins
    /// outright: it wins without a move when the defender, moving first,
    /// finds no defence (and through a ko when the defender's only
    /// defence is one). Past [`OwlParams::attacker_passes_in_a_row`]
    /// passes without an attacker's move between them, the estimate
    /// decides: the goal is dead.
    ///
    /// With [`OwlParams::pass_only_without_moves`], a pass that the
    /// defender answers with a living move is followed by the attacker's
    /// own move on that point.
    ///
    /// [`OwlParams::attacker_passes_in_a_row`]: super::OwlParams::attacker_passes_in_a_row
    /// [`OwlParams::pass_only_without_moves`]: super::OwlParams::pass_only_without_moves
    fn pass_or_take_the_reply(
        &mut self,
        goal: &Goal,
        depth: usize,
        komaster: Komaster,
    ) -> (Code, Option<Vertex>) {
        let (passed, reply) = self.attacker_passes(goal, depth, komaster);
        let Some(point) =
            reply.filter(|_| self.inputs.params.pass_only_without_moves && passed.0 != Code::Win)
        else {
            return passed;
        };
        // The defender's living answer to the pass is the attacker's
        // point (GNU Go's traces: its move there follows the pass).
        let take = Candidate {
            point,
            value: 0.0,
            connects: false,
            source: MoveSource::Tactical,
        };
        let taken = self.try_moves(goal, depth, &[take], Side::Attacker, komaster);
        if taken.0 > passed.0 { taken } else { passed }
    }

    /// The attacker's pass (see [`Search::pass_or_take_the_reply`]): its
    /// code, and the defender's answer to it.
    fn attacker_passes(
        &mut self,
        goal: &Goal,
        depth: usize,
        komaster: Komaster,
    ) -> ((Code, Option<Vertex>), Option<Vertex>) {
        // A pass at the root asks whether the goal, as it stands, dies
        // with the defender moving first: that is `owl_defend`, with the
        // same allowance of passes.
        let counted = usize::from(depth > 0);
        self.passes += counted;
        let (reply, answer) = self.node(goal, depth + 1, Side::Defender, komaster);
        self.passes -= counted;
        ((reply.for_opponent(), None), answer)
    }

    /// Tries the best candidates of `side`: the first after which the
    /// other side's node is lost wins; otherwise the best ko result, if
    /// any, is kept.
    fn try_moves(
        &mut self,
        goal: &Goal,
        depth: usize,
        moves: &[Candidate],
        side: Side,
        komaster: Komaster,
    ) -> (Code, Option<Vertex>) {
        self.try_moves_counted(goal, depth, moves, side, komaster).0
    }

    /// [`Search::try_moves`], with the number of moves played.
    fn try_moves_counted(
        &mut self,
        goal: &Goal,
        depth: usize,
        moves: &[Candidate],
        side: Side,
        komaster: Komaster,
    ) -> ((Code, Option<Vertex>), usize) {
        let mover = match side {
            Side::Attacker => goal.color().other(),
            Side::Defender => goal.color(),
        };
        if let Some(winning) = moves.iter().find(|c| c.value >= 100.0) {
            return ((Code::Win, Some(winning.point)), 0);
        }
        let mut best = (Code::Fail, None);
        let mut tried = 0;
        for candidate in moves {
            if tried >= self.breadth(depth) {
                break;
            }
            let Some(cap) = self.play(mover, candidate.point, komaster, best.0) else {
                continue;
            };
            let (cap, next_komaster) = cap;
            tried += 1;
            let mut next = goal.clone();
            let board = self.host.reader().board().board();
            next.refresh(board);
            if side == Side::Defender && candidate.connects {
                next.add_move(board, candidate.point);
            }
            // An attacker's move ends a line of passes.
            let passes = self.passes;
            if side == Side::Attacker {
                self.passes = 0;
            }
            let (reply, _) = self.node(&next, depth + 1, side.other(), next_komaster);
            self.passes = passes;
            self.host.reader().popgo();
            let code = reply.for_opponent().min(cap);
            if code == Code::Win {
                return ((code, Some(candidate.point)), tried);
            }
            if code > best.0 {
                best = (code, Some(candidate.point));
            }
        }
        (best, tried)
    }

    /// Plays `m` for `mover` under `komaster`, through a ko threat where
    /// the scheme allows a conditional ko capture and the side has found
    /// nothing better than `best` = failure yet. Returns the cap of the
    /// line's code and the ko state after the move; `None` when the move
    /// is not played.
    fn play(
        &mut self,
        mover: goban::Color,
        m: Vertex,
        komaster: Komaster,
        best: Code,
    ) -> Option<(Code, Komaster)> {
        let reader = self.host.reader();
        let verdict = komaster.verdict(reader.board(), mover, m)?;
        if verdict.conditional {
            if best != Code::Fail {
                return None;
            }
            reader.tryko(mover, m).ok()?;
            Some((Code::KoB, verdict.next))
        } else {
            reader.trymove(mover, m).ok()?;
            Some((Code::Win, verdict.next))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_attacker_nodes_with_two_eyes_and_small_moves_look_lively() {
        let on = OwlParams {
            lively_beyond_depth: Some(6),
            lively_move_value: 70.0,
            ..OwlParams::default()
        };
        // GNU Go's traces: past its distrust depth 6, two eyes by the
        // min and one sure eye, the attacker's best move a marginal point
        // (30): "getting deep, looks lively".
        assert!(lively_at(&on, 7, 2, 1, 30.0));
        // Not yet deep, or a move worth reading, or too few eyes: read on.
        assert!(!lively_at(&on, 6, 2, 1, 30.0));
        assert!(!lively_at(&on, 7, 2, 1, 75.0));
        assert!(!lively_at(&on, 7, 1, 1, 30.0));
        assert!(!lively_at(&on, 7, 2, 0, 30.0));
        let off = OwlParams {
            lively_beyond_depth: None,
            ..on
        };
        assert!(!lively_at(&off, 12, 3, 2, 0.0));
    }

    #[test]
    fn the_attacker_passes_only_without_moves_of_its_own_when_asked() {
        let on = OwlParams {
            pass_only_without_moves: true,
            ..OwlParams::default()
        };
        // GNU Go's traces: a pass only where the attacker played nothing.
        assert!(attacker_may_pass(&on, true, 0));
        assert!(!attacker_may_pass(&on, true, 2));
        assert!(!attacker_may_pass(&on, false, 0));
        let off = OwlParams {
            pass_only_without_moves: false,
            ..on
        };
        assert!(attacker_may_pass(&off, true, 2));
        assert!(!attacker_may_pass(&off, false, 0));
    }

    #[test]
    fn defender_nodes_escape_by_the_influence_route_when_asked() {
        let on = OwlParams {
            escape_route_from_influence: true,
            influence_escaped_from: 5,
            ..OwlParams::default()
        };
        // GNU Go's traces: "escaped" ends after the attacker's move.
        assert!(escaped_by_influence(&on, 1, Side::Defender, Some(5)));
        assert!(!escaped_by_influence(&on, 1, Side::Defender, Some(4)));
        assert!(!escaped_by_influence(&on, 2, Side::Attacker, Some(9)));
        assert!(!escaped_by_influence(&on, 1, Side::Defender, None));
        // Not at the root of `owl_defend`.
        assert!(!escaped_by_influence(&on, 0, Side::Defender, Some(9)));
        let off = OwlParams {
            escape_route_from_influence: false,
            ..on
        };
        assert!(!escaped_by_influence(&off, 1, Side::Defender, Some(9)));
    }

    #[test]
    fn capturable_stones_are_dead_in_the_escape_values_when_read() {
        // The goal is White's E7; Black's E6 is in atari (a lunch), White's
        // J1 too (a dead friend). E4 is two points from E6.
        let board = goban::Board::from_rows(&[
            ".........",
            ".........",
            "....O....",
            "...OXO...",
            ".........",
            ".........",
            ".........",
            "........X",
            "........O",
        ])
        .expect("board");
        let geometry = board.geometry();
        let at = |i, j| geometry.vertex(goban::Point::new(i, j)).expect("on board");
        let goal = Goal::new(&board, &[at(2, 4)]);
        let mut reader = Reader::new(board.clone(), None);
        let off = escape_values(&mut reader, &goal, &board, 0);
        assert_eq!(off.at(&goal, at(5, 4)), 0, "walled by the lunch");
        assert_eq!(off.at(&goal, at(8, 8)), 2, "a friendly stone");
        let on = escape_values(&mut reader, &goal, &board, 3);
        assert!(on.at(&goal, at(5, 4)) > 0, "the lunch is dead");
        assert_eq!(on.at(&goal, at(8, 8)), 0, "the friend is dead");
        assert_eq!(on.at(&goal, at(3, 3)), -10, "next to the goal");
        assert_eq!(on.route(&board, &goal), off.route(&board, &goal));
    }
}
