//! A runner of GTP regression suites in GNU Go's `.tst` format, for any
//! [`GtpEngine`]: it sends a suite's commands in order, checks every
//! test's answer against its `#? [RE]` expectation and reports each test
//! with its file and line, the expectation and the answer.
//!
//! The scoring is GNU Go's, as `regression/regress.py` in the shared
//! folder reproduces it (this is our own code, written after that
//! script's rules), so that a suite's count here equals that script's:
//! - the answer is the first line of the response, id and surrounding
//!   whitespace stripped; it passes when it matches `^` + RE + `$` (a
//!   plain concatenation: `[A1|B2]` is `(^A1)|(B2$)`), or, for `[!RE]`,
//!   when it does not;
//! - `pass`/`PASS`: matched (`PASS` although marked `*`, expected to
//!   fail); `fail`/`FAIL`: not matched (`FAIL` although expected to pass);
//!   an error answer is `error` unless the command is unknown to the
//!   engine (`unsupported`, not a failure); `timeout` and `crash` are
//!   failures after which the engine is restarted and the position
//!   replayed; a test marked `&` is ignored;
//! - setup commands the engine does not know fall back to standard ones
//!   (`black V` → `play black V`, `trymove C V` → `play C V`, `popgo` →
//!   `undo`, tuning knobs dropped); other setup failures are recorded in
//!   [`SuiteReport::setup_problems`] and taint the tests after them.
//!
//! `loadsgf` paths are resolved against a list of folders, first that
//! holds the file (the suite's own folder first, then e.g. the shared
//! regression folder), so that our own suites refer to GNU Go's games in
//! place, never copying them.

mod engine;
pub mod tst;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use engine::{GtpEngine, GtpError, ProcessEngine};
pub use tst::{Item, Test, parse_tst};

/// Commands that start a new position (replayed first after a restart).
const RESET_COMMANDS: &[&str] = &["loadsgf", "boardsize", "clear_board"];
/// Commands that change the position.
const POSITION_COMMANDS: &[&str] = &[
    "play",
    "black",
    "white",
    "undo",
    "gg-undo",
    "trymove",
    "tryko",
    "popgo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "genmove",
    "genmove_black",
    "genmove_white",
    "kgs-genmove_cleanup",
    "loadsgf",
    "boardsize",
    "clear_board",
];
/// Persistent settings, replayed after a restart.
const CONFIG_COMMANDS: &[&str] = &[
    "komi",
    "level",
    "increase_depths",
    "decrease_depths",
    "set_random_seed",
    "advance_random_seed",
    "orientation",
    "time_settings",
    "time_left",
    "set_search_diamond",
    "set_search_limit",
    "reset_search_mask",
    "limit_search",
    "kgs-rules",
    "rules",
];
/// Tuning knobs with no meaning for other engines: dropped when unknown.
const DROPPABLE_COMMANDS: &[&str] = &[
    "increase_depths",
    "decrease_depths",
    "set_random_seed",
    "advance_random_seed",
    "level",
    "clear_cache",
    "reset_reading_node_counter",
    "reset_owl_node_counter",
    "reset_connection_node_counter",
    "reset_life_node_counter",
    "reset_trymove_counter",
    "start_sgftrace",
    "finish_sgftrace",
    "echo",
    "echo_err",
    "set_search_diamond",
    "set_search_limit",
    "reset_search_mask",
    "limit_search",
];
/// Error texts that mean "unknown command".
const UNSUPPORTED_WORDS: &[&str] = &[
    "unknown command",
    "unknown_command",
    "not implemented",
    "unimplemented",
    "unsupported",
    "not supported",
    "no such command",
    "unrecognized command",
    "invalid command",
];
/// Restarts after which a suite is given up.
const MAX_RESTARTS: usize = 25;

/// A test's outcome, in GNU Go's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Passed, as expected.
    Pass,
    /// Passed although marked `*` (GNU Go's `PASS`).
    UnexpectedPass,
    /// Failed, as marked `*`.
    Fail,
    /// Failed although expected to pass (GNU Go's `FAIL`).
    UnexpectedFail,
    /// The engine does not know the command (not a failure).
    Unsupported,
    /// An error answer.
    Error,
    /// No answer in time (the engine is restarted).
    Timeout,
    /// The engine died (it is restarted).
    Crash,
    /// Not run: the suite was given up after too many restarts.
    Aborted,
    /// Marked `&`: not counted.
    Ignored,
}

