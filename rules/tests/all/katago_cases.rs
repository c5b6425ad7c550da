//! Replays every KataGo rule case of `shared/expected/katago/cases.jsonl`
//! and checks every expectation field by field; records with `alt_move`
//! are replayed with both spellings.

use rules::cases::{Record, Spelling, parse_record, replay};
use serde_json::Value;

/// Compares one expectation object (step fields) with a step report.
fn check_state_fields(expect: &Value, state: &Value, at: &str, failures: &mut Vec<String>) {
    let Some(expect) = expect.as_object() else {
        return;
    };
    for (key, wanted) in expect {
        let got = match key.as_str() {
            "expect_board" => &state["board"],
            "expect_to_move" => &state["to_move"],
            "expect_phase" => &state["phase"],
            "expect_game_over" => &state["game_over"],
            "expect_score_now" => &state["score_now"],
            "expect_num_legal_moves" => &state["num_legal_moves"],
            "expect_second_phase_start_board" => &state["second_phase_start_board"],
            "expect_nonsuicide_illegal_points" | "expect_ko_recapture_blocked" => {
                let field = &key["expect_".len()..];
                if !same_set(wanted, &state[field]) {
                    failures.push(format!(
                        "{at}: {key}: expected {wanted}, got {}",
                        state[field]
                    ));
                }
                continue;
            }
            "expect_result" => {
                check_result(
                    wanted,
                    &state["result"],
                    &format!("{at}: expect_result"),
                    failures,
                );
                continue;
            }
            _ => continue,
        };
        if !same_value(wanted, got) {
            failures.push(format!("{at}: {key}: expected {wanted}, got {got}"));
        }
    }
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => (x - y).abs() < 1e-9,
        _ => a == b,
    }
}

fn same_set(a: &Value, b: &Value) -> bool {
    let sorted = |v: &Value| {
        let mut list: Vec<String> = v
            .as_array()
            .map(|l| l.iter().map(|x| x.to_string()).collect())
            .unwrap_or_default();
        list.sort();
        list
    };
    a.is_array() && b.is_array() && sorted(a) == sorted(b)
}

fn check_result(expect: &Value, got: &Value, at: &str, failures: &mut Vec<String>) {
    for (key, wanted) in expect.as_object().into_iter().flatten() {
        if !same_value(wanted, &got[key]) {
            failures.push(format!("{at}.{key}: expected {wanted}, got {}", got[key]));
        }
    }
}

fn check_steps(expect: &[Value], reports: &[Value], at: &str, failures: &mut Vec<String>) {
    for (k, step) in expect.iter().enumerate() {
        let here = format!("{at}[{k}] {}", step["move"]);
        let Some(report) = reports.get(k) else {
            failures.push(format!("{here}: no report (the replay stopped)"));
            return;
        };
        if let Some(legal) = step.get("expect_legal")
            && *legal != report["legal"]
        {
            failures.push(format!(
                "{here}: expect_legal: expected {legal}, got {}",
                report["legal"]
            ));
        }
        let state = &report["state"];
        check_state_fields(step, state, &here, failures);
        for key in ["expect_pass_would_end_phase", "expect_pass_would_end_game"] {
            if let Some(wanted) = step.get(key) {
                let got = &report[&key["expect_".len()..]];
                if wanted != got {
                    failures.push(format!("{here}: {key}: expected {wanted}, got {got}"));
                }
            }
        }
        if let Some(probes) = step.get("probe_moves").and_then(Value::as_array) {
            for (p, probe) in probes.iter().enumerate() {
                let got = &report["probes"][p];
                if probe["legal"] != *got {
                    failures.push(format!(
                        "{here}: probe_moves[{p}] {}: expected legal {}, got {got}",
                        probe["move"], probe["legal"]
                    ));
                }
            }
        }
        if let Some(branch) = step.get("branch").and_then(Value::as_array) {
            let got: Vec<Value> = report["branch"].as_array().cloned().unwrap_or_default();
            check_steps(branch, &got, &format!("{here} branch"), failures);
        }
    }
}

