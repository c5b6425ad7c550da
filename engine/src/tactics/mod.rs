//! The tactics layer: the tactical part of the engine's context, a
//! [`Reader`] on the position with the root worms, answering the tactical
//! questions and the connection reading.
//!
//! * **Tactics** questions are read with GNU Go's result codes
//!   ([`result_code`](matcher::autohelper::result_code)): `attack`, `defend`,
//!   `does_attack`, `does_defend`, `safe_xmove`/`safe_omove`, the
//!   play-then-read family (`xplay_attack`, `oplay_defend`, …,
//!   `_attack_either`, `_defend_both`, `_break_through`),
//!   `xdefend_against`/`odefend_against`, `seki_helper`, `backfill_helper`,
//!   the two `connect_and_cut_helper`s and the two
//!   `adjacent_to_*stone_in_atari` helpers. Each is exactly what
//!   `spec/autohelpers.md` describes; the details it leaves open were asked
//!   of GNU Go 3.8 over GTP and are noted at each function. At the root,
//!   `attack` and `defend` are GNU Go's worm codes: read at the string's
//!   origin, or taken from worms the caller supplies
//!   ([`TacticsPart::set_worms`]).
//! * **Connection reading**: the `_connect` / `_disconnect` families and
//!   the builtin `disconnect_helper` (the connection database's cut marks
//!   belong to the dragons layer).
//!
//! Everything else is unknown to this part ([`Context::answers`]).
//!
//! Every tactical answer goes through a per-position **memo** keyed by the
//! function, its resolved points (moves and targets; a string by its
//! origin), the position hash (ko point included), the reading stack depth
//! and the colour that moves first, so that the many matches evaluated on
//! one position read each question once ([`TacticsPart::memo_stats`]).
//! Functions with an `x`/`o` pair share entries: `xplay_attack` for O =
//! Black is `oplay_attack` for O = White. (On `patterns.db` and the 60
//! public positions a quarter of the memoised calls hit; the reader's own
//! transposition table already serves most repeated reading, so the memo
//! saves little time there: see `codegen-check`'s `engine_context` bench.)
//!
//! Every method leaves the reader's board exactly as it found it: moves are
//! tried with the reader's `trymove`/`tryko` and taken back with `popgo`.

mod memo;

use rustc_hash::FxHashMap;

use ::tactics::codes::Code;
use ::tactics::reader::{Reader, ReadingResult};
use ::tactics::reading_board::TryError;
use ::tactics::worms::Worm;
use goban::{Board, Color, Vertex};
use matcher::autohelper::result_code::{FAIL, WIN};
use matcher::autohelper::{Autohelper, EngineBuiltin};
use matcher::context::{Context, Point};
use matcher::layer::{Callee, Layer, LayerSet};

use crate::compose::{Ledger, answered_by_methods};
use memo::{Answer, Memo, MemoKey};

pub use memo::MemoStats;

/// The tactical part of the context for one position, answering for the
/// colour `O`.
#[derive(Debug, Clone)]
pub struct TacticsPart {
    reader: Reader,
    o: Color,
    memo: Memo,
    /// Root worms by their string's head (see `set_worms`).
    worms: FxHashMap<Vertex, Worm>,
    /// Actions recorded (`backfill_helper`, `disconnect_helper`) and
    /// questions it could not answer.
    ledger: Ledger,
}

impl TacticsPart {
    /// The tactical part on the reader's current position (its limits and
    /// table kept), answering for `color`.
    pub fn new(reader: Reader, color: Color) -> TacticsPart {
        TacticsPart {
            reader,
            o: color,
            memo: Memo::new(),
            worms: FxHashMap::default(),
            ledger: Ledger::default(),
        }
    }

    /// Answers `attack` and `defend` from these worms (GNU Go's "cached
    /// worm result" at the root) instead of reading them; strings without
    /// a worm are read as before. The worms must be of this position.
    pub fn set_worms(&mut self, worms: &[Worm]) {
        let board = self.reader.board().board();
        self.worms = worms
            .iter()
            .filter(|w| board.cell(w.origin).color() == Some(w.color))
            .map(|w| (board.head(w.origin), w.clone()))
            .collect();
        // Answers built on the worms' codes change.
        self.memo.clear();
    }

