//! Positions for tests: random boards for property tests and games of GNU
//! Go's regression suites loaded as GTP `loadsgf` loads them.

use std::path::Path;

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

/// A game of GNU Go's regression suites (`regression/games/GAME` in the
/// shared folder, read in place) loaded as GTP `loadsgf GAME MOVE` loads
/// it: the board and the ko point.
pub fn regression_position(
    shared: &Path,
    game: &str,
    move_number: Option<u32>,
) -> (Board, Option<Vertex>) {
    let sgf = shared.join("regression/games").join(game);
    let position =
        sgf::load_sgf_file(&sgf, move_number).unwrap_or_else(|e| panic!("{game} loads: {e}"));
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    (position.board, ko)
}
