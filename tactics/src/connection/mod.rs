//! Connection reading after GNU Go's `string_connect` / `disconnect`:
//! can two strings of one colour be joined (their owner moving first),
//! and can they be kept apart (the opponent moving first), with GNU Go's
//! result codes ([`Code`](crate::Code)) and a move.
//!
//! Both work on the reader's *current* board, so a caller may `trymove`
//! first and ask afterwards (GNU Go's `oplay_connect` and relatives do
//! this). Every call leaves the board as it found it.
//!
//! The search (see [`search`]) alternates moves of the two sides, as GNU
//! Go's default ("alternate connections") algorithm does: the candidate
//! moves come from connection distances ([`distance`]), trivial
//! connections and cuts end a line early, the tactical reader decides
//! whether a string or a cutting stone can be captured, and a node budget
//! (10,000 at the root, five times GNU Go's, shrinking by 1.45 for every move already on the
//! reading stack) and depth limits bound the work. Results are kept in a
//! table keyed by the position hash for the length of one call.

mod cutting_capture;
pub mod distance;
mod params;
pub mod producers;
pub mod search;

use goban::Vertex;

use crate::reader::{Reader, ReadingResult};

pub use params::ConnectionParams;
use search::{ConnectionSearch, Question};

/// GNU Go's `string_connect(a, b)`: whether the strings at `a` and `b`
/// (stones of one colour) can be connected, their owner moving first.
/// Strings that are one already connect with no move ([`Code::Win`](crate::Code::Win) and
/// no point); stones of different colours or an empty point fail.
pub fn string_connect(reader: &mut Reader, a: Vertex, b: Vertex) -> ReadingResult {
    match same_colour_pair(reader, a, b) {
        Some(true) => ConnectionSearch::new(reader, a, b).run(Question::Connect),
        _ => ReadingResult::default(),
    }
}

/// GNU Go's `disconnect(a, b)`: whether the strings at `a` and `b` can be
/// kept apart, the opponent of their owner moving first. A pair that is
/// apart already answers [`Code::Win`](crate::Code::Win) with no point; one string cannot be
/// disconnected; stones of different colours or an empty point fail.
pub fn disconnect(reader: &mut Reader, a: Vertex, b: Vertex) -> ReadingResult {
    match same_colour_pair(reader, a, b) {
        Some(true) => ConnectionSearch::new(reader, a, b).run(Question::Disconnect),
        _ => ReadingResult::default(),
    }
}

/// `Some(true)` when `a` and `b` hold stones of one colour, `Some(false)`
/// for two colours, `None` when either is not a stone.
fn same_colour_pair(reader: &Reader, a: Vertex, b: Vertex) -> Option<bool> {
    let board = reader.board().board();
    let geometry = board.geometry();
    let on_board = |v: Vertex| v.index() < geometry.vertices();
    if !on_board(a) || !on_board(b) {
        return None;
    }
    let (ca, cb) = (board.cell(a).color()?, board.cell(b).color()?);
    Some(ca == cb)
}