    /// The worm of the string at `p`, when worms were given.
    fn worm(&self, p: Point) -> Option<&Worm> {
        if self.reader.board().stack_depth() > 0 {
            return None;
        }
        let (v, _) = self.stone(p)?;
        self.worms.get(&self.board().head(v))
    }

    /// The colour the part answers for (`O`).
    pub fn color(&self) -> Color {
        self.o
    }

    /// Answers for `color` from now on; the memo is kept.
    pub fn set_color(&mut self, color: Color) {
        self.o = color;
    }

    /// The position (the reader's board, always back at the root between
    /// calls).
    pub fn board(&self) -> &Board {
        self.reader.board().board()
    }

    /// The position hash with the ko point.
    pub fn hash(&self) -> u64 {
        self.reader.board().hash()
    }

    /// The reader (for reading the context does not offer itself).
    pub fn reader(&self) -> &Reader {
        &self.reader
    }

    /// The reader, giving the part up.
    pub fn into_reader(self) -> Reader {
        self.reader
    }

    /// The reader, mutably. Whatever is tried on it must be taken back
    /// before the context is asked again.
    pub fn reader_mut(&mut self) -> &mut Reader {
        &mut self.reader
    }

    /// How often the memo answered since the context was made.
    pub fn memo_stats(&self) -> MemoStats {
        self.memo.stats()
    }

    /// Turns the memo on (the default) or off (every call computed, for
    /// measuring what the memo saves); turning it off empties it.
    pub fn set_memo_enabled(&mut self, enabled: bool) {
        self.memo.set_enabled(enabled);
    }

