//! Tactical reading after GNU Go's `attack` / `find_defense`: can the
//! string at a stone be captured, and can it be saved, with GNU Go's
//! result codes ([`Code`]) and a move.
//!
//! The search dispatches on the target's liberty count, as GNU Go does:
//! strings with more than four liberties count as safe; four-liberty
//! strings are read only near the root (bounds relative to
//! `fourlib_depth`; the top-level call's own target a ply deeper than
//! the strings read on its way), three-liberty strings up to a bound relative to
//! `depth`, two-liberty strings fully up to `depth` plus an extra and
//! beyond that only as a simple ladder. Each side's candidate moves come
//! from the generator table of module [`generators`]: one row per
//! generator with its side, hook, liberties, depth band and GNU Go's
//! name; all numbers are in [`ReadingParams`], and why each has its
//! value is in `docs/tuning/reader.md`.
//!
//! Candidates are ordered by a score (captures first, then the liberties
//! the move leaves: fewer for the target, more for the mover) and searched
//! depth first; a win cuts off, otherwise the best ko result is kept. A
//! capture that the capturer's string of two stones or more loses back at
//! once (module `snapback`) is no attack. Below the root a defender with
//! no saving move may also pass (module `tenuki`).
//!
//! Kos: a ko capture that the simple-ko rule forbids may be made with
//! `tryko` (the capturer is assumed to have a ko threat) as GNU Go's
//! komaster scheme allows (module `komaster`). A result reached through
//! such a capture is at most KO_B for its side; a capture that leaves the
//! capturer open to an immediate legal ko recapture gives KO_A.
//!
//! [`Reader::attack_either`], [`Reader::defend_both`] and
//! [`Reader::break_through`] (module `combined`) read two or three strings
//! at once on the same machinery.
//!
//! Results go to a transposition table keyed by the position hash (ko
//! point included), the routine, the target stone, the komaster and the
//! stack depth; nothing is stored once a call's node budget is spent, so
//! the table is a pure memo: an answer never depends on what was read
//! before. Each top-level call may visit at most `node_limit` nodes; when
//! the budget is spent the attacker gives up (attack fails, defence wins).

mod big_chain;
mod blocked_semeai;
mod clamp;
mod combined;
mod deep_break_chain;
mod double_break;
mod edge_block;
mod four_liberty;
mod friend_rescue;
pub mod generators;
pub mod komaster;
#[cfg(test)]
mod ordering_check;
mod params;
mod sealed_liberty;
mod snapback;
mod superstring;
mod tenuki;
#[cfg(test)]
mod test_points;

use std::sync::Arc;

use rustc_hash::FxHashMap;

use goban::{Board, Cell, Color, Vertex};

use crate::codes::Code;
use crate::reading_board::{ReadingBoard, TryError};
use generators::Plan;
use komaster::Komaster;
pub use params::{MoveOrdering, ReadingParams, StackBands};

pub use combined::{BREAK_THROUGH_CUT, BREAK_THROUGH_EMPTY, BREAK_THROUGH_WIN};

/// GNU Go's reading depth parameters (its level-10 values by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepthLimits {
    /// Three-liberty strings are read while the stack is at most this deep.
    pub depth: i32,
    /// Beyond this depth the attacker tries only the liberties.
    pub branch_depth: i32,
    /// GNU Go's backfilling depth (kept for `increase_depths`).
    pub backfill_depth: i32,
    /// GNU Go's second backfilling depth.
    pub backfill2_depth: i32,
    /// Break-chain moves against two-liberty neighbours up to this depth.
    pub break_chain_depth: i32,
    /// Second-order defence moves up to this depth.
    pub superstring_depth: i32,
    /// Four-liberty strings are read while the stack is at most this deep.
    pub fourlib_depth: i32,
    /// Ko captures through a threat are allowed up to this depth.
    pub ko_depth: i32,
}

impl Default for DepthLimits {
    fn default() -> DepthLimits {
        DepthLimits {
            depth: 16,
            branch_depth: 13,
            backfill_depth: 12,
            backfill2_depth: 5,
            break_chain_depth: 7,
            superstring_depth: 7,
            fourlib_depth: 7,
            ko_depth: 8,
        }
    }
}

