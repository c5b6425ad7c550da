//! Ladder reading on the playout board, for the playouts' atari escapes:
//! a string in atari that extends to exactly two liberties and is then
//! captured by a ladder (the attacker ataris, the defender extends, and
//! so on) was not saved; the playouts should not extend it, and the tree
//! should not expect much of the extension ([`LadderRule`]).
//!
//! The reading is the plain ladder: at each step the attacker tries
//! either liberty (an atari whose stone is not itself left in atari),
//! the defender captures an adjacent attacking string in atari if there
//! is one (the ladder is broken) or extends; three liberties or more
//! after the extension is an escape. Each step copies the board.

use crate::board::{EMPTY, PASS, PlayoutBoard, holds, stone};
use crate::policy::liberties_after;

/// Which atari escapes the playouts and the tree's priors treat as lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LadderRule {
    /// Most defender extensions read before a ladder counts as escaped
    /// (0: no reading, every escape allowed).
    pub max_extensions: u16,
}

impl LadderRule {
    /// No reading: every escape allowed.
    pub const OFF: LadderRule = LadderRule { max_extensions: 0 };

    /// Whether the rule reads at all.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.max_extensions > 0
    }
}

/// Reading up to 20 extensions: the setting of `tesuji gtp --search mcts`
/// by default (`docs/tuning/mcts.md`).
impl Default for LadderRule {
    fn default() -> LadderRule {
        LadderRule { max_extensions: 20 }
    }
}

/// Whether the move at the empty `v` for the player to move is an atari
/// escape into a ladder: it extends a string of the mover's that is in
/// atari, captures nothing, leaves the string with exactly two liberties,
/// and the opponent then captures the string by a ladder of at most
/// `rule.max_extensions` extensions.
pub fn escape_is_laddered(board: &PlayoutBoard, v: u16, rule: &LadderRule) -> bool {
    if !rule.is_on() || v == PASS || board.cell(v) != EMPTY {
        return false;
    }
    let color = board.to_move();
    let own = stone(color);
    let opponent = stone(color.other());
    let mut saves = false;
    for n in board.neighbours(v) {
        let cell = board.cell(n);
        if (cell == own || cell == opponent) && board.in_atari(board.head(n)) {
            if cell == opponent {
                return false; // a capture, not an extension
            }
            saves = true;
        }
    }
    // No capture: the string after the move has exactly two liberties
    // or it escapes (the copy of the board is made only then).
    if !saves || extension_liberties(board, v, own) != 2 {
        return false;
    }
    let mut after = board.clone();
    after.play(v);
    let g = after.head(v);
    ladder_captures(&after, g, rule.max_extensions)
}

/// The distinct liberties, counted up to 3, of the string that a stone of
/// `own` at the empty `v` would make if it captured nothing: the empty
/// neighbours of `v` and the liberties of the strings it joins, `v` aside.
pub fn extension_liberties(board: &PlayoutBoard, v: u16, own: u8) -> usize {
    let mut found = [0u16; 3];
    let mut count = 0;
    let mut add = |q: u16| {
        if q != v && !holds(&found[..count], q) {
            found[count] = q;
            count += 1;
        }
        count == found.len()
    };
    let neighbours = board.neighbours(v);
    for n in neighbours {
        if board.cell(n) == EMPTY && add(n) {
            return 3;
        }
    }
    let mut joined = [0u16; 4];
    for (k, n) in neighbours.into_iter().enumerate() {
        if board.cell(n) != own {
            continue;
        }
        let g = board.head(n);
        joined[k] = g;
        if holds(&joined[..k], g) {
            continue;
        }
        for s in board.string_stones(g) {
            for q in board.neighbours(s) {
                if board.cell(q) == EMPTY && add(q) {
                    return 3;
                }
            }
        }
    }
    count
}

/// Whether the attacker, to move, captures the defender's string `g`
/// (exactly two liberties) by a ladder within `extensions` extensions.
fn ladder_captures(board: &PlayoutBoard, g: u16, extensions: u16) -> bool {
    if extensions == 0 {
        return false;
    }
    let attacker = board.to_move();
    let (libs, _) = liberties(board, g);
    libs.iter().enumerate().any(|(k, &atari)| {
        let escape = libs[1 - k];
        if !board.is_legal(atari) || liberties_after(board, atari, attacker) < 2 {
            return false;
        }
        let mut next = board.clone();
        next.play(atari);
        let g = next.head(g);
        if !next.in_atari(g) || captures_next_to(&next, g) {
            return false;
        }
        if !next.is_legal(escape) {
            return true;
        }
        next.play(escape);
        let g = next.head(escape);
        match liberties(&next, g).1 {
            0 | 1 => true,
            2 => ladder_captures(&next, g, extensions - 1),
            _ => false,
        }
    })
}

/// Whether the player to move (the defender) can capture an opposing
/// string in atari that touches the defender's string `g`.
fn captures_next_to(board: &PlayoutBoard, g: u16) -> bool {
    let opponent = stone(board.to_move().other());
    board.string_stones(g).any(|s| {
        board
            .neighbours(s)
            .iter()
            .any(|&n| board.cell(n) == opponent && board.in_atari(board.head(n)))
    })
}

/// The first two distinct liberties of string `g` and how many it has
/// (counted up to 3).
fn liberties(board: &PlayoutBoard, g: u16) -> ([u16; 2], usize) {
    let (found, count) = board.first_liberties(g, 3);
    ([found[0], found[1]], count)
}
