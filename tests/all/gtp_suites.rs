//! GTP regression suites in GNU Go's `.tst` format, run by
//! `testkit::gtp_suite` against the `gtp` crate's session in this process
//! ([`SessionEngine`]: what `tesuji gtp` serves, with the same databases),
//! and once against `tesuji gtp` itself (the real binary, one process):
//! - our own tactical suites in `tests/tactics/` (the fixed-position
//!   reading and connection cases, converted from Rust tests): every test
//!   must pass and every setup command (`loadsgf`, `trymove`, `play` …)
//!   must succeed. Positions built by hand are small SGF files beside
//!   them; cases on GNU Go's regression games load them in place from the
//!   shared folder (`loadsgf games/…` resolves against
//!   `shared/regression`, `loadsgf corpus/…` against `shared`), so those
//!   suites skip loudly without the corpus;
//! - GNU Go's own `reading`, `connection` and `unconditional` suites, read
//!   in place, with floors on the tests passed (the counts when written;
//!   the runner's counts equal `regression/regress.py`'s).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::Databases;
use gtp::protocol::{Line, format_answer, parse_line};
use gtp::session::{Session, SgfFiles};
use testkit::gtp_suite::{GtpEngine, GtpError, ProcessEngine, SuiteReport, run_suite};

/// `tesuji gtp ARGS…` as a GTP engine.
fn tesuji(args: &[&str]) -> ProcessEngine {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    ProcessEngine::spawn(env!("CARGO_BIN_EXE_tesuji"), &all).expect("tesuji gtp starts")
}

/// The `gtp` crate's session as a GTP engine in this process: what
/// `tesuji gtp` serves (GNU Go's default rules, SGF files from the file
/// system), with `databases` (`tesuji gtp --patterns DIR` loads GNU Go's
/// directory the same way, through `loader`). A command that panics is a
/// crash; a restart starts a fresh session on the same databases.
struct SessionEngine {
    databases: Arc<Databases>,
    session: Session<'static>,
}

impl SessionEngine {
    fn new(databases: Databases) -> SessionEngine {
        let databases = Arc::new(databases);
        let session = Self::session(&databases);
        SessionEngine { databases, session }
    }

    /// The embedded databases, as `tesuji gtp` without `--patterns`.
    fn embedded() -> SessionEngine {
        SessionEngine::new(loader::gnugo_dir::embedded())
    }

    /// GNU Go's pattern directory, as `tesuji gtp --patterns DIR`.
    fn gnu_go(dir: &Path) -> SessionEngine {
        SessionEngine::new(loader::gnugo_dir::load(dir).expect("GNU Go's databases compile"))
    }

    fn session(databases: &Arc<Databases>) -> Session<'static> {
        Session::with_databases(&SgfFiles, Session::default_rules(), Arc::clone(databases))
    }
}

impl GtpEngine for SessionEngine {
    fn send(&mut self, command: &str) -> Result<String, GtpError> {
        let Line::Command(command) = parse_line(command) else {
            return Err(GtpError::Crashed(format!("not a command: `{command}`")));
        };
        let session = &mut self.session;
        let answer = catch_unwind(AssertUnwindSafe(|| {
            session.execute(&command.name, &command.args)
        }))
        .map_err(|_| GtpError::Crashed(format!("`{}` panicked", command.name)))?;
        // The text as `tesuji gtp` writes it, read back as a controller
        // reads it (`ProcessEngine`): `=`/`?` and the id stripped, the
        // lines up to the blank line that ends the response.
        let text = format_answer(None, &answer);
        let (success, rest) = match text.strip_prefix('=') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('?').unwrap_or(&text)),
        };
        let mut lines = rest.lines().map(|line| line.replace('\r', ""));
        let first = lines.next().unwrap_or_default().trim().to_string();
        let text = std::iter::once(first)
            .chain(lines.take_while(|line| !line.trim().is_empty()))
            .collect::<Vec<_>>()
            .join("\n");
        if success {
            Ok(text)
        } else {
            Err(GtpError::Refused(text))
        }
    }

    fn restart(&mut self) -> Result<(), String> {
        self.session = Self::session(&self.databases);
        Ok(())
    }
}