impl Status {
    /// The word `regress.py` prints.
    pub fn word(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::UnexpectedPass => "PASS",
            Status::Fail => "fail",
            Status::UnexpectedFail => "FAIL",
            Status::Unsupported => "unsupported",
            Status::Error => "error",
            Status::Timeout => "timeout",
            Status::Crash => "crash",
            Status::Aborted => "aborted",
            Status::Ignored => "ignored",
        }
    }

    /// Whether the test counts as passed.
    pub fn passed(self) -> bool {
        matches!(self, Status::Pass | Status::UnexpectedPass)
    }
}

/// One test's result.
#[derive(Debug, Clone)]
pub struct TestResult {
    pub test: Test,
    pub status: Status,
    /// The answer's first line (the error text for an error).
    pub answer: String,
    /// Whether a position setup command before it failed.
    pub tainted: bool,
}

/// What one suite gave.
#[derive(Debug, Clone)]
pub struct SuiteReport {
    /// The suite's file.
    pub file: PathBuf,
    /// Every test in file order, ignored ones included.
    pub results: Vec<TestResult>,
    /// Setup commands that failed (`what: command: answer`).
    pub setup_problems: Vec<String>,
    /// Engine restarts.
    pub restarts: usize,
    /// Why the suite was given up, if it was.
    pub aborted: Option<String>,
}

impl SuiteReport {
    fn counted(&self) -> impl Iterator<Item = &TestResult> {
        self.results.iter().filter(|r| r.status != Status::Ignored)
    }

    /// Tests counted (all but the ignored ones).
    pub fn total(&self) -> usize {
        self.counted().count()
    }

    /// Tests passed (`pass` and `PASS`), as `regress.py` counts them.
    pub fn passed(&self) -> usize {
        self.counted().filter(|r| r.status.passed()).count()
    }

    /// Tests with the status.
    pub fn count(&self, status: Status) -> usize {
        self.results.iter().filter(|r| r.status == status).count()
    }

    /// The tests that failed (every status but pass, `PASS`,
    /// unsupported and ignored), one line each.
    pub fn failures(&self) -> Vec<String> {
        self.results
            .iter()
            .filter(|r| {
                !r.status.passed() && !matches!(r.status, Status::Unsupported | Status::Ignored)
            })
            .map(|r| self.describe(r))
            .collect()
    }

    /// `FILE:LINE: test N `COMMAND`: STATUS, expected [RE](*), got `ANSWER``.
    pub fn describe(&self, r: &TestResult) -> String {
        format!(
            "{}:{}: test {} `{}`: {}, expected [{}]{}, got `{}`{}",
            self.file.display(),
            r.test.line,
            r.test.num,
            r.test.command,
            r.status.word(),
            r.test.expected(),
            if r.test.xfail { "*" } else { "" },
            r.answer,
            if r.tainted { " (tainted)" } else { "" }
        )
    }

    /// One line: the counts as `regress.py` tabulates them.
    pub fn summary(&self) -> String {
        let failed = self.total() - self.passed() - self.count(Status::Unsupported);
        format!(
            "{}: {} tests, {} passed, {} failed (PASS {}, FAIL {}, unsupported {}, error {}, \
             timeout {}, crash {}), {} restarts",
            self.file.display(),
            self.total(),
            self.passed(),
            failed,
            self.count(Status::UnexpectedPass),
            self.count(Status::UnexpectedFail),
            self.count(Status::Unsupported),
            self.count(Status::Error),
            self.count(Status::Timeout),
            self.count(Status::Crash),
            self.restarts
        )
    }

    /// Panics with every failing test and setup problem unless every
    /// test passed as expected, no setup command failed and the suite
    /// has tests: the check for our own suites.
    pub fn assert_clean(&self) {
        let mut problems: Vec<String> = self.failures();
        problems.extend(
            self.results
                .iter()
                .filter(|r| r.status == Status::UnexpectedPass)
                .map(|r| self.describe(r)),
        );
        problems.extend(
            self.results
                .iter()
                .filter(|r| r.status == Status::Unsupported)
                .map(|r| self.describe(r)),
        );
        problems.extend(
            self.setup_problems
                .iter()
                .map(|p| format!("{}: setup {p}", self.file.display())),
        );
        problems.extend(
            self.aborted
                .iter()
                .map(|a| format!("{}: aborted: {a}", self.file.display())),
        );
        if self.total() == 0 {
            problems.push(format!("{}: no tests", self.file.display()));
        }
        assert!(
            problems.is_empty(),
            "{}\n{}",
            self.summary(),
            problems.join("\n")
        );
    }

    /// Every test as `NUM STATUS ANSWER`, one a line (for comparing with
    /// `regress.py`'s JSON).
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for r in &self.results {
            let _ = writeln!(out, "{} {} {}", r.test.num, r.status.word(), r.answer);
        }
        out
    }
}

