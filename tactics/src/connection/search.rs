//! The alternating connection search: the connecter (the owner of both
//! strings) and the cutter take turns, each trying its candidate moves
//! until one wins, as GNU Go's `recursive_connect2` /
//! `recursive_disconnect2` do.
//!
//! A line ends early when
//! * a string is gone (captured: the pair is cut) or both are one string;
//! * the connecter to move has a *trivial connection*: a shared liberty it
//!   can fill without self-atari and without the joined string being
//!   capturable (the last in board order first), or a cutting string
//!   (next to both) that it captures at once or through the tactical
//!   reader (ladders);
//! * the cutter to move can capture either string in atari (tactical
//!   reader: its attack move is the answer, even for strings far apart;
//!   a capture of a string with more liberties becomes the cutter's first
//!   candidate, played out against the connecter's answers,
//!   `verify_capture_liberties`), or the
//!   strings are too far apart to be joined (`pass_distance`: the cut
//!   needs no move, GNU Go's `PASS`), or the connecter to move meets such
//!   strings (near the root it first tries its ataris on the opponent
//!   strings next to one of them, `far_atari_plies`);
//! * the node budget or the depth limit is spent: then a static test
//!   decides (the strings count as connected when they are no further
//!   than `horizon_connected` apart for the connecter to move,
//!   `horizon_connected_cutter` for the cutter).
//!
//! The connection distances run through the opponent strings next to
//! either string (or to another string of the connecter close to one,
//! `intermediate_reach`) that the tactical reader can capture
//! (`capturable_liberties`), where capturing them would shorten the
//! path: a cutting stone that can be captured does not keep the strings
//! apart (GNU Go connects through such stones, as in the `connection`
//! suite's tests 21 and 26).
//!
//! Candidate moves come from the rows of the producer table
//! ([`producers`](super::producers)). They are the empty points on the
//! cheapest paths between the strings: those where the two strings' connection distances add up to
//! at most the least such sum plus a margin (a move for the connecter;
//! for the cutter a little near the root of the search, none deeper),
//! cheapest first, among equals those midway
//! between the strings first, then board order (at the root the
//! connecter puts the open points of half links first,
//! `link_point_margin`). The connecter first adds
//! the liberties of either string in atari and the captures that save
//! it, then the captures of opponent strings in atari that the cheapest
//! paths cross, and last the ataris on opponent strings next to either
//! string; the
//! cutter first adds the liberties of its cutting stones in atari (near
//! the root also of those with two liberties). A ko
//! retaken through a threat caps the result at KO_B, under a komaster
//! rule as in the tactical reader.
//!
//! Every number is a field of [`ConnectionParams`]; why each has its
//! value is in `docs/tuning/connection.md`.

use rustc_hash::FxHashMap;

use goban::{Board, Cell, Color, Vertex};

use super::cutting_capture;
use super::distance::{self, MOVE, Spread, UNREACHED};
use super::params::ConnectionParams;
use super::producers::{Produce, Producer, Producers};
use crate::codes::Code;
use crate::reader::{Reader, ReadingResult, push_new, strings_adjacent_to_string};
use crate::reading_board::TryError;

/// What a search is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Question {
    /// Can the owner, moving first, connect the strings?
    Connect,
    /// Can the opponent, moving first, keep them apart?
    Disconnect,
}

/// One connection search on a reader's board.
pub struct ConnectionSearch<'r> {
    reader: &'r mut Reader,
    a: Vertex,
    b: Vertex,
    color: Color,
    nodes: u64,
    node_limit: u64,
    /// The side that has retaken a ko through a threat in this line.
    komaster: Option<Color>,
    /// The reading stack's depth when the search began.
    root_depth: usize,
    table: FxHashMap<(u64, Question, Option<Color>), (ReadingResult, usize)>,
    /// The distance spread's buffers, reused by every node.
    spread: Spread,
    /// The tactical reader's `attack` answers in this search, keyed by
    /// the position hash (ko point included), the stone asked about and
    /// the reading stack's depth: everything the reader's answer depends
    /// on while its limits stay as they are (they do during a search), so
    /// the memo answers exactly as the reader would ([`AttackMemo`]).
    attacks: FxHashMap<(u64, Vertex, usize), ReadingResult>,
    /// Whether [`ConnectionSearch::attacks`] is consulted.
    memo: AttackMemo,
    /// The fitted numbers.
    params: ConnectionParams,
    /// The candidate producers built from `params`.
    producers: Producers,
}

