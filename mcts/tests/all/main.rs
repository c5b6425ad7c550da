//! The mcts crate's integration tests, one binary (one module per subject).

mod capture;
mod criticality;
mod ladder;
mod liberties;
mod nakade;
mod playout_board;
mod reply;
mod same_playouts;
mod search;

use mcts::board::PASS;
use mcts::reply::ReplyTable;
use mcts::{Playout, PlayoutBoard, Policy};

/// The first moves of `count` playouts of `board` under `policy` (seeds
/// 0 to `count - 1`), the weights checked against a fresh computation
/// after each playout.
fn first_moves(board: &PlayoutBoard, policy: &Policy, count: u64) -> Vec<u16> {
    first_moves_with(board, policy, None, count)
}

/// [`first_moves`] with the stored replies of `replies` tried first
/// (`Playout::run_with_replies`, no move before the board's last).
fn first_moves_with(
    board: &PlayoutBoard,
    policy: &Policy,
    replies: Option<&ReplyTable>,
    count: u64,
) -> Vec<u16> {
    let start = Playout::new(board.clone(), policy);
    (0..count)
        .map(|seed| {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut playout = start.clone();
            let mut first = None;
            let mut record = |v, _| {
                first.get_or_insert(v);
            };
            match replies {
                Some(table) => {
                    playout.run_with_replies(policy, &mut rng, 30, table, PASS, &mut record)
                }
                None => playout.run(policy, &mut rng, 30, &mut record),
            }
            assert_eq!(playout.check_weights(policy), Ok(()));
            first.unwrap()
        })
        .collect()
}
