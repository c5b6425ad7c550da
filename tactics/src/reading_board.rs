//! The reading board: a `goban::Board` plus the simple-ko point, with GNU
//! Go's `trymove` (a legal move pushed on the reading stack: illegal on an
//! occupied point, on suicide and on the simple-ko point), `tryko` (a ko
//! capture that ignores the ko ban, as if a ko threat had been played and
//! answered) and `popgo` (take the last one back). Moves are taken back
//! through goban's undo frames, so a try costs only what it changes.

use goban::{Board, Cell, Color, Vertex, zobrist_key};

/// Why a try was refused (GNU Go answers `illegal move` for all of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TryError {
    /// The point is occupied or off the board.
    #[error("the point is occupied")]
    Occupied,
    /// The move would leave its own string without liberties.
    #[error("suicide")]
    Suicide,
    /// The move retakes the simple ko at once.
    #[error("the ko point")]
    Ko,
}

/// A board with a reading stack.
#[derive(Debug, Clone)]
pub struct ReadingBoard {
    board: Board,
    /// The simple-ko point: the point where a ko capture would retake a
    /// ko at once (forbidden; filling it without capturing is allowed).
    ko: Option<Vertex>,
    /// The moves on the stack, in order: each move's point and the ko
    /// point before it.
    stack: Vec<StackedMove>,
}

/// One move on the reading stack: where it was played, and the ko point
/// to restore when it is taken back.
#[derive(Clone, Copy, Debug)]
struct StackedMove {
    point: Vertex,
    ko_before: Option<Vertex>,
}

/// The hash key of a ko point (mixed with the stone keys of both colours
/// so it differs from any stone key).
fn ko_key(v: Vertex) -> u64 {
    (zobrist_key(Color::Black, v) ^ zobrist_key(Color::White, v).rotate_left(23))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl ReadingBoard {
    /// A reading board on `board` with `ko` as the current simple-ko point.
    pub fn new(board: Board, ko: Option<Vertex>) -> ReadingBoard {
        ReadingBoard {
            board,
            ko,
            stack: Vec::new(),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current simple-ko point.
    pub fn ko(&self) -> Option<Vertex> {
        self.ko
    }

    /// Moves on the reading stack.
    pub fn stack_depth(&self) -> usize {
        self.stack.len()
    }

    /// The last move on the stack (the point it was played at), if any.
    pub fn last_move(&self) -> Option<Vertex> {
        self.stack.last().map(|m| m.point)
    }

    /// The position hash: goban's Zobrist hash of the stones, with the ko
    /// point mixed in.
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ self.ko.map_or(0, ko_key)
    }

    /// Why `color` may not play at `v` under GNU Go's reading rules (no
    /// suicide, simple ko), or `None` when it may.
    pub fn check(&self, color: Color, v: Vertex, ignore_ko: bool) -> Option<TryError> {
        if self.board.cell(v) != Cell::Empty {
            return Some(TryError::Occupied);
        }
        if !ignore_ko && self.ko == Some(v) && self.is_ko_capture(color, v) {
            return Some(TryError::Ko);
        }
        if self.board.is_suicide(color, v) {
            return Some(TryError::Suicide);
        }
        None
    }

    /// GNU Go's `trymove`: plays `color` at `v` on top of the stack, or
    /// says why not.
    pub fn trymove(&mut self, color: Color, v: Vertex) -> Result<(), TryError> {
        self.try_play(color, v, false)
    }

    /// GNU Go's `tryko`: like [`ReadingBoard::trymove`] but a ko capture is
    /// allowed even on the ko point.
    pub fn tryko(&mut self, color: Color, v: Vertex) -> Result<(), TryError> {
        self.try_play(color, v, true)
    }

    fn try_play(&mut self, color: Color, v: Vertex, ignore_ko: bool) -> Result<(), TryError> {
        if let Some(error) = self.check(color, v, ignore_ko) {
            return Err(error);
        }
        self.board.push_undo_frame();
        self.stack.push(StackedMove {
            point: v,
            ko_before: self.ko,
        });
        let record = self.board.play(color, v);
        self.ko = record.ko;
        Ok(())
    }

    /// GNU Go's `popgo`: takes the last try back. False when the stack is
    /// empty.
    pub fn popgo(&mut self) -> bool {
        let Some(StackedMove { ko_before: ko, .. }) = self.stack.pop() else {
            return false;
        };
        self.board.undo();
        self.ko = ko;
        true
    }

    /// Whether a move by `color` at `v` is a ko capture: it captures
    /// exactly one stone and the new stone is then alone with one liberty.
    pub fn is_ko_capture(&self, color: Color, v: Vertex) -> bool {
        // The cheap test first: most points have a neighbour that is not
        // an opponent stone.
        self.board.cell(v) == Cell::Empty
            && self
                .board
                .neighbours(v)
                .all(|n| self.board.cell(n) == color.other().stone())
            && self.board.capture_count(color, v) == 1
    }
}
