//! A game under [`Rules`]: legality with reasons, passes and phases, the
//! button, the territory cleanup phases (ko-recapture blocks, the unblock
//! action, the once-only rule), repetition and no result, scoring, and undo.
//!
//! The behaviour follows KataGo's rules as its tests pin them down:
//!
//! * the simple-ko point (one stone captured by a lone stone left with one
//!   liberty) is forbidden to the opponent for one turn in the main phase;
//! * POSITIONAL / SITUATIONAL superko compare with every position since the
//!   start (passes do not clear it; taking the button does); SPIGHT is
//!   positional superko cleared by every pass;
//! * SIMPLE: two consecutive passes, or a pass from a (board, player) the
//!   same player already passed from in the phase, end the phase; a
//!   (board, player) occurring three times since the last pass ends the game
//!   without result;
//! * TERRITORY scoring has two cleanup phases in which ko captures block the
//!   capturing stone against recapture; a move on the recapture point (or
//!   on the blocked stone) is then the unblock action;
//! * play may continue after the end of the game, in the same phase.
//!
//! Undo costs what the move changed: the board keeps one undo frame per
//! move (`goban`'s journal), and each move's [`Undo`] record holds the
//! stone placed, the stones removed and the scalars it overwrote. The
//! position histories ([`PositionLog`]) hold hashes, not boards: a hash
//! match is confirmed exactly by rebuilding the older board from the
//! current one and the records since ([`Game::cells_at`]), so a 64-bit
//! collision cannot make two different positions equal.

use std::collections::HashMap;
use std::rc::Rc;

use goban::{Board, Cell, Color, Vertex, zobrist_key, zobrist_side_key};

use crate::area::{AreaMap, AreaMode, IndependentLifeMode, area_map, independent_life};
use crate::illegal::{IllegalMove, Move};
use crate::rule_set::{KoRule, Rules, ScoringRule, TaxRule};

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// White minus Black, komi and bonuses included (`None` for no result).
    pub white_minus_black: Option<f64>,
    /// Whether the game ended without result (an endless cycle).
    pub no_result: bool,
    /// The ownership map the count used (`None` for no result).
    pub area: Option<AreaMap>,
}

impl GameResult {
    /// The winner: `Some(colour)`, or `None` for a draw or no result.
    pub fn winner(&self) -> Option<Color> {
        match self.white_minus_black {
            Some(s) if s > 0.0 => Some(Color::White),
            Some(s) if s < 0.0 => Some(Color::Black),
            _ => None,
        }
    }
}

/// One position in a history: hashes of the stones (and of the player to
/// move and the blocks), the player to move, the ko-recapture blocks in
/// the cleanup phases, and the ply at which its board stood (the number of
/// undo records then), by which its stones are rebuilt to confirm a match.
#[derive(Debug, Clone, PartialEq)]
struct Position {
    /// Zobrist hash of the stones.
    board_hash: u64,
    /// The stones hash with the side to move and the blocks mixed in.
    situation_hash: u64,
    to_move: Color,
    blocked: Rc<[Vertex]>,
    ply: usize,
}

/// Which parts of a [`Position`] count when comparing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compare {
    Board,
    Situation,
    SituationAndBlocks,
}

impl Position {
    /// Whether the parts other than the stones agree (the stones are then
    /// confirmed by [`Game::same_stones`]).
    fn same_apart_from_stones(&self, other: &Position, compare: Compare) -> bool {
        match compare {
            Compare::Board => self.board_hash == other.board_hash,
            Compare::Situation => {
                self.situation_hash == other.situation_hash && self.to_move == other.to_move
            }
            Compare::SituationAndBlocks => {
                self.situation_hash == other.situation_hash
                    && self.to_move == other.to_move
                    && self.blocked == other.blocked
            }
        }
    }
}

/// A history of positions that only grows during a move and is cleared by
/// moving its start (so undo just truncates it and puts the start back),
/// indexed by board hash.
#[derive(Debug, Clone, PartialEq, Default)]
struct PositionLog {
    entries: Vec<Position>,
    /// Entries before `start` were cleared.
    start: usize,
    /// Board hash → indices of its entries, oldest first.
    by_hash: HashMap<u64, Vec<usize>>,
}

/// Where a [`PositionLog`] stood before a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LogMark {
    len: usize,
    start: usize,
}

impl PositionLog {
    fn with(position: Position) -> PositionLog {
        let mut log = PositionLog::default();
        log.push(position);
        log
    }

    fn push(&mut self, position: Position) {
        self.by_hash
            .entry(position.board_hash)
            .or_default()
            .push(self.entries.len());
        self.entries.push(position);
    }

    /// Clears the log (every entry so far is forgotten).
    fn clear(&mut self) {
        self.start = self.entries.len();
    }

    /// Clears the log and starts it with `position`.
    fn restart(&mut self, position: Position) {
        self.clear();
        self.push(position);
    }

    fn is_empty(&self) -> bool {
        self.start == self.entries.len()
    }

    fn mark(&self) -> LogMark {
        LogMark {
            len: self.entries.len(),
            start: self.start,
        }
    }

    /// Puts the log back as it was at `mark`.
    fn rewind(&mut self, mark: LogMark) {
        while self.entries.len() > mark.len {
            let removed = self.entries.pop().expect("an entry past the mark");
            let bucket = self
                .by_hash
                .get_mut(&removed.board_hash)
                .expect("every entry is indexed");
            bucket.pop();
            if bucket.is_empty() {
                self.by_hash.remove(&removed.board_hash);
            }
        }
        self.start = mark.start;
    }

    /// The live entries with `board_hash`, most recent first.
    fn with_board_hash(&self, board_hash: u64) -> impl Iterator<Item = &Position> + '_ {
        self.by_hash
            .get(&board_hash)
            .into_iter()
            .flat_map(|bucket| bucket.iter().rev())
            .take_while(|&&index| index >= self.start)
            .map(|&index| &self.entries[index])
    }
}

