//! tesuji's tactical core, built on `goban::Board` only, after GNU Go
//! 3.8's engine: a reading board (try a move, take it back, GNU Go's
//! `trymove` and `tryko`, a hash that includes the ko point), tactical
//! reading (`attack` / `find_defense` with GNU Go's result codes, depth and
//! node limits and a transposition table), connection reading
//! (`string_connect` / `disconnect`), worms (GNU Go's per-string data at the
//! root position) and the unconditional status of strings and points
//! (GNU Go's `unconditional_status`).
//!
//! There is no global state: every [`Reader`] owns its board, limits,
//! counters and table, so several can live in one process.

pub mod codes;
pub mod connection;
pub mod reader;
pub mod reading_board;
pub mod unconditional;
pub mod worm_shape;
pub mod worms;

pub use codes::Code;
pub use reader::{
    BREAK_THROUGH_CUT, BREAK_THROUGH_EMPTY, BREAK_THROUGH_WIN, DepthLimits, Reader, ReadingParams,
    ReadingResult,
};
pub use reading_board::{ReadingBoard, TryError};
pub use worms::{Worm, compute_worms};