    /// Entries in the memo.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    fn x(&self) -> Color {
        self.o.other()
    }

    fn vertex(&self, p: Point) -> Option<Vertex> {
        self.board().geometry().vertex(p)
    }

    /// The vertex of `p` and its stone's colour, when `p` holds a stone.
    fn stone(&self, p: Point) -> Option<(Vertex, Color)> {
        let v = self.vertex(p)?;
        Some((v, self.board().cell(v).color()?))
    }

    /// Looks `key` up, or computes and stores it: a value and, for
    /// reading, its move.
    fn memoised_answer(
        &mut self,
        key: MemoKey,
        compute: impl FnOnce(&mut Self) -> Answer,
    ) -> Answer {
        if let Some(answer) = self.memo.lookup(&key) {
            return answer;
        }
        // The memo treats answers as functions of the position; the
        // reader's table is one too (keyed by stack depth and komaster), so
        // it is kept across questions.
        let answer = compute(self);
        self.memo.store(key, answer);
        answer
    }

    /// [`TacticsPart::memoised_answer`] for a plain value.
    fn memoised(&mut self, key: MemoKey, compute: impl FnOnce(&mut Self) -> i32) -> i32 {
        self.memoised_answer(key, |ctx| (compute(ctx), None)).0
    }

    fn key(&self, function: Autohelper, mover: Option<Color>, points: &[Option<Point>]) -> MemoKey {
        MemoKey {
            function,
            mover,
            hash: self.hash(),
            depth: self.reader.board().stack_depth(),
            points: points.to_vec(),
        }
    }

    /// Plays `moves` alternately from `first` as the play-sequence family
    /// does: a tenuki (`None`) or an illegal move is not played but the
    /// colour still alternates; a move illegal only by the ko rule is
    /// played (a ko threat is assumed). Returns how many were played.
    fn push_sequence(&mut self, first: Color, moves: &[Option<Point>]) -> usize {
        let mut played = 0;
        let mut color = first;
        for m in moves {
            if let Some(v) = m.and_then(|p| self.vertex(p)) {
                let ok = match self.reader.trymove(color, v) {
                    Ok(()) => true,
                    Err(TryError::Ko) => self.reader.tryko(color, v).is_ok(),
                    Err(_) => false,
                };
                played += usize::from(ok);
            }
            color = color.other();
        }
        played
    }

    fn pop(&mut self, n: usize) {
        for _ in 0..n {
            self.reader.popgo();
        }
    }

    /// Plays `moves` from `first`, answers `test` on the result, takes the
    /// moves back.
    fn after_sequence(
        &mut self,
        first: Color,
        moves: &[Option<Point>],
        test: impl FnOnce(&mut Self) -> i32,
    ) -> i32 {
        let played = self.push_sequence(first, moves);
        let answer = test(self);
        self.pop(played);
        answer
    }

    /// Tries one move; true when it was played (and must be taken back).
    fn try_one(&mut self, color: Color, p: Point) -> bool {
        self.vertex(p)
            .is_some_and(|v| self.reader.trymove(color, v).is_ok())
    }

    /// The string at `p` by its origin (its first stone in board order,
    /// where GNU Go keeps a worm's data), when `p` holds a stone.
    fn origin(&self, p: Point) -> Option<(Point, Vertex)> {
        let (v, _) = self.stone(p)?;
        let origin = self.board().string_stones(v).min()?;
        Some((self.point_of(origin), origin))
    }

    /// The point that stands for the string at `p` in memo keys: its
    /// origin, or `p` itself when it is empty.
    fn string_key(&self, p: Point) -> Option<Point> {
        Some(self.origin(p).map_or(p, |(origin, _)| origin))
    }

    /// GNU Go's `attack` (`routine` = [`Autohelper::Attack`]) or
    /// `find_defense` ([`Autohelper::Defend`]) of the string at `p` in the
    /// current position, read at the string's origin and memoised; `None`
    /// when `p` is empty.
    fn reading(&mut self, routine: Autohelper, p: Point) -> Option<ReadingResult> {
        let (point, origin) = self.origin(p)?;
        let key = self.key(routine, None, &[Some(point)]);
        let (code, point) = self.memoised_answer(key, |ctx| {
            let result = if routine == Autohelper::Attack {
                ctx.reader.attack(origin)
            } else {
                ctx.reader.find_defense(origin)
            };
            (int(result.code), result.point)
        });
        Some(ReadingResult {
            code: code_from_internal(code),
            point,
        })
    }

    fn attack_code(&mut self, p: Point) -> Code {
        self.reading(Autohelper::Attack, p)
            .map_or(Code::Fail, |r| r.code)
    }

    /// GNU Go's `find_defense` code for the string at `p` in the current
    /// position; `Fail` when `p` is empty.
    fn defense_code(&mut self, p: Point) -> Code {
        self.reading(Autohelper::Defend, p)
            .map_or(Code::Fail, |r| r.code)
    }

    /// The attack point of the string at `p`.
    fn attack_point(&mut self, p: Point) -> Option<Vertex> {
        self.reading(Autohelper::Attack, p)?.point
    }

    /// The defence point of the string at `p`.
    fn defense_point(&mut self, p: Point) -> Option<Vertex> {
        self.reading(Autohelper::Defend, p)?.point
    }

    /// The heads of the strings of the other colour next to the string at
    /// `v`, in board order.
    fn opponent_neighbours(&self, v: Vertex, color: Color) -> Vec<Vertex> {
        let board = self.board();
        let mut heads: Vec<Vertex> = board
            .string_stones(v)
            .flat_map(|s| board.neighbour_strings(s, color.other()))
            .map(|h| board.head(h))
            .collect();
        heads.sort();
        heads.dedup();
        heads
    }

    /// The point of an on-board vertex.
    fn point_of(&self, v: Vertex) -> Point {
        self.board().geometry().point(v)
    }
}

/// A code from GNU Go's internal number.
fn code_from_internal(n: i32) -> Code {
    match n {
        5 => Code::Win,
        4 => Code::KoA,
        1 => Code::KoB,
        _ => Code::Fail,
    }
}

fn int(code: Code) -> i32 {
    i32::from(code.internal())
}

/// The tactical questions; the layer traits' methods of the same names
/// call these.
impl TacticsPart {
    /// `attack(x)`: the attack code of the string at `x` (0 for an empty
    /// point).
    fn attack(&mut self, x: Point) -> i32 {
        if let Some(worm) = self.worm(x) {
            return int(worm.attack.code);
        }
        int(self.attack_code(x))
    }

    /// `defend(x)`: 0 when the string cannot be attacked, else its
    /// `find_defense` code (GNU Go's worm defence code).
    fn defend(&mut self, x: Point) -> i32 {
        if let Some(worm) = self.worm(x) {
            return if worm.attack.code == Code::Fail {
                FAIL
            } else {
                int(worm.defense.code)
            };
        }
        if self.attack_code(x) == Code::Fail {
            return FAIL;
        }
        int(self.defense_code(x))
    }

