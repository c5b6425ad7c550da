//! `tesuji match` end to end: the JSON lines for a public position equal
//! GNU Go's raw matches for that position, the table form lists the same
//! matches, and bad input fails with a message and a non-zero status.

use crate::common;

use common::tesuji;

#[test]
fn json_lines_equal_gnugo_raw_matches_for_a_position() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let position = common::public_positions(&shared)
        .into_iter()
        .find(|p| p.id == "pub02_9x9-5_34")
        .expect("position pub02");
    for (db, files, options) in [
        ("conn", vec!["conn.db"], "-c"),
        ("patterns", vec!["patterns.db", "patterns2.db"], "-b"),
    ] {
        let mut command = tesuji();
        command
            .arg("match")
            .arg(&position.sgf)
            .args(["--move", &position.move_number.to_string()])
            .args(["--mkpat", options, "--color", "both", "--json"]);
        // Several files form one database, like mkpat's repeated -i.
        for file in &files {
            command.arg("--db").arg(patterns.join(file));
        }
        let output = command.output().expect("tesuji runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut actual: Vec<common::MatchLine> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
                assert_eq!(v["db"], db);
                (
                    position.id.clone(),
                    v["color"].as_str().unwrap().chars().next().unwrap(),
                    v["pattern"].as_str().unwrap().to_string(),
                    v["ll"].as_u64().unwrap() as u8,
                    v["anchor"].as_str().unwrap().to_string(),
                    v["move"].as_str().map(str::to_string),
                )
            })
            .collect();
        actual.sort();
        let expected: Vec<_> = common::expected_matches(&shared, db)
            .into_iter()
            .filter(|line| line.0 == position.id)
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(common::multiset_difference(&expected, &actual), "", "{db}");
    }
}

#[test]
fn gnugo_databases_need_no_mkpat_options() {
    // Without --mkpat, a database of GNU Go's build is compiled with GNU
    // Go's options for it: conn.db with -c (without it, conn.db does not
    // compile: its patterns have no `*`), patterns.db with -b.
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let sgf = testkit::positions_dir(&shared).join("9x9-5.sgf");
    let run = |files: &[&str], options: Option<&str>| {
        let mut command = tesuji();
        command
            .arg("match")
            .arg(&sgf)
            .args(["--move", "34", "--color", "both", "--json"]);
        for file in files {
            command.arg("--db").arg(patterns.join(file));
        }
        if let Some(options) = options {
            command.args(["--mkpat", options]);
        }
        let output = command.output().expect("tesuji runs");
        assert!(
            output.status.success(),
            "{files:?} {options:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    for (files, options) in [
        (&["conn.db"][..], "-c"),
        (&["patterns.db", "patterns2.db"][..], "-b"),
    ] {
        let by_default = run(files, None);
        assert!(by_default.lines().count() > 10, "{files:?}");
        assert_eq!(by_default, run(files, Some(options)), "{files:?}");
    }
    // Explicit options still win: conn.db read as a shape database fails.
    let output = tesuji()
        .arg("match")
        .arg(&sgf)
        .arg("--db")
        .arg(patterns.join("conn.db"))
        .args(["--mkpat", "-b"])
        .output()
        .unwrap();
    assert!(!output.status.success());
}

#[test]
fn table_lists_the_same_matches_for_the_colour_to_move() {
    let shared = testkit::require_shared!();
    let patterns = testkit::gnugo_patterns_dir(&shared);
    let sgf = testkit::positions_dir(&shared).join("9x9-5.sgf");
    let run = |json: bool| {
        let mut command = tesuji();
        command.arg("match").arg(&sgf).args(["--move", "34"]);
        command
            .arg("--db")
            .arg(patterns.join("endgame.db"))
            .args(["--mkpat", "-b"]);
        if json {
            command.arg("--json");
        }
        let output = command.output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let json = run(true);
    let table = run(false);
    let count = json.lines().count();
    assert!(count > 0);
    // Colour to move in 9x9-5 before move 34 is White.
    assert!(json.lines().all(|l| l.contains("\"color\":\"W\"")));
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("db") && lines[0].contains("pattern"));
    assert!(!table.contains('\u{1b}'), "NO_COLOR must disable styling");
    assert_eq!(lines.len(), count + 2);
    assert_eq!(lines.last().unwrap(), &format!("{count} matches"));
}

#[test]
fn errors_name_the_problem_and_fail() {
    let output = tesuji()
        .args([
            "match",
            "/nonexistent/game.sgf",
            "--db",
            "/nonexistent/x.db",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("/nonexistent/game.sgf") && stderr.contains("cannot read"),
        "{stderr}"
    );
    let output = tesuji().args(["match", "--help"]).output().unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("--mkpat"));
}

#[test]
fn unknown_mkpat_options_are_refused_by_name_before_any_work() {
    let out = std::env::temp_dir().join(format!("tesuji-mkpat-zz-{}.sgf", std::process::id()));
    let runs: [&[&str]; 3] = [
        &[
            "match",
            "/nonexistent/game.sgf",
            "--db",
            "/nonexistent/x.db",
        ],
        &[
            "stats",
            "/nonexistent/game.sgf",
            "--db",
            "/nonexistent/x.db",
        ],
        &[
            "annotate",
            "/nonexistent/game.sgf",
            "--db",
            "/nonexistent/x.db",
            "-o",
            out.to_str().unwrap(),
        ],
    ];
    for run in runs {
        let output = tesuji()
            .args(run)
            .args(["--mkpat", "-zz"])
            .output()
            .unwrap();
        assert!(!output.status.success(), "{run:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("--mkpat") && stderr.contains("invalid option -- 'z'"),
            "{run:?}: {stderr}"
        );
        // Refused when the command line is read: no file was looked at.
        assert!(!stderr.contains("/nonexistent"), "{run:?}: {stderr}");
        assert!(output.stdout.is_empty() && !out.exists(), "{run:?}");
    }
}

#[test]
fn bad_database_reports_file_line_and_column() {
    let shared = testkit::require_shared!();
    let dir = std::env::temp_dir().join(format!("tesuji-match-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("broken.db");
    std::fs::write(&db, "Pattern P1\n\nXO*\n\n:8\n").unwrap();
    let sgf = testkit::positions_dir(&shared).join("9x9-5.sgf");
    let output = tesuji()
        .arg("match")
        .arg(&sgf)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.db:5:"), "{stderr}");
}
