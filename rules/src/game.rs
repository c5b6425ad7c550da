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
//! Every state is kept on a stack, so [`Game::undo`] restores the previous
//! one exactly; the position histories are shared between states.

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

/// One position in a history: the stones, the player to move next and, in
/// the cleanup phases, the ko-recapture blocks.
#[derive(Debug, Clone, PartialEq)]
struct Position {
    /// Zobrist hash of the stones.
    board_hash: u64,
    /// The stones hash with the side to move and the blocks mixed in.
    situation_hash: u64,
    to_move: Color,
    cells: Rc<[Cell]>,
    blocked: Rc<[Vertex]>,
}

/// Which parts of a [`Position`] count when comparing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compare {
    Board,
    Situation,
    SituationAndBlocks,
}

impl Position {
    fn same(&self, other: &Position, compare: Compare) -> bool {
        match compare {
            Compare::Board => self.board_hash == other.board_hash && self.cells == other.cells,
            Compare::Situation => {
                self.situation_hash == other.situation_hash
                    && self.to_move == other.to_move
                    && self.cells == other.cells
            }
            Compare::SituationAndBlocks => {
                self.situation_hash == other.situation_hash
                    && self.to_move == other.to_move
                    && self.cells == other.cells
                    && self.blocked == other.blocked
            }
        }
    }
}

/// A ko capture made in a cleanup phase: from which position, by whom, where.
#[derive(Debug, Clone, PartialEq)]
struct CleanupKoCapture {
    board_hash: u64,
    cells: Rc<[Cell]>,
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
    superko_history: Rc<Vec<Position>>,
    /// Positions since the last pass, for the triple-repetition rule.
    repetition_history: Rc<Vec<Position>>,
    /// Positions each player passed from in this phase.
    passed_from: [Rc<Vec<Position>>; 2],
    /// Ko-recapture-blocked stones (cleanup phases), in board order.
    blocked: Rc<[Vertex]>,
    cleanup_ko_captures: Rc<Vec<CleanupKoCapture>>,
    second_phase_start: Option<Board>,
}

