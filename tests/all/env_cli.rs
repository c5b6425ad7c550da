//! `tesuji env replay` and `tesuji env bench` end to end: a replay fills in
//! the trace fields (checked against a public Pgx trace when the shared
//! data is present), bad records fail with the line and the field, and the
//! bench prints its figure as JSON.

use crate::cli_support;

use cli_support::tesuji_with_input;

#[test]
fn replay_from_stdin_fills_the_fields_and_keeps_the_others() {
    let record = r#"{"game_id": "mine", "note": [1, 2], "size": 5, "komi": 7.5, "max_steps": 50, "black_player": 1, "actions": [12, 25, 25], "obs": {"0": "", "final": ""}}"#;
    let output = tesuji_with_input(&["env", "replay", "-"], record.as_bytes());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let filled: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(filled["note"], serde_json::json!([1, 2]));
    assert_eq!(filled["boards"][0], "............X............");
    assert_eq!(filled["end_reasons"], serde_json::json!(["two_passes"]));
    // Black (player 1) owns the board: 25 - 7.5 > 0.
    assert_eq!(filled["rewards"], serde_json::json!([-1.0, 1.0]));
    assert_eq!(filled["score_black"], 25);
    assert_eq!(filled["obs"].as_object().unwrap().len(), 2);
}

#[test]
fn replay_errors_name_the_line_and_the_field_and_exit_non_zero() {
    let input = "\n{\"size\": 9, \"komi\": 7.5, \"max_steps\": 9, \"black_player\": 0, \"actions\": [90]}\n";
    let output = tesuji_with_input(&["env", "replay", "-"], input.as_bytes());
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 2") && stderr.contains("actions[0]"),
        "{stderr}"
    );
    let output = tesuji_with_input(&["env", "replay", "-"], b"{not json}\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 1"));
    let output = tesuji_with_input(&["env", "replay", "/nonexistent/trace.jsonl"], b"");
    assert!(!output.status.success());
}

#[test]
fn replay_keeps_every_good_record_around_bad_ones_and_refuses_actions_after_the_end() {
    let good = r#"{"game_id": "ok", "size": 3, "komi": 0.5, "max_steps": 18, "black_player": 0, "actions": [4, 9, 9]}"#;
    let after_end = r#"{"game_id": "late", "size": 3, "komi": 0.5, "max_steps": 18, "black_player": 0, "actions": [9, 9, 4]}"#;
    let input = format!("{good}\n{{broken\n{after_end}\n{good}\n");
    let output = tesuji_with_input(&["env", "replay", "-"], input.as_bytes());
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("-: line 2: field `(record)`: malformed JSON"),
        "{stderr}"
    );
    assert!(
        stderr.contains("-: line 3: game late: field `actions[2]`: the game ended after step 1"),
        "{stderr}"
    );
    assert!(stderr.contains("2 of 4 records bad"), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    for line in stdout.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["game_id"], "ok");
    }
}

#[test]
fn replay_of_a_gzipped_pgx_trace_reproduces_it() {
    let shared = testkit::require_shared!();
    let path = testkit::expected_dir(&shared).join("pgx/go9_psk.jsonl.gz");
    let output = tesuji_with_input(&["env", "replay", path.to_str().unwrap()], b"");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut recorded = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(std::fs::File::open(&path).unwrap()),
        &mut recorded,
    )
    .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let (got, expected): (Vec<&str>, Vec<&str>) =
        (text.lines().collect(), recorded.lines().collect());
    assert_eq!(got.len(), expected.len());
    for (g, e) in got.iter().zip(&expected) {
        let g: serde_json::Value = serde_json::from_str(g).unwrap();
        let e: serde_json::Value = serde_json::from_str(e).unwrap();
        // The recorded fields are fed back in; the replay recomputes them.
        assert_eq!(g, e, "game {}", e["game_id"]);
    }
}

#[test]
fn bench_prints_steps_per_second_as_json() {
    for args in [
        &["env", "bench", "--size", "5", "--seconds", "0.05", "--json"][..],
        &[
            "env",
            "bench",
            "--size",
            "5",
            "--seconds",
            "0.05",
            "--observations",
            "--json",
        ][..],
        &[
            "env",
            "bench",
            "--size",
            "5",
            "--seconds",
            "0.05",
            "--batch",
            "3",
            "--json",
        ][..],
    ] {
        let output = tesuji_with_input(args, b"");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(report["steps_per_sec"].as_f64().unwrap() > 0.0, "{report}");
    }
    let output = tesuji_with_input(&["env", "bench", "--size", "30"], b"");
    assert!(!output.status.success());
}

#[test]
fn bench_refuses_a_batch_over_its_memory_budget_and_honours_seconds_for_large_batches() {
    let started = std::time::Instant::now();
    let output = tesuji_with_input(&["env", "bench", "--batch", "1000000"], b"");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--batch 1000000: a batch of 1000000 9x9 environments takes about")
            && stderr.contains("over the memory budget of 1024 MiB")
            && stderr.contains("(--memory-budget-mib 1024)"),
        "{stderr}"
    );
    assert!(
        started.elapsed().as_secs_f64() < 2.0,
        "refused before any work"
    );
    // The same batch under a smaller budget is refused; a fitting one runs.
    let output = tesuji_with_input(
        &[
            "env",
            "bench",
            "--batch",
            "2000",
            "--memory-budget-mib",
            "1",
        ],
        b"",
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("budget of 1 MiB"));
    for batch in ["1", "20000"] {
        let started = std::time::Instant::now();
        let output = tesuji_with_input(
            &[
                "env",
                "bench",
                "--batch",
                batch,
                "--seconds",
                "0.2",
                "--json",
            ],
            b"",
        );
        let wall = started.elapsed().as_secs_f64();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let seconds = report["seconds"].as_f64().unwrap();
        // The clock starts before the batch is built: stepping takes the
        // rest of the 0.2 s, and at most one round more.
        assert!(seconds > 0.0 && seconds < 1.5, "batch {batch}: {report}");
        assert!((0.2..3.0).contains(&wall), "batch {batch}: {wall} s");
    }
}
