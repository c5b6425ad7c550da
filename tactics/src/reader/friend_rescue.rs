//! The defender's rescue of a friend by capture: a friendly string in
//! atari next to one of the target's liberties is saved by capturing an
//! attacker string in atari that touches it.
//!
//! Its gate is the `friend_rescue` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::push_new;

/// The liberties of the attacker's strings in atari next to `color`'s
/// strings in atari (other than the target) that touch a liberty of
/// `target`, in the order of the target's liberties.
pub(crate) fn friend_rescue_captures(board: &Board, target: Vertex, color: Color) -> Vec<Vertex> {
    let friends = super::superstring::friends_at_liberties(board, target, color)
        .into_iter()
        .filter(|&h| board.liberties(h) == 1);
    let mut moves = Vec::new();
    for friend in friends {
        for chain in super::strings_adjacent_to_string(board, friend, color.other()) {
            if board.liberties(chain) == 1 {
                push_new(&mut moves, board.liberty_vertices(chain));
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_friend_in_atari_at_a_liberty_is_saved_by_capturing_its_neighbour() {
        // White's C1-D1 has the liberties B1 and E1. White's B2 is in
        // atari at B1; Black's A2 next to it is in atari at A1.
        let b = Board::from_rows(&[".....", ".....", "OX...", "XOXX.", "..OO."]).expect("a board");
        let at = |gtp: &str| b.geometry().parse_gtp(gtp).expect("a vertex");
        assert_eq!(
            friend_rescue_captures(&b, at("C1"), Color::White),
            vec![at("A1")]
        );
        // Black's C2-D2 (liberties C3, D3, E2) has a friend at B3 with
        // two liberties: nothing to rescue.
        assert!(friend_rescue_captures(&b, at("C2"), Color::Black).is_empty());
    }
}