impl DepthLimits {
    /// Shifts every depth by `delta` (GTP `increase_depths` is +1,
    /// `decrease_depths` −1). The reader's bounds that are given relative
    /// to one of these limits (the slacks and extras of
    /// [`ReadingParams`], and the generator rows whose depth band is in a
    /// limit's frame) move with them; the plain stack depths of
    /// [`ReadingParams`] do not.
    pub fn shift(&mut self, delta: i32) {
        for d in [
            &mut self.depth,
            &mut self.branch_depth,
            &mut self.backfill_depth,
            &mut self.backfill2_depth,
            &mut self.break_chain_depth,
            &mut self.superstring_depth,
            &mut self.fourlib_depth,
            &mut self.ko_depth,
        ] {
            *d += delta;
        }
    }
}

/// A reading answer: the code and the move that achieves it (`None` when
/// the code is [`Code::Fail`], or when no move is needed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReadingResult {
    /// The result code.
    pub code: Code,
    /// The move.
    pub point: Option<Vertex>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Routine {
    Attack,
    Defend,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct TableKey {
    hash: u64,
    routine: Routine,
    target: Vertex,
    komaster: u32,
    /// The reading stack depth: the generators and the depth limits
    /// depend on it, so an entry serves only at the depth it was searched
    /// at (one searched shallower, with more candidates, would make an
    /// answer depend on what was read before).
    depth: i32,
    /// Whether `target` is the top-level call's own target (such a
    /// four-liberty string is read deeper than the others).
    own_target: bool,
    /// The top-level call's stack depth where generators count from it
    /// ([`ReadingParams::ko_avoiding_top_plies`],
    /// [`ReadingParams::stack_bands`]), else 0.
    root_depth: i32,
}

/// The default node budget of one top-level reading call.
pub const DEFAULT_NODE_LIMIT: u64 = 20_000;

/// A tactical reader on its own reading board.
#[derive(Debug, Clone)]
pub struct Reader {
    board: ReadingBoard,
    limits: DepthLimits,
    /// The fitted numbers of the search and the generators.
    params: ReadingParams,
    /// The generator table built from `params`, resolved for `limits`.
    plan: Arc<Plan>,
    node_limit: u64,
    /// Nodes of the current top-level call.
    nodes: u64,
    /// Nodes since the reader was made.
    total_nodes: u64,
    komaster: Komaster,
    table: FxHashMap<TableKey, ReadingResult>,
    /// The stack depth at which the current top-level call started.
    root_depth: i32,
    /// The string the current top-level call reads (by the stone it was
    /// asked about), if it reads one.
    root_target: Option<Vertex>,
}

/// The transposition table's first capacity, so that a fresh reader
/// seldom regrows its table: on `callgrind_attack.sh` (a fresh reader per
/// call, 81,202 nodes) regrowing from empty cost 1.3% of the
/// instructions, and this capacity saves 3.2M of 574M.
const INITIAL_TABLE_ENTRIES: usize = 256;

impl Reader {
    /// A reader on `board` (simple-ko point `ko`) with GNU Go's level-10
    /// depths and the default node limit.
    pub fn new(board: Board, ko: Option<Vertex>) -> Reader {
        Reader {
            board: ReadingBoard::new(board, ko),
            limits: DepthLimits::default(),
            params: ReadingParams::default(),
            plan: generators::default_plan(),
            node_limit: DEFAULT_NODE_LIMIT,
            nodes: 0,
            total_nodes: 0,
            komaster: Komaster::default(),
            table: FxHashMap::with_capacity_and_hasher(INITIAL_TABLE_ENTRIES, Default::default()),
            root_depth: 0,
            root_target: None,
        }
    }

    /// The reading board (for trying moves before reading).
    pub fn board(&self) -> &ReadingBoard {
        &self.board
    }

    /// GNU Go's `trymove` on the reader's board; clears nothing (the
    /// table is keyed by position).
    pub fn trymove(&mut self, color: Color, v: Vertex) -> Result<(), TryError> {
        self.board.trymove(color, v)
    }

    /// GNU Go's `tryko` on the reader's board.
    pub fn tryko(&mut self, color: Color, v: Vertex) -> Result<(), TryError> {
        self.board.tryko(color, v)
    }

    /// GNU Go's `popgo`.
    pub fn popgo(&mut self) -> bool {
        self.board.popgo()
    }

    /// The depth limits.
    pub fn limits(&self) -> DepthLimits {
        self.limits
    }

    /// Changes the depth limits (the table is cleared, as its depths no
    /// longer compare).
    pub fn set_limits(&mut self, limits: DepthLimits) {
        if limits != self.limits {
            self.limits = limits;
            self.plan = Arc::new(Plan::new(&self.params, &self.limits));
        }
        self.table.clear();
    }

    /// The reading parameters.
    pub fn params(&self) -> &ReadingParams {
        &self.params
    }

    /// Changes the reading parameters (the generator table is rebuilt and
    /// the transposition table cleared).
    pub fn set_params(&mut self, params: ReadingParams) {
        self.plan = Arc::new(Plan::new(&params, &self.limits));
        self.params = params;
        self.table.clear();
    }

    /// Changes only [`ReadingParams::stack_bands`] and returns the old
    /// value. The tables stay: the generator plan does not read the field,
    /// and the table keys on the top-level call's depth wherever the bands
    /// are not [`StackBands::Stack`] (a call at depth 0 reads alike under
    /// every choice), so no stored result serves a call read otherwise.
    pub fn set_stack_bands(&mut self, bands: StackBands) -> StackBands {
        std::mem::replace(&mut self.params.stack_bands, bands)
    }

    /// Empties the transposition table, so that the next answer depends on
    /// the position alone, not on what was read before (GNU Go's
    /// `clear_cache`).
    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// Sets the node budget of one top-level call.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
        self.table.clear();
    }

    /// Reading nodes (attack and defence calls) visited since the reader
    /// was made.
    pub fn total_nodes(&self) -> u64 {
        self.total_nodes
    }

    /// GNU Go's `attack(str)`: whether the string at `target` can be
    /// captured (the opponent moving first), and how.
    pub fn attack(&mut self, target: Vertex) -> ReadingResult {
        self.top_level(Some(target), |r| r.do_attack(target))
    }

    /// GNU Go's `find_defense(str)`: whether the string at `target` can be
    /// saved (its owner moving first), and how. Like GNU Go, it answers
    /// with a move even for a string that is not under attack.
    pub fn find_defense(&mut self, target: Vertex) -> ReadingResult {
        self.top_level(Some(target), |r| r.do_defend(target))
    }

    /// Every root candidate that attacks `target` with the best code, with
    /// that code; each candidate is read on its own (no cut-off).
    pub fn attack_moves(&mut self, target: Vertex) -> (Code, Vec<Vertex>) {
        self.all_moves(target, Routine::Attack)
    }

    /// Every root candidate that defends `target` with the best code.
    pub fn defense_moves(&mut self, target: Vertex) -> (Code, Vec<Vertex>) {
        self.all_moves(target, Routine::Defend)
    }

    fn all_moves(&mut self, target: Vertex, routine: Routine) -> (Code, Vec<Vertex>) {
        let Some(color) = self.board.board().cell(target).color() else {
            return (Code::Fail, Vec::new());
        };
        let libs = self.board.board().liberties(target);
        let candidates = self.top_level(Some(target), |r| match routine {
            Routine::Attack => r.attack_candidates(target, color, libs, false),
            Routine::Defend => r.defense_candidates(target, color, libs),
        });
        let mut best = Code::Fail;
        let mut moves = Vec::new();
        for m in candidates {
            let code = self.top_level(Some(target), |r| match routine {
                Routine::Attack => r.try_attack_move(target, color.other(), m),
                Routine::Defend => r.try_defense_move(target, color, m),
            });
            if code > best {
                best = code;
                moves.clear();
            }
            if code == best && code != Code::Fail {
                moves.push(m);
            }
        }
        (best, moves)
    }

    fn top_level<T>(&mut self, target: Option<Vertex>, search: impl FnOnce(&mut Reader) -> T) -> T {
        self.nodes = 0;
        let root_target = std::mem::replace(&mut self.root_target, target);
        let komaster = std::mem::take(&mut self.komaster);
        let depth = self.depth();
        let root_depth = std::mem::replace(&mut self.root_depth, depth);
        let result = search(self);
        self.root_depth = root_depth;
        self.root_target = root_target;
        self.komaster = komaster;
        result
    }

    /// The reading stack depth, GNU Go's `stackp`: moves tried since the
    /// reader was made, including those tried before the top-level call
    /// (so `trymove` then `attack` reads one level less deep, as in GNU
    /// Go).
    fn depth(&self) -> i32 {
        self.board.stack_depth() as i32
    }

    /// The depths that the generators' plain stack-depth bands compare
    /// with for a candidate of `side` against `target`
    /// ([`ReadingParams::stack_bands`]).
    fn band_depth(&self, side: generators::Side, target: Vertex) -> generators::BandDepth {
        let depth = self.depth();
        let below_root = depth - self.root_depth;
        let (from_root, root_reply) = match self.params.stack_bands {
            StackBands::Stack => (false, false),
            StackBands::RootReply => (false, true),
            StackBands::FromRoot => (true, false),
            StackBands::FromRootAndReply => (true, true),
        };
        // In an attack read the attacker never moves one ply below the
        // top-level call, so there its own target is answered only under
        // a top-level defence.
        let first_reply = root_reply
            && side == generators::Side::Attacker
            && below_root == 1
            && self.root_target == Some(target);
        generators::BandDepth {
            depth: if from_root { below_root } else { depth },
            also_shallower: first_reply,
        }
    }

    fn key(&self, routine: Routine, target: Vertex) -> TableKey {
        TableKey {
            hash: self.board.hash(),
            routine,
            target,
            komaster: self.komaster.key(),
            depth: self.depth(),
            own_target: self.root_target == Some(target),
            root_depth: if self.params.ko_avoiding_top_plies.is_some()
                || self.params.stack_bands != StackBands::Stack
            {
                self.root_depth
            } else {
                0
            },
        }
    }

    fn lookup(&self, key: &TableKey) -> Option<ReadingResult> {
        self.table.get(key).copied()
    }

    /// Stores a result, unless the node budget ran out while it was
    /// searched (a cut-short result would serve later calls that have a
    /// budget of their own).
    fn store(&mut self, key: TableKey, result: ReadingResult) {
        if !self.budget_spent() {
            self.table.insert(key, result);
        }
    }

    /// Whether the current top-level call has used up its node budget
    /// (reads from then on give up: the attacker finds nothing).
    fn budget_spent(&self) -> bool {
        self.nodes > self.node_limit
    }

    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.total_nodes += 1;
        self.nodes <= self.node_limit
    }

    fn do_attack(&mut self, target: Vertex) -> ReadingResult {
        let board = self.board.board();
        let Some(color) = board.cell(target).color() else {
            return ReadingResult {
                code: Code::Win,
                point: None,
            };
        };
        let libs = board.liberties(target);
        let depth = self.depth();
        let fail = ReadingResult::default();
        let p = &self.params;
        if libs > 4
            || (libs == 4 && depth > self.fourlib_horizon(target))
            || (libs == 3 && depth > self.limits.depth - p.threelib_horizon_slack)
            || depth > p.max_stack_depth
            || !self.visit()
        {
            return fail;
        }
        let key = self.key(Routine::Attack, target);
        if let Some(result) = self.lookup(&key) {
            return result;
        }
        let candidates = self.attack_candidates(target, color, libs, true);
        let best = self.best_move(fail, candidates, |reader, m| {
            reader.try_attack_move(target, color.other(), m)
        });
        self.store(key, best);
        best
    }

    /// `do_attack` of `target` read as the string of the call (as the
    /// top-level `attack` reads it, with its own four-liberty horizon):
    /// the combined readings read each of their strings so, and so agree
    /// with `attack` and `find_defense` on each.
    fn attack_own(&mut self, target: Vertex) -> ReadingResult {
        self.as_own_target(target, |r| r.do_attack(target))
    }

    /// `do_defend` of `target` read as the string of the call (see
    /// `attack_own`).
    fn defend_own(&mut self, target: Vertex) -> ReadingResult {
        self.as_own_target(target, |r| r.do_defend(target))
    }

    /// `read` with `target` as the call's own target, the previous one
    /// restored after.
    fn as_own_target<T>(&mut self, target: Vertex, read: impl FnOnce(&mut Reader) -> T) -> T {
        let root_target = self.root_target.replace(target);
        let result = read(self);
        self.root_target = root_target;
        result
    }

    /// The deepest stack at which a four-liberty `target` is attacked:
    /// `fourlib_depth` less `fourlib_horizon_slack`, and
    /// `fourlib_own_target_extra_depth` deeper for the string the
    /// top-level call reads (the strings read along its way, such as the
    /// attacker's chains the defender counter-attacks, stay at the
    /// horizon).
    fn fourlib_horizon(&self, target: Vertex) -> i32 {
        let p = &self.params;
        let horizon = self.limits.fourlib_depth - p.fourlib_horizon_slack;
        if self.root_target == Some(target) {
            horizon + p.fourlib_own_target_extra_depth
        } else {
            horizon
        }
    }

    /// The best of `candidates` by the code `try_move` gives each, the
    /// first to reach it winning; stops at the first [`Code::Win`].
    /// `start` stands when no candidate does better.
    fn best_move(
        &mut self,
        start: ReadingResult,
        candidates: impl IntoIterator<Item = Vertex>,
        mut try_move: impl FnMut(&mut Self, Vertex) -> Code,
    ) -> ReadingResult {
        let mut best = start;
        for m in candidates {
            let code = try_move(self, m);
            if code > best.code {
                best = ReadingResult {
                    code,
                    point: Some(m),
                };
                if code == Code::Win {
                    break;
                }
            }
        }
        best
    }

    /// Reads the defences `extra` that one of `do_defend`'s lazy
    /// fallbacks found, after `best`, skipping the moves in `tried` (every
    /// move read so far) and adding the others to it: the one way each
    /// fallback reads its moves.
    fn read_fallback_defences(
        &mut self,
        best: ReadingResult,
        extra: Vec<Vertex>,
        tried: &mut Vec<Vertex>,
        target: Vertex,
        color: Color,
    ) -> ReadingResult {
        let extra: Vec<Vertex> = extra.into_iter().filter(|m| !tried.contains(m)).collect();
        tried.extend(extra.iter().copied());
        self.best_move(best, extra, |reader, m| {
            reader.try_defense_move(target, color, m)
        })
    }

    fn do_defend(&mut self, target: Vertex) -> ReadingResult {
        let board = self.board.board();
        let Some(color) = board.cell(target).color() else {
            return ReadingResult::default();
        };
        let libs = board.liberties(target);
        let win = ReadingResult {
            code: Code::Win,
            point: None,
        };
        // More than four liberties: safe without a move (GNU Go answers
        // `1 PASS`).
        if libs > 4 || !self.visit() || self.depth() > self.params.max_stack_depth {
            return win;
        }
        let key = self.key(Routine::Defend, target);
        // The root call does not read the defender's tenuki (module
        // `tenuki`), so it neither uses nor fills the table.
        let below_root = self.below_root();
        if below_root && let Some(result) = self.lookup(&key) {
            return result;
        }
        // Every move read so far: the lazy fallbacks below skip them.
        let mut tried = self.defense_candidates(target, color, libs);
        let mut best = self.best_move(
            ReadingResult::default(),
            tried.iter().copied(),
            |reader, m| reader.try_defense_move(target, color, m),
        );
        best = self.read_if_unsaved(target, color, libs, best, &mut tried);
        if below_root {
            best = self.defence_by_tenuki(target, color, best);
            self.store(key, best);
        }
        best
    }

    /// Plays `m` for `mover`, through a ko threat if the komaster rules
    /// allow it. Returns whether it was played, and the cap its results
    /// get.
    fn play_for(&mut self, mover: Color, m: Vertex) -> Option<(Code, Komaster)> {
        let verdict = self.komaster.verdict(&self.board, mover, m)?;
        let cap = if verdict.conditional {
            if self.depth() >= self.limits.ko_depth {
                return None;
            }
            self.board.tryko(mover, m).ok()?;
            Code::KoB
        } else {
            self.board.trymove(mover, m).ok()?;
            Code::Win
        };
        Some((cap, std::mem::replace(&mut self.komaster, verdict.next)))
    }

    /// The attacker's result when it plays `m` against `target`.
    fn try_attack_move(&mut self, target: Vertex, attacker: Color, m: Vertex) -> Code {
        let ko_capture = self.board.is_ko_capture(attacker, m);
        let Some((cap, saved_komaster)) = self.play_for(attacker, m) else {
            return Code::Fail;
        };
        let code = if self.board.board().cell(target) == Cell::Empty {
            // A capture the defender can retake at once is a ko.
            if ko_capture && self.board.board().cell(m) == attacker.stone() {
                Code::KoA
            } else if snapback::recaptured_at_once(self.board.board(), m) {
                // Taken back at once, more stones than were captured.
                Code::Fail
            } else {
                Code::Win
            }
        } else {
            self.do_defend(target).code.for_opponent()
        };
        self.board.popgo();
        self.komaster = saved_komaster;
        code.min(cap)
    }

    /// The defender's result when it plays `m` to save `target`.
    fn try_defense_move(&mut self, target: Vertex, defender: Color, m: Vertex) -> Code {
        let Some((cap, saved_komaster)) = self.play_for(defender, m) else {
            return Code::Fail;
        };
        let code = if self.board.board().cell(target) == Cell::Empty {
            Code::Fail
        } else {
            self.do_attack(target).code.for_opponent()
        };
        self.board.popgo();
        self.komaster = saved_komaster;
        code.min(cap)
    }
}

