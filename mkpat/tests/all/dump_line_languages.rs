//! `mkpat dump --eyes` and `mkpat dump --mc` end to end: on GNU Go's
//! `eyes.db` and `mc_*.db` the dumps list every pattern / weight of the
//! compiled form, on our own small files they show the exact fields, and
//! bad input is reported as `file:line:col` with a non-zero exit.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn mkpat() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mkpat"));
    command.env("NO_COLOR", "1");
    command
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/line_languages")
        .join(name)
}

fn stdout_of(output: Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn lossy(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned()
}

#[test]
fn eyes_dump_lists_every_corpus_pattern() {
    let shared = testkit::require_shared!();
    let path = testkit::gnugo_patterns_dir(&shared).join("eyes.db");
    // The pattern numbers of the file, read independently of the parser.
    let numbers: Vec<u64> = lossy(&path)
        .lines()
        .filter_map(|l| l.strip_prefix("Pattern "))
        .map(|n| n.trim().parse().unwrap())
        .collect();
    assert!(numbers.len() > 100);

    let text = stdout_of(
        mkpat()
            .args(["dump", "--eyes"])
            .arg(&path)
            .output()
            .unwrap(),
    );
    assert_eq!(
        text.lines().next().unwrap(),
        format!("eyes: {} patterns", numbers.len())
    );
    let dumped: Vec<u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix("Pattern "))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(dumped, numbers);

    let json: Value = serde_json::from_str(&stdout_of(
        mkpat()
            .args(["dump", "--json", "--eyes"])
            .arg(&path)
            .output()
            .unwrap(),
    ))
    .unwrap();
    let patterns = json["patterns"].as_array().unwrap();
    let json_numbers: Vec<u64> = patterns
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(json_numbers, numbers);
    for p in patterns {
        let vertices = p["vertices"].as_array().unwrap();
        let marginal = vertices.iter().filter(|v| v["marginal"] == true).count();
        assert_eq!(p["marginal_count"].as_u64().unwrap() as usize, marginal);
    }
}

#[test]
fn mc_dump_shows_the_compiled_weights_of_each_corpus_table() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let files = [
        "mc_mogo_classic.db",
        "mc_montegnu_classic.db",
        "mc_uniform.db",
    ];
    let mut command = mkpat();
    command.args(["dump", "--json"]);
    for file in files {
        command.arg("--mc").arg(dir.join(file));
    }
    let json: Value = serde_json::from_str(&stdout_of(command.output().unwrap())).unwrap();
    let tables = json.as_array().unwrap();
    assert_eq!(tables.len(), files.len());
    for (file, table) in files.iter().zip(tables) {
        let (sources, id) = mkpat::source::SourceSet::single(*file, lossy(&dir.join(file)));
        let (db, diagnostics) = mkpat::mcpat::parse(&sources, id);
        assert!(diagnostics.iter().all(|d| !d.is_error()), "{diagnostics:?}");
        let compiled = mkpat::mcpat::compile(&db);
        assert_eq!(table["name"], compiled.name.as_str());
        let mut seen = 0;
        for class in table["weighted_classes"].as_array().unwrap() {
            let number = class["class"].as_u64().unwrap() as u16;
            let mut codes = 0;
            for weight in class["weights"].as_array().unwrap() {
                for code in weight["property_codes"].as_array().unwrap() {
                    let code = code.as_u64().unwrap() as u8;
                    assert_eq!(
                        u64::from(compiled.class_weight(number, code)),
                        weight["weight"].as_u64().unwrap(),
                        "{file} class {number} code {code}"
                    );
                    codes += 1;
                }
            }
            assert_eq!(codes, 256, "{file} class {number}: every code once");
            seen += 1;
        }
        // Every class left out weighs 1 everywhere.
        let listed: Vec<u64> = table["weighted_classes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["class"].as_u64().unwrap())
            .collect();
        for class in 1..=matcher::mc::NUM_GEOMETRIES as u16 {
            if !listed.contains(&u64::from(class)) {
                assert!((0..=255u8).all(|code| compiled.class_weight(class, code) == 1));
            }
        }
        if *file != "mc_uniform.db" {
            assert!(seen > 0, "{file}: no weighted class");
        }
    }

    let text = stdout_of(
        mkpat()
            .args(["dump", "--mc"])
            .arg(dir.join(files[0]))
            .output()
            .unwrap(),
    );
    assert!(text.starts_with("mc table mogo_classic: 1107 geometry classes"));
}

#[test]
fn eyes_dump_of_a_small_file_shows_every_field() {
    let text = stdout_of(
        mkpat()
            .args(["dump", "--eyes"])
            .arg(fixture("eyes_small.db"))
            .output()
            .unwrap(),
    );
    // Pattern 2 is `.*`: two interior vertices joined to each other; `*`
    // is both an attack and a defence point.
    assert_eq!(
        text,
        "eyes: 2 patterns\n\
         Pattern 1: size 1, marginal 1, neighbours 1:0 2:0 3:0, value 0000\n  \
         0: (0,0) marginal edge 0 flags e--- neighbours 0 [-1 -1 -1 -1]\n\
         Pattern 2: size 2, marginal 0, neighbours 1:2 2:0 3:0, value 1122\n  \
         0: (0,0) interior edge 0 flags e--- neighbours 1 [-1 -1 -1 1]\n  \
         1: (0,1) interior edge 0 flags e-da neighbours 1 [-1 -1 0 -1]\n"
    );
}

#[test]
fn bad_input_is_reported_with_file_line_and_column() {
    for (flag, file, location, code, caret) in [
        ("--eyes", "eyes_bad.db", ":7:2: error[EY004]", "EY004", " ^"),
        ("--mc", "mc_bad.db", ":3:2: error[MC002]", "MC002", " ^"),
    ] {
        let output = mkpat()
            .args(["dump", flag])
            .arg(fixture(file))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{file}");
        assert!(output.stdout.is_empty(), "{file}: no dump after an error");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("{file}{location}")),
            "{file}: {stderr}"
        );
        // The source line and a caret under the column, then a summary.
        assert!(stderr.contains(&format!("\n  | {caret}\n")), "{stderr}");
        assert!(stderr.ends_with("mkpat: 1 error, 0 warnings\n"), "{stderr}");

        // The same diagnostic as JSON on standard output.
        let output = mkpat()
            .args(["--format", "json", "dump", flag])
            .arg(fixture(file))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json[0]["code"], code);
        assert_eq!(json[0]["severity"], "error");
    }
    let output = mkpat()
        .args(["dump", "--mc", "/nonexistent/mc_x.db"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/mc_x.db"));
}
