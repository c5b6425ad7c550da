//! GTP regression suites in GNU Go's `.tst` format, run by
//! `testkit::gtp_suite` against `tesuji gtp` (the real binary, one process
//! per suite):
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

use std::path::{Path, PathBuf};

use testkit::gtp_suite::{ProcessEngine, SuiteReport, run_suite};

/// `tesuji gtp ARGS…` as a GTP engine.
fn tesuji(args: &[&str]) -> ProcessEngine {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    ProcessEngine::spawn(env!("CARGO_BIN_EXE_tesuji"), &all).expect("tesuji gtp starts")
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
    let report = run_suite(&mut tesuji(&[]), &own_suite(name), &dirs).expect("the suite reads");
    println!("{}", report.summary());
    report
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

/// A deliberately wrong expectation against the real engine is reported
/// as a failure with its file, line, expectation and answer.
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
    let report = run_suite(&mut tesuji(&[]), &file, &[]).expect("the suite reads");
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
    let mut engine = tesuji(&["--patterns", patterns.to_str().expect("a UTF-8 path")]);
    let file = shared.join("regression").join(format!("{name}.tst"));
    let report = run_suite(&mut engine, &file, &[]).expect("the suite reads");
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