/// Runs `run` on a thread with the main thread's stack size of a
/// process (reading recurses deeply; test threads have small stacks).
fn with_large_stack<T: Send + 'static>(run: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(run)
        .expect("a thread starts")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// `tests/tactics/NAME`.
fn own_suite(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/tactics")
        .join(name)
}

/// Runs one of our own suites; `shared` adds the shared folder's
/// regression games and corpus to the `loadsgf` search.
fn run_own(name: &str, shared: Option<&Path>) -> SuiteReport {
    let dirs: Vec<PathBuf> = shared
        .map(|s| vec![s.join("regression"), s.to_path_buf()])
        .unwrap_or_default();
    let file = own_suite(name);
    let report = with_large_stack(move || {
        run_suite(&mut SessionEngine::embedded(), &file, &dirs).expect("the suite reads")
    });
    println!("{}", report.summary());
    report
}

/// The binary's path: `tesuji gtp` as a child process runs our own
/// reading suite clean, as the session does in this process.
#[test]
fn own_reading_suite_through_the_binary() {
    let report =
        run_suite(&mut tesuji(&[]), &own_suite("reading.tst"), &[]).expect("the suite reads");
    println!("{}", report.summary());
    report.assert_clean();
}

#[test]
fn own_reading_suite() {
    run_own("reading.tst", None).assert_clean();
}

#[test]
fn own_reading_suite_on_regression_games() {
    let shared = testkit::require_shared!();
    run_own("reading_games.tst", Some(&shared)).assert_clean();
}

#[test]
fn own_connection_suite() {
    run_own("connection.tst", None).assert_clean();
}

#[test]
fn own_connection_suite_on_regression_games() {
    let shared = testkit::require_shared!();
    run_own("connection_games.tst", Some(&shared)).assert_clean();
}

/// A deliberately wrong expectation against the engine (the session in
/// this process) is reported as a failure with its file, line,
/// expectation and answer.
#[test]
fn a_wrong_expectation_fails_against_the_engine() {
    let dir = std::env::temp_dir().join(format!("gtp_suites_wrong_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.tst");
    // White D5 (two liberties, D6 and E5) is caught in a ladder, not safe.
    std::fs::write(
        &file,
        "boardsize 9\nclear_board\nplay black C6\nplay black C5\nplay black D4\nplay white D5\n\
         1 attack D5\n#? [0]\n2 attack D5\n#? [1 .*]\n",
    )
    .unwrap();
    let report = run_suite(&mut SessionEngine::embedded(), &file, &[]).expect("the suite reads");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        (report.total(), report.passed()),
        (2, 1),
        "{}",
        report.listing()
    );
    let failures = report.failures();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains("wrong.tst:7: test 1 `attack D5`: FAIL, expected [0], got `1 "),
        "{}",
        failures[0]
    );
    assert!(std::panic::catch_unwind(|| report.assert_clean()).is_err());
}

/// Runs GNU Go's suite `NAME` (read in place) with GNU Go's patterns and
/// checks that at least `floor` tests pass. With `TESUJI_SUITE_LISTING=DIR`
/// it writes `DIR/NAME.txt`, a line `NUM STATUS ANSWER` per test, to
/// compare with `regress.py --json` test by test (equal when written).
fn gnu_go_suite_floor(name: &str, floor: usize) {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let file = shared.join("regression").join(format!("{name}.tst"));
    let report = with_large_stack(move || {
        run_suite(&mut SessionEngine::gnu_go(&patterns), &file, &[]).expect("the suite reads")
    });
    println!("{}", report.summary());
    if let Ok(dir) = std::env::var("TESUJI_SUITE_LISTING") {
        std::fs::write(
            Path::new(&dir).join(format!("{name}.txt")),
            report.listing(),
        )
        .unwrap();
    }
    assert!(
        report.setup_problems.is_empty(),
        "{:?}",
        report.setup_problems
    );
    assert!(
        report.passed() >= floor,
        "{}: {} passed, below the floor {floor}\n{}",
        name,
        report.passed(),
        report.failures().join("\n")
    );
}

#[test]
fn gnu_go_reading_suite() {
    gnu_go_suite_floor("reading", 198);
}

#[test]
fn gnu_go_connection_suite() {
    gnu_go_suite_floor("connection", 108);
}

#[test]
fn gnu_go_unconditional_suite() {
    gnu_go_suite_floor("unconditional", 673);
}