    /// `does_attack(m, s)`: the opponent of `s` plays `m`; the answer is
    /// the attack code then (WIN when `s` is captured) if it beats what
    /// the attacker has without the move (the opponent of the defence code
    /// with `s`'s owner to move), else 0. So 0 when `s` is lost anyway:
    /// GNU Go answers `does_attack A2 A1` with 0 for a lone corner stone
    /// in atari that cannot escape, and 1 (WIN) once it could.
    fn does_attack(&mut self, m: Point, s: Point) -> i32 {
        let key = self.key(Autohelper::DoesAttack, None, &[Some(m), self.string_key(s)]);
        self.memoised(key, |ctx| {
            let Some((_, color)) = ctx.stone(s) else {
                return FAIL;
            };
            let tenuki = ctx.defense_code(s).for_opponent();
            if !ctx.try_one(color.other(), m) {
                return FAIL;
            }
            let after = if ctx.stone(s).is_none() {
                Code::Win
            } else {
                ctx.defense_code(s).for_opponent()
            };
            ctx.pop(1);
            if after > tenuki { int(after) } else { FAIL }
        })
    }

    /// `does_defend(m, s)`: `s` can be attacked now; after its owner plays
    /// `m` it cannot, and the original attack move does not capture it
    /// either. GNU Go answers 1 (GTP `does_defend` prints 3, its number for
    /// the internal 1), so this answers 1, not WIN.
    fn does_defend(&mut self, m: Point, s: Point) -> i32 {
        let key = self.key(Autohelper::DoesDefend, None, &[Some(m), self.string_key(s)]);
        self.memoised(key, |ctx| {
            let Some((_, color)) = ctx.stone(s) else {
                return FAIL;
            };
            if ctx.attack_code(s) == Code::Fail {
                return FAIL;
            }
            let original = ctx.attack_point(s).map(|v| ctx.point_of(v));
            if !ctx.try_one(color, m) {
                return FAIL;
            }
            let mut defends = ctx.stone(s).is_some() && ctx.attack_code(s) == Code::Fail;
            if defends
                && let Some(a) = original
                && ctx.try_one(color.other(), a)
            {
                defends = ctx.stone(s).is_some() && ctx.defense_code(s) != Code::Fail;
                ctx.pop(1);
            }
            ctx.pop(1);
            i32::from(defends)
        })
    }

    /// GNU Go's `safe_move(p, color)`: 0 when the move is illegal (the ko
    /// rule respected); otherwise the opponent of the attack code on the
    /// new stone: WIN when it cannot be captured, a ko code when only a ko
    /// captures it, 0 when it is captured.
    fn safe_move(&mut self, color: Color, p: Point) -> i32 {
        let key = self.key(Autohelper::SafeOmove, Some(color), &[Some(p)]);
        self.memoised(key, |ctx| {
            if !ctx.try_one(color, p) {
                return FAIL;
            }
            let code = ctx.attack_code(p).for_opponent();
            ctx.pop(1);
            int(code)
        })
    }

    fn safe_xmove(&mut self, x: Point) -> i32 {
        self.safe_move(self.x(), x)
    }

    fn safe_omove(&mut self, x: Point) -> i32 {
        self.safe_move(self.o, x)
    }

    /// `defend_against(a, b)` for `mover` at `a`: after it, the other
    /// colour can no longer play safely at `b`. A truth value (1 or 0) as
    /// GNU Go's; 0 when `mover` cannot play at `a`.
    fn defend_against(&mut self, mover: Color, a: Point, b: Point) -> i32 {
        let key = self.key(Autohelper::OdefendAgainst, Some(mover), &[Some(a), Some(b)]);
        self.memoised(key, |ctx| {
            if !ctx.try_one(mover, a) {
                return FAIL;
            }
            let unsafe_now = ctx.safe_move(mover.other(), b) == FAIL;
            ctx.pop(1);
            i32::from(unsafe_now)
        })
    }

    fn xdefend_against(&mut self, a: Point, b: Point) -> i32 {
        self.defend_against(self.x(), a, b)
    }

