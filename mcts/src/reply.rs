//! Last good replies with forgetting (Baier and Drake, "The Power of
//! Forgetting", 2010): after each playout, the winner's every move is
//! stored as the reply to the move before it (and to the two moves
//! before it), and the loser's moves are struck out where they are the
//! stored reply. Later playouts play a stored reply, when the point is
//! still playable, before drawing from the pattern weights, so that
//! answers that won a local fight are tried again in the other playouts
//! of the search.
//!
//! The table belongs to one search and is shared by its threads (relaxed
//! atomics: a lost update only loses a reply).

use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

use goban::Color;

use crate::board::{MAX_CELLS, PASS};

/// Which stored replies the playouts use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LastGoodReply {
    /// None (the policy alone draws).
    #[default]
    Off,
    /// Replies to the last move (LGRF-1).
    One,
    /// Replies to the last two moves first, then to the last move (LGRF-2).
    Two,
}

impl LastGoodReply {
    /// The names accepted by [`LastGoodReply::parse`].
    pub const NAMES: [&'static str; 3] = ["off", "one", "two"];

    /// `off`, `one` or `two`.
    pub fn parse(text: &str) -> Option<LastGoodReply> {
        match text {
            "off" => Some(LastGoodReply::Off),
            "one" => Some(LastGoodReply::One),
            "two" => Some(LastGoodReply::Two),
            _ => None,
        }
    }
}

/// The stored replies of one search (see the module documentation).
pub struct ReplyTable {
    rule: LastGoodReply,
    /// `[colour][last]`: the colour's reply to `last`, PASS for none.
    one: Vec<AtomicU16>,
    /// `[colour][before_last][last]`, empty unless the rule is `Two`.
    two: Vec<AtomicU16>,
}

fn table(len: usize) -> Vec<AtomicU16> {
    (0..len).map(|_| AtomicU16::new(PASS)).collect()
}

impl ReplyTable {
    /// An empty table for `rule`.
    pub fn new(rule: LastGoodReply) -> ReplyTable {
        let (one, two) = match rule {
            LastGoodReply::Off => (0, 0),
            LastGoodReply::One => (2 * MAX_CELLS, 0),
            LastGoodReply::Two => (2 * MAX_CELLS, 2 * MAX_CELLS * MAX_CELLS),
        };
        ReplyTable {
            rule,
            one: table(one),
            two: table(two),
        }
    }

    /// Forgets every stored reply.
    pub fn forget(&self) {
        for entry in self.one.iter().chain(&self.two) {
            entry.store(PASS, Relaxed);
        }
    }

    /// How many replies are stored.
    pub fn stored(&self) -> usize {
        self.one
            .iter()
            .chain(&self.two)
            .filter(|entry| entry.load(Relaxed) != PASS)
            .count()
    }

    /// Whether playouts consult the table.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.rule != LastGoodReply::Off
    }

    fn one_index(color: Color, last: u16) -> usize {
        color.index() * MAX_CELLS + last as usize
    }

    fn two_index(color: Color, before_last: u16, last: u16) -> usize {
        (color.index() * MAX_CELLS + before_last as usize) * MAX_CELLS + last as usize
    }

    /// The stored replies of `color` after `before_last` and `last`, the
    /// two-move reply first; PASS where none is stored.
    #[inline]
    pub fn replies(&self, color: Color, before_last: u16, last: u16) -> [u16; 2] {
        let two = match self.rule {
            LastGoodReply::Two => self.two[Self::two_index(color, before_last, last)].load(Relaxed),
            _ => PASS,
        };
        let one = match self.rule {
            LastGoodReply::Off => PASS,
            _ => self.one[Self::one_index(color, last)].load(Relaxed),
        };
        [two, one]
    }

    /// Learns from one finished game (`moves` from the search's root, each
    /// with its player): the winner's replies are stored, the loser's
    /// forgotten. `winner` None (a jigo) changes nothing.
    pub fn learn(&self, moves: &[(u16, Color)], winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        if !self.is_on() {
            return;
        }
        for i in 1..moves.len() {
            let (v, color) = moves[i];
            if v == PASS {
                continue;
            }
            let last = moves[i - 1].0;
            let before_last = if i >= 2 { moves[i - 2].0 } else { PASS };
            let one = &self.one[Self::one_index(color, last)];
            let two = (self.rule == LastGoodReply::Two)
                .then(|| &self.two[Self::two_index(color, before_last, last)]);
            if color == winner {
                one.store(v, Relaxed);
                if let Some(two) = two {
                    two.store(v, Relaxed);
                }
            } else {
                let _ = one.compare_exchange(v, PASS, Relaxed, Relaxed);
                if let Some(two) = two {
                    let _ = two.compare_exchange(v, PASS, Relaxed, Relaxed);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Color = Color::Black;
    const W: Color = Color::White;

    #[test]
    fn the_winner_s_replies_are_stored_and_the_loser_s_forgotten() {
        let table = ReplyTable::new(LastGoodReply::Two);
        // Black 30, White 31, Black 32, White 33.
        let game = [(30, B), (31, W), (32, B), (33, W)];
        table.learn(&game, Some(B));
        assert_eq!(table.replies(B, 30, 31), [32, 32]);
        assert_eq!(
            table.replies(W, 31, 32),
            [PASS, PASS],
            "the loser stores nothing"
        );
        // The same game lost by Black: Black's reply to 31 is forgotten.
        table.learn(&game, Some(W));
        assert_eq!(table.replies(B, 30, 31), [PASS, PASS]);
        assert_eq!(table.replies(W, 31, 32), [33, 33]);
        // A loss with another move keeps a different stored reply.
        table.learn(&[(31, W), (40, B)], Some(B));
        table.learn(&[(31, W), (41, B)], Some(W));
        assert_eq!(table.replies(B, PASS, 31)[1], 40);
        // A jigo changes nothing.
        table.learn(&[(31, W), (42, B)], None);
        assert_eq!(table.replies(B, PASS, 31)[1], 40);
    }

    #[test]
    fn the_one_move_rule_keeps_no_two_move_replies_and_off_keeps_none() {
        let one = ReplyTable::new(LastGoodReply::One);
        one.learn(&[(30, B), (31, W), (32, B)], Some(B));
        assert_eq!(one.replies(B, 30, 31), [PASS, 32]);
        let off = ReplyTable::new(LastGoodReply::Off);
        off.learn(&[(30, B), (31, W), (32, B)], Some(B));
        assert_eq!(off.replies(B, 30, 31), [PASS, PASS]);
    }
}