/// A game: a board, the rules, and the history (see the module docs).
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    initial: Board,
    handicap_stones: usize,
    state: State,
    undo_stack: Vec<State>,
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
        let start = position_of(&board, to_move, &[]);
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
            superko_history: Rc::new(vec![start.clone()]),
            repetition_history: Rc::new(vec![start]),
            passed_from: [Rc::new(Vec::new()), Rc::new(Vec::new())],
            blocked: Rc::from(Vec::new()),
            cleanup_ko_captures: Rc::new(Vec::new()),
            second_phase_start: None,
        };
        Game {
            rules,
            initial: board,
            handicap_stones,
            state,
            undo_stack: Vec::new(),
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
            && self.state.passed_from.iter().all(|p| p.is_empty())
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
    /// player, phase, histories, blocks, scores and result (the undo stacks
    /// are not compared).
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
        self.undo_stack.len()
    }

    /// Takes back the last move exactly. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo_stack.pop() {
            Some(previous) => {
                self.state = previous;
                true
            }
            None => false,
        }
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
                let repeated = self.state.cleanup_ko_captures.iter().any(|c| {
                    c.color == color
                        && c.at == v
                        && c.board_hash == board.hash()
                        && *c.cells == *board.cells()
                });
                if repeated {
                    return Err(IllegalMove::KoCaptureRepeated);
                }
            }
        } else if self.rules.ko != KoRule::Simple {
            let mut after = board.clone();
            after.play(color, v);
            let position = position_of(&after, color.other(), &[]);
            let compare = if self.rules.ko == KoRule::Situational {
                Compare::Situation
            } else {
                Compare::Board
            };
            if self
                .state
                .superko_history
                .iter()
                .any(|p| p.same(&position, compare))
            {
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

    fn current_position(&self) -> Position {
        position_of(&self.state.board, self.state.to_move, &self.state.blocked)
    }

    fn apply(&mut self, color: Color, action: Action) {
        self.undo_stack.push(self.state.clone());
        // Play after the end continues the game in the same phase.
        self.state.result = None;
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
            self.state.superko_history = Rc::new(vec![now.clone()]);
            self.state.repetition_history = Rc::new(vec![now]);
            return;
        }
        let before = position_of(&state.board, color, &state.blocked);
        state.to_move = color.other();
        state.consecutive_passes += 1;
        let ko = self.rules.ko;
        let pass_rule_applies = self.in_cleanup() || matches!(ko, KoRule::Simple | KoRule::Spight);
        let compare = if self.in_cleanup() {
            Compare::SituationAndBlocks
        } else {
            Compare::Board
        };
        let passed_before = self.state.passed_from[color.index()]
            .iter()
            .any(|p| p.same(&before, compare));
        let mut ends_phase = pass_rule_applies && passed_before;
        if self.state.consecutive_passes >= 2 && (self.in_cleanup() || ko != KoRule::Spight) {
            ends_phase = true;
        }
        Rc::make_mut(&mut self.state.passed_from[color.index()]).push(before);
        let now = self.current_position();
        self.state.repetition_history = Rc::new(vec![now.clone()]);
        if !self.in_cleanup() {
            if ko == KoRule::Spight {
                self.state.superko_history = Rc::new(vec![now]);
            } else {
                Rc::make_mut(&mut self.state.superko_history).push(now);
            }
        }
        if ends_phase {
            self.end_phase();
        }
    }

    fn end_phase(&mut self) {
        let last_phase = match self.rules.scoring {
            ScoringRule::Area => 0,
            ScoringRule::Territory => 2,
        };
        if self.state.phase >= last_phase {
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
        state.cleanup_ko_captures = Rc::new(Vec::new());
        state.passed_from = [Rc::new(Vec::new()), Rc::new(Vec::new())];
        if state.phase == 2 {
            state.second_phase_start = Some(state.board.clone());
        }
        let now = self.current_position();
        self.state.superko_history = Rc::new(vec![now.clone()]);
        self.state.repetition_history = Rc::new(vec![now]);
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
        let cells_before: Rc<[Cell]> = self.state.board.cells().into();
        let state = &mut self.state;
        let record = state.board.play(color, v);
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
                Rc::make_mut(&mut state.cleanup_ko_captures).push(CleanupKoCapture {
                    board_hash: hash_before,
                    cells: cells_before,
                    color,
                    at: v,
                });
            }
            state.blocked = blocked.into();
        }
        if self.state.phase == 0 && self.rules.ko != KoRule::Simple {
            let now = self.current_position();
            Rc::make_mut(&mut self.state.superko_history).push(now);
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
        let seen = self
            .state
            .repetition_history
            .iter()
            .filter(|p| p.same(&now, compare))
            .count();
        Rc::make_mut(&mut self.state.repetition_history).push(now);
        if seen + 1 >= 3 {
            self.state.result = Some(GameResult {
                white_minus_black: None,
                no_result: true,
                area: None,
            });
        }
    }

    /// Whether a pass by the player to move would end the current phase.
    pub fn pass_would_end_phase(&self) -> bool {
        let mut copy = self.clone();
        copy.undo_stack.clear();
        let phase = copy.state.phase;
        copy.apply(copy.state.to_move, Action::Pass);
        copy.state.phase != phase
            || (copy.is_over() && !copy.state.result.as_ref().is_some_and(|r| r.no_result))
    }

    /// Whether a pass by the player to move would end the game.
    pub fn pass_would_end_game(&self) -> bool {
        let mut copy = self.clone();
        copy.undo_stack.clear();
        copy.apply(copy.state.to_move, Action::Pass);
        copy.is_over()
    }

    /// The final score (White minus Black) if both players now pass until
    /// the game ends; the game's score when it is over; `None` without
    /// result.
    pub fn score_now(&self) -> Option<f64> {
        if let Some(result) = &self.state.result {
            return result.white_minus_black;
        }
        let mut copy = self.clone();
        copy.undo_stack.clear();
        for _ in 0..16 {
            copy.apply(copy.state.to_move, Action::Pass);
            if let Some(result) = &copy.state.result {
                return result.white_minus_black;
            }
        }
        None
    }

    /// Scores the position as it stands (see rules item 7 and 8 of the
    /// case README): the score and the ownership map counted.
    pub fn score_position(&self) -> (f64, AreaMap) {
        let board = &self.state.board;
        let msui = self.rules.multi_stone_suicide;
        let mut score = self.rules.komi
            + self
                .rules
                .white_handicap_bonus
                .points(self.handicap_stones());
        score += self.state.button_bonus;
        if self.state.button_available {
            score += if self.state.to_move == Color::White {
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
                    let counted = match &self.state.second_phase_start {
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

/// The position of `board` with `to_move` to play and `blocked` stones.
fn position_of(board: &Board, to_move: Color, blocked: &[Vertex]) -> Position {
    let mut situation_hash = board.hash();
    if to_move == Color::White {
        situation_hash ^= zobrist_side_key();
    }
    for &b in blocked {
        situation_hash ^= zobrist_key(Color::Black, b).rotate_left(29);
    }
    Position {
        board_hash: board.hash(),
        situation_hash,
        to_move,
        cells: board.cells().into(),
        blocked: blocked.into(),
    }
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
