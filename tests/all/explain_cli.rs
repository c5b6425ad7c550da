//! `tesuji explain` end to end: JSON lines with the documented keys whose
//! verdicts agree with the table's counts, constraint trees, the `--context`
//! choice, and bad input failing with a message and a non-zero status.

use crate::common;

use common::run_tesuji as run;

use serde_json::Value;

#[test]
fn json_lines_and_table_agree_on_a_public_position() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let position = common::public_positions(&shared)
        .into_iter()
        .find(|p| p.id == "pub02_9x9-5_34")
        .expect("position pub02");
    let sgf = position.sgf.to_string_lossy().into_owned();
    let number = position.move_number.to_string();
    let dir = patterns.to_string_lossy().into_owned();
    let base = ["explain", &sgf, "--move", &number, "--patterns", &dir];
    let (ok, json, err) = run(&[&base[..], &["--json"]].concat());
    assert!(ok, "{err}");
    let rows: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert!(!rows.is_empty());
    let mut counts = [0usize; 3];
    for row in &rows {
        for key in ["db", "pattern", "ll", "move", "verdict", "stage", "needs"] {
            assert!(row.get(key).is_some(), "{key} missing in {row}");
        }
        let verdict = row["verdict"].as_str().unwrap();
        let k = ["accepted", "rejected", "undecided"]
            .iter()
            .position(|v| *v == verdict)
            .expect("a verdict");
        counts[k] += 1;
        let needs = row["needs"].as_array().unwrap();
        assert_eq!(needs.is_empty(), verdict != "undecided", "{row}");
        if let Some(tree) = row.get("constraint") {
            assert!(tree.as_str().unwrap().contains('='), "{row}");
        }
    }
    assert!(counts[0] > 0 && counts[1] > 0, "{counts:?}");
    let (ok, table, err) = run(&base);
    assert!(ok, "{err}");
    assert!(table.starts_with("db  "), "{table}");
    assert!(!table.contains('\x1b'), "NO_COLOR is honoured");
    let summary = format!(
        "{} candidates: {} accepted, {} rejected, {} undecided",
        rows.len(),
        counts[0],
        counts[1],
        counts[2]
    );
    assert!(table.trim_end().ends_with(&summary), "{table}");
    // The board-only context decides less than the engine's.
    let (ok, board, err) = run(&[&base[..], &["--json", "--context", "board"]].concat());
    assert!(ok, "{err}");
    let accepted = board.matches("\"verdict\":\"accepted\"").count();
    assert!(accepted < counts[0], "{accepted} vs {}", counts[0]);
    assert_eq!(board.lines().count(), rows.len());
}

#[test]
fn bad_input_fails_with_a_message() {
    let shared = testkit::require_shared!();
    let sgf = common::public_positions(&shared)[0]
        .sgf
        .to_string_lossy()
        .into_owned();
    let (ok, _, err) = run(&["explain", &sgf, "--patterns", "/no/such/dir"]);
    assert!(!ok);
    assert!(
        err.contains("--patterns /no/such/dir: not a directory"),
        "{err}"
    );
    let (ok, _, err) = run(&["explain", "/no/such/file.sgf"]);
    assert!(!ok);
    assert!(err.contains("/no/such/file.sgf"), "{err}");
    let (ok, _, err) = run(&["explain", &sgf, "--context", "owl"]);
    assert!(!ok);
    assert!(err.contains("owl"), "{err}");
    let (ok, help, _) = run(&["explain", "--help"]);
    assert!(ok && help.contains("--patterns <DIR>"), "{help}");
}
