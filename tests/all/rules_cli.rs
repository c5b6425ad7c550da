//! `tesuji rules replay` end to end: one JSON report per record of the
//! KataGo cases; a bad record is reported as `file:line: record: field:
//! cause`, the good ones are still replayed, and the status is non-zero.

use crate::cli_support;

use cli_support::{tesuji, tesuji_with_input};

#[test]
fn replays_every_katago_case_into_one_report_line() {
    let shared = testkit::require_shared!();
    let cases = testkit::expected_dir(&shared).join("katago/cases.jsonl");
    let output = tesuji()
        .args(["rules", "replay"])
        .arg(&cases)
        .output()
        .expect("tesuji runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let reports: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(reports.len(), 178);
    let names: Vec<String> = testkit::read_text(&cases)
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["name"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for (report, name) in reports.iter().zip(&names) {
        assert_eq!(report["name"].as_str(), Some(name.as_str()));
        assert!(
            report.get("stopped").is_none(),
            "{name} stopped: {}",
            report["stopped"]
        );
    }
}

#[test]
fn bad_records_are_reported_by_line_and_every_good_record_is_still_replayed() {
    let good = r#"{"name":"fine","kind":"independent_life_area","size":[2,2],"board":["..",".."],"area_mode":{"keep_territories":true,"keep_stones":true,"multi_stone_suicide":false}}"#;
    let bad = r#"{"name":"ragged","kind":"independent_life_area","size":[2,2],"board":["..","."],"area_mode":{"keep_territories":true,"keep_stones":true,"multi_stone_suicide":false}}"#;
    let input = format!("{good}\n{bad}\n\n{{oops\n{good}\n");
    let output = tesuji_with_input(&["rules", "replay", "-"], input.as_bytes());
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("-:2: record ragged: field board: row 1 has 1 points"),
        "{stderr}"
    );
    assert!(stderr.contains("-:4: record ?: field json"), "{stderr}");
    assert!(stderr.contains("2 of 4 records bad"), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let names: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["name"].to_string())
        .collect();
    assert_eq!(
        names,
        ["\"fine\"", "\"fine\""],
        "the good records of lines 1 and 5"
    );
}

#[test]
fn a_missing_file_is_an_error() {
    let output = tesuji()
        .args(["rules", "replay", "/nonexistent/cases.jsonl"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/cases.jsonl"));
}