/// Runs the suite in `file` on `engine`; `loadsgf` paths that are not
/// absolute resolve against `file`'s folder, then against each of
/// `sgf_dirs` in turn (the first that holds the file). Errors only when
/// the file cannot be read.
pub fn run_suite(
    engine: &mut dyn GtpEngine,
    file: &Path,
    sgf_dirs: &[PathBuf],
) -> Result<SuiteReport, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
    let items = parse_tst(&tst::latin1(&bytes));
    let mut dirs = vec![file.parent().unwrap_or(Path::new(".")).to_path_buf()];
    dirs.extend(sgf_dirs.iter().cloned());
    let mut runner = Runner {
        engine,
        dirs,
        known: None,
        history: Vec::new(),
        taint: false,
        report: SuiteReport {
            file: file.to_path_buf(),
            results: Vec::new(),
            setup_problems: Vec::new(),
            restarts: 0,
            aborted: None,
        },
    };
    runner.run(&items);
    Ok(runner.report)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum HistoryKind {
    Size,
    Position,
    Config,
}

struct Runner<'e> {
    engine: &'e mut dyn GtpEngine,
    dirs: Vec<PathBuf>,
    /// The commands from `list_commands`.
    known: Option<Vec<String>>,
    /// What rebuilds the position after a restart.
    history: Vec<(HistoryKind, String)>,
    taint: bool,
    report: SuiteReport,
}

fn first_word(command: &str) -> &str {
    command.split_whitespace().next().unwrap_or("")
}

