//! The defender's last-resort *superstring* moves: the liberties of its
//! own other strings that share a liberty with the target.
//!
//! Its gate is the `superstring_liberties` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Color, Vertex};

use super::push_new;

/// The strings of `color`, other than the target's, that touch one of
/// the target's liberties (the rest of its superstring), by head, in the
/// order of the target's liberties.
pub(crate) fn friends_at_liberties(board: &Board, target: Vertex, color: Color) -> Vec<Vertex> {
    let head = board.head(target);
    let mut friends: Vec<Vertex> = Vec::new();
    for l in board.liberty_vertices(target) {
        for h in board.neighbour_strings(l, color) {
            if h != head && !friends.contains(&h) {
                friends.push(h);
            }
        }
    }
    friends
}

/// The liberties of `color`'s strings, other than the target's, that
/// touch one of the target's liberties, in the order of the target's
/// liberties and then of each string's liberties; without the target's
/// own liberties and without any move in `tried`.
pub(crate) fn superstring_liberties(
    board: &Board,
    target: Vertex,
    color: Color,
    tried: &[Vertex],
) -> Vec<Vertex> {
    let mut moves = Vec::new();
    for friend in friends_at_liberties(board, target, color) {
        push_new(
            &mut moves,
            board
                .liberty_vertices(friend)
                .filter(|&m| !tried.contains(&m) && !board.has_liberty(target, m)),
        );
    }
    moves
}

/// Whether every liberty of the string at `target` is suicide for
/// `attacker`: the attacker cannot approach it at all, so the defender's
/// own liberty moves, which fill its eyes, are no defence.
pub(crate) fn liberties_unplayable(board: &Board, target: Vertex, attacker: Color) -> bool {
    board
        .liberty_vertices(target)
        .all(|l| board.is_suicide(attacker, l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liberties_of_a_friend_that_shares_a_liberty() {
        // Black target at A1 (liberties A2, B1); a black friend at B2
        // touches both; its other liberties are B3 and C2. The White
        // stone at C3 touches nothing that matters.
        let board =
            Board::from_rows(&[".....", ".....", "..O..", ".X...", "X...."]).expect("a board");
        let at = |gtp: &str| board.geometry().parse_gtp(gtp).expect("a vertex");
        let mut got = superstring_liberties(&board, at("A1"), Color::Black, &[]);
        got.sort();
        let mut expected = vec![at("B3"), at("C2")];
        expected.sort();
        assert_eq!(got, expected);
        assert_eq!(
            superstring_liberties(&board, at("A1"), Color::Black, &[at("B3")]),
            vec![at("C2")]
        );
        // White has no friend there.
        assert!(superstring_liberties(&board, at("C3"), Color::White, &[]).is_empty());
    }
}
