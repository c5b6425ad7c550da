//! The 19×19 Go board the joseki converter replays moves on: stones,
//! captures and the suicide test (the rules of [`matcher::strings`]), with
//! cheap snapshots for taking moves back.

use matcher::board::{Cell, Point};
use matcher::strings::{is_suicide, place_capturing};

/// A stone's colour.
pub use matcher::board::Color as Stone;

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
    board: matcher::board::Board,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            board: matcher::board::Board::new(SIZE).expect("19 is a supported board size"),
        }
    }
}

/// The point `(i, j)`; coordinates past the board stay off it.
fn point(i: usize, j: usize) -> Point {
    let coordinate = |x: usize| u8::try_from(x).unwrap_or(u8::MAX);
    Point::new(coordinate(i), coordinate(j))
}

impl Board {
    /// The stone at `(i, j)`, if any.
    pub fn get(&self, i: usize, j: usize) -> Option<Stone> {
        self.board.at(point(i, j)).color()
    }

    /// Whether `colour` playing at the empty point `(i, j)` would be suicide:
    /// no liberty, no friendly neighbour string with another liberty, and no
    /// capture.
    pub fn is_suicide(&self, i: usize, j: usize, colour: Stone) -> bool {
        is_suicide(&self.board, point(i, j), colour)
    }

    /// Plays `colour` at `(i, j)` with captures (no ko rule).
    pub fn play(&mut self, i: usize, j: usize, colour: Stone) -> Result<(), IllegalMove> {
        if self.board.at(point(i, j)) != Cell::Empty {
            return Err(IllegalMove::Occupied);
        }
        if self.is_suicide(i, j, colour) {
            return Err(IllegalMove::Suicide);
        }
        place_capturing(&mut self.board, point(i, j), colour);
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