fn check_area(expect: &Value, report: &Value, failures: &mut Vec<String>) {
    if let Some(area) = expect.get("expect_area")
        && *area != report["area"]
    {
        let rows_of = |value: &Value| -> Vec<String> {
            value
                .as_array()
                .map(|rows| {
                    rows.iter()
                        .map(|r| r.as_str().unwrap_or("").to_string())
                        .collect()
                })
                .unwrap_or_default()
        };
        let got = rows_of(&report["area"]);
        let wanted = rows_of(area);
        let board: Vec<&str> = expect["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let mut text = String::from("expect_area differs (board / expected / got):\n");
        for (i, wanted_row) in wanted.iter().enumerate() {
            text.push_str(&format!(
                "    {}   {}   {}\n",
                board.get(i).unwrap_or(&""),
                wanted_row,
                got.get(i).map(String::as_str).unwrap_or("")
            ));
        }
        failures.push(text);
    }
    if let Some(points) = expect.get("expect_area_points").and_then(Value::as_object) {
        let width = expect["size"][0].as_u64().unwrap() as usize;
        let height = expect["size"][1].as_u64().unwrap() as usize;
        for (vertex, wanted) in points {
            let p = goban::Point::from_gtp_rect(vertex, width, height).expect("vertex");
            let row = report["area"][p.i as usize].as_str().unwrap_or("");
            let got = row
                .chars()
                .nth(p.j as usize)
                .map(String::from)
                .unwrap_or_default();
            if wanted.as_str() != Some(got.as_str()) {
                failures.push(format!(
                    "expect_area_points {vertex}: expected {wanted}, got {got}"
                ));
            }
        }
    }
    if let Some(count) = expect.get("expect_region_count_white_minus_black")
        && *count != report["region_count_white_minus_black"]
    {
        failures.push(format!(
            "expect_region_count_white_minus_black: expected {count}, got {}",
            report["region_count_white_minus_black"]
        ));
    }
}

/// Every failure of one record replayed with one spelling.
fn check_record(expect: &Value, record: &Record, spelling: Spelling) -> Vec<String> {
    let report = replay(record, spelling);
    let mut failures = Vec::new();
    match record {
        Record::Area(_) => check_area(expect, &report, &mut failures),
        Record::Game(_) => {
            if let Some(stopped) = report.get("stopped") {
                failures.push(format!("replay stopped: {stopped}"));
            }
            if let Some(initial) = expect.get("expect_initial") {
                check_state_fields(initial, &report["initial"], "expect_initial", &mut failures);
            }
            let steps = expect["steps"].as_array().cloned().unwrap_or_default();
            let got = report["steps"].as_array().cloned().unwrap_or_default();
            check_steps(&steps, &got, "steps", &mut failures);
            if let Some(fin) = expect.get("expect_final") {
                check_result(fin, &report["final"], "expect_final", &mut failures);
            }
        }
    }
    failures
}

#[test]
fn every_katago_case_replays_as_expected() {
    let shared = testkit::require_shared!();
    let path = testkit::expected_dir(&shared).join("katago/cases.jsonl");
    let text = testkit::read_text(&path);
    let mut passed = 0;
    let mut total = 0;
    let mut report = String::new();
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        total += 1;
        let expect: Value = serde_json::from_str(line).expect("case JSON");
        let record =
            parse_record(line, k + 1).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let has_alt = expect["steps"]
            .as_array()
            .is_some_and(|steps| steps.iter().any(|s| s.get("alt_move").is_some()));
        let mut failures = check_record(&expect, &record, Spelling::Primary);
        if has_alt {
            for failure in check_record(&expect, &record, Spelling::Alternative) {
                failures.push(format!("(alt_move spelling) {failure}"));
            }
        }
        if failures.is_empty() {
            passed += 1;
        } else {
            report.push_str(&format!("line {} record {:?}:\n", k + 1, record.name()));
            for failure in failures.iter().take(8) {
                report.push_str(&format!("  {failure}\n"));
            }
        }
    }
    eprintln!("{report}");
    eprintln!("{passed}/{total} passed");
    assert_eq!(total, 178, "the case file should hold 178 records");
    assert_eq!(passed, total, "{passed}/{total} passed");
}