/// Whether a search remembers the tactical reader's `attack` answers
/// (on by default; off only to check that it changes no answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackMemo {
    /// Ask the memo first.
    On,
    /// Ask the reader every time.
    Off,
}

impl<'r> ConnectionSearch<'r> {
    /// A search for the strings at `a` and `b`, which hold stones of one
    /// colour on the reader's board.
    pub fn new(reader: &'r mut Reader, a: Vertex, b: Vertex) -> ConnectionSearch<'r> {
        let board = reader.board().board();
        let color = board.cell(a).color().unwrap_or(goban::Color::Black);
        let root_stack = reader.board().stack_depth();
        let params = ConnectionParams::default();
        let node_limit =
            (params.root_node_limit / params.node_limit_factor.powi(root_stack as i32)) as u64;
        ConnectionSearch {
            reader,
            a,
            b,
            color,
            nodes: 0,
            node_limit,
            komaster: None,
            root_depth: root_stack,
            table: FxHashMap::default(),
            spread: Spread::default(),
            attacks: FxHashMap::default(),
            memo: AttackMemo::On,
            producers: Producers::new(&params),
            params,
        }
    }

    /// The same search with the numbers `params` (its node budget
    /// recomputed from them).
    pub fn with_params(mut self, params: ConnectionParams) -> ConnectionSearch<'r> {
        let root_stack = self.root_depth;
        self.node_limit =
            (params.root_node_limit / params.node_limit_factor.powi(root_stack as i32)) as u64;
        self.producers = Producers::new(&params);
        self.params = params;
        self
    }

