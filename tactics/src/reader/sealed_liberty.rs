//! The attacker's moves against a *sealed* liberty: a liberty of the
//! target that the attacker cannot fill (its stone there would be
//! suicide), because the defender's other strings surround it.
//!
//! Its gate is the `sealed_liberty` row of the generator table; the positions
//! that show it and what each bound gained: `docs/tuning/reader.md`.

use goban::{Board, Cell, Color, Vertex};

use super::{ReadingParams, push_new};

/// The attacker's moves against the sealed liberties of the two-liberty
/// target at `target` (colour `color`): the other liberties of the small
/// friends around each liberty where the attacker's stone would be
/// suicide, kept when two such friends share the liberty or when the
/// attacker's stone there keeps `sealed_min_move_libs` liberties; in the
/// order of the target's liberties and then of each friend's liberties.
pub(crate) fn sealed_liberty_moves(
    board: &Board,
    target: Vertex,
    color: Color,
    p: &ReadingParams,
) -> Vec<Vertex> {
    let head = board.head(target);
    let attacker = color.other();
    let mut friends: Vec<Vertex> = Vec::new();
    for l in board.liberty_vertices(target) {
        if !board.is_suicide(attacker, l) {
            continue;
        }
        for h in board.neighbour_strings(l, color) {
            if h != head
                && !friends.contains(&h)
                && board.liberties(h) <= p.sealed_max_friend_libs
                && board.string_size(h) <= p.sealed_max_friend_stones
            {
                friends.push(h);
            }
        }
    }
    let mut moves = Vec::new();
    for &friend in &friends {
        push_new(
            &mut moves,
            board.liberty_vertices(friend).filter(|&m| {
                !board.has_liberty(target, m)
                    && (friends.iter().filter(|&&f| board.has_liberty(f, m)).count() >= 2
                        || board.liberties_after(attacker, m) >= p.sealed_min_move_libs)
            }),
        );
    }
    moves
}

/// The empty points next to `moves` (from [`sealed_liberty_moves`]) that
/// are not liberties of the target, in order.
pub(crate) fn second_order(board: &Board, target: Vertex, moves: &[Vertex]) -> Vec<Vertex> {
    let mut points = Vec::new();
    for &m in moves {
        push_new(
            &mut points,
            board
                .neighbours(m)
                .filter(|&n| board.cell(n) == Cell::Empty && !board.has_liberty(target, n)),
        );
    }
    points
}

#[cfg(test)]
mod tests {
    use super::super::test_points::at;
    use super::*;

    #[test]
    fn two_friends_sealing_a_liberty_give_their_shared_liberty() {
        // White target B3-C3-C4 has the liberties B4 and D4. Black cannot
        // play B4 (suicide among the target and the single White stones
        // A4 and B5, two liberties each); it can play D4. A5 is the
        // liberty both friends share, kept though Black has no liberty
        // there.
        let board = Board::from_rows(&[
            ".OX..", //
            "O.O..", //
            "XOOX.", //
            ".XX..", //
            ".....", //
        ])
        .expect("a board");
        let target = at(&board, "C3");
        assert!(board.is_suicide(Color::Black, at(&board, "B4")));
        let moves = sealed_liberty_moves(&board, target, Color::White, &ReadingParams::default());
        assert_eq!(moves, vec![at(&board, "A5")]);
        assert!(second_order(&board, target, &moves).is_empty());
        // With B5 Black, B4 is open: nothing is sealed.
        let open = Board::from_rows(&[
            ".XX..", //
            "O.O..", //
            "XOOX.", //
            ".XX..", //
            ".....", //
        ])
        .expect("a board");
        assert!(
            sealed_liberty_moves(
                &open,
                at(&open, "C3"),
                Color::White,
                &ReadingParams::default()
            )
            .is_empty()
        );
    }

    #[test]
    fn a_lone_friend_gives_its_liberty_only_where_the_attacker_has_room() {
        // White target A2-A3 (liberties A1 and A4); A1 is sealed by the
        // single White stone B1, whose other liberty is C1. Black C1 has
        // two liberties (C2, D1): too few.
        let cramped = Board::from_rows(&[
            ".....", //
            ".....", //
            "OX...", //
            "OX...", //
            ".O...", //
        ])
        .expect("a board");
        let target = at(&cramped, "A2");
        assert!(cramped.is_suicide(Color::Black, at(&cramped, "A1")));
        assert!(
            sealed_liberty_moves(&cramped, target, Color::White, &ReadingParams::default())
                .is_empty()
        );
        // With Black C2, C1 joins the Black string: kept, and D1 is its
        // empty neighbour.
        let board = Board::from_rows(&[
            ".....", //
            ".....", //
            "OX...", //
            "OXX..", //
            ".O...", //
        ])
        .expect("a board");
        let moves = sealed_liberty_moves(&board, target, Color::White, &ReadingParams::default());
        assert_eq!(moves, vec![at(&board, "C1")]);
        assert_eq!(second_order(&board, target, &moves), vec![at(&board, "D1")]);
    }
}
