//! Last good replies in the playouts: a stored reply is played first while
//! the mover may play it, and never where the policy forbids the point;
//! the weights stay equal to a fresh computation.

use goban::{Board, Color};
use mcts::reply::{LastGoodReply, ReplyTable};
use mcts::{PlayoutBoard, Policy};

use crate::first_moves_with;

/// White's stone at (3, 3) and Black's at (4, 4), Black to move after
/// White's last move at (3, 3); Black's own true eye at (0, 0).
const ROWS: [&str; 7] = [
    ".X.....", "X......", ".......", "...O...", "....X..", ".......", ".......",
];

fn board() -> PlayoutBoard {
    let mut board =
        PlayoutBoard::from_board(&Board::from_rows(&ROWS).unwrap(), Color::Black, None).unwrap();
    board.set_last_move(board.index(3, 3));
    board
}

#[test]
fn a_stored_reply_is_played_first_where_the_mover_may_play_it() {
    let board = board();
    let policy = Policy::new(patterns::mc_tesuji());
    let last = board.index(3, 3);
    for rule in [LastGoodReply::One, LastGoodReply::Two] {
        // Black answered White's (3, 3) at (2, 3) and won.
        let reply = board.index(2, 3);
        let table = ReplyTable::new(rule);
        table.learn(
            &[(last, Color::White), (reply, Color::Black)],
            Some(Color::Black),
        );
        assert!(
            first_moves_with(&board, &policy, Some(&table), 100)
                .iter()
                .all(|&v| v == reply)
        );
        // Without the reply the policy spreads its draws.
        let none = ReplyTable::new(rule);
        let hits = first_moves_with(&board, &policy, Some(&none), 100)
            .iter()
            .filter(|&&v| v == reply)
            .count();
        assert!(hits < 50, "{hits} of 100 without a stored reply");
        // A reply in the mover's own eye is never played.
        let eye = board.index(0, 0);
        let table = ReplyTable::new(rule);
        table.learn(
            &[(last, Color::White), (eye, Color::Black)],
            Some(Color::Black),
        );
        assert!(
            first_moves_with(&board, &policy, Some(&table), 100)
                .iter()
                .all(|&v| v != eye)
        );
    }
}

#[test]
fn replies_are_kept_between_searches_only_when_asked_and_cleared_with_the_tree() {
    use mcts::search::{Limits, Position, SearchParams, Searcher};
    use std::sync::Arc;
    let limits = |playouts| Limits {
        playouts: Some(playouts),
        time: None,
    };
    let position = Position::new(board());
    for keep_replies in [false, true] {
        let params = SearchParams {
            deterministic: true,
            last_good_reply: LastGoodReply::Two,
            keep_replies,
            ..SearchParams::default()
        };
        let mut searcher = Searcher::new(params, Arc::new(Policy::new(patterns::mc_tesuji())));
        searcher.search(&position, limits(500));
        let after_many = searcher.stored_replies();
        assert!(after_many > 100, "{after_many} replies after 500 playouts");
        searcher.search(&position, limits(1));
        let after_one = searcher.stored_replies();
        if keep_replies {
            assert!(
                after_one * 2 > after_many,
                "kept: {after_one} of {after_many}"
            );
        } else {
            assert!(
                after_one * 2 < after_many,
                "afresh: {after_one} of {after_many}"
            );
        }
        searcher.clear();
        assert_eq!(searcher.stored_replies(), 0);
    }
}