    fn odefend_against(&mut self, a: Point, b: Point) -> i32 {
        self.defend_against(self.o, a, b)
    }

    /// The `_attack` family: the attack code of `t` after the sequence
    /// (WIN if it is gone).
    fn play_attack(&mut self, first: Color, moves: &[Option<Point>], t: Point) -> i32 {
        let points: Vec<Option<Point>> = moves.iter().copied().chain([Some(t)]).collect();
        let key = self.key(Autohelper::OplayAttack, Some(first), &points);
        self.memoised(key, |ctx| {
            ctx.after_sequence(first, moves, |ctx| {
                if ctx.stone(t).is_none() {
                    WIN
                } else {
                    int(ctx.attack_code(t))
                }
            })
        })
    }

    /// The `_defend` family: the defence code of `t` after the sequence
    /// (WIN if it cannot be attacked, 0 if it is gone).
    fn play_defend(&mut self, first: Color, moves: &[Option<Point>], t: Point) -> i32 {
        let points: Vec<Option<Point>> = moves.iter().copied().chain([Some(t)]).collect();
        let key = self.key(Autohelper::OplayDefend, Some(first), &points);
        self.memoised(key, |ctx| {
            ctx.after_sequence(first, moves, |ctx| {
                if ctx.stone(t).is_none() {
                    FAIL
                } else if ctx.attack_code(t) == Code::Fail {
                    WIN
                } else {
                    int(ctx.defense_code(t))
                }
            })
        })
    }

    fn xplay_attack(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        self.play_attack(self.x(), moves, target)
    }

    fn oplay_attack(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        self.play_attack(self.o, moves, target)
    }

    fn xplay_defend(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        self.play_defend(self.x(), moves, target)
    }

    fn oplay_defend(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        self.play_defend(self.o, moves, target)
    }

    /// `seki_helper(x)`: 1 unless the string at `x` can capture one of its
    /// neighbouring strings (one of them has a non-zero attack code, read as
    /// `attack` reads it: from the worms when given).
    fn seki_helper(&mut self, x: Point) -> i32 {
        let key = self.key(Autohelper::SekiHelper, None, &[self.string_key(x)]);
        self.memoised(key, |ctx| {
            let Some((v, color)) = ctx.stone(x) else {
                return 1;
            };
            for n in ctx.opponent_neighbours(v, color) {
                let p = ctx.point_of(n);
                if ctx.attack(p) != FAIL {
                    return 0;
                }
            }
            1
        })
    }

    /// Whether a neighbour of the string at `x` is in atari and satisfies
    /// `test` (given its point).
    fn adjacent_in_atari(&mut self, x: Point, test: impl Fn(&mut Self, Point) -> bool) -> bool {
        let Some((v, color)) = self.stone(x) else {
            return false;
        };
        for n in self.opponent_neighbours(v, color) {
            if self.board().liberties(n) == 1 {
                let p = self.point_of(n);
                if test(self, p) {
                    return true;
                }
            }
        }
        false
    }

    /// `adjacent_to_stone_in_atari(x)`: a neighbouring string in atari has
    /// a non-zero attack code.
    fn adjacent_to_stone_in_atari(&mut self, x: Point) -> i32 {
        let key = self.key(
            Autohelper::AdjacentToStoneInAtari,
            None,
            &[self.string_key(x)],
        );
        self.memoised(key, |ctx| {
            i32::from(ctx.adjacent_in_atari(x, |ctx, p| ctx.attack(p) != FAIL))
        })
    }

    /// `adjacent_to_defendable_stone_in_atari(x)`: a neighbouring string in
    /// atari can be attacked and defended.
    fn adjacent_to_defendable_stone_in_atari(&mut self, x: Point) -> i32 {
        let key = self.key(
            Autohelper::AdjacentToDefendableStoneInAtari,
            None,
            &[self.string_key(x)],
        );
        self.memoised(key, |ctx| {
            i32::from(ctx.adjacent_in_atari(x, |ctx, p| ctx.defend(p) != FAIL))
        })
    }

