//! The board layer: what the position and the game alone decide, the
//! lowest parts of the engine's context.
//!
//! * [`BoardPart`]: the board and strings questions (legality, suicide,
//!   liberties, stone presence, string identity, ko shapes), answered by
//!   `matcher`'s board-only [`BoardContext`] for the colour `O`, so the
//!   board-only context and the engine's answer them alike.
//! * [`GamePart`] (`game`): the game-state questions (`doing_scoring`,
//!   `value`, `break_mirror_helper`).
//! * [`ActionLog`] (`actions`): the actions, recorded, not executed, until
//!   move reasons exist.
//!
//! [`BoardContexts`] is the pair of board-only contexts over one borrowed
//! board, for code that wants no more than the board (dragons on the
//! board alone).

mod actions;
mod game;

pub use actions::ActionLog;
pub use game::GamePart;

use std::borrow::Cow;

use goban::{Board, Color};
use matcher::constraint::board_context::BoardContext;

use crate::compose::{Part, RecordedAction, forward_context};

/// The board-only contexts ([`BoardContext`]) for both colours, over one
/// board.
#[derive(Debug, Clone)]
pub struct BoardContexts<'a> {
    black: BoardContext<'a>,
    white: BoardContext<'a>,
}

impl<'a> BoardContexts<'a> {
    /// Board-only contexts over `board`.
    pub fn new(board: &'a Board) -> BoardContexts<'a> {
        BoardContexts::from_cow(Cow::Borrowed(board))
    }

    fn from_cow(board: Cow<'a, Board>) -> BoardContexts<'a> {
        BoardContexts {
            black: BoardContext::from_goban(board.clone(), Color::Black),
            white: BoardContext::from_goban(board, Color::White),
        }
    }

    /// The context for patterns matched for `color`.
    pub fn for_color(&mut self, color: Color) -> &mut BoardContext<'a> {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    fn get(&self, color: Color) -> &BoardContext<'a> {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl BoardContexts<'static> {
    /// Board-only contexts owning copies of `board`.
    pub fn owned(board: &Board) -> BoardContexts<'static> {
        BoardContexts::from_cow(Cow::Owned(board.clone()))
    }
}

/// The board part: the board-only context of the colour `O`.
#[derive(Debug, Clone)]
pub struct BoardPart {
    contexts: BoardContexts<'static>,
    o: Color,
}

impl BoardPart {
    /// The board part over a copy of `board`, answering for `o`.
    pub fn new(board: &Board, o: Color) -> BoardPart {
        BoardPart {
            contexts: BoardContexts::owned(board),
            o,
        }
    }

    /// Answers for `color` from now on.
    pub fn set_color(&mut self, color: Color) {
        self.o = color;
    }

    fn current_mut(&mut self) -> &mut BoardContext<'static> {
        self.contexts.for_color(self.o)
    }

    fn current(&self) -> &BoardContext<'static> {
        self.contexts.get(self.o)
    }
}

forward_context!(BoardPart => current_mut, current);

impl Part for BoardPart {
    fn drain(&mut self, unsupported: &mut Vec<&'static str>, _: &mut Vec<RecordedAction>) {
        unsupported.append(&mut self.current_mut().unsupported);
    }
}
