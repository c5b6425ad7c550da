//! Reading two or three strings at once, after GNU Go's `attack_either`
//! (can the attacker capture at least one of two strings?),
//! `defend_both` (can their owner save both?) and `break_through` (can
//! a stone break through a wall of three stones around it?).
//!
//! `attack_either` first reads each string on its own; if neither falls
//! alone, the attacker tries the liberties of both strings (common
//! liberties first, as a double atari is the usual way) and wins with a
//! move after which the defender cannot save both. `defend_both` is its
//! mirror: the defender tries the attack points and the defence
//! candidates of the strings under attack, and wins with a move after
//! which the attacker cannot take either. The two call each other for
//! `combined_plies` (see [`ReadingParams`](super::ReadingParams)) moves; below that, the strings are read one by
//! one (GNU Go's answers are "uncoordinated" in the same way).
//!
//! All three work on the reader's current board and leave it as they
//! found it.

use goban::{Board, Cell, Color, Vertex};

use super::{Reader, ReadingParams, ReadingResult, order, push_new};
use crate::codes::Code;

/// `break_through`'s answer when the stone captures a wall stone (GNU Go's
/// WIN).
pub const BREAK_THROUGH_WIN: i32 = 5;
/// `break_through`'s answer when the stone only cuts through (GNU Go's
/// CUT).
pub const BREAK_THROUGH_CUT: i32 = 2;
/// `break_through`'s answer when a wall point is empty (GNU Go's quirk:
/// 1, not WIN).
pub const BREAK_THROUGH_EMPTY: i32 = 1;

impl Reader {
    /// GNU Go's `attack_either(a, b)`: whether the opponent of the strings
    /// at `a` and `b` (one colour), moving first, can capture at least one
    /// of them, and the move. WIN (no move) when either point is empty;
    /// fail when the two strings differ in colour.
    pub fn attack_either(&mut self, a: Vertex, b: Vertex) -> ReadingResult {
        self.top_level(None, |r| r.do_attack_either(a, b, r.params.combined_plies))
    }

    /// GNU Go's `defend_both(a, b)`: whether the owner of the strings at
    /// `a` and `b` (one colour), moving first, can save both, and the
    /// move (none when neither is under attack). Fail when either point is
    /// empty or the strings differ in colour.
    pub fn defend_both(&mut self, a: Vertex, b: Vertex) -> ReadingResult {
        self.top_level(None, |r| r.do_defend_both(a, b, r.params.combined_plies))
    }

    /// GNU Go's `break_through(x, y, z)`: `x`, `y`, `z` are stones of one
    /// colour around a stone F of the other in the shape
    /// ```text
    /// . y .
    /// x F z
    /// ```
    /// (in any orientation). F's side moves first. Answers
    /// [`BREAK_THROUGH_WIN`] (5) when it captures one of `x`, `y`, `z`,
    /// [`BREAK_THROUGH_CUT`] (2) when it can cut through at one of the
    /// two points beside `y` with a stone that cannot be captured (and F then cannot be captured either), 0
    /// otherwise (also when the stones are not in that shape), and
    /// [`BREAK_THROUGH_EMPTY`] (1) when any of `x`, `y`, `z` is empty.
    pub fn break_through(&mut self, x: Vertex, y: Vertex, z: Vertex) -> i32 {
        self.top_level(None, |r| r.do_break_through(x, y, z))
    }

