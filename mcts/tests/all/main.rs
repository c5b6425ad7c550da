//! The mcts crate's integration tests, one binary (one module per subject).

mod ladder;
mod nakade;
mod playout_board;
mod search;