/// A ko capture made in a cleanup phase: from which position (its board's
/// hash and ply), by whom, where.
#[derive(Debug, Clone, PartialEq)]
struct CleanupKoCapture {
    board_hash: u64,
    ply: usize,
    color: Color,
    at: Vertex,
}

/// Everything a move can change.
#[derive(Debug, Clone, PartialEq)]
struct State {
    board: Board,
    to_move: Color,
    phase: u8,
    result: Option<GameResult>,
    button_available: bool,
    /// Points for White from taking the button (±0.5).
    button_bonus: f64,
    /// Black moves minus White moves in phases 0 and 1, starting stones
    /// included (territory scoring).
    move_balance: i64,
    consecutive_passes: u32,
    /// The simple-ko point and the player it is forbidden to.
    ko_point: Option<(Vertex, Color)>,
    /// Positions for superko (main phase), oldest first.
    superko_history: PositionLog,
    /// Positions since the last pass, for the triple-repetition rule.
    repetition_history: PositionLog,
    /// Positions each player passed from in this phase.
    passed_from: [PositionLog; 2],
    /// Ko-recapture-blocked stones (cleanup phases), in board order.
    blocked: Rc<[Vertex]>,
    /// The cleanup ko captures of this phase: those from `start` on.
    cleanup_ko_captures: Vec<CleanupKoCapture>,
    cleanup_ko_captures_start: usize,
    second_phase_start: Option<Board>,
}

/// What one move changed, to take it back: the stone placed, the stones
/// removed, the scalars overwritten and where each history stood.
#[derive(Debug, Clone)]
struct Undo {
    placed: Option<Vertex>,
    /// Stones removed (captured, or the own string on suicide) and their
    /// colour.
    removed: Vec<(Vertex, Color)>,
    to_move: Color,
    phase: u8,
    result: Option<GameResult>,
    button_available: bool,
    button_bonus: f64,
    move_balance: i64,
    consecutive_passes: u32,
    ko_point: Option<(Vertex, Color)>,
    blocked: Rc<[Vertex]>,
    superko_history: LogMark,
    repetition_history: LogMark,
    passed_from: [LogMark; 2],
    cleanup_ko_captures: LogMark,
    /// The board at the start of the second cleanup phase, when this move
    /// reached it (it was `None` before).
    reached_second_phase: bool,
}

/// A game: a board, the rules, and the history (see the module docs).
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    initial: Board,
    handicap_stones: usize,
    state: State,
    undo_log: Vec<Undo>,
    continue_after_end: bool,
}

/// What a move on an occupied or empty point amounts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Pass,
    Stone(Vertex),
    /// Removes the block on this stone, leaving the board as it is.
    Unblock(Vertex),
}

/// The scalars passes change, for [`Game::score_with`] and the pass
/// probes ([`PassProbe`]).
#[derive(Debug, Clone)]
struct PassScalars {
    to_move: Color,
    phase: u8,
    button_available: bool,
    button_bonus: f64,
    consecutive_passes: u32,
    blocked: Rc<[Vertex]>,
    /// Whether the second cleanup phase has started (its board is the
    /// current board when the probe started it).
    second_phase_started_here: bool,
}

/// Passes played on a copy of the pass scalars only (passes move no
/// stone), for [`Game::pass_would_end_phase`], [`Game::pass_would_end_game`]
/// and [`Game::score_now`] without copying the game and its history.
struct PassProbe<'a> {
    game: &'a Game,
    scalars: PassScalars,
    /// Whether the game's own `passed_from` still applies (no phase has
    /// ended in the probe).
    same_phase: bool,
    /// Positions passed from in the probe, by player.
    passed_from: [Vec<Position>; 2],
}

impl PassProbe<'_> {
    /// One pass by the player to move, as [`Game::apply_pass`] plays it.
    /// Returns the score when it ends the game.
    fn pass(&mut self) -> Option<f64> {
        let game = self.game;
        let s = &mut self.scalars;
        let color = s.to_move;
        if s.phase == 0 && s.button_available {
            s.button_available = false;
            s.button_bonus += if color == Color::White { 0.5 } else { -0.5 };
            s.to_move = color.other();
            return None;
        }
        let before = game.position_now(color, &s.blocked);
        s.to_move = color.other();
        s.consecutive_passes += 1;
        let in_cleanup = s.phase > 0;
        let ko = game.rules.ko;
        let pass_rule_applies = in_cleanup || matches!(ko, KoRule::Simple | KoRule::Spight);
        let compare = if in_cleanup {
            Compare::SituationAndBlocks
        } else {
            Compare::Board
        };
        // The probe's own entries stand on the current board.
        let passed_before = self.passed_from[color.index()]
            .iter()
            .any(|p| p.same_apart_from_stones(&before, compare))
            || (self.same_phase
                && game.seen_in(
                    &game.state.passed_from[color.index()],
                    &before,
                    compare,
                    game.state.board.cells(),
                ));
        let mut ends_phase = pass_rule_applies && passed_before;
        if s.consecutive_passes >= 2 && (in_cleanup || ko != KoRule::Spight) {
            ends_phase = true;
        }
        self.passed_from[color.index()].push(before);
        if !ends_phase {
            return None;
        }
        if s.phase >= game.last_phase() {
            let second_phase_start = if s.second_phase_started_here {
                Some(&game.state.board)
            } else {
                game.state.second_phase_start.as_ref()
            };
            return Some(game.score_with(s, second_phase_start).0);
        }
        s.phase += 1;
        s.consecutive_passes = 0;
        s.blocked = Rc::from(Vec::new());
        self.passed_from = [Vec::new(), Vec::new()];
        self.same_phase = false;
        if s.phase == 2 {
            s.second_phase_started_here = true;
        }
        None
    }
}