    /// `backfill_helper(a, b, c)`: the colour of `c` plays `a`, the other
    /// colour `b`; if `c` can then be attacked and defended, its defence
    /// point gets a minimum move value (recorded as an action with that
    /// point). Always 0. The reading is memoised, the recording is not.
    fn backfill_helper(&mut self, a: Point, b: Point, c: Point) -> i32 {
        let key = self.key(
            Autohelper::BackfillHelper,
            None,
            &[Some(a), Some(b), Some(c)],
        );
        let (_, defence) = self.memoised_answer(key, |ctx| {
            let Some((_, color)) = ctx.stone(c) else {
                return (FAIL, None);
            };
            let mut defence = None;
            if ctx.try_one(color, a) {
                if ctx.try_one(color.other(), b) {
                    if ctx.attack_code(c) != Code::Fail && ctx.defense_code(c) != Code::Fail {
                        defence = ctx.defense_point(c);
                    }
                    ctx.pop(1);
                }
                ctx.pop(1);
            }
            (FAIL, defence)
        });
        if let Some(d) = defence {
            let p = self.point_of(d);
            self.record(Callee::Autohelper(Autohelper::BackfillHelper), &[p]);
        }
        FAIL
    }

    /// Runs a reading function `read` on the targets'
    /// vertices after the sequence; `when_gone` when a target is empty.
    /// Unknown (0, recorded in `unsupported` under `name`) while `read`
    /// answers `None`. Known answers are memoised under `function` (the
    /// `o` form) and `first`.
    #[allow(clippy::too_many_arguments)]
    fn after_sequence_read(
        &mut self,
        function: Autohelper,
        name: &'static str,
        first: Color,
        moves: &[Option<Point>],
        targets: &[Point],
        when_gone: i32,
        read: impl FnOnce(&mut Reader, &[Vertex]) -> Option<i32>,
    ) -> i32 {
        let points: Vec<Option<Point>> = moves
            .iter()
            .copied()
            .chain(targets.iter().map(|&t| Some(t)))
            .collect();
        let key = self.key(function, Some(first), &points);
        if let Some((answer, _)) = self.memo.lookup(&key) {
            return answer;
        }
        let answer = self.after_sequence_option(first, moves, |ctx| {
            let vertices: Option<Vec<Vertex>> = targets
                .iter()
                .map(|&t| ctx.stone(t).map(|(v, _)| v))
                .collect();
            match vertices {
                None => Some(when_gone),
                Some(vertices) => read(&mut ctx.reader, &vertices),
            }
        });
        match answer {
            Some(answer) => {
                self.memo.store(key, (answer, None));
                answer
            }
            None => self.unknown(name),
        }
    }

    fn after_sequence_option(
        &mut self,
        first: Color,
        moves: &[Option<Point>],
        test: impl FnOnce(&mut Self) -> Option<i32>,
    ) -> Option<i32> {
        let played = self.push_sequence(first, moves);
        let answer = test(self);
        self.pop(played);
        answer
    }

    fn xplay_attack_either(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let first = self.x();
        self.play_attack_either(first, moves, a, b)
    }

    fn oplay_attack_either(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_attack_either(self.o, moves, a, b)
    }

    /// The `_attack_either` family: WIN when a target is gone.
    fn play_attack_either(
        &mut self,
        first: Color,
        moves: &[Option<Point>],
        a: Point,
        b: Point,
    ) -> i32 {
        self.after_sequence_read(
            Autohelper::OplayAttackEither,
            "attack_either",
            first,
            moves,
            &[a, b],
            WIN,
            |r, v| attack_either(r, v[0], v[1]).map(|res| int(res.code)),
        )
    }

    fn xplay_defend_both(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_defend_both(self.x(), moves, a, b)
    }

    fn oplay_defend_both(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_defend_both(self.o, moves, a, b)
    }

    /// The `_defend_both` family: 0 when a target is gone.
    fn play_defend_both(
        &mut self,
        first: Color,
        moves: &[Option<Point>],
        a: Point,
        b: Point,
    ) -> i32 {
        self.after_sequence_read(
            Autohelper::OplayDefendBoth,
            "defend_both",
            first,
            moves,
            &[a, b],
            FAIL,
            |r, v| defend_both(r, v[0], v[1]).map(|res| int(res.code)),
        )
    }

    fn xplay_break_through(
        &mut self,
        moves: &[Option<Point>],
        x: Point,
        y: Point,
        z: Point,
    ) -> i32 {
        self.play_break_through(self.x(), moves, x, y, z)
    }

