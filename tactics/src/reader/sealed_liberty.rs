//! The attacker's moves against a *sealed* liberty: a liberty of the
//! target that the attacker cannot fill (its stone there would be
//! suicide), because the defender's other strings surround it.
//!
//! Such a liberty only goes once a defender's friend around it is short
//! of liberties, so the attacker takes the friends' other liberties (the
//! outer liberties of GNU Go's *superstring*: the target with the strings
//! it could join through a shared liberty), and at the root also the
//! empty points next to those (where the friend's extension would run).
//! The root call already tries the liberties of weak friends at every
//! liberty (`HELPERS_AT_LIBERTIES_DEPTH` in `reader.rs`); below the root
//! only these narrower moves are read.
//!
//! Figures (`reading` / `connection` passes, main 189 / 100): with the
//! constants below, 193 / 100: tests 52 and 53 (`reading02.sgf`: after
//! GNU Go's root H2 and White's B1, the attacker's A1 at stack depth 2
//! takes the liberty of the single White stone that seals C1), 123
//! (`reading19.sgf`: GNU Go's root G19, next to H19, the liberty the two
//! White stones sealing J18 share; after White G16 the attacker's H19 at
//! stack depth 2) and 202 (which GNU Go fails), none lost. Worm codes
//! (98.9% / 98.6%), connections (98.2% / 96.8%), dragons (97.0% /
//! 91.2%), engine wrong rejections (43) and `explain`'s verdicts (F1
//! 0.665 | 0.837) unchanged; worm reading nodes 229,866 -> 232,884;
//! `callgrind_attack.sh` 614M -> 621M instructions (8,775 -> 8,792 per
//! node, 69,977 -> 70,587 nodes).
//!
//! Tried and dropped (reading15, from 193 / 100), walking GNU Go's
//! lines for `reading` 137 and `connection` 103: four-liberty targets
//! attacked at their liberties up to stack depth 4 (one more than
//! `FOUR_LIB_LIBERTIES_SLACK` allows), for any target or only for those
//! whose liberties all lie on the first one, two or three lines: 192 /
//! 100 in every case (test 173 lost, a ko attack GNU Go's defender
//! refutes; 89 and 90, lost so before this module, now kept), nothing
//! gained. With it, these moves up to stack depth 8 to 12 and their
//! empty neighbours (GNU Go's F1 in 103's line at stack depth 8, next to
//! the liberty two sealing stones share) as deep: 137 and 103 still not
//! gained (their lines need further moves our attacker lacks: 103's L1
//! at stack depth 10 after White G1), 139 lost from depth 10 on. Clamps
//! (module `clamp`) up to depth 6 for targets whose liberties are all on
//! the first line (137's A2): nothing gained. Sealed moves kept where
//! the attacker's stone keeps only two liberties (137's F1 at stack
//! depth 8), up to depth 8, with the two extensions above: 137 not
//! gained, 161, 173 and 233 lost.

use goban::{Board, Cell, Color, Vertex};

use super::{ReadingParams, push_new};

/// The attacker's moves against the sealed liberties of the two-liberty
/// target at `target` (colour `color`): the other liberties of the small
/// friends around each liberty where the attacker's stone would be
/// suicide, kept when two such friends share the liberty or when the
/// attacker's stone there keeps [`MIN_MOVE_LIBS`] liberties; in the
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
        assert!(sealed_liberty_moves(&open, at(&open, "C3"), Color::White, &ReadingParams::default()).is_empty());
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
        assert!(sealed_liberty_moves(&cramped, target, Color::White, &ReadingParams::default()).is_empty());
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
