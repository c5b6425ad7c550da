//! SGF for tesuji: one reader with GNU Go's lenient rules, and positions
//! loaded from SGF the way GTP `loadsgf FILE N` loads them.
//!
//! * [`read_sgf`] / [`read_sgf_with`]: the first game tree of a text, read
//!   with GNU Go's reader rules (spec `joseki-and-fuseki.md` §1.2) on top of
//!   `sgf-parse`, with the [`NodePath`] of every node for error messages.
//! * [`load_sgf_file`] / [`load_sgf_text`]: replay the main line on a
//!   [`goban::Board`] (captures, suicide, the ko point) and stop before move
//!   N, giving a [`Position`].
//! * [`game`]: a game's positions one by one (before each move, then the
//!   final one) and the SGF files of a collection.

#![forbid(unsafe_code)]

pub mod game;
mod handicap;
mod load;
mod node_path;
mod position;
mod reader;

pub use handicap::fixed_handicap_points;
pub use load::{
    LoadError, StopAt, load_sgf_file, load_sgf_file_at, load_sgf_text, load_sgf_text_at,
    replay_sgf_text,
};
pub use node_path::NodePath;
pub use position::Position;
pub use reader::{MAX_DEPTH, MAX_NESTING, ReadOptions, SgfError, SgfTree, read_sgf, read_sgf_with};