impl Game {
    /// A game from `board` (its stones count as played by their owners for
    /// territory scoring) with `to_move` to play.
    pub fn new(board: Board, rules: Rules, to_move: Color) -> Game {
        let handicap_stones = if board.stone_count(Color::White) == 0 {
            board.stone_count(Color::Black)
        } else {
            0
        };
        let move_balance =
            board.stone_count(Color::Black) as i64 - board.stone_count(Color::White) as i64;
        let start = position_of(&board, to_move, &Rc::from(Vec::new()), 0);
        let state = State {
            board: board.clone(),
            to_move,
            phase: 0,
            result: None,
            button_available: rules.has_button,
            button_bonus: 0.0,
            move_balance,
            consecutive_passes: 0,
            ko_point: None,
            superko_history: PositionLog::with(start.clone()),
            repetition_history: PositionLog::with(start),
            passed_from: [PositionLog::default(), PositionLog::default()],
            blocked: Rc::from(Vec::new()),
            cleanup_ko_captures: Vec::new(),
            cleanup_ko_captures_start: 0,
            second_phase_start: None,
        };
        Game {
            rules,
            initial: board,
            handicap_stones,
            state,
            undo_log: Vec::new(),
            continue_after_end: true,
        }
    }

    /// Whether moves after the end of the game are allowed (KataGo's
    /// behaviour, the default: play continues in the same phase). When
    /// false, every move after the end is [`IllegalMove::GameOver`].
    pub fn set_continue_after_end(&mut self, allowed: bool) {
        self.continue_after_end = allowed;
    }

    /// Replaces the rules, keeping the position and its history (as
    /// `kata-set-rules` does). A button that the new rules add is available
    /// only while nobody has passed in the main phase.
    pub fn set_rules(&mut self, rules: Rules) {
        let nobody_passed = self.state.phase == 0
            && self.state.passed_from.iter().all(PositionLog::is_empty)
            && self.state.button_bonus == 0.0;
        self.state.button_available = rules.has_button && nobody_passed;
        self.rules = rules;
    }

