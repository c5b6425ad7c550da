//! The capture/escape rule of the playouts (MoGo's order): before the
//! weights are drawn from, the player to move answers the last move's
//! tactics.
//!
//! 1. **Escape.** A string of the mover's next to the last move that is
//!    in atari is saved, by capturing an opposing string in atari that
//!    touches it, or by extending at its liberty when the extension
//!    leaves it more than one liberty (and, with the policy's
//!    [`LadderRule`](crate::LadderRule) on, is not read as laddered).
//! 2. **Capture.** Otherwise an opposing string in atari with a stone on
//!    one of the eight points around the last move (the last move's own
//!    string left in atari, or a string it did not save) is captured.
//!
//! One of the candidates of the first list that has any is drawn
//! uniformly; a candidate the weights forbid (weight 0 for the mover:
//! suicide, ko, a forbidden self-atari) is never one.

use crate::board::{EMPTY, PASS, PlayoutBoard, holds, stone};
use crate::ladder::{LadderRule, escape_is_laddered};
use crate::policy::liberties_after;

/// Most candidates kept per list (more are dropped).
const MAX_CANDIDATES: usize = 8;

/// When the playouts answer the last move's ataris first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaptureRule {
    /// Per cent of the draws after a move with such an answer that play
    /// one (0: the rule is off).
    pub percent: u8,
}

impl CaptureRule {
    /// Never: the weights alone decide.
    pub const OFF: CaptureRule = CaptureRule { percent: 0 };

    /// Whether the rule is ever applied.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.percent > 0
    }
}

/// Every draw after such a move, the setting measured (`tesuji gtp
/// --capture-percent 100`; off unless asked for, `docs/tuning/mcts.md`).
impl Default for CaptureRule {
    fn default() -> CaptureRule {
        CaptureRule { percent: 100 }
    }
}

/// A short list of distinct points.
#[derive(Default)]
struct Points {
    list: [u16; MAX_CANDIDATES],
    len: usize,
}

impl Points {
    fn push(&mut self, v: u16) {
        if !holds(&self.list[..self.len], v) && self.len < MAX_CANDIDATES {
            self.list[self.len] = v;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u16] {
        &self.list[..self.len]
    }
}

/// The answers of the player to move to the last move of `board`: its
/// escapes if it has any, else its captures near the last move; only
/// points for which `allowed` holds (the caller's weights) are kept.
/// Empty without a last move.
pub fn answers(
    board: &PlayoutBoard,
    ladder: &LadderRule,
    allowed: impl Fn(u16) -> bool,
) -> Vec<u16> {
    let mut out = Vec::new();
    for_answers(board, ladder, allowed, |list| out.extend_from_slice(list));
    out
}

/// One answer drawn uniformly from [`answers`], if there is one.
pub fn draw_answer(
    board: &PlayoutBoard,
    ladder: &LadderRule,
    allowed: impl Fn(u16) -> bool,
    rng: &mut fastrand::Rng,
) -> Option<u16> {
    let mut chosen = None;
    for_answers(board, ladder, allowed, |list| {
        chosen = Some(list[rng.usize(0..list.len())]);
    });
    chosen
}

/// Calls `found` once with the first non-empty list of answers.
fn for_answers(
    board: &PlayoutBoard,
    ladder: &LadderRule,
    allowed: impl Fn(u16) -> bool,
    mut found: impl FnMut(&[u16]),
) {
    let last = board.last_move();
    if last == PASS || board.cell(last) == EMPTY {
        return;
    }
    let color = board.to_move();
    let own = stone(color);
    let opponent = stone(color.other());
    let mut escapes = Points::default();
    let mut seen = [0u16; 4];
    for (k, n) in board.neighbours(last).into_iter().enumerate() {
        if board.cell(n) != own {
            continue;
        }
        let g = board.head(n);
        seen[k] = g;
        if holds(&seen[..k], g) {
            continue;
        }
        let Some(lib) = board.atari_liberty(g) else {
            continue;
        };
        // Counter-captures of the string's attackers.
        for s in board.string_stones(g) {
            for q in board.neighbours(s) {
                if board.cell(q) == opponent
                    && let Some(capture) = board.atari_liberty(board.head(q))
                    && allowed(capture)
                {
                    escapes.push(capture);
                }
            }
        }
        // The extension, if it gains liberties and is not a ladder.
        if allowed(lib)
            && liberties_after(board, lib, color) >= 2
            && !escape_is_laddered(board, lib, ladder)
        {
            escapes.push(lib);
        }
    }
    if escapes.len > 0 {
        found(escapes.as_slice());
        return;
    }
    let mut captures = Points::default();
    let stride = board.stride() as isize;
    for di in [-stride, 0, stride] {
        for dj in [-1, 0, 1] {
            let q = (last as isize + di + dj) as u16;
            if board.cell(q) != opponent {
                continue;
            }
            if let Some(lib) = board.atari_liberty(board.head(q))
                && allowed(lib)
            {
                captures.push(lib);
            }
        }
    }
    if captures.len > 0 {
        found(captures.as_slice());
    }
}
