//! Helpers for the reader's unit tests on written boards: a point by its
//! GTP name, and a move list in board order (for generators whose order
//! the test does not pin).

use goban::{Board, Vertex};

/// The vertex of the GTP name `gtp` on `board` (panics on a bad name:
/// tests only).
pub(super) fn at(board: &Board, gtp: &str) -> Vertex {
    board.geometry().parse_gtp(gtp).expect("a vertex")
}

/// `moves` sorted in board order.
pub(super) fn sorted(mut moves: Vec<Vertex>) -> Vec<Vertex> {
    moves.sort();
    moves
}
