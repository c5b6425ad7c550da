//! The defender's *tenuki* (playing elsewhere): below the root of a
//! search, a target that no candidate move saves still lives when the
//! attacker cannot approach it and, moving again, cannot capture it
//! either (each defence fills an eye and is a self-atari).
//!
//! "Cannot approach" ([`sealed`]): every liberty of the target is
//! suicide for the attacker, and every other string of the defender
//! next to those liberties has no liberty but the target's (else the
//! attacker may take that string's outside liberty first and make the
//! liberty playable, a move our attacker does not always generate below
//! the root).
//!
//! The positions that show it and what it gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::superstring::liberties_unplayable;
use super::{Reader, ReadingResult};
use crate::codes::Code;

impl Reader {
    /// Whether the current call is below the top-level call's stack
    /// depth (only there does `do_defend` read the tenuki).
    pub(super) fn below_root(&self) -> bool {
        self.depth() != self.root_depth
    }

    /// When none of the defender's (`color`) moves saved `target`
    /// (`best` is [`Code::Fail`]) and the attacker cannot approach it
    /// ([`sealed`]): a win without a move if the attacker, moving again,
    /// cannot capture it; otherwise `best`.
    pub(super) fn defence_by_tenuki(
        &mut self,
        target: Vertex,
        color: Color,
        best: ReadingResult,
    ) -> ReadingResult {
        if best.code != Code::Fail || !sealed(self.board.board(), target, color) {
            return best;
        }
        if self.do_attack(target).code == Code::Fail {
            ReadingResult {
                code: Code::Win,
                point: None,
            }
        } else {
            best
        }
    }
}

/// Whether the attacker cannot approach the string at `target` (colour
/// `color`): each of its liberties is suicide for the attacker, and each
/// other string of `color` next to one of them has only liberties of the
/// target.
pub(crate) fn sealed(board: &Board, target: Vertex, color: Color) -> bool {
    if !liberties_unplayable(board, target, color.other()) {
        return false;
    }
    super::superstring::friends_at_liberties(board, target, color)
        .into_iter()
        .all(|h| {
            board
                .liberty_vertices(h)
                .all(|x| board.has_liberty(target, x))
        })
}

#[cfg(test)]
mod tests {
    use super::super::test_points::at;
    use super::*;

    #[test]
    fn a_string_whose_liberties_the_attacker_cannot_fill_is_sealed() {
        // White A2-D2 with B1 and D1 has the liberties A1 and C1, both
        // suicide for Black.
        let b = Board::from_rows(&[".....", ".....", "XXXXX", "OOOOX", ".O.OX"]).expect("a board");
        assert!(sealed(&b, at(&b, "B2"), Color::White));
    }

    #[test]
    fn a_friend_with_an_outside_liberty_unseals_the_string() {
        // White A2-C2 with B1 has the liberties A1 and C1, both suicide
        // for Black, but White's D1 next to C1 also has E1: Black E1
        // would make C1 a capture.
        let b = Board::from_rows(&[".....", ".....", "XXXX.", "OOOX.", ".O.O."]).expect("a board");
        assert!(liberties_unplayable(&b, at(&b, "B2"), Color::Black));
        assert!(!sealed(&b, at(&b, "B2"), Color::White));
    }

    #[test]
    fn a_liberty_the_attacker_can_fill_unseals_the_string() {
        let b = Board::from_rows(&[".....", ".....", "XXXX.", "OOOX.", ".O..."]).expect("a board");
        assert!(!sealed(&b, at(&b, "B2"), Color::White));
    }
}
