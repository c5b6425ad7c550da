//! The `connect` and `disconnect` tests of GNU Go's `connection` suite
//! (`regression/connection.tst` in the shared folder, read in place) that
//! ask about a position straight after its `loadsgf`, on two stones of one
//! colour (those the connection search answers; tests after `trymove`,
//! `play` or `popgo` are left out). Shared by `tests/connection.rs` and
//! `benches/connect.rs` (included there by path).

use std::path::Path;

use engine::connection::search::Question;

use super::suite_file::walk_suite;
use goban::{Board, Vertex};

/// One test: the position, its simple-ko point, the two strings, the
/// question, and the test's line.
pub struct SuiteQuery {
    pub board: Board,
    pub ko: Option<Vertex>,
    pub a: Vertex,
    pub b: Vertex,
    pub question: Question,
    pub line: String,
}

/// The suite's queries, in file order.
pub fn connection_suite_queries(shared: &Path) -> Vec<SuiteQuery> {
    let mut found = Vec::new();
    walk_suite(shared, "connection.tst", |position, words, line| {
        match words {
            [command @ ("connect" | "disconnect"), a, b, ..] => {
                let Some((board, ko)) = position else {
                    return true;
                };
                let geometry = board.geometry();
                let (Some(a), Some(b)) = (geometry.parse_gtp(a), geometry.parse_gtp(b)) else {
                    return true;
                };
                // The GTP commands answer 0 without a search unless both
                // points hold stones of one colour.
                let (Some(ca), Some(cb)) = (board.cell(a).color(), board.cell(b).color()) else {
                    return true;
                };
                if ca != cb {
                    return true;
                }
                let question = if *command == "connect" {
                    Question::Connect
                } else {
                    Question::Disconnect
                };
                found.push(SuiteQuery {
                    board: board.clone(),
                    ko: *ko,
                    a,
                    b,
                    question,
                    line: line.to_string(),
                });
                true
            }
            // `same_dragon` reads nothing here and keeps the position.
            ["same_dragon", ..] => true,
            // Anything else changes the position.
            _ => false,
        }
    });
    found
}
