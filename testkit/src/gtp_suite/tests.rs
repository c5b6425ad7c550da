//! The runner against a scripted engine: a wrong expectation fails with
//! its file and line, and GNU Go's statuses come out as its tools give
//! them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;

/// Answers from a table (`Ok` for `= TEXT`, `Err` for `? TEXT`); any other
/// command is unknown. Records what it was sent.
struct Scripted {
    answers: HashMap<&'static str, Result<&'static str, &'static str>>,
    sent: Vec<String>,
    restarts: usize,
}

impl Scripted {
    fn new(answers: &[(&'static str, Result<&'static str, &'static str>)]) -> Scripted {
        Scripted {
            answers: answers.iter().cloned().collect(),
            sent: Vec::new(),
            restarts: 0,
        }
    }
}

impl GtpEngine for Scripted {
    fn send(&mut self, command: &str) -> Result<String, GtpError> {
        self.sent.push(command.to_string());
        match self.answers.get(command) {
            Some(Ok("CRASH")) => Err(GtpError::Crashed(String::new())),
            Some(Ok(text)) => Ok(text.to_string()),
            Some(Err(text)) => Err(GtpError::Refused(text.to_string())),
            None if command == "list_commands" => {
                Ok("loadsgf\nplay\nattack\ndefend\ntrymove\npopgo\nlist_commands".into())
            }
            None => Err(GtpError::Refused("unknown command".into())),
        }
    }

    fn restart(&mut self) -> Result<(), String> {
        self.restarts += 1;
        Ok(())
    }
}

/// Runs `text` as a suite file `case.tst` in a folder of its own.
fn run_text(engine: &mut Scripted, text: &str) -> SuiteReport {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "gtp_suite_test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("case.tst");
    std::fs::write(&file, text).unwrap();
    let report = run_suite(engine, &file, &[]).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    report
}

#[test]
fn a_wrong_expectation_fails_with_its_line_the_expectation_and_the_answer() {
    let mut engine = Scripted::new(&[("play black C3", Ok("")), ("attack C3", Ok("1 C4"))]);
    let report = run_text(
        &mut engine,
        "play black C3\n# the wrong answer\n7 attack C3\n#? [1 D4]\n",
    );
    assert_eq!((report.total(), report.passed()), (1, 0));
    assert_eq!(report.results[0].status, Status::UnexpectedFail);
    let failures = report.failures();
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0].ends_with("case.tst:3: test 7 `attack C3`: FAIL, expected [1 D4], got `1 C4`"),
        "{}",
        failures[0]
    );
    let panic =
        std::panic::catch_unwind(|| report.assert_clean()).expect_err("a wrong expectation fails");
    let message = panic.downcast_ref::<String>().expect("a message");
    assert!(message.contains("expected [1 D4], got `1 C4`"), "{message}");
}

#[test]
fn statuses_follow_gnu_go_s_rules() {
    let mut engine = Scripted::new(&[
        ("attack A1", Ok("1 B1")),
        ("defend A1", Ok("0")),
        ("attack A2", Err("vertex must not be empty")),
        ("attack A3", Ok("CRASH")),
    ]);
    let report = run_text(
        &mut engine,
        "1 attack A1\n#? [1 B1]\n2 attack A1\n#? [1 B1]*\n3 defend A1\n#? [1 .*]*\n4 defend A1\n#? [!0]\n\
         5 attack A2\n#? [0]\n6 owl_attack A1\n#? [0]\n7 attack A1\n#? [0]&\n8 attack A3\n#? [0]\n\
         9 attack A1\n#? [1 B1|C2]\n",
    );
    let words: Vec<&str> = report.results.iter().map(|r| r.status.word()).collect();
    assert_eq!(
        words,
        [
            "pass",
            "PASS",
            "fail",
            "FAIL",
            "error",
            "unsupported",
            "ignored",
            "crash",
            "pass"
        ]
    );
    assert_eq!((report.total(), report.passed()), (8, 3));
    assert_eq!(report.failures().len(), 4);
    assert_eq!(engine.restarts, 1);
}

#[test]
fn unknown_setup_commands_fall_back_and_failed_setup_taints() {
    let mut engine = Scripted::new(&[
        ("play black C3", Ok("")),
        ("undo", Ok("")),
        ("play white D4", Err("illegal move")),
        ("attack C3", Ok("0")),
    ]);
    let report = run_text(
        &mut engine,
        "black C3\ngg-undo\nincrease_depths\nplay white D4\n1 attack C3\n#? [0]\n",
    );
    assert_eq!(engine.sent[1..4], ["black C3", "play black C3", "gg-undo"]);
    assert!(engine.sent.contains(&"undo".to_string()));
    assert_eq!(
        report.setup_problems,
        ["error: play white D4: illegal move"]
    );
    assert!(report.results[0].tainted);
    assert_eq!(report.results[0].status, Status::Pass);
    assert!(
        std::panic::catch_unwind(|| report.assert_clean()).is_err(),
        "a setup error is not clean"
    );
}

#[test]
fn loadsgf_paths_resolve_against_the_suite_folder_then_the_given_folders() {
    let dir = std::env::temp_dir().join(format!("gtp_suite_paths_{}", std::process::id()));
    let (own, other) = (dir.join("own"), dir.join("other"));
    std::fs::create_dir_all(own.join("games")).unwrap();
    std::fs::create_dir_all(other.join("games")).unwrap();
    std::fs::write(own.join("a.sgf"), "(;SZ[9])").unwrap();
    std::fs::write(other.join("games/b.sgf"), "(;SZ[9])").unwrap();
    let file = own.join("s.tst");
    std::fs::write(
        &file,
        "loadsgf a.sgf\nloadsgf games/b.sgf 12\nloadsgf missing.sgf\n",
    )
    .unwrap();
    let mut engine = Scripted::new(&[]);
    let report = run_suite(&mut engine, &file, std::slice::from_ref(&other)).unwrap();
    assert_eq!(
        engine.sent[1..],
        [
            format!("loadsgf {}", own.join("a.sgf").display()),
            format!("loadsgf {} 12", other.join("games/b.sgf").display()),
            format!("loadsgf {}", own.join("missing.sgf").display()),
        ]
    );
    assert_eq!(
        report.setup_problems.len(),
        3,
        "{:?}",
        report.setup_problems
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
