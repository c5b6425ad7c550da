//! The `connect` and `disconnect` tests of GNU Go's `connection` suite
//! (`regression/connection.tst` in the shared folder, read in place) that
//! ask about a position straight after its `loadsgf`, on two stones of one
//! colour (those the connection search answers; tests after `trymove`,
//! `play` or `popgo` are left out). Shared by `tests/connection.rs` and
//! `benches/connect.rs` (included there by path).

use std::path::Path;

use engine::connection::search::Question;
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
    let regression = shared.join("regression");
    let text = testkit::read_text(&regression.join("connection.tst"));
    let mut position: Option<(Board, Option<Vertex>)> = None;
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        // Numbered tests carry their number first.
        let words = if words[0].parse::<u32>().is_ok() {
            &words[1..]
        } else {
            &words[..]
        };
        match words {
            ["loadsgf", file, rest @ ..] => {
                let move_number = rest.first().and_then(|n| n.parse().ok());
                position = sgf::load_sgf_file(&regression.join(file), move_number)
                    .ok()
                    .map(|p| {
                        let ko = p.ko.and_then(|k| p.board.geometry().vertex(k));
                        (p.board, ko)
                    });
            }
            [command @ ("connect" | "disconnect"), a, b, ..] => {
                let Some((board, ko)) = &position else {
                    continue;
                };
                let geometry = board.geometry();
                let (Some(a), Some(b)) = (geometry.parse_gtp(a), geometry.parse_gtp(b)) else {
                    continue;
                };
                // The GTP commands answer 0 without a search unless both
                // points hold stones of one colour.
                let (Some(ca), Some(cb)) = (board.cell(a).color(), board.cell(b).color()) else {
                    continue;
                };
                if ca != cb {
                    continue;
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
            }
            // `same_dragon` reads nothing here and keeps the position.
            ["same_dragon", ..] => {}
            // Anything else changes the position.
            _ => position = None,
        }
    }
    found
}
