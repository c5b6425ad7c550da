//! Why a move is illegal, and the move type itself.

use std::fmt;

use goban::Vertex;

/// A move: a stone on a vertex, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Pass.
    Pass,
    /// A stone on this vertex.
    Play(Vertex),
}

/// Why a move may not be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The point holds a stone (and the move is no unblock action).
    #[error("the point is occupied")]
    Occupied,
    /// The vertex is not on the board.
    #[error("the point is off the board")]
    OffBoard,
    /// The stone would have no liberties and captures nothing (single-stone
    /// suicide, or multi-stone suicide where the rules forbid it).
    #[error("suicide of {stones} stone(s) is not allowed")]
    Suicide {
        /// Stones that would be removed.
        stones: usize,
    },
    /// Retaking the simple-ko point at once.
    #[error("retaking the ko at once is not allowed")]
    Ko,
    /// The move would repeat an earlier position (positional / situational
    /// superko, or Spight's rule).
    #[error("the move repeats an earlier position ({rule} superko)")]
    Superko {
        /// The ko rule that forbids it.
        rule: &'static str,
    },
    /// In a cleanup phase: this ko capture was already made from this very
    /// position in the same phase (the once-only rule).
    #[error("this ko capture was already made from this position in this cleanup phase")]
    KoCaptureRepeated,
    /// The game is over and the game does not continue after its end.
    #[error("the game is over")]
    GameOver,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Play(v) => write!(f, "vertex {}", v.0),
        }
    }
}
