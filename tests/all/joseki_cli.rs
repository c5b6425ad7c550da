//! `tesuji match --joseki` end to end: GNU Go's post-constraint joseki
//! matches on the 60 public positions are among the CLI's corner matches;
//! a small fixture of our own pins the output fields, the directory build
//! order and the table form; bad joseki paths fail with a clear message.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use common::tesuji;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn stdout_of(output: Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect()
}

#[test]
fn gnugo_post_constraint_joseki_matches_are_among_corner_matches() {
    let shared = testkit::require_shared!();
    let patterns_dir = testkit::gnugo_patterns_dir(&shared);
    let text = testkit::read_text(
        &testkit::expected_dir(&shared).join("postconstraint/postconstraint.jsonl"),
    );
    let runs: Vec<serde_json::Value> = json_lines(&text);
    let positions = common::public_positions(&shared);
    assert_eq!(positions.len(), 60);
    let (mut checked, mut listed) = (0, 0);
    for position in &positions {
        let output = tesuji()
            .arg("match")
            .arg(&position.sgf)
            .args(["--move", &position.move_number.to_string()])
            .arg("--joseki")
            .arg(&patterns_dir)
            .arg("--json")
            .output()
            .unwrap();
        let ours: Vec<(String, u64, String)> = json_lines(&stdout_of(output))
            .iter()
            .map(|v| {
                assert_eq!(v["db"], "joseki");
                assert_eq!(v["color"], position.json["to_move"]);
                (
                    v["pattern"].as_str().unwrap().to_string(),
                    v["ll"].as_u64().unwrap(),
                    v["move"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        listed += ours.len();
        let run = runs
            .iter()
            .find(|r| r["pos"] == position.id.as_str())
            .unwrap_or_else(|| panic!("{} not in postconstraint.jsonl", position.id));
        for m in run["matches"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["db"] == "joseki_corner")
        {
            let expected = (
                m["pattern"].as_str().unwrap().to_string(),
                m["ll"].as_u64().unwrap(),
                m["move"].as_str().unwrap().to_string(),
            );
            assert!(
                ours.contains(&expected),
                "{}: {expected:?} not in {ours:?}",
                position.id
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 8, "postconstraint.jsonl has 8 joseki_corner lines");
    assert!(listed >= checked);
}

#[test]
fn fixture_corner_match_fields_and_build_order() {
    let joseki_dir = fixtures().join("joseki");
    let game = fixtures().join("joseki_game.sgf");
    let run = |joseki: &[PathBuf], json: bool| {
        let mut command = tesuji();
        command.arg("match").arg(&game).args(["--move", "2"]);
        for path in joseki {
            command.arg("--joseki").arg(path);
        }
        if json {
            command.arg("--json");
        }
        stdout_of(command.output().unwrap())
    };
    // Black at Q16, White to move: the second pattern (White R17 against a
    // black stone at Q16) matches in the north-east corner. It is symmetric
    // about the corner diagonal, so only the orientation k = 1 (< 4) is
    // reported. The first pattern has no stones and never matches.
    let from_dir = json_lines(&run(std::slice::from_ref(&joseki_dir), true));
    assert_eq!(
        from_dir,
        [
            serde_json::json!({"db": "joseki", "color": "W", "pattern": "JALPHACORNER2",
            "ll": 1, "anchor": "T19", "move": "R17"})
        ]
    );
    // Both files hold the same patterns; the first one built wins. A
    // directory is built alphabetically (after GNU Go's own seven files),
    // explicit files in the order given.
    let explicit = json_lines(&run(
        &[
            joseki_dir.join("zulu_corner.sgf"),
            joseki_dir.join("alpha_corner.sgf"),
        ],
        true,
    ));
    assert_eq!(explicit.len(), 1);
    assert_eq!(explicit[0]["pattern"], "JZULUCORNER2");

    let table = run(&[joseki_dir], false);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("db") && lines[0].contains("anchor"));
    let cells: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(cells, ["joseki", "W", "JALPHACORNER2", "1", "T19", "R17"]);
    assert_eq!(lines[2], "1 matches");
}

#[test]
fn bad_joseki_paths_fail_with_a_clear_message() {
    let game = fixtures().join("joseki_game.sgf");
    let fail = |path: PathBuf| {
        let output = tesuji()
            .arg("match")
            .arg(&game)
            .arg("--joseki")
            .arg(&path)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{}", path.display());
        assert!(output.stdout.is_empty());
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let missing = fail(PathBuf::from("/nonexistent/joseki.sgf"));
    assert!(
        missing.contains("/nonexistent/joseki.sgf") && missing.contains("reading"),
        "{missing}"
    );
    let broken = fail(fixtures().join("joseki_broken.sgf"));
    assert!(
        broken.contains("joseki_broken.sgf") && broken.contains("malformed SGF: 3:"),
        "{broken}"
    );
    // A directory without SGF files is an error too, not an empty database.
    let empty = fail(fixtures().join("codegen"));
    assert!(empty.contains("no .sgf files"), "{empty}");
    // Neither --db nor --joseki: clap's usage error.
    let output = tesuji().arg("match").arg(&game).output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--joseki"));
}
