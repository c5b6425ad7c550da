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

/// A position of our own tactical suites (`tests/tactics/NAME` in the
/// workspace, setup stones only), as `loadsgf` loads it: the board and
/// the ko point.
pub fn tactics_position(name: &str) -> (Board, Option<Vertex>) {
    let sgf = crate::workspace_root().join("tests/tactics").join(name);
    sgf_position(&sgf, None)
}

/// A file of GNU Go's regression folder (`regression/PATH` in the shared
/// folder, read in place; `PATH` as a suite's `loadsgf` writes it, e.g.
/// `games/x.sgf` or `golois/y.sgf`) loaded as `loadsgf PATH MOVE` loads
/// it.
pub fn regression_file_position(
    shared: &Path,
    path: &str,
    move_number: Option<u32>,
) -> (Board, Option<Vertex>) {
    sgf_position(&shared.join("regression").join(path), move_number)
}

/// A position of the layer records in `shared/expected/layers/` (`sgf`
/// as a record writes it, relative to the folder that holds `shared/`),
/// loaded as `loadsgf FILE MOVE` loads it: the board and the ko point.
pub fn layers_position(shared: &Path, sgf: &str, move_number: u32) -> (Board, Option<Vertex>) {
    let root = shared.parent().expect("shared has a parent");
    sgf_position(&root.join(sgf), Some(move_number))
}

fn sgf_position(path: &Path, move_number: Option<u32>) -> (Board, Option<Vertex>) {
    let position = sgf::load_sgf_file(path, move_number)
        .unwrap_or_else(|e| panic!("{} loads: {e}", path.display()));
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    (position.board, ko)
}