    fn do_attack_either(&mut self, a: Vertex, b: Vertex, plies: u32) -> ReadingResult {
        let board = self.board.board();
        let (Some(color), Some(color_b)) = (board.cell(a).color(), board.cell(b).color()) else {
            return ReadingResult {
                code: Code::Win,
                point: None,
            };
        };
        if color != color_b {
            return ReadingResult::default();
        }
        let attack_a = self.attack_own(a);
        if attack_a.code == Code::Win {
            return attack_a;
        }
        let attack_b = self.attack_own(b);
        let single = if attack_b.code > attack_a.code {
            attack_b
        } else {
            attack_a
        };
        let board = self.board.board();
        if single.code == Code::Win
            || plies == 0
            || board.head(a) == board.head(b)
            || board.liberties(a) > self.params.combined_max_liberties
            || board.liberties(b) > self.params.combined_max_liberties
            || !self.visit()
        {
            return single;
        }
        let board = self.board.board();
        let attacker = color.other();
        let candidates = either_candidates(board, &self.params, attacker, a, b);
        self.best_move_within_budget(single, candidates, |reader, m| {
            reader.try_either_move(a, b, attacker, m, plies)
        })
    }

    /// The attacker's result when it plays `m` against `a` and `b`.
    fn try_either_move(
        &mut self,
        a: Vertex,
        b: Vertex,
        attacker: Color,
        m: Vertex,
        plies: u32,
    ) -> Code {
        let ko_capture = self.board.is_ko_capture(attacker, m);
        let Some((cap, saved_komaster)) = self.play_for(attacker, m) else {
            return Code::Fail;
        };
        let board = self.board.board();
        let code = if board.cell(a) == Cell::Empty || board.cell(b) == Cell::Empty {
            if ko_capture && board.cell(m) == attacker.stone() {
                Code::KoA
            } else {
                Code::Win
            }
        } else {
            self.do_defend_both(a, b, plies - 1).code.for_opponent()
        };
        self.board.popgo();
        self.komaster = saved_komaster;
        code.min(cap)
    }

    fn do_defend_both(&mut self, a: Vertex, b: Vertex, plies: u32) -> ReadingResult {
        let board = self.board.board();
        let (Some(color), Some(color_b)) = (board.cell(a).color(), board.cell(b).color()) else {
            return ReadingResult::default();
        };
        if color != color_b {
            return ReadingResult::default();
        }
        if board.head(a) == board.head(b) {
            return self.defend_own(a);
        }
        let attack_a = self.attack_own(a);
        let attack_b = self.attack_own(b);
        if attack_a.code == Code::Fail && attack_b.code == Code::Fail {
            return ReadingResult {
                code: Code::Win,
                point: None,
            };
        }
        if !self.visit() {
            return ReadingResult {
                code: Code::Win,
                point: None,
            };
        }
        // The defender's candidates: the attack points (to occupy them),
        // then the defence candidates of each string under attack.
        let board = self.board.board();
        let mut moves = Vec::new();
        for attack in [attack_a, attack_b] {
            if attack.code != Code::Fail {
                push_new(&mut moves, attack.point.into_iter());
            }
        }
        for (target, attack) in [(a, attack_a), (b, attack_b)] {
            if attack.code == Code::Fail {
                continue;
            }
            let libs = board.liberties(target);
            push_new(
                &mut moves,
                self.defense_candidates(target, color, libs).into_iter(),
            );
        }
        self.best_move_within_budget(ReadingResult::default(), moves, |reader, m| {
            reader.try_both_move(a, b, color, m, plies)
        })
    }

    /// The best of `candidates` as `best_move` finds it, except that a try
    /// during which the node budget ran out counts as a failure. The
    /// combined searches read many single attacks under one budget; a read
    /// cut short answers "no attack", which would turn into an unsound
    /// claim (a `defend_both` move after which a fresh `attack` still
    /// captures: a proptest found one on 7×7, at 20,010 nodes).
    fn best_move_within_budget(
        &mut self,
        start: ReadingResult,
        candidates: Vec<Vertex>,
        mut try_move: impl FnMut(&mut Self, Vertex) -> Code,
    ) -> ReadingResult {
        self.best_move(start, candidates, |reader, m| {
            let code = try_move(reader, m);
            if reader.budget_spent() {
                Code::Fail
            } else {
                code
            }
        })
    }

