//! Walking a GNU Go regression suite file (`regression/NAME.tst` in the
//! shared folder, read in place): its `loadsgf` commands load the
//! position (with its simple-ko point), and every other command is handed
//! to the caller with its words (the test number dropped) and its line.
//! [`connection_suite_queries`] picks the connection suite's questions
//! asked straight after a `loadsgf`.

use std::path::Path;

use goban::{Board, Vertex};

/// A position loaded by `loadsgf`, with its simple-ko point.
pub type SuitePosition = (Board, Option<Vertex>);

/// Calls `visit` with the current position (none before the first
/// `loadsgf`, after a file that does not load, or after a command for
/// which `visit` answered `false`), the command's words and its line,
/// for every command of `file` in order.
pub fn walk_suite(
    shared: &Path,
    file: &str,
    mut visit: impl FnMut(Option<&SuitePosition>, &[&str], &str) -> bool,
) {
    let regression = shared.join("regression");
    let text = crate::read_text(&regression.join(file));
    let mut position: Option<SuitePosition> = None;
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
        if let ["loadsgf", sgf_file, rest @ ..] = words {
            let move_number = rest.first().and_then(|n| n.parse().ok());
            position = sgf::load_sgf_file(&regression.join(sgf_file), move_number)
                .ok()
                .map(|p| {
                    let ko = p.ko.and_then(|k| p.board.geometry().vertex(k));
                    (p.board, ko)
                });
        } else if !visit(position.as_ref(), words, line) {
            position = None;
        }
    }
}

/// One `connect` or `disconnect` test asked straight after its `loadsgf`:
/// the position, its simple-ko point, the two strings, whether it asks
/// `connect` (else `disconnect`), and the test's line.
pub struct SuiteQuery {
    pub board: Board,
    pub ko: Option<Vertex>,
    pub a: Vertex,
    pub b: Vertex,
    pub connect: bool,
    pub line: String,
}

/// The `connect` and `disconnect` tests of GNU Go's `connection` suite
/// that ask about a position straight after its `loadsgf`, on two stones
/// of one colour (those the connection search answers; tests after
/// `trymove`, `play` or `popgo` are left out), in file order.
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
                found.push(SuiteQuery {
                    board: board.clone(),
                    ko: *ko,
                    a,
                    b,
                    connect: *command == "connect",
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