    fn oplay_break_through(
        &mut self,
        moves: &[Option<Point>],
        x: Point,
        y: Point,
        z: Point,
    ) -> i32 {
        self.play_break_through(self.o, moves, x, y, z)
    }

    /// The `_break_through` family: 1 (GNU Go's quirk) when a target is
    /// empty after the sequence.
    fn play_break_through(
        &mut self,
        first: Color,
        moves: &[Option<Point>],
        x: Point,
        y: Point,
        z: Point,
    ) -> i32 {
        self.after_sequence_read(
            Autohelper::OplayBreakThrough,
            "break_through",
            first,
            moves,
            &[x, y, z],
            1,
            |r, v| break_through(r, v[0], v[1], v[2]),
        )
    }

    fn xplay_connect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_connect(self.x(), moves, a, b)
    }

    fn oplay_connect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_connect(self.o, moves, a, b)
    }

    /// The `_connect` family: 0 when a target is gone.
    fn play_connect(&mut self, first: Color, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.after_sequence_read(
            Autohelper::OplayConnect,
            "string_connect",
            first,
            moves,
            &[a, b],
            FAIL,
            |r, v| string_connect(r, v[0], v[1]).map(|res| int(res.code)),
        )
    }

    fn xplay_disconnect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_disconnect(self.x(), moves, a, b)
    }

    fn oplay_disconnect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        self.play_disconnect(self.o, moves, a, b)
    }

    /// The `_disconnect` family: WIN when a target is gone.
    fn play_disconnect(
        &mut self,
        first: Color,
        moves: &[Option<Point>],
        a: Point,
        b: Point,
    ) -> i32 {
        self.after_sequence_read(
            Autohelper::OplayDisconnect,
            "disconnect",
            first,
            moves,
            &[a, b],
            WIN,
            |r, v| disconnect(r, v[0], v[1]).map(|res| int(res.code)),
        )
    }

    /// `connect_and_cut_helper(A, b, c)`: `A` an X string with two
    /// liberties, one of them `b`. O plays `b`, X the other liberty, X
    /// `c`; 1 when O then cannot defend both its stone at `b` and its
    /// stone next to `c` that touches `A`. Needs `defend_both`.
    fn connect_and_cut_helper(&mut self, a: Point, b: Point, c: Point) -> i32 {
        let o = self.o;
        let Some((va, _)) = self.stone(a) else {
            return FAIL;
        };
        let other = self
            .board()
            .liberty_vertices(va)
            .map(|l| self.point_of(l))
            .find(|&l| l != b);
        let Some(other) = other else {
            return FAIL;
        };
        let moves = [Some(b), Some(other), None, Some(c)];
        let answer = self.after_sequence_option(o, &moves, |ctx| {
            // O's stone at `b` gone: it cannot be defended.
            let Some((vb, _)) = ctx.stone(b) else {
                return Some(1);
            };
            let touching = ctx.stone_next_to_touching(c, a, o);
            let Some(vn) = touching else {
                return Some(1);
            };
            defend_both(&mut ctx.reader, vb, vn).map(|r| i32::from(r.code == Code::Fail))
        });
        answer.unwrap_or_else(|| self.unknown("connect_and_cut_helper"))
    }

    /// `connect_and_cut_helper2(A, b, c)`: O plays the empty `A`, X `b`; 0
    /// when O's string at `A` has no defence then; else O plays that
    /// defence and `c`; 1 when X cannot save both its stone at `b` and its
    /// stone next to `c` that touches `A` (or one is gone). Needs
    /// `defend_both`.
    fn connect_and_cut_helper2(&mut self, a: Point, b: Point, c: Point) -> i32 {
        let (o, x) = (self.o, self.x());
        let answer = self.after_sequence_option(o, &[Some(a), Some(b)], |ctx| {
            // O could not play at `A`, or its stone is gone: no defence.
            if ctx.stone(a).is_none() || ctx.defense_code(a) == Code::Fail {
                return Some(FAIL);
            }
            let defence = ctx.defense_point(a).map(|v| ctx.point_of(v));
            ctx.after_sequence_option(o, &[defence, None, Some(c)], |ctx| {
                let vb = ctx.stone(b).filter(|&(_, col)| col == x).map(|(v, _)| v);
                let vn = ctx.stone_next_to_touching(c, a, x);
                match (vb, vn) {
                    (Some(vb), Some(vn)) => defend_both(&mut ctx.reader, vb, vn)
                        .map(|r| i32::from(r.code == Code::Fail)),
                    _ => Some(1),
                }
            })
        });
        answer.unwrap_or_else(|| self.unknown("connect_and_cut_helper2"))
    }

    /// A stone of `color` next to `c` that touches the string (or point)
    /// at `a`.
    fn stone_next_to_touching(&self, c: Point, a: Point, color: Color) -> Option<Vertex> {
        let board = self.board();
        let vc = self.vertex(c)?;
        let va = self.vertex(a)?;
        let touches_a = |n: Vertex| {
            board.neighbours(n).any(|m| {
                m == va
                    || (board.cell(va).is_stone()
                        && board.cell(m).is_stone()
                        && board.head(m) == board.head(va))
            })
        };
        board
            .neighbours(vc)
            .find(|&n| board.cell(n) == color.stone() && touches_a(n))
    }

    /// Engine builtin `disconnect_helper(a, b)`: 1 when the strings can be
    /// disconnected (the cut recorded as an action). Needs connection
    /// reading.
    fn disconnect_helper(&mut self, a: Point, b: Point) -> i32 {
        let (Some((va, _)), Some((vb, _))) = (self.stone(a), self.stone(b)) else {
            return FAIL;
        };
        match disconnect(&mut self.reader, va, vb) {
            None => self.unknown("disconnect_helper"),
            Some(r) if r.code != Code::Fail => {
                let helper = Callee::Builtin(EngineBuiltin::DisconnectHelper);
                self.record(helper, &[a, b]);
                1
            }
            Some(_) => FAIL,
        }
    }

    fn record(&mut self, action: Callee, points: &[Point]) {
        self.ledger.record(action, points);
    }

    fn unknown<T: Default>(&mut self, name: &'static str) -> T {
        self.ledger.unknown(name)
    }
}

