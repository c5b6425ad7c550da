//! Helpers shared by the engine's test crates. Each test crate uses only
//! some of them.

#![allow(dead_code)]

use goban::{Board, Cell, Color, Geometry, Vertex};

/// A random position on a `size`×`size` board: `moves` (colour, index into
/// the board's vertices) tried in turn, occupied points and suicides
/// skipped.
pub fn random_board(size: usize, moves: &[(bool, u16)]) -> Board {
    let geometry = Geometry::square(size).unwrap();
    let vertices: Vec<Vertex> = geometry.board_vertices().collect();
    let mut board = Board::new(geometry);
    for &(black, k) in moves {
        let v = vertices[k as usize % vertices.len()];
        let color = if black { Color::Black } else { Color::White };
        if board.cell(v) == Cell::Empty && !board.is_suicide(color, v) {
            board.play(color, v);
        }
    }
    board
}
