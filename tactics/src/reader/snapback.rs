//! Captures that lose to a *snapback*: the capturing string is left in
//! atari with more than one stone, so the opponent takes it back at
//! once, more stones than were captured.
//!
//! The positions that show it and what it gained: `docs/tuning/reader.md`.

use goban::{Board, Vertex};

/// Whether the string that has just captured by playing at `m` has one
/// liberty and more than one stone (a single stone is a ko, read as
/// such).
pub(crate) fn recaptured_at_once(board: &Board, m: Vertex) -> bool {
    board.liberties(m) == 1 && board.string_size(m) > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_string_in_atari_is_taken_back_and_a_single_stone_is_not() {
        // Black's B2-C2-B1 has the single liberty C1.
        let b = Board::from_rows(&[".....", ".....", "OOOO.", "OXXO.", "OX.O."]).expect("a board");
        let at = |gtp: &str| b.geometry().parse_gtp(gtp).expect("a vertex");
        assert!(recaptured_at_once(&b, at("B1")));
        // Black's single A1 has the single liberty B1: a ko, not this.
        let b = Board::from_rows(&[".....", ".....", ".....", "O....", "X...."]).expect("a board");
        assert!(!recaptured_at_once(&b, at("A1")));
        // White's A1-A4 string in the first board has liberties.
        let b = Board::from_rows(&[".....", ".....", "OOOO.", "OXXO.", "OX.O."]).expect("a board");
        assert!(!recaptured_at_once(&b, at("A2")));
    }
}
