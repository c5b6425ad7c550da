//! A position as GTP `loadsgf` leaves it: a board, the colour to move, GNU
//! Go's ko point and the game's counters.

use goban::{Board, Color, Point};

use crate::game::Played;

/// A position as GTP `loadsgf` leaves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The stones, on the board core's incremental board (square: SGF
    /// loading refuses other shapes, as GNU Go does).
    pub board: Board,
    /// The colour to move: the colour of SGF move N, or (when loading ran to
    /// the end) the colour after the last move, `PL`, or White with a
    /// handicap, else Black.
    pub to_move: Color,
    /// GNU Go's `board_ko_pos`: the point the side to move may not retake
    /// immediately.
    pub ko: Option<Point>,
    /// The moves replayed, in order, each with its colour (passes
    /// included; setup stones are not moves): GTP `move_history`.
    pub moves: Vec<(Color, Played)>,
    /// Handicap stones GNU Go placed itself (its `handicap` global): a root
    /// `HA` of 2 or more with an empty board when White is to move first
    /// gets fixed handicap stones; otherwise 0, even when the file has
    /// `HA` (its stones then come from `AB`).
    pub handicap: u32,
    /// Black stones captured so far.
    pub black_captured: u32,
    /// White stones captured so far.
    pub white_captured: u32,
    /// Why loading stopped before the point asked for, as GNU Go warns on
    /// its standard error: a move on an occupied point (GNU Go 3.8 prints
    /// `Move at E5 ignored, trying to proceed.` and loads the position
    /// before that move, its colour to play); `None` when nothing was
    /// skipped.
    pub warning: Option<String>,
}

impl Position {
    /// The number of moves replayed (passes included).
    pub fn moves_played(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The number of lines of the (square) board.
    pub fn size(&self) -> usize {
        self.board.geometry().width()
    }
}