    /// Sets komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.rules.komi = komi;
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The starting board.
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.state.to_move
    }

    /// 0 = main phase, 1 and 2 = cleanup phases (territory scoring).
    pub fn phase(&self) -> u8 {
        self.state.phase
    }

    /// Whether the game has ended (scored or without result).
    pub fn is_over(&self) -> bool {
        self.state.result.is_some()
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<&GameResult> {
        self.state.result.as_ref()
    }

    /// Handicap stones for the white handicap bonus: the black stones of a
    /// starting board without white stones, or 0; fewer than 2 count as 0.
    pub fn handicap_stones(&self) -> usize {
        if self.handicap_stones >= 2 {
            self.handicap_stones
        } else {
            0
        }
    }

    /// The simple-ko point and the player who may not retake there now.
    pub fn ko_point(&self) -> Option<(Vertex, Color)> {
        self.state.ko_point
    }

    /// The ko-recapture-blocked stones, in board order.
    pub fn ko_recapture_blocked(&self) -> Vec<Vertex> {
        self.state.blocked.to_vec()
    }

    /// The board at the start of the second cleanup phase, once reached.
    pub fn second_phase_start_board(&self) -> Option<&Board> {
        self.state.second_phase_start.as_ref()
    }

    /// Whether both games are in exactly the same state: rules, board,
    /// player, phase, histories, blocks, scores and result (the undo
    /// records are not compared).
    pub fn same_state(&self, other: &Game) -> bool {
        self.rules == other.rules && self.initial == other.initial && self.state == other.state
    }

    /// Pass-alive stones and territory of `color` on the current board,
    /// under the game's suicide rule.
    pub fn pass_alive(&self, color: Color) -> crate::area::PassAlive {
        crate::area::pass_alive(&self.state.board, color, self.rules.multi_stone_suicide)
    }

    /// Moves that can be undone.
    pub fn undo_depth(&self) -> usize {
        self.undo_log.len()
    }

    /// Takes back the last move exactly, in time proportional to what it
    /// changed. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(undo) = self.undo_log.pop() else {
            return false;
        };
        let state = &mut self.state;
        state.board.undo();
        state.to_move = undo.to_move;
        state.phase = undo.phase;
        state.result = undo.result;
        state.button_available = undo.button_available;
        state.button_bonus = undo.button_bonus;
        state.move_balance = undo.move_balance;
        state.consecutive_passes = undo.consecutive_passes;
        state.ko_point = undo.ko_point;
        state.blocked = undo.blocked;
        state.superko_history.rewind(undo.superko_history);
        state.repetition_history.rewind(undo.repetition_history);
        for (log, mark) in state.passed_from.iter_mut().zip(undo.passed_from) {
            log.rewind(mark);
        }
        state
            .cleanup_ko_captures
            .truncate(undo.cleanup_ko_captures.len);
        state.cleanup_ko_captures_start = undo.cleanup_ko_captures.start;
        if undo.reached_second_phase {
            state.second_phase_start = None;
        }
        true
    }

    /// Whether `color` may play `mv` now.
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.check(color, mv).is_ok()
    }

    /// Why `color` may not play `mv` now, or what the move amounts to.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.classify(color, mv).map(|_| ())
    }

    /// Plays a legal move.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let action = self.classify(color, mv)?;
        self.apply(color, action);
        Ok(())
    }

    /// Plays a move skipping the rules of ko, superko, suicide and the end
    /// of the game (KataGo tolerates such moves); only a stone on an occupied
    /// point that is no unblock action, or off the board, is refused.
    pub fn play_forced(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let action = match self.classify(color, mv) {
            Ok(action) => action,
            Err(IllegalMove::Occupied) => return Err(IllegalMove::Occupied),
            Err(IllegalMove::OffBoard) => return Err(IllegalMove::OffBoard),
            Err(_) => match mv {
                Move::Pass => Action::Pass,
                Move::Play(v) => Action::Stone(v),
            },
        };
        self.apply(color, action);
        Ok(())
    }

    fn in_cleanup(&self) -> bool {
        self.state.phase > 0
    }

    fn last_phase(&self) -> u8 {
        match self.rules.scoring {
            ScoringRule::Area => 0,
            ScoringRule::Territory => 2,
        }
    }

    /// The stones as they stood at `ply` (after that many moves of the
    /// undo records): the current board with the records since taken back.
    fn cells_at(&self, ply: usize) -> Vec<Cell> {
        let mut cells = self.state.board.cells().to_vec();
        for undo in self.undo_log[ply..].iter().rev() {
            for &(v, color) in &undo.removed {
                cells[v.index()] = color.stone();
            }
            if let Some(v) = undo.placed {
                cells[v.index()] = Cell::Empty;
            }
        }
        cells
    }

    /// Whether the board of `entry` holds exactly `cells` (the hashes
    /// already agree: this rules out a collision).
    fn same_stones(&self, entry: &Position, cells: &[Cell]) -> bool {
        if entry.ply == self.undo_log.len() {
            return self.state.board.cells() == cells;
        }
        self.cells_at(entry.ply) == cells
    }

    /// Whether `log` holds a live position equal to `wanted` (whose stones
    /// are `cells`) under `compare`.
    fn seen_in(
        &self,
        log: &PositionLog,
        wanted: &Position,
        compare: Compare,
        cells: &[Cell],
    ) -> bool {
        log.with_board_hash(wanted.board_hash)
            .any(|p| p.same_apart_from_stones(wanted, compare) && self.same_stones(p, cells))
    }

    /// How many live positions of `log` equal `wanted` (on the current
    /// board) under `compare`.
    fn count_in(&self, log: &PositionLog, wanted: &Position, compare: Compare) -> usize {
        let cells = self.state.board.cells();
        log.with_board_hash(wanted.board_hash)
            .filter(|p| p.same_apart_from_stones(wanted, compare) && self.same_stones(p, cells))
            .count()
    }

    fn classify(&self, color: Color, mv: Move) -> Result<Action, IllegalMove> {
        if self.is_over() && !self.continue_after_end {
            return Err(IllegalMove::GameOver);
        }
        let v = match mv {
            Move::Pass => return Ok(Action::Pass),
            Move::Play(v) => v,
        };
        let board = &self.state.board;
        let geometry = board.geometry();
        if v.index() >= geometry.vertices() || !geometry.is_on_board(v.index()) {
            return Err(IllegalMove::OffBoard);
        }
        if board.cell(v) != Cell::Empty {
            // The unblock action spelled as a move onto the blocked stone.
            let is_blocked_lone_stone_in_atari = self.in_cleanup()
                && board.cell(v) == color.other().stone()
                && self.state.blocked.contains(&v)
                && board.string_size(v) == 1
                && board.liberties(v) == 1;
            return if is_blocked_lone_stone_in_atari {
                Ok(Action::Unblock(v))
            } else {
                Err(IllegalMove::Occupied)
            };
        }
        let ko_capture = self.ko_capture(color, v);
        if self.in_cleanup() {
            if let Some(captured) = ko_capture
                && self.state.blocked.contains(&captured)
            {
                return Ok(Action::Unblock(captured));
            }
        } else if self.state.ko_point == Some((v, color)) {
            return Err(IllegalMove::Ko);
        }
        let suicide = board.suicide_size(color, v);
        if suicide == 1 || (suicide > 1 && !self.rules.multi_stone_suicide) {
            return Err(IllegalMove::Suicide { stones: suicide });
        }
        if self.in_cleanup() {
            if ko_capture.is_some() {
                let cells = board.cells();
                let captures =
                    &self.state.cleanup_ko_captures[self.state.cleanup_ko_captures_start..];
                let repeated = captures.iter().any(|c| {
                    c.color == color
                        && c.at == v
                        && c.board_hash == board.hash()
                        && self.cells_at(c.ply) == cells
                });
                if repeated {
                    return Err(IllegalMove::KoCaptureRepeated);
                }
            }
        } else if self.rules.ko != KoRule::Simple {
            let (after_hash, removed) = stones_after(board, color, v);
            let position = hashed_position(after_hash, color.other(), &Rc::from(Vec::new()), 0);
            let compare = if self.rules.ko == KoRule::Situational {
                Compare::Situation
            } else {
                Compare::Board
            };
            let mut after_cells: Option<Vec<Cell>> = None;
            let repeats = self
                .state
                .superko_history
                .with_board_hash(after_hash)
                .filter(|p| p.same_apart_from_stones(&position, compare))
                .any(|p| {
                    let cells = after_cells.get_or_insert_with(|| {
                        let mut cells = board.cells().to_vec();
                        cells[v.index()] = color.stone();
                        for &(u, _) in &removed {
                            cells[u.index()] = Cell::Empty;
                        }
                        cells
                    });
                    self.same_stones(p, cells)
                });
            if repeats {
                return Err(IllegalMove::Superko {
                    rule: match self.rules.ko {
                        KoRule::Situational => "situational",
                        KoRule::Spight => "Spight's positional",
                        _ => "positional",
                    },
                });
            }
        }
        Ok(Action::Stone(v))
    }

    /// The stone `color` at the empty point `v` would capture in a ko shape
    /// (exactly one stone, the new stone then alone with one liberty).
    fn ko_capture(&self, color: Color, v: Vertex) -> Option<Vertex> {
        let board = &self.state.board;
        if board.capture_count(color, v) != 1 {
            return None;
        }
        let joins_own = board.neighbour_strings(v, color).next().is_some();
        if joins_own || board.liberties_after(color, v) != 1 {
            return None;
        }
        board
            .neighbour_strings(v, color.other())
            .find(|h| board.liberties(*h) == 1)
    }

    fn compare_for_repetition(&self) -> Compare {
        if self.in_cleanup() {
            Compare::SituationAndBlocks
        } else {
            Compare::Situation
        }
    }

    /// The current board with `to_move` to play and `blocked` stones.
    fn position_now(&self, to_move: Color, blocked: &Rc<[Vertex]>) -> Position {
        position_of(&self.state.board, to_move, blocked, self.undo_log.len())
    }

    fn current_position(&self) -> Position {
        self.position_now(self.state.to_move, &self.state.blocked)
    }

    fn apply(&mut self, color: Color, action: Action) {
        let state = &mut self.state;
        state.board.push_undo_frame();
        self.undo_log.push(Undo {
            placed: None,
            removed: Vec::new(),
            to_move: state.to_move,
            phase: state.phase,
            // Play after the end continues the game in the same phase.
            result: state.result.take(),
            button_available: state.button_available,
            button_bonus: state.button_bonus,
            move_balance: state.move_balance,
            consecutive_passes: state.consecutive_passes,
            ko_point: state.ko_point,
            blocked: Rc::clone(&state.blocked),
            superko_history: state.superko_history.mark(),
            repetition_history: state.repetition_history.mark(),
            passed_from: [state.passed_from[0].mark(), state.passed_from[1].mark()],
            cleanup_ko_captures: LogMark {
                len: state.cleanup_ko_captures.len(),
                start: state.cleanup_ko_captures_start,
            },
            reached_second_phase: false,
        });
        match action {
            Action::Pass => self.apply_pass(color),
            Action::Stone(v) => self.apply_stone(color, v),
            Action::Unblock(v) => self.apply_unblock(color, v),
        }
    }

    fn apply_pass(&mut self, color: Color) {
        let state = &mut self.state;
        state.ko_point = None;
        if state.phase == 0 && state.button_available {
            state.button_available = false;
            state.button_bonus += if color == Color::White { 0.5 } else { -0.5 };
            state.to_move = color.other();
            let now = self.current_position();
            self.state.superko_history.restart(now.clone());
            self.state.repetition_history.restart(now);
            return;
        }
        let before = self.position_now(color, &self.state.blocked);
        let state = &mut self.state;
        state.to_move = color.other();
        state.consecutive_passes += 1;
        let ko = self.rules.ko;
        let pass_rule_applies = self.in_cleanup() || matches!(ko, KoRule::Simple | KoRule::Spight);
        let compare = if self.in_cleanup() {
            Compare::SituationAndBlocks
        } else {
            Compare::Board
        };
        let passed_before = self.seen_in(
            &self.state.passed_from[color.index()],
            &before,
            compare,
            self.state.board.cells(),
        );
        let mut ends_phase = pass_rule_applies && passed_before;
        if self.state.consecutive_passes >= 2 && (self.in_cleanup() || ko != KoRule::Spight) {
            ends_phase = true;
        }
        self.state.passed_from[color.index()].push(before);
        let now = self.current_position();
        self.state.repetition_history.restart(now.clone());
        if !self.in_cleanup() {
            if ko == KoRule::Spight {
                self.state.superko_history.restart(now);
            } else {
                self.state.superko_history.push(now);
            }
        }
        if ends_phase {
            self.end_phase();
        }
    }

    fn end_phase(&mut self) {
        if self.state.phase >= self.last_phase() {
            let (score, area) = self.score_position();
            self.state.result = Some(GameResult {
                white_minus_black: Some(score),
                no_result: false,
                area: Some(area),
            });
            return;
        }
        let state = &mut self.state;
        state.phase += 1;
        state.consecutive_passes = 0;
        state.ko_point = None;
        state.blocked = Rc::from(Vec::new());
        state.cleanup_ko_captures_start = state.cleanup_ko_captures.len();
        for log in &mut state.passed_from {
            log.clear();
        }
        if state.phase == 2 {
            state.second_phase_start = Some(state.board.clone_position());
            if let Some(undo) = self.undo_log.last_mut() {
                undo.reached_second_phase = true;
            }
        }
        let now = self.current_position();
        self.state.superko_history.restart(now.clone());
        self.state.repetition_history.restart(now);
    }

    fn apply_unblock(&mut self, color: Color, stone: Vertex) {
        let state = &mut self.state;
        state.blocked = state
            .blocked
            .iter()
            .copied()
            .filter(|b| *b != stone)
            .collect();
        state.to_move = color.other();
        state.consecutive_passes = 0;
        self.record_repetition();
    }

    fn apply_stone(&mut self, color: Color, v: Vertex) {
        let ko_capture = self.ko_capture(color, v);
        let hash_before = self.state.board.hash();
        let ply_before = self.undo_log.len() - 1;
        let state = &mut self.state;
        let record = state.board.play(color, v);
        if let Some(undo) = self.undo_log.last_mut() {
            undo.placed = Some(v);
            let removed_color = if record.suicided > 0 {
                color
            } else {
                color.other()
            };
            undo.removed = state
                .board
                .last_removed()
                .iter()
                .map(|&u| (u, removed_color))
                .collect();
        }
        state.to_move = color.other();
        state.consecutive_passes = 0;
        if state.phase < 2 {
            state.move_balance += if color == Color::Black { 1 } else { -1 };
        }
        let board = &state.board;
        if state.phase == 0 {
            state.ko_point = record.ko.map(|k| (k, color.other()));
        } else {
            let mut blocked: Vec<Vertex> = state
                .blocked
                .iter()
                .copied()
                .filter(|b| board.cell(*b) != Cell::Empty)
                .collect();
            if ko_capture.is_some() {
                blocked.push(v);
                blocked.sort();
                state.cleanup_ko_captures.push(CleanupKoCapture {
                    board_hash: hash_before,
                    ply: ply_before,
                    color,
                    at: v,
                });
            }
            state.blocked = blocked.into();
        }
        if self.state.phase == 0 && self.rules.ko != KoRule::Simple {
            let now = self.current_position();
            self.state.superko_history.push(now);
        }
        if self.state.phase > 0 || self.rules.ko == KoRule::Simple {
            self.record_repetition();
        }
    }

    /// Adds the current position to the repetition history; a third
    /// occurrence since the last pass ends the game without result.
    fn record_repetition(&mut self) {
        let now = self.current_position();
        let compare = self.compare_for_repetition();
        let seen = self.count_in(&self.state.repetition_history, &now, compare);
        self.state.repetition_history.push(now);
        if seen + 1 >= 3 {
            self.state.result = Some(GameResult {
                white_minus_black: None,
                no_result: true,
                area: None,
            });
        }
    }

    /// A probe of passes from the current state (see [`PassProbe`]).
    fn pass_probe(&self) -> PassProbe<'_> {
        PassProbe {
            game: self,
            scalars: self.pass_scalars(),
            same_phase: true,
            passed_from: [Vec::new(), Vec::new()],
        }
    }

    fn pass_scalars(&self) -> PassScalars {
        let state = &self.state;
        PassScalars {
            to_move: state.to_move,
            phase: state.phase,
            button_available: state.button_available,
            button_bonus: state.button_bonus,
            consecutive_passes: state.consecutive_passes,
            blocked: Rc::clone(&state.blocked),
            second_phase_started_here: false,
        }
    }

    /// Whether a pass by the player to move would end the current phase.
    pub fn pass_would_end_phase(&self) -> bool {
        let mut probe = self.pass_probe();
        let ended_game = probe.pass().is_some();
        probe.scalars.phase != self.state.phase || ended_game
    }

    /// Whether a pass by the player to move would end the game.
    pub fn pass_would_end_game(&self) -> bool {
        self.pass_probe().pass().is_some()
    }

    /// The final score (White minus Black) if both players now pass until
    /// the game ends; the game's score when it is over; `None` without
    /// result.
    pub fn score_now(&self) -> Option<f64> {
        if let Some(result) = &self.state.result {
            return result.white_minus_black;
        }
        let mut probe = self.pass_probe();
        (0..16).find_map(|_| probe.pass())
    }

    /// Scores the position as it stands (see rules item 7 and 8 of the
    /// case README): the score and the ownership map counted.
    pub fn score_position(&self) -> (f64, AreaMap) {
        self.score_with(&self.pass_scalars(), self.state.second_phase_start.as_ref())
    }

    /// [`Game::score_position`] with the button, the player to move and
    /// the second phase's starting board given.
    fn score_with(
        &self,
        scalars: &PassScalars,
        second_phase_start: Option<&Board>,
    ) -> (f64, AreaMap) {
        let board = &self.state.board;
        let msui = self.rules.multi_stone_suicide;
        let mut score = self.rules.komi
            + self
                .rules
                .white_handicap_bonus
                .points(self.handicap_stones());
        score += scalars.button_bonus;
        if scalars.button_available {
            score += if scalars.to_move == Color::White {
                0.5
            } else {
                -0.5
            };
        }
        let map = match self.rules.scoring {
            ScoringRule::Area => {
                if self.rules.tax == TaxRule::None {
                    area_map(board, AreaMode::scoring(msui))
                } else {
                    let life = independent_life(
                        board,
                        IndependentLifeMode {
                            keep_territories: false,
                            keep_stones: true,
                            multi_stone_suicide: msui,
                        },
                    );
                    if self.rules.tax == TaxRule::All {
                        score -= 2.0 * life.region_count_white_minus_black as f64;
                    }
                    life.map
                }
            }
            ScoringRule::Territory => {
                let life = independent_life(
                    board,
                    IndependentLifeMode {
                        keep_territories: self.rules.tax == TaxRule::None,
                        keep_stones: false,
                        multi_stone_suicide: msui,
                    },
                );
                if self.rules.tax == TaxRule::All {
                    score -= 2.0 * life.region_count_white_minus_black as f64;
                }
                let mut map = life.map;
                for v in board.geometry().board_vertices() {
                    let Some(stone) = board.cell(v).color() else {
                        continue;
                    };
                    let counted = match second_phase_start {
                        Some(start) => start.cell(v) == stone.stone(),
                        None => true,
                    };
                    if map.owner(v).is_none() && counted {
                        map.set_owner(v, Some(stone));
                    }
                }
                score += self.state.move_balance as f64;
                map
            }
        };
        score += map.white_minus_black() as f64;
        (score, map)
    }

    /// Legal moves for the player to move: every point where a move is
    /// legal (unblock actions on stones included), plus pass.
    pub fn num_legal_moves(&self) -> usize {
        let color = self.state.to_move;
        1 + self
            .state
            .board
            .geometry()
            .board_vertices()
            .filter(|v| self.is_legal(color, Move::Play(*v)))
            .count()
    }

    /// Empty points where the player to move may not play for a reason
    /// other than suicide (ko, superko, the once-only rule), in board order.
    pub fn nonsuicide_illegal_points(&self) -> Vec<Vertex> {
        let color = self.state.to_move;
        let board = &self.state.board;
        board
            .geometry()
            .board_vertices()
            .filter(|v| board.cell(*v) == Cell::Empty)
            .filter(|v| {
                matches!(
                    self.check(color, Move::Play(*v)),
                    Err(IllegalMove::Ko
                        | IllegalMove::Superko { .. }
                        | IllegalMove::KoCaptureRepeated)
                )
            })
            .collect()
    }
}

