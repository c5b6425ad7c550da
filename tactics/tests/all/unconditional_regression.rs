//! Replays GNU Go's regression suite `unconditional.tst` (read in place
//! from the shared directory) against the unconditional analysis.
//!
//! The suite is a GTP script: `loadsgf FILE [N]` lines set the position,
//! numbered `unconditional_status V` commands ask, and the `#? [ANSWER]`
//! line after each gives the accepted answers (alternatives joined by `|`,
//! a leading `!` negating, a trailing `*` for tests GNU Go itself fails).

use std::path::Path;

use goban::{Board, Color};
use tactics::unconditional::UnconditionalAnalysis;

/// One line of the suite that matters here.
enum Step {
    /// `loadsgf FILE [N]`.
    LoadSgf(String, Option<u32>),
    /// `boardsize N` (which also clears the board).
    BoardSize(usize),
    /// `clear_board`.
    ClearBoard,
    /// `play COLOR VERTEX`.
    Play(Color, String),
    /// A numbered `unconditional_status V` with its accepted answer.
    Test {
        line: usize,
        vertex: String,
        expected: String,
    },
}

/// Parses the suite; panics with the line number on anything unexpected.
fn parse_suite(text: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (k, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let number = k + 1;
        if let Some(rest) = line.strip_prefix("#?") {
            let (at, vertex) = pending
                .take()
                .unwrap_or_else(|| panic!("line {number}: answer without a command"));
            let answer = rest.trim().trim_end_matches('*').trim();
            // One answer in the suite lacks its closing bracket; GNU Go's
            // tools accept that, so the bracket is optional here too.
            let inner = answer
                .strip_prefix('[')
                .unwrap_or_else(|| panic!("line {number}: answer not in brackets: {answer}"));
            let expected = inner.strip_suffix(']').unwrap_or(inner);
            steps.push(Step::Test {
                line: at,
                vertex,
                expected: expected.to_string(),
            });
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let step = match words.as_slice() {
            ["loadsgf", file] => Step::LoadSgf(file.to_string(), None),
            ["loadsgf", file, n] => Step::LoadSgf(
                file.to_string(),
                Some(
                    n.parse()
                        .unwrap_or_else(|_| panic!("line {number}: bad move number")),
                ),
            ),
            ["boardsize", n] => Step::BoardSize(
                n.parse()
                    .unwrap_or_else(|_| panic!("line {number}: bad size")),
            ),
            ["clear_board"] => Step::ClearBoard,
            ["play", color, vertex] => Step::Play(
                Color::parse(color).unwrap_or_else(|| panic!("line {number}: bad colour")),
                vertex.to_string(),
            ),
            [id, "unconditional_status", vertex] if id.parse::<u32>().is_ok() => {
                pending = Some((number, vertex.to_string()));
                continue;
            }
            _ => panic!("line {number}: unexpected line: {line}"),
        };
        steps.push(step);
    }
    steps
}

/// GNU Go's matching: each `|` alternative is a regular expression over the
/// answer; here they are plain words, so equality per alternative (with
/// `!` negating the whole).
fn accepts(expected: &str, answer: &str) -> bool {
    match expected.strip_prefix('!') {
        Some(rest) => !accepts(rest, answer),
        None => expected.split('|').any(|alternative| alternative == answer),
    }
}

#[test]
fn unconditional_suite_passes() {
    let shared = testkit::require_shared!();
    let regression = shared.join("regression");
    let text = testkit::read_text(&regression.join("unconditional.tst"));
    let steps = parse_suite(&text);
    let total = steps
        .iter()
        .filter(|s| matches!(s, Step::Test { .. }))
        .count();
    assert_eq!(total, 673, "the suite has 673 tests");
    let mut passed = 0;
    let mut failures = Vec::new();
    let mut board: Option<Board> = None;
    let mut analysis: Option<UnconditionalAnalysis> = None;
    for step in &steps {
        match step {
            Step::LoadSgf(file, move_number) => {
                let position = sgf::load_sgf_file(&regression.join(Path::new(file)), *move_number)
                    .unwrap_or_else(|e| panic!("{file}: {e}"));
                board = Some(position.board);
                analysis = None;
            }
            Step::BoardSize(n) => {
                board = Some(Board::square(*n).expect("a valid size"));
                analysis = None;
            }
            Step::ClearBoard => {
                board.as_mut().expect("a board").clear();
                analysis = None;
            }
            Step::Play(color, vertex) => {
                let b = board.as_mut().expect("a board");
                let v = b.geometry().parse_gtp(vertex).expect("a vertex");
                b.play(*color, v);
                analysis = None;
            }
            Step::Test {
                line,
                vertex,
                expected,
            } => {
                let b = board.as_ref().expect("a position before the first test");
                let a = analysis.get_or_insert_with(|| UnconditionalAnalysis::new(b));
                let v = b
                    .geometry()
                    .parse_gtp(vertex)
                    .unwrap_or_else(|| panic!("line {line}: bad vertex {vertex}"));
                let answer = a.status(v).gtp_name();
                if accepts(expected, answer) {
                    passed += 1;
                } else {
                    failures.push(format!(
                        "line {line} {vertex}: expected {expected}, got {answer}"
                    ));
                }
            }
        }
    }
    println!("unconditional.tst: {passed}/{} passed", total);
    for f in &failures {
        println!("  {f}");
    }
    // GNU Go passes all 673, and so does this module.
    const FLOOR: usize = 673;
    assert!(
        passed >= FLOOR,
        "{passed}/{total}: fewer than the floor of {FLOOR} ({} failures)",
        failures.len()
    );
}