// The reading functions behind the combined-reading and connection
// autohelpers, in the `Option` shape of `after_sequence_read` (`None` =
// not available; every one is available now).

/// [`Reader::attack_either`].
fn attack_either(reader: &mut Reader, a: Vertex, b: Vertex) -> Option<ReadingResult> {
    Some(reader.attack_either(a, b))
}

/// [`Reader::defend_both`].
fn defend_both(reader: &mut Reader, a: Vertex, b: Vertex) -> Option<ReadingResult> {
    Some(reader.defend_both(a, b))
}

/// [`Reader::break_through`] (GNU Go's internal codes already).
fn break_through(reader: &mut Reader, a: Vertex, b: Vertex, c: Vertex) -> Option<i32> {
    Some(reader.break_through(a, b, c))
}

/// [`::tactics::connection::string_connect`].
fn string_connect(reader: &mut Reader, a: Vertex, b: Vertex) -> Option<ReadingResult> {
    Some(::tactics::connection::string_connect(reader, a, b))
}

/// [`::tactics::connection::disconnect`].
fn disconnect(reader: &mut Reader, a: Vertex, b: Vertex) -> Option<ReadingResult> {
    Some(::tactics::connection::disconnect(reader, a, b))
}

// The questions this part answers, each by the inherent method of its name
// above; everything else is unknown (0, recorded in the ledger).
answered_by_methods! {
    TacticsPart:
    attack defend does_attack does_defend safe_xmove safe_omove xdefend_against odefend_against
    xplay_attack oplay_attack xplay_defend oplay_defend xplay_attack_either oplay_attack_either
    xplay_defend_both oplay_defend_both xplay_break_through oplay_break_through xplay_connect
    oplay_connect xplay_disconnect oplay_disconnect disconnect_helper seki_helper
    backfill_helper connect_and_cut_helper connect_and_cut_helper2 adjacent_to_stone_in_atari
    adjacent_to_defendable_stone_in_atari
}

impl Context for TacticsPart {
    fn layers(&self) -> LayerSet {
        LayerSet::of(Layer::Tactics)
    }

    fn answers(&self, callee: Callee) -> bool {
        TacticsPart::ANSWERED.contains(&callee)
    }
}