/// Appends the moves of `new` that `moves` does not hold yet, in order.
/// (Always inlined: a call per generator cost 2.5% of the reader's
/// instructions.)
#[inline(always)]
pub(crate) fn push_new(moves: &mut Vec<Vertex>, new: impl Iterator<Item = Vertex>) {
    for m in new {
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
}

/// The distinct strings of `color` next to the string at `target`, by
/// head.
pub(crate) fn strings_adjacent_to_string(
    board: &Board,
    target: Vertex,
    color: Color,
) -> Vec<Vertex> {
    let mut heads = Vec::with_capacity(8);
    board.extend_string_neighbours(target, color, &mut heads);
    heads
}

/// The liberties of the strings of `color`'s opponent next to `target`
/// that `keep` accepts (given each string's head), in the order of those
/// strings and of their liberties, without any move in `tried`: the
/// defender's lazy break-chain fallbacks (`big_chain`,
/// `deep_break_chain`) differ only in which chains they keep.
pub(crate) fn liberties_of_opponent_neighbours(
    board: &Board,
    target: Vertex,
    color: Color,
    tried: &[Vertex],
    mut keep: impl FnMut(Vertex) -> bool,
) -> Vec<Vertex> {
    let mut moves = Vec::new();
    for chain in strings_adjacent_to_string(board, target, color.other()) {
        if keep(chain) {
            push_new(
                &mut moves,
                board.liberty_vertices(chain).filter(|m| !tried.contains(m)),
            );
        }
    }
    moves
}

/// The strings of `color` next to `target` that are in atari.
#[inline]
fn atari_neighbours(board: &Board, target: Vertex, color: Color) -> Vec<Vertex> {
    strings_adjacent_to_string(board, target, color)
        .into_iter()
        .filter(|&h| board.liberties(h) == 1)
        .collect()
}

/// GNU Go's *backfilling*: where `mover` playing at `l` would be a
/// self-atari that captures nothing, the liberties that the string it
/// would join (the new stone and `mover`'s strings next to it) would have
/// besides `l`: filling one of those first approaches `l` without the
/// self-atari.
pub(crate) fn backfill_moves(board: &Board, mover: Color, l: Vertex) -> Vec<Vertex> {
    if board.cell(l) != Cell::Empty
        || board.capture_count(mover, l) > 0
        || board.liberties_after(mover, l) > 1
    {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for n in board.neighbours(l) {
        match board.cell(n).color() {
            None => push_new(&mut moves, std::iter::once(n)),
            Some(c) if c == mover => {
                push_new(&mut moves, board.liberty_vertices(n).filter(|&x| x != l));
            }
            Some(_) => {}
        }
    }
    moves
}

/// Where `mover` cannot fill the liberty `l` of the opponent's string
/// `chain` usefully (suicide, or a self-atari that captures nothing), the
/// liberties of the opponent's other strings next to `l` with at most two
/// liberties: taking them first makes `l` playable.
#[inline]
fn approach_moves(board: &Board, mover: Color, chain: Vertex, l: Vertex) -> Vec<Vertex> {
    if board.capture_count(mover, l) > 0 || board.liberties_after(mover, l) > 1 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for h in board.neighbour_strings(l, mover.other()) {
        if board.head(h) != board.head(chain) && board.liberties(h) <= 2 {
            push_new(&mut moves, board.liberty_vertices(h).filter(|&x| x != l));
        }
    }
    moves
}

/// Orders `moves` for `mover` by a score: captures first (bigger first),
/// then `extra`, then more liberties for the new stone; self-ataris that
/// capture nothing last. Stable, so ties keep generator order.
fn order(
    board: &Board,
    ordering: &MoveOrdering,
    mover: Color,
    moves: Vec<Vertex>,
    extra: impl Fn(Vertex) -> i32,
) -> Vec<Vertex> {
    order_with_late(board, ordering, mover, moves, extra, |_, _, _| false)
}

/// The most candidates [`order_with_late`] scores in a buffer on the stack
/// (more go to the heap): the reading suite's generators give at most a
/// few dozen.
const STACK_ORDER_MOVES: usize = 64;

/// [`order`], then the moves that `late` picks (given the move, the
/// stones it captures and the liberties of its string) moved after all
/// the others, each group keeping its order: one score and one test per
/// move.
fn order_with_late(
    board: &Board,
    ordering: &MoveOrdering,
    mover: Color,
    mut moves: Vec<Vertex>,
    extra: impl Fn(Vertex) -> i32,
    late: impl Fn(Vertex, usize, usize) -> bool,
) -> Vec<Vertex> {
    let blank = (false, 0i32, Vertex(0));
    let mut on_stack = [blank; STACK_ORDER_MOVES];
    let mut on_heap = Vec::new();
    let buffer: &mut [(bool, i32, Vertex)] = if moves.len() <= STACK_ORDER_MOVES {
        &mut on_stack
    } else {
        on_heap.resize(moves.len(), blank);
        &mut on_heap
    };
    let mut count = 0;
    for &m in &moves {
        if board.cell(m) != Cell::Empty {
            continue;
        }
        let captures = board.capture_count(mover, m);
        let libs = board.liberties_after(mover, m);
        let score = ordering.score(captures, libs, extra(m));
        buffer[count] = (late(m, captures, libs), score, m);
        count += 1;
    }
    let scored = &mut buffer[..count];
    // Stable: by score within each group, ties in generator order.
    scored.sort_by_key(|&(late, score, _)| (late, -score));
    // The ordered moves go back into `moves`' allocation.
    moves.clear();
    moves.extend(scored.iter().map(|&(_, _, m)| m));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White's A3–D3 against Black's A2–D2 (liberties A1 and D1, both
    /// suicide for White) and Black's E1–F1 (liberties D1 and G1).
    #[test]
    fn approach_moves_take_liberties_next_to_an_unplayable_liberty() {
        let board = Board::from_rows(&[
            ".....O...",
            ".....O...",
            ".....O...",
            "XXXXXO...",
            "XXXXXO...",
            "...XXO...",
            "OOOOXO...",
            "XXXXOO...",
            ".XX.XX.O.",
        ])
        .expect("a board");
        let at = |gtp: &str| board.geometry().parse_gtp(gtp).expect("a vertex");
        let chain = at("B2");
        // D1 is suicide for White: take the other liberty of E1-F1.
        assert_eq!(
            approach_moves(&board, Color::White, chain, at("D1")),
            vec![at("G1")]
        );
        // A1 touches no other string.
        assert!(approach_moves(&board, Color::White, chain, at("A1")).is_empty());
        // Where the liberty is playable there is nothing to approach.
        assert!(approach_moves(&board, Color::Black, at("E2"), at("G1")).is_empty());
    }
}
