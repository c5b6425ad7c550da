//! Walking a GNU Go regression suite file (`regression/NAME.tst` in the
//! shared folder, read in place): its `loadsgf` commands load the
//! position (with its simple-ko point), and every other command is handed
//! to the caller with its words (the test number dropped) and its line.
//! Shared by `common/connection_suite.rs` and `benches/attack.rs`
//! (included there by path).

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
    let text = testkit::read_text(&regression.join(file));
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