    /// The same search with the memo of `attack` answers switched `memo`
    /// (for checking that the memo changes nothing).
    pub fn with_attack_memo(mut self, memo: AttackMemo) -> ConnectionSearch<'r> {
        self.memo = memo;
        self
    }

    /// The tactical reader's `attack(target)` on the current board,
    /// through the memo.
    fn attack(&mut self, target: Vertex) -> ReadingResult {
        if self.memo == AttackMemo::Off {
            return self.reader.attack(target);
        }
        let board = self.reader.board();
        let key = (board.hash(), target, board.stack_depth());
        if let Some(&result) = self.attacks.get(&key) {
            return result;
        }
        let result = self.reader.attack(target);
        self.attacks.insert(key, result);
        result
    }

    /// Answers `question` at the root (once per search: the table and the
    /// node count carry over to a second call).
    pub fn run(&mut self, question: Question) -> ReadingResult {
        match question {
            Question::Connect => self.connect(),
            Question::Disconnect => self.disconnect(),
        }
    }

    /// Nodes visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn board(&self) -> &Board {
        self.reader.board().board()
    }

    fn gone(&self) -> bool {
        let board = self.board();
        board.cell(self.a) != self.color.stone() || board.cell(self.b) != self.color.stone()
    }

    fn joined(&self) -> bool {
        let board = self.board();
        board.head(self.a) == board.head(self.b)
    }

    /// Whether the search must stop here (budget, depth).
    fn at_horizon(&self, depth: usize) -> bool {
        depth >= self.params.max_search_depth || self.nodes >= self.node_limit
    }

    fn lookup(&self, question: Question, depth: usize) -> Option<ReadingResult> {
        let key = (self.reader.board().hash(), question, self.komaster);
        let &(result, stored_depth) = self.table.get(&key)?;
        (stored_depth <= depth).then_some(result)
    }

    fn store(&mut self, question: Question, depth: usize, result: ReadingResult) {
        let key = (self.reader.board().hash(), question, self.komaster);
        self.table.insert(key, (result, depth));
    }

    /// The connecter to move: its best result and move.
    fn connect(&mut self) -> ReadingResult {
        let depth = self.reader.board().stack_depth();
        if self.gone() {
            return ReadingResult::default();
        }
        if self.joined() {
            return win(None);
        }
        if let Some(m) = self.trivial_connection() {
            return win(Some(m));
        }
        let paths = self.paths();
        if paths.distance > self.params.pass_distance {
            let plies = depth.saturating_sub(self.root_depth);
            if self
                .params
                .three_lib_cutter_plies
                .is_some_and(|p| plies <= p)
            {
                let (a, b, color) = (self.a, self.b, self.color);
                let liberties = self.params.three_lib_cutter_liberties;
                if let Some(m) =
                    cutting_capture::cutter_capture(self.reader, a, b, color, liberties)
                {
                    return win(Some(m));
                }
            }
            if !self.at_horizon(depth) {
                let far_ataris = self.params.far_atari_plies.is_some_and(|p| plies <= p);
                let mut moves = Vec::new();
                if far_ataris {
                    moves = self.far_atari_moves();
                }
                if self.params.cutter_making_plies.is_some_and(|p| plies <= p) {
                    push_new(&mut moves, self.cutter_making_moves().into_iter());
                }
                if far_ataris || !moves.is_empty() {
                    self.nodes += 1;
                    return self.best_move(ReadingResult::default(), self.color, moves);
                }
            }
            return ReadingResult::default();
        }
        if self.at_horizon(depth) {
            return if paths.distance <= self.params.horizon_connected {
                win(None)
            } else {
                ReadingResult::default()
            };
        }
        self.nodes += 1;
        if let Some(result) = self.lookup(Question::Connect, depth) {
            return result;
        }
        let moves = self.connect_moves(&paths);
        let best = self.best_move(ReadingResult::default(), self.color, moves);
        self.store(Question::Connect, depth, best);
        best
    }

    /// The cutter to move: its best result and move.
    fn disconnect(&mut self) -> ReadingResult {
        let depth = self.reader.board().stack_depth();
        if self.gone() {
            return win(None);
        }
        if self.joined() {
            return ReadingResult::default();
        }
        let mut best = ReadingResult::default();
        let mut unverified = None;
        for target in [self.a, self.b] {
            let liberties = self.board().liberties(target);
            if liberties <= self.params.capture_liberties {
                let attack = self.attack(target);
                if attack.code == Code::Win && liberties >= self.params.verify_capture_liberties {
                    if let Some(point) = attack.point {
                        unverified.get_or_insert(point);
                        continue;
                    }
                }
                if attack.code > best.code {
                    best = attack;
                }
            }
        }
        if best.code == Code::Win {
            return best;
        }
        let paths = self.paths();
        if paths.distance > self.params.pass_distance {
            let plies = depth.saturating_sub(self.root_depth);
            if self.params.far_rescue_plies.is_some_and(|p| plies <= p) && !self.at_horizon(depth) {
                let moves = self.cutter_rescue_moves(plies);
                if !moves.is_empty() {
                    self.nodes += 1;
                    let rescue =
                        self.best_move(ReadingResult::default(), self.color.other(), moves);
                    if rescue.code == Code::Win {
                        return rescue;
                    }
                }
            }
            return win(None);
        }
        if self.at_horizon(depth) {
            if unverified.is_some() {
                return win(unverified);
            }
            return if paths.distance <= self.params.horizon_connected_cutter {
                best
            } else {
                win(None)
            };
        }
        self.nodes += 1;
        if let Some(result) = self.lookup(Question::Disconnect, depth) {
            return result;
        }
        if best.code != Code::Win {
            let mut moves: Vec<Vertex> = unverified.into_iter().collect();
            push_new(&mut moves, self.cut_moves(&paths, depth).into_iter());
            best = self.best_move(best, self.color.other(), moves);
        }
        self.store(Question::Disconnect, depth, best);
        best
    }

    /// The connection distances of both strings, through the opponent
    /// strings next to either (or to the strings of
    /// [`ConnectionSearch::path_strings`]) that the tactical reader
    /// captures, where the
    /// path through such a string is shorter than the plain one (so that
    /// the reader is asked only where its answer can matter).
    fn paths(&mut self) -> Paths {
        let plain = Paths::new(
            self.reader.board().board(),
            self.a,
            self.b,
            &[],
            &mut self.spread,
        );
        let board = self.board();
        let chains = opponent_strings_next_to(board, self.path_strings(&plain), self.color);
        let mut capturable = Vec::new();
        for c in chains {
            let board = self.board();
            if !(2..=self.params.capturable_liberties).contains(&board.liberties(c)) {
                continue;
            }
            // The cost of the path through `c`: from each string to the
            // nearest point next to `c`, plus a move.
            let nearest = |far: &[u32]| {
                board
                    .string_stones(c)
                    .flat_map(|s| board.neighbours(s))
                    .map(|n| far[n.index()])
                    .min()
                    .unwrap_or(UNREACHED)
            };
            let through = nearest(&plain.from_a)
                .saturating_add(nearest(&plain.from_b))
                .saturating_add(MOVE);
            if through >= plain.distance || through > self.params.pass_distance {
                continue;
            }
            if self.attack(c).code == Code::Win {
                capturable.push(self.board().head(c));
            }
        }
        if capturable.is_empty() {
            return plain;
        }
        plain.through(
            self.reader.board().board(),
            self.b,
            &capturable,
            &mut self.spread,
        )
    }

    /// The connecter's strings whose neighbouring opponent strings may be
    /// captured on the way: the two strings, and (with
    /// `intermediate_reach`) the other strings of the connecter within
    /// that distance of either.
    fn path_strings(&self, plain: &Paths) -> Vec<Vertex> {
        let board = self.board();
        let (ha, hb) = (board.head(self.a), board.head(self.b));
        let mut strings = vec![ha, hb];
        let plies = self
            .reader
            .board()
            .stack_depth()
            .saturating_sub(self.root_depth);
        if plies > self.params.intermediate_plies {
            return strings;
        }
        if let Some(reach) = self.params.intermediate_reach {
            for v in board.geometry().board_vertices() {
                if board.cell(v) != self.color.stone() {
                    continue;
                }
                let near = plain.from_a[v.index()].min(plain.from_b[v.index()]);
                let h = board.head(v);
                if near <= reach && !strings.contains(&h) {
                    strings.push(h);
                }
            }
        }
        strings
    }

    /// A move that connects the strings at once and that the cutter
    /// cannot undo: a shared liberty the connecter fills without
    /// self-atari, or the capture of a string next to both.
    fn trivial_connection(&mut self) -> Option<Vertex> {
        let board = self.board();
        let color = self.color;
        let (a, b) = (self.a, self.b);
        let mut shared: Vec<Vertex> = board
            .liberty_vertices(a)
            .filter(|&l| {
                board.has_liberty(b, l)
                    && self.reader.board().check(color, l, false).is_none()
                    && board.liberties_after(color, l) >= 2
            })
            .collect();
        // The last in board order first; when `a` has more than one
        // stone, the one nearest the stone `b` names first (a stable sort
        // keeps the order above among equals). Both are fitted tie-breaks
        // (docs/tuning/connection.md), not GNU Go's rule.
        shared.reverse();
        if board.string_stones(a).nth(1).is_some() {
            let geometry = board.geometry();
            let pb = geometry.point(b);
            shared.sort_by_key(|&l| {
                let p = geometry.point(l);
                u32::from(p.i.abs_diff(pb.i)) + u32::from(p.j.abs_diff(pb.j))
            });
        }
        for l in shared {
            if self.joined_string_survives(l) {
                return Some(l);
            }
        }
        let cutters = cutting_capture::cutting_strings(self.reader, a, b, color);
        let board = self.board();
        for &c in &cutters {
            if board.liberties(c) == 1 {
                let l = board.liberty_vertices(c).next()?;
                let ko = self.reader.board().is_ko_capture(color, l);
                if !ko && self.reader.board().check(color, l, false).is_none() {
                    return Some(l);
                }
            }
        }
        for c in cutters {
            if self.board().liberties(c) == 2 {
                let attack = self.attack(c);
                if attack.code == Code::Win {
                    return attack.point;
                }
            }
        }
        // A four-liberty cutting string (module `cutting_capture`).
        cutting_capture::cutter_capture(
            self.reader,
            a,
            b,
            color,
            self.params.cutting_string_liberties,
        )
    }

    /// The best of `moves` for `mover` (the connecter or the cutter),
    /// each answered by the other side's search; the first to reach a
    /// code wins, a [`Code::Win`] ends the loop, and `start` stands when no
    /// move does better.
    fn best_move(
        &mut self,
        start: ReadingResult,
        mover: Color,
        moves: Vec<Vertex>,
    ) -> ReadingResult {
        let mut best = start;
        for m in moves {
            let Some((cap, saved_komaster)) = self.play(mover, m) else {
                continue;
            };
            let reply = if mover == self.color {
                self.disconnect()
            } else {
                self.connect()
            };
            self.reader.popgo();
            self.komaster = saved_komaster;
            let code = reply.code.for_opponent().min(cap);
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

    /// Plays `m` for `mover`, through a ko threat where the simple-ko
    /// rule forbids it and the komaster rule allows it: the first side to
    /// retake a ko through a threat in a line becomes komaster, and only
    /// it may do so again. Returns the cap of the move's results (a ko
    /// won through a threat is at most [`Code::KoB`]) and the komaster to
    /// restore afterwards, or `None` when the move cannot be played.
    fn play(&mut self, mover: Color, m: Vertex) -> Option<(Code, Option<Color>)> {
        match self.reader.trymove(mover, m) {
            Ok(()) => Some((Code::Win, self.komaster)),
            Err(TryError::Ko)
                if self.komaster.is_none_or(|k| k == mover)
                    && self.reader.board().stack_depth() <= self.params.ko_depth =>
            {
                self.reader.tryko(mover, m).ok()?;
                let saved = self.komaster.replace(mover);
                Some((Code::KoB, saved))
            }
            Err(_) => None,
        }
    }

    /// The cutter's candidates at reading stack depth `depth`: its rows
    /// of the producer table.
    fn cut_moves(&self, paths: &Paths, depth: usize) -> Vec<Vertex> {
        let plies = depth.saturating_sub(self.root_depth);
        self.produce(&self.producers.cutter, paths, plies)
    }

    /// Runs the producer `rows` that admit `plies` into one buffer and
    /// keeps the first `max_candidates`.
    fn produce(&self, rows: &[Producer], paths: &Paths, plies: usize) -> Vec<Vertex> {
        let mut moves = Vec::new();
        for row in rows {
            if row.admits(plies) {
                self.run_producer(row, paths, &mut moves);
            }
        }
        moves.truncate(self.params.max_candidates);
        moves
    }

    /// Pushes the moves of one producer row that `moves` lacks.
    fn run_producer(&self, row: &Producer, paths: &Paths, moves: &mut Vec<Vertex>) {
        let board = self.board();
        let margin = row.margin.unwrap_or(0);
        let max = self.params.max_candidates;
        match row.run {
            Produce::AtariRescue => {
                for target in [self.a, self.b] {
                    if board.liberties(target) <= 1 {
                        for chain in strings_adjacent_to_string(board, target, self.color.other()) {
                            if board.liberties(chain) == 1 {
                                push_new(moves, board.liberty_vertices(chain));
                            }
                        }
                        push_new(moves, board.liberty_vertices(target));
                    }
                }
            }
            Produce::CapturesOnPaths => {
                push_new(moves, paths.captures(board, margin).into_iter());
            }
            Produce::HalfLinkPoints => {
                let candidates = paths.candidates(board, margin, max);
                let sum = |v: Vertex| paths.from_a[v.index()] + paths.from_b[v.index()];
                let least = candidates.first().map_or(UNREACHED, |&v| sum(v));
                let open = candidates.into_iter().filter(|&v| {
                    sum(v) <= least.saturating_add(self.params.link_point_margin)
                        && distance::is_link_point(board, self.color, v)
                });
                push_new(moves, open);
            }
            Produce::PathPoints => {
                push_new(moves, paths.candidates(board, margin, max).into_iter());
            }
            Produce::Ataris => {
                push_new(moves, self.atari_moves().into_iter());
            }
            Produce::SaveCuttingStones | Produce::ShortCuttingStones => {
                let liberties = if row.run == Produce::SaveCuttingStones {
                    1
                } else {
                    self.params.short_cutting_liberties
                };
                let cutter = self.color.other();
                let near_b = strings_adjacent_to_string(board, self.b, cutter);
                for c in strings_adjacent_to_string(board, self.a, cutter) {
                    if board.liberties(c) == liberties && near_b.contains(&c) {
                        push_new(moves, board.liberty_vertices(c));
                    }
                }
            }
            Produce::DiagonalCuts => {
                push_new(moves, self.diagonal_cuts().into_iter());
            }
            Produce::RoomForCutters => {
                let room = paths
                    .candidates(board, margin, max)
                    .into_iter()
                    .filter(|&m| self.gives_cutter_room(m));
                push_new(moves, room);
            }
        }
    }

    /// The empty corners of the diagonals between a stone of either
    /// string and a stone of another of the connecter's strings whose
    /// other corner is the cutter's, string `a`'s first.
    fn diagonal_cuts(&self) -> Vec<Vertex> {
        let board = self.board();
        let (own, cutter) = (self.color.stone(), self.color.other().stone());
        let mut cuts = Vec::new();
        for target in [self.a, self.b] {
            let head = board.head(target);
            for s in board.string_stones(target) {
                for (d, corners) in distance::diagonals(board, s) {
                    if board.cell(d) != own || board.head(d) == head {
                        continue;
                    }
                    let [c1, c2] = corners.map(|c| board.cell(c));
                    let cut = match (c1, c2) {
                        (Cell::Empty, c) if c == cutter => corners[0],
                        (c, Cell::Empty) if c == cutter => corners[1],
                        _ => continue,
                    };
                    if !cuts.contains(&cut) {
                        cuts.push(cut);
                    }
                }
            }
        }
        cuts
    }

    fn gives_cutter_room(&self, m: Vertex) -> bool {
        let board = self.board();
        let cutter = self.color.other().stone();
        board.neighbours(m).any(|n| {
            board.cell(n) == cutter && board.liberties(n) <= self.params.narrow_room_liberties
        })
    }

    /// Whether the string the connecter makes by playing `l` cannot be
    /// captured (the tactical reader decides for short strings).
    fn joined_string_survives(&mut self, l: Vertex) -> bool {
        if self.reader.trymove(self.color, l).is_err() {
            return false;
        }
        let safe = self.board().liberties(l) > self.params.capture_liberties
            || self.attack(l).code == Code::Fail;
        self.reader.popgo();
        safe
    }

    /// The ataris on the opponent strings with two liberties next to
    /// either string.
    fn atari_moves(&self) -> Vec<Vertex> {
        let board = self.board();
        let chains = opponent_strings_next_to(board, [self.a, self.b], self.color);
        let mut moves = Vec::new();
        for c in chains {
            if board.liberties(c) == 2 {
                push_new(&mut moves, board.liberty_vertices(c));
            }
        }
        moves.truncate(self.params.max_candidates);
        moves
    }

    /// The liberties of three-liberty opponent strings next to one string
    /// but not the other that touch the other string: played, the move
    /// joins the other string and leaves the opponent string a cutting
    /// string with two liberties, whose capture the next node checks
    /// ([`ConnectionSearch::trivial_connection`]).
    fn cutter_making_moves(&self) -> Vec<Vertex> {
        let board = self.board();
        let opponent = self.color.other();
        let mut moves = Vec::new();
        for (own, other) in [(self.a, self.b), (self.b, self.a)] {
            let near_other = strings_adjacent_to_string(board, other, opponent);
            let other_head = board.head(other);
            for c in strings_adjacent_to_string(board, own, opponent) {
                if board.liberties(c) != self.params.cutter_making_liberties
                    || near_other.contains(&c)
                {
                    continue;
                }
                let touching = board.liberty_vertices(c).filter(|&l| {
                    board
                        .neighbours(l)
                        .any(|n| board.cell(n) == self.color.stone() && board.head(n) == other_head)
                });
                push_new(&mut moves, touching);
            }
        }
        moves
    }

    /// The cutter's moves, for strings further apart than
    /// `pass_distance`, that save a cutting string the connecter to move
    /// would capture outright (`cutting_capture`: four liberties, and
    /// three within `three_lib_cutter_plies`, as the connecter's own
    /// rules take them): the empty points next to the reader's attack
    /// point (the attacking stone then has fewer liberties), the attack
    /// point itself, the reader's defence moves and the string's
    /// liberties. Empty when the connecter has no such capture.
    fn cutter_rescue_moves(&mut self, plies: usize) -> Vec<Vertex> {
        let (a, b, color) = (self.a, self.b, self.color);
        let mut found = cutting_capture::captured_cutter(
            self.reader,
            a,
            b,
            color,
            self.params.cutting_string_liberties,
        );
        if found.is_none()
            && self
                .params
                .three_lib_cutter_plies
                .is_some_and(|p| plies <= p)
        {
            found = cutting_capture::captured_cutter(
                self.reader,
                a,
                b,
                color,
                self.params.three_lib_cutter_liberties,
            );
        }
        let Some((cutter, point)) = found else {
            return Vec::new();
        };
        let board = self.board();
        let mut moves: Vec<Vertex> = board
            .neighbours(point)
            .filter(|&n| board.cell(n) == Cell::Empty)
            .collect();
        push_new(&mut moves, std::iter::once(point));
        let (code, defences) = self.reader.defense_moves(cutter);
        if code != Code::Fail {
            push_new(&mut moves, defences.into_iter());
        }
        let board = self.board();
        push_new(&mut moves, board.liberty_vertices(cutter));
        moves.truncate(self.params.max_candidates);
        moves
    }

    /// The ataris on the opponent strings with two liberties next to one
    /// of the strings but not both (a cutting stone next to both, in
    /// atari, escapes: its capture is not what joins far strings).
    fn far_atari_moves(&self) -> Vec<Vertex> {
        let board = self.board();
        let near_a = strings_adjacent_to_string(board, self.a, self.color.other());
        let near_b = strings_adjacent_to_string(board, self.b, self.color.other());
        let mut moves = Vec::new();
        for &c in near_a.iter().chain(&near_b) {
            if board.liberties(c) == 2 && !(near_a.contains(&c) && near_b.contains(&c)) {
                push_new(&mut moves, board.liberty_vertices(c));
            }
        }
        moves.truncate(self.params.max_candidates);
        moves
    }

    /// The connecter's candidates: its rows of the producer table.
    fn connect_moves(&self, paths: &Paths) -> Vec<Vertex> {
        let plies = self.reader.board().stack_depth() - self.root_depth;
        self.produce(&self.producers.connecter, paths, plies)
    }
}

/// The connection distances of both strings and what follows from them.
struct Paths {
    /// The first string.
    a: Vertex,
    /// Whether `spread` made these distances and is still prepared for
    /// them (both strings of one colour), so [`Paths::through`] may lower
    /// them instead of spreading anew.
    prepared: bool,
    color: Color,
    from_a: Vec<u32>,
    from_b: Vec<u32>,
    /// How far apart the strings are (the spread from `a` reaching `b`).
    distance: u32,
}

impl Paths {
    /// The distances, crossing the opponent strings whose heads
    /// `capturable` lists ([`distance::distances_through`]).
    /// `spread` holds the spread's buffers between calls.
    fn new(
        board: &Board,
        a: Vertex,
        b: Vertex,
        capturable: &[Vertex],
        spread: &mut Spread,
    ) -> Paths {
        let color = board.cell(a).color().unwrap_or(Color::Black);
        let prepared = board.cell(b) == color.stone();
        let (from_a, from_b) = if prepared {
            // One colour: one preparation serves both spreads.
            spread.prepare(board, color, capturable);
            (
                spread.distances_from(board, a),
                spread.distances_from(board, b),
            )
        } else {
            (
                distance::distances_through(board, a, capturable),
                distance::distances_through(board, b, capturable),
            )
        };
        let distance = from_a[b.index()];
        Paths {
            a,
            prepared,
            color,
            from_a,
            from_b,
            distance,
        }
    }

    /// These distances, made by `spread` on `board` with nothing
    /// capturable, lowered to cross the opponent strings whose heads
    /// `capturable` lists too (as [`Paths::new`] with them would answer;
    /// [`Spread::lower_through`]); `b` is the second string.
    fn through(
        mut self,
        board: &Board,
        b: Vertex,
        capturable: &[Vertex],
        spread: &mut Spread,
    ) -> Paths {
        if !self.prepared {
            return Paths::new(board, self.a, b, capturable, spread);
        }
        spread.lower_through(board, capturable, &mut [&mut self.from_a, &mut self.from_b]);
        self.distance = self.from_a[b.index()];
        self
    }

    /// The moves that capture the opponent strings in atari which paths at
    /// most `margin` longer than the cheapest cross (the spread crosses a
    /// string in atari at the cost of a move), cheapest first.
    fn captures(&self, board: &Board, margin: u32) -> Vec<Vertex> {
        let opponent = self.color.other().stone();
        let mut least = UNREACHED;
        let mut scored: Vec<(u32, Vertex)> = Vec::new();
        for v in board.geometry().board_vertices() {
            let (da, db) = (self.from_a[v.index()], self.from_b[v.index()]);
            if da == UNREACHED || db == UNREACHED {
                continue;
            }
            let cell = board.cell(v);
            if cell == Cell::Empty || cell == opponent {
                least = least.min(da + db);
            }
            if cell == opponent && board.liberties(v) == 1 {
                scored.extend(board.liberty_vertices(v).map(|l| (da + db, l)));
            }
        }
        scored.retain(|&(total, _)| total <= least.saturating_add(margin));
        scored.sort_by_key(|&(total, v)| (total, v));
        let mut moves = Vec::new();
        push_new(&mut moves, scored.into_iter().map(|(_, v)| v));
        moves
    }

    /// Empty points on the cheapest paths, cheapest first: those whose
    /// two distances add up to at most the least sum plus `margin`, by
    /// sum, then among equals those midway between the strings first
    /// (points agree more with GNU Go's: 85% / 71% against 85% / 70%),
    /// then board order.
    fn candidates(&self, board: &Board, margin: u32, max_candidates: usize) -> Vec<Vertex> {
        let mut scored: Vec<(u32, u32, Vertex)> = Vec::new();
        let mut least = UNREACHED;
        for v in board.geometry().board_vertices() {
            let (da, db) = (self.from_a[v.index()], self.from_b[v.index()]);
            if da == UNREACHED || db == UNREACHED || board.cell(v) != Cell::Empty {
                continue;
            }
            least = least.min(da + db);
            scored.push((da + db, da.abs_diff(db), v));
        }
        if scored.is_empty() {
            return Vec::new();
        }
        scored.retain(|&(total, _, _)| total <= least + margin);
        // Each vertex once, so the key orders them all.
        scored.sort_unstable();
        scored
            .into_iter()
            .map(|(_, _, v)| v)
            .take(max_candidates)
            .collect()
    }
}

fn win(point: Option<Vertex>) -> ReadingResult {
    ReadingResult {
        code: Code::Win,
        point,
    }
}

/// The opponent strings (of `color`'s opponent) next to any of the
/// strings at `anchors`, by head, each once, in the order found.
fn opponent_strings_next_to(
    board: &Board,
    anchors: impl IntoIterator<Item = Vertex>,
    color: Color,
) -> Vec<Vertex> {
    let mut chains: Vec<Vertex> = Vec::new();
    for anchor in anchors {
        for c in strings_adjacent_to_string(board, anchor, color.other()) {
            if !chains.contains(&c) {
                chains.push(c);
            }
        }
    }
    chains
}
