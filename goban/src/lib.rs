//! The board core every other crate of tesuji plays moves on.
//!
//! * [`Color`], [`Cell`] and [`Point`]: players, point contents (with GNU
//!   Go's codes) and board points `(i, j)` = (row from the top, column from
//!   the left), with GTP vertices for people.
//! * [`Geometry`]: a board's width and height (1 to 25 each, not
//!   necessarily square) and the padded one-dimensional [`Vertex`]
//!   numbering the board works in.
//! * [`Board`]: stones, strings (GNU Go's *worms*: stones of one colour
//!   joined along the lines) with liberties kept up to date on every move,
//!   a Zobrist hash, play with captures, and undo in time proportional to
//!   what the move changed.
//!
//! The board knows no rules beyond captures: which moves are legal (ko,
//! superko, suicide) and how a game is scored belong to the `rules` crate.

#![forbid(unsafe_code)]

mod board;
mod color;
mod geometry;
mod point;
mod zobrist;

pub use board::{Board, MoveRecord, StringInfo};
pub use color::{Cell, Color, Content};
pub use geometry::{Geometry, GeometryError, MAX_SIZE, Vertex};
pub use point::{GTP_COLUMNS, Point};
pub use zobrist::{zobrist_key, zobrist_side_key};
