//! The 19×19 Go board the joseki converter replays moves on: a thin
//! wrapper over the board core [`goban::Board`] indexed by `(row, column)`
//! that refuses occupied points and suicide (no ko rule), with goban's
//! undo frames for taking moves back.

use goban::{Cell, Geometry, Point, Vertex};

/// A stone's colour.
pub use goban::Color as Stone;

/// Side length of the internal board.
pub const SIZE: usize = 19;

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point already holds a stone (or lies off the board).
    Occupied,
    /// The move would leave its own string without liberties.
    Suicide,
}

/// A 19×19 board indexed by `(row, column)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    board: goban::Board,
}

impl Default for Board {
    fn default() -> Self {
        let geometry = Geometry::square(SIZE).expect("19 is a supported board size");
        Board {
            board: goban::Board::new(geometry),
        }
    }
}

impl Board {
    /// Opens an undo frame: [`Board::undo`] takes back every move since.
    pub fn push_undo_frame(&mut self) {
        self.board.push_undo_frame();
    }

    /// Takes back everything since the last [`Board::push_undo_frame`].
    pub fn undo(&mut self) {
        self.board.undo();
    }

    /// The vertex of `(i, j)`, `None` off the board.
    fn vertex(&self, i: usize, j: usize) -> Option<Vertex> {
        let (i, j) = (u8::try_from(i).ok()?, u8::try_from(j).ok()?);
        self.board.geometry().vertex(Point::new(i, j))
    }

    /// The vertex of `(i, j)` when it is an empty point of the board.
    fn empty_vertex(&self, i: usize, j: usize) -> Option<Vertex> {
        self.vertex(i, j)
            .filter(|&v| self.board.cell(v) == Cell::Empty)
    }

    /// The stone at `(i, j)`, if any.
    pub fn get(&self, i: usize, j: usize) -> Option<Stone> {
        self.vertex(i, j).and_then(|v| self.board.cell(v).color())
    }

    /// Whether `colour` playing at the empty point `(i, j)` would be suicide:
    /// no liberty, no friendly neighbour string with another liberty, and no
    /// capture.
    pub fn is_suicide(&self, i: usize, j: usize, colour: Stone) -> bool {
        self.empty_vertex(i, j)
            .is_some_and(|v| self.board.is_suicide(colour, v))
    }

    /// Plays `colour` at `(i, j)` with captures (no ko rule).
    pub fn play(&mut self, i: usize, j: usize, colour: Stone) -> Result<(), IllegalMove> {
        let v = self.empty_vertex(i, j).ok_or(IllegalMove::Occupied)?;
        if self.board.is_suicide(colour, v) {
            return Err(IllegalMove::Suicide);
        }
        self.board.play(colour, v);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_and_suicide() {
        let mut board = Board::default();
        // White stone in the corner, black surrounds it.
        board.play(0, 0, Stone::White).unwrap();
        board.play(0, 1, Stone::Black).unwrap();
        assert!(!board.is_suicide(1, 1, Stone::White));
        board.play(1, 0, Stone::Black).unwrap();
        assert_eq!(board.get(0, 0), None, "corner stone captured");
        // Now white at (0, 0) is suicide.
        assert!(board.is_suicide(0, 0, Stone::White));
        assert_eq!(board.play(0, 0, Stone::White), Err(IllegalMove::Suicide));
        assert_eq!(board.play(0, 1, Stone::White), Err(IllegalMove::Occupied));
        // Black may fill its own eye.
        assert!(!board.is_suicide(0, 0, Stone::Black));
    }

    #[test]
    fn capturing_move_is_not_suicide() {
        let mut board = Board::default();
        for (i, j, c) in [
            (0, 1, Stone::Black),
            (1, 0, Stone::Black),
            (0, 2, Stone::White),
            (1, 1, Stone::White),
            (2, 0, Stone::White),
        ] {
            board.play(i, j, c).unwrap();
        }
        assert!(!board.is_suicide(0, 0, Stone::White));
        board.play(0, 0, Stone::White).unwrap();
        assert_eq!(board.get(0, 1), None);
        assert_eq!(board.get(1, 0), None);
    }

    #[test]
    fn points_past_the_board_are_empty_and_unplayable() {
        let mut board = Board::default();
        board.play(3, 0, Stone::Black).unwrap();
        assert_eq!(board.get(259, 0), None, "259 does not wrap to row 3");
        assert_eq!(board.get(SIZE, 0), None);
        assert_eq!(
            board.play(SIZE, 3, Stone::White),
            Err(IllegalMove::Occupied)
        );
        assert_eq!(board.play(259, 0, Stone::White), Err(IllegalMove::Occupied));
    }
}