impl Runner<'_> {
    fn run(&mut self, items: &[Item]) {
        match self.engine.send("list_commands") {
            Ok(text) => {
                let names: Vec<String> = text.split_whitespace().map(str::to_string).collect();
                self.known = (!names.is_empty()).then_some(names);
            }
            Err(GtpError::Refused(_)) => {}
            Err(e) => self.restart(&format!("list_commands {e:?}")),
        }
        for item in items {
            match item {
                Item::Command { .. } | Item::Test(_) if self.report.aborted.is_some() => {
                    if let Item::Test(test) = item {
                        self.record(test, Status::Aborted, String::new());
                    }
                }
                Item::Command { text, .. } => {
                    let command = self.rewrite(text);
                    self.setup(&command);
                }
                Item::Test(test) => self.run_test(test),
            }
        }
    }

    /// `loadsgf FILE …` with FILE resolved.
    fn rewrite(&self, command: &str) -> String {
        let mut words: Vec<&str> = command.split_whitespace().collect();
        if words.len() < 2 || words[0] != "loadsgf" || Path::new(words[1]).is_absolute() {
            return command.to_string();
        }
        let candidates: Vec<PathBuf> = self.dirs.iter().map(|d| d.join(words[1])).collect();
        let found = candidates
            .iter()
            .find(|c| c.exists())
            .or(candidates.first())
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        words[1] = &found;
        words.join(" ")
    }

    fn is_unsupported(&self, name: &str, answer: &str) -> bool {
        let lower = answer.to_lowercase();
        UNSUPPORTED_WORDS.iter().any(|w| lower.contains(w))
            || self
                .known
                .as_ref()
                .is_some_and(|k| !k.iter().any(|c| c == name))
    }

    fn record_history(&mut self, command: &str) {
        let name = first_word(command);
        let entry = |kind| (kind, command.to_string());
        if name == "loadsgf" || name == "boardsize" {
            self.history.retain(|h| h.0 == HistoryKind::Config);
            let kind = if name == "loadsgf" {
                HistoryKind::Position
            } else {
                HistoryKind::Size
            };
            self.history.push(entry(kind));
        } else if name == "clear_board" {
            self.history.retain(|h| h.0 != HistoryKind::Position);
            self.history.push(entry(HistoryKind::Position));
        } else if POSITION_COMMANDS.contains(&name) {
            self.history.push(entry(HistoryKind::Position));
        } else if CONFIG_COMMANDS.contains(&name) {
            self.history.push(entry(HistoryKind::Config));
        }
    }

    fn after_ok(&mut self, command: &str, answer: &str) {
        let words: Vec<&str> = command.split_whitespace().collect();
        let name = words.first().copied().unwrap_or("");
        if RESET_COMMANDS.contains(&name) {
            self.taint = false;
        }
        if matches!(name, "genmove" | "kgs-genmove_cleanup") && words.len() >= 2 {
            if let Some(mv) = answer.split_whitespace().next()
                && !mv.eq_ignore_ascii_case("resign")
            {
                self.record_history(&format!("play {} {mv}", words[1]));
            }
            return;
        }
        self.record_history(command);
    }

    /// Restarts the engine and replays the position; gives the suite up
    /// when that fails or after too many restarts.
    fn restart(&mut self, why: &str) {
        self.report.restarts += 1;
        if self.report.restarts > MAX_RESTARTS {
            self.report.aborted =
                Some(format!("too many restarts ({}), last: {why}", MAX_RESTARTS));
            return;
        }
        if let Err(e) = self.engine.restart() {
            self.report.aborted = Some(format!("cannot restart the engine ({why}): {e}"));
            return;
        }
        for (_, command) in self.history.clone() {
            if let Err(e @ (GtpError::Timeout | GtpError::Crashed(_))) = self.engine.send(&command)
            {
                self.report.aborted = Some(format!("engine {e:?} while replaying `{command}`"));
                return;
            }
        }
    }

    fn problem(&mut self, name: &str, what: String) {
        self.report.setup_problems.push(what);
        if POSITION_COMMANDS.contains(&name) {
            self.taint = true;
        }
    }

    /// A command that is not a test, with GNU Go's fallbacks when the
    /// engine does not know it.
    fn setup(&mut self, command: &str) {
        let name = first_word(command).to_string();
        let answer = match self.engine.send(command) {
            Ok(answer) => {
                self.after_ok(command, &answer);
                return;
            }
            Err(GtpError::Refused(answer)) => answer,
            Err(lost) => {
                self.problem(&name, format!("{lost:?}: {command}"));
                self.restart(&format!("{lost:?} on setup `{command}`"));
                return;
            }
        };
        let first = answer.lines().next().unwrap_or("").to_string();
        if !self.is_unsupported(&name, &first) {
            self.problem(&name, format!("error: {command}: {first}"));
            return;
        }
        let Some(fallback) = fallback_for(command) else {
            self.problem(&name, format!("unsupported: {command}"));
            return;
        };
        for replacement in fallback {
            match self.engine.send(&replacement) {
                Ok(answer) => self.after_ok(&replacement, &answer),
                Err(GtpError::Refused(answer)) => {
                    let first = answer.lines().next().unwrap_or("").to_string();
                    self.problem(&name, format!("error: {command} -> {replacement}: {first}"));
                }
                Err(lost) => {
                    self.taint = true;
                    self.report
                        .setup_problems
                        .push(format!("{lost:?}: {replacement}"));
                    self.restart(&format!("{lost:?} on setup `{replacement}`"));
                    return;
                }
            }
        }
    }

    fn record(&mut self, test: &Test, status: Status, answer: String) {
        self.report.results.push(TestResult {
            test: test.clone(),
            status,
            answer,
            tainted: self.taint,
        });
    }

    fn run_test(&mut self, test: &Test) {
        let command = self.rewrite(&test.command);
        let name = test.name();
        match self.engine.send(&command) {
            Ok(text) => {
                let answer = text.lines().next().unwrap_or("").trim().to_string();
                if POSITION_COMMANDS.contains(&name) {
                    self.after_ok(&command, &answer);
                }
                let status = match (test.ignore, test.accepts(&answer), test.xfail) {
                    (true, _, _) => Status::Ignored,
                    (false, true, false) => Status::Pass,
                    (false, true, true) => Status::UnexpectedPass,
                    (false, false, true) => Status::Fail,
                    (false, false, false) => Status::UnexpectedFail,
                };
                self.record(test, status, answer);
            }
            Err(GtpError::Refused(text)) => {
                let answer = text.lines().next().unwrap_or("").trim().to_string();
                let status = if self.is_unsupported(name, &answer) {
                    Status::Unsupported
                } else {
                    Status::Error
                };
                self.record(test, status, answer);
            }
            Err(lost) => {
                let (status, answer) = match lost {
                    GtpError::Timeout => (Status::Timeout, String::new()),
                    GtpError::Crashed(text) => (Status::Crash, text),
                    GtpError::Refused(_) => unreachable!("handled above"),
                };
                self.record(test, status, answer);
                self.restart(&format!("{} in test {}", status.word(), test.num));
            }
        }
    }
}

/// Standard commands for GNU Go's own setup commands: `Some(vec![])`
/// drops the command, `None` has no fallback.
fn fallback_for(command: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.as_slice() {
        [c @ ("black" | "white"), v, ..] => Some(vec![format!("play {c} {v}")]),
        ["trymove" | "tryko", c, v, ..] => Some(vec![format!("play {c} {v}")]),
        ["popgo", ..] => Some(vec!["undo".into()]),
        ["gg-undo"] => Some(vec!["undo".into()]),
        ["gg-undo", n, ..] => n.parse::<usize>().ok().map(|n| vec!["undo".to_string(); n]),
        [c @ ("genmove_black" | "genmove_white")] => Some(vec![format!("genmove {}", &c[8..])]),
        [name, ..] if DROPPABLE_COMMANDS.contains(name) => Some(Vec::new()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