    /// The defender's result when it plays `m` to save `a` and `b`.
    fn try_both_move(
        &mut self,
        a: Vertex,
        b: Vertex,
        defender: Color,
        m: Vertex,
        plies: u32,
    ) -> Code {
        let Some((cap, saved_komaster)) = self.play_for(defender, m) else {
            return Code::Fail;
        };
        let board = self.board.board();
        let code = if board.cell(a) == Cell::Empty || board.cell(b) == Cell::Empty {
            Code::Fail
        } else if plies <= 1 {
            let attack_a = self.attack_own(a).code;
            let attack = if attack_a == Code::Win {
                attack_a
            } else {
                attack_a.max(self.attack_own(b).code)
            };
            attack.for_opponent()
        } else {
            self.do_attack_either(a, b, plies - 1).code.for_opponent()
        };
        self.board.popgo();
        self.komaster = saved_komaster;
        code.min(cap)
    }

    fn do_break_through(&mut self, x: Vertex, y: Vertex, z: Vertex) -> i32 {
        let board = self.board.board();
        let (Some(color), Some(cy), Some(cz)) = (
            board.cell(x).color(),
            board.cell(y).color(),
            board.cell(z).color(),
        ) else {
            return BREAK_THROUGH_EMPTY;
        };
        if cy != color || cz != color {
            return 0;
        }
        let breaker = color.other();
        // F: the stone of the other colour next to all three.
        let Some(f) = board.neighbours(y).find(|&f| {
            board.cell(f) == breaker.stone()
                && board.neighbours(f).any(|n| n == x)
                && board.neighbours(f).any(|n| n == z)
        }) else {
            return 0;
        };
        for s in [x, y, z] {
            if self.attack_own(s).code == Code::Win {
                return BREAK_THROUGH_WIN;
            }
        }
        for (s, t) in [(x, y), (y, z), (x, z)] {
            if self.do_attack_either(s, t, 1).code == Code::Win {
                return BREAK_THROUGH_WIN;
            }
        }
        // The cutting points: beside y, diagonal to F, next to x or z.
        let board = self.board.board();
        let cuts: Vec<Vertex> = [x, z]
            .into_iter()
            .filter_map(|side| {
                board.neighbours(side).find(|&p| {
                    p != f && board.cell(p) == Cell::Empty && board.neighbours(p).any(|n| n == y)
                })
            })
            .collect();
        // A cut counts only when neither the cutting stone nor F can then
        // be captured: with the cutting stone alone, 108 constraints of
        // GNU Go's `patterns.db` on the 60 public positions were rejected
        // that GNU Go keeps (44 of them Conn502's), against 53 with both.
        for p in cuts {
            if self.board.trymove(breaker, p).is_err() {
                continue;
            }
            let safe =
                self.attack_own(p).code == Code::Fail && self.attack_own(f).code == Code::Fail;
            self.board.popgo();
            if safe {
                return BREAK_THROUGH_CUT;
            }
        }
        0
    }
}

/// The attacker's moves against two strings: their common liberties
/// first, then the other liberties of each, ordered as the attack orders
/// its moves.
fn either_candidates(
    board: &Board,
    params: &ReadingParams,
    attacker: Color,
    a: Vertex,
    b: Vertex,
) -> Vec<Vertex> {
    let libs_b: Vec<Vertex> = board.liberty_vertices(b).collect();
    let (common, only_a): (Vec<Vertex>, Vec<Vertex>) =
        board.liberty_vertices(a).partition(|l| libs_b.contains(l));
    let mut moves = order(board, &params.ordering, attacker, common, |_| 0);
    let rest: Vec<Vertex> = only_a
        .into_iter()
        .chain(libs_b.into_iter().filter(|l| !moves.contains(l)))
        .collect();
    let (la, lb) = (board.liberties(a), board.liberties(b));
    moves.extend(order(board, &params.ordering, attacker, rest, |m| {
        // Prefer moves against the string with fewer liberties.
        let fewer = if board.has_liberty(a, m) { la } else { lb };
        -(fewer as i32) * params.either_fewer_liberties_weight
    }));
    moves
}