/// The position of `board` at `ply` with `to_move` to play and `blocked`
/// stones.
fn position_of(board: &Board, to_move: Color, blocked: &Rc<[Vertex]>, ply: usize) -> Position {
    hashed_position(board.hash(), to_move, blocked, ply)
}

/// The position of stones hashing to `board_hash`.
fn hashed_position(
    board_hash: u64,
    to_move: Color,
    blocked: &Rc<[Vertex]>,
    ply: usize,
) -> Position {
    let mut situation_hash = board_hash;
    if to_move == Color::White {
        situation_hash ^= zobrist_side_key();
    }
    for &b in blocked.iter() {
        situation_hash ^= zobrist_key(Color::Black, b).rotate_left(29);
    }
    Position {
        board_hash,
        situation_hash,
        to_move,
        blocked: Rc::clone(blocked),
        ply,
    }
}

/// The hash of the stones after `color` plays at the empty point `v`, and
/// the stones the move removes (captured strings, or on suicide the own
/// strings it joins), without playing it.
fn stones_after(board: &Board, color: Color, v: Vertex) -> (u64, Vec<(Vertex, Color)>) {
    let mut removed = Vec::new();
    for head in board.neighbour_strings(v, color.other()) {
        if board.liberties(head) == 1 {
            removed.extend(board.string_stones(head).map(|s| (s, color.other())));
        }
    }
    let mut hash = board.hash() ^ zobrist_key(color, v);
    if removed.is_empty() && board.liberties_after(color, v) == 0 {
        // Suicide: the new stone and the strings it joins go.
        removed.push((v, color));
        for head in board.neighbour_strings(v, color) {
            removed.extend(board.string_stones(head).map(|s| (s, color)));
        }
    }
    for &(s, owner) in &removed {
        hash ^= zobrist_key(owner, s);
    }
    (hash, removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule_set::WhiteHandicapBonus;

    fn rules(ko: KoRule, scoring: ScoringRule) -> Rules {
        Rules {
            has_button: false,
            ko,
            scoring,
            multi_stone_suicide: false,
            tax: TaxRule::None,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: false,
            komi: 0.5,
        }
    }

    fn at(game: &Game, vertex: &str) -> Move {
        Move::Play(game.board().geometry().parse_gtp(vertex).unwrap())
    }

    fn play(game: &mut Game, color: Color, vertex: &str) -> Result<(), IllegalMove> {
        let mv = if vertex == "pass" {
            Move::Pass
        } else {
            at(game, vertex)
        };
        game.play(color, mv)
    }

    /// Black C3 captures the white stone at B3 in a ko.
    fn ko_game(rules: Rules) -> Game {
        let board = Board::from_rows(&[".xo.", "xo.o", ".xo.", "...."]).unwrap();
        Game::new(board, rules, Color::Black)
    }

    #[test]
    fn simple_ko_forbids_the_immediate_recapture_until_a_move_elsewhere() {
        for ko in [
            KoRule::Simple,
            KoRule::Positional,
            KoRule::Situational,
            KoRule::Spight,
        ] {
            let mut game = ko_game(rules(ko, ScoringRule::Area));
            play(&mut game, Color::Black, "C3").unwrap();
            let recapture = at(&game, "B3");
            let expected = if ko == KoRule::Simple {
                IllegalMove::Ko
            } else {
                // Both the ko point and superko forbid it; the ko point is
                // checked first.
                IllegalMove::Ko
            };
            assert_eq!(game.check(Color::White, recapture), Err(expected), "{ko}");
            assert_eq!(
                game.nonsuicide_illegal_points(),
                vec![game.board().geometry().parse_gtp("B3").unwrap()]
            );
            play(&mut game, Color::White, "D1").unwrap();
            play(&mut game, Color::Black, "A1").unwrap();
            assert!(game.is_legal(Color::White, recapture), "{ko}");
        }
    }

    #[test]
    fn positional_superko_remembers_across_passes_and_simple_ko_does_not() {
        // After B takes the ko, W passes, B passes: W's recapture would
        // repeat the board from before B's capture.
        let mut positional = ko_game(rules(KoRule::Positional, ScoringRule::Area));
        play(&mut positional, Color::Black, "C3").unwrap();
        play(&mut positional, Color::White, "pass").unwrap();
        play(&mut positional, Color::Black, "A1").unwrap();
        assert!(matches!(
            positional.check(Color::White, at(&positional, "B3")),
            Ok(())
        ));
        let mut spight = ko_game(rules(KoRule::Spight, ScoringRule::Area));
        play(&mut spight, Color::Black, "C3").unwrap();
        play(&mut spight, Color::White, "pass").unwrap();
        assert!(spight.is_legal(Color::White, Move::Pass));
        assert!(!spight.is_over());
    }

    #[test]
    fn suicide_of_one_stone_is_always_illegal_and_of_several_per_rule() {
        let board = Board::from_rows(&[".o..", "o...", "....", "...."]).unwrap();
        let game = Game::new(
            board,
            rules(KoRule::Simple, ScoringRule::Area),
            Color::Black,
        );
        assert_eq!(
            game.check(Color::Black, at(&game, "A4")),
            Err(IllegalMove::Suicide { stones: 1 })
        );
        let board = Board::from_rows(&["x.o.", "oo..", "....", "...."]).unwrap();
        let mut allowed = rules(KoRule::Simple, ScoringRule::Area);
        allowed.multi_stone_suicide = true;
        let forbidding = Game::new(
            board.clone(),
            rules(KoRule::Simple, ScoringRule::Area),
            Color::Black,
        );
        assert_eq!(
            forbidding.check(Color::Black, at(&forbidding, "B4")),
            Err(IllegalMove::Suicide { stones: 2 })
        );
        let mut permitting = Game::new(board, allowed, Color::Black);
        play(&mut permitting, Color::Black, "B4").unwrap();
        assert_eq!(permitting.board().stone_count(Color::Black), 0);
    }

    #[test]
    fn occupied_and_off_board_points_are_refused() {
        let game = ko_game(rules(KoRule::Simple, ScoringRule::Area));
        assert_eq!(
            game.check(Color::Black, at(&game, "B4")),
            Err(IllegalMove::Occupied)
        );
        assert_eq!(
            game.check(Color::Black, Move::Play(Vertex(0))),
            Err(IllegalMove::OffBoard)
        );
        assert_eq!(
            IllegalMove::Ko.to_string(),
            "retaking the ko at once is not allowed"
        );
    }

    #[test]
    fn two_passes_end_an_area_game_and_score_it() {
        let board = Board::from_rows(&[".xo.", ".xo.", ".xo.", ".xo."]).unwrap();
        let mut game = Game::new(
            board,
            rules(KoRule::Positional, ScoringRule::Area),
            Color::Black,
        );
        assert_eq!(game.score_now(), Some(0.5));
        assert!(!game.pass_would_end_game());
        play(&mut game, Color::Black, "pass").unwrap();
        assert!(game.pass_would_end_game());
        play(&mut game, Color::White, "pass").unwrap();
        let result = game.result().unwrap();
        assert_eq!(result.white_minus_black, Some(0.5));
        assert_eq!(result.winner(), Some(Color::White));
        // Play continues after the end, in the same phase.
        play(&mut game, Color::Black, "A1").unwrap();
        assert!(!game.is_over());
        let mut strict = Game::new(game.initial_board().clone(), *game.rules(), Color::Black);
        strict.set_continue_after_end(false);
        play(&mut strict, Color::Black, "pass").unwrap();
        play(&mut strict, Color::White, "pass").unwrap();
        assert_eq!(
            strict.check(Color::Black, Move::Pass),
            Err(IllegalMove::GameOver)
        );
    }

    #[test]
    fn the_button_goes_to_the_first_passer_and_does_not_count_as_a_pass() {
        let board = Board::from_rows(&[".xo.", ".xo.", ".xo.", ".xo."]).unwrap();
        let mut with_button = rules(KoRule::Simple, ScoringRule::Area);
        with_button.has_button = true;
        let mut game = Game::new(board, with_button, Color::Black);
        // Untaken, the button goes to the player to move (Black).
        assert_eq!(game.score_now(), Some(0.0));
        play(&mut game, Color::Black, "pass").unwrap();
        assert!(!game.pass_would_end_game());
        play(&mut game, Color::White, "pass").unwrap();
        play(&mut game, Color::Black, "pass").unwrap();
        assert_eq!(game.result().unwrap().white_minus_black, Some(0.0));
    }

    #[test]
    fn territory_games_pass_through_two_cleanup_phases() {
        let board = Board::from_rows(&[".xo.", ".xo.", ".xo.", ".xo."]).unwrap();
        let mut game = Game::new(
            board,
            rules(KoRule::Simple, ScoringRule::Territory),
            Color::Black,
        );
        for (k, color) in [Color::Black, Color::White]
            .repeat(3)
            .into_iter()
            .enumerate()
        {
            assert_eq!(game.phase() as usize, k / 2);
            play(&mut game, color, "pass").unwrap();
        }
        assert!(game.is_over());
        assert_eq!(game.phase(), 2);
        assert!(game.second_phase_start_board().is_some());
        // Territory: 4 points each; stones cost nothing (moves minus stones).
        assert_eq!(game.result().unwrap().white_minus_black, Some(0.5));
    }

    #[test]
    fn a_cleanup_ko_capture_blocks_the_recapture_which_becomes_the_unblock_action() {
        let mut game = ko_game(rules(KoRule::Simple, ScoringRule::Territory));
        play(&mut game, Color::Black, "pass").unwrap();
        play(&mut game, Color::White, "pass").unwrap();
        assert_eq!(game.phase(), 1);
        play(&mut game, Color::Black, "C3").unwrap();
        let c3 = game.board().geometry().parse_gtp("C3").unwrap();
        assert_eq!(game.ko_recapture_blocked(), vec![c3]);
        let board_before = game.board().clone();
        // The recapture point and the blocked stone both spell the unblock.
        let mut by_stone = game.clone();
        play(&mut by_stone, Color::White, "C3").unwrap();
        play(&mut game, Color::White, "B3").unwrap();
        assert_eq!(*game.board(), board_before);
        assert!(game.ko_recapture_blocked().is_empty());
        assert!(game.same_state(&by_stone));
        // Now White may recapture after Black plays elsewhere.
        play(&mut game, Color::Black, "A1").unwrap();
        play(&mut game, Color::White, "B3").unwrap();
        assert_eq!(game.board().stone_count(Color::Black), 4);
        // ...and the once-only rule forbids Black's capture from the same
        // position again in this phase.
        assert_eq!(
            game.check(Color::Black, at(&game, "C3")),
            Ok(()),
            "the position differs (A1 was added), so the capture is allowed"
        );
    }

    #[test]
    fn undo_restores_the_previous_state_exactly() {
        let mut game = ko_game(rules(KoRule::Situational, ScoringRule::Territory));
        let start = game.clone();
        play(&mut game, Color::Black, "C3").unwrap();
        let after_capture = game.clone();
        play(&mut game, Color::White, "pass").unwrap();
        play(&mut game, Color::Black, "pass").unwrap();
        assert!(game.undo());
        assert!(game.undo());
        assert!(game.same_state(&after_capture));
        assert!(game.undo());
        assert!(game.same_state(&start));
        assert!(!game.undo());
    }

    #[test]
    fn spight_ends_the_main_phase_only_on_a_repeated_pass() {
        let board = Board::from_rows(&[".xo.", ".xo.", ".xo.", ".xo."]).unwrap();
        let mut game = Game::new(
            board,
            rules(KoRule::Spight, ScoringRule::Area),
            Color::Black,
        );
        play(&mut game, Color::Black, "pass").unwrap();
        assert!(!game.pass_would_end_phase());
        play(&mut game, Color::White, "pass").unwrap();
        assert!(!game.is_over());
        assert!(game.pass_would_end_game());
        play(&mut game, Color::Black, "pass").unwrap();
        assert_eq!(game.result().unwrap().white_minus_black, Some(0.5));
    }

    #[test]
    fn the_gnugo_preset_is_simple_ko_no_suicide_area() {
        let gnugo = Rules::preset("gnugo").unwrap();
        assert_eq!(gnugo.ko, KoRule::Simple);
        assert!(!gnugo.multi_stone_suicide);
        assert_eq!(gnugo.scoring, ScoringRule::Area);
    }
}
