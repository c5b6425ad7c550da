//! Compiles every database of `shared/expected/mkpat/` with the command
//! recorded in its expected file and compares every field of every pattern
//! with GNU Go's. A difference fails with a per-field report.

use mkpat::dump::{compile_inputs, json::db_json};
use mkpat::options::{MkpatOptions, parse_mkpat_args};
use serde_json::Value;
use std::path::Path;

/// The options of a recorded `./mkpat ...` command, with paths resolved in
/// the corpus patterns directory.
fn options_of(command: &str, patterns_dir: &Path) -> MkpatOptions {
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let mut options = parse_mkpat_args(&args)
        .expect("recorded command parses")
        .options;
    let resolve = |p: &str| patterns_dir.join(p).display().to_string();
    options.inputs = options.inputs.iter().map(|p| resolve(p)).collect();
    options.dtr = options.dtr.as_deref().map(resolve);
    options
}

/// Compiles per the expected file and returns the per-field differences.
fn differences(expected_path: &Path, patterns_dir: &Path) -> (usize, Vec<String>) {
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(expected_path).unwrap()).unwrap();
    let command = expected["command"].as_str().unwrap();
    let options = options_of(command, patterns_dir);
    let plain = expected["variant"] == "plain";
    let run = compile_inputs(&options, plain).expect("compiles");
    let actual = db_json(&run.compilation.db, &options.inputs, command);
    let mut diffs = Vec::new();
    for diagnostic in run.diagnostics() {
        diffs.push(format!(
            "diagnostic {}: {}",
            diagnostic.code.as_str(),
            diagnostic.message
        ));
    }
    for key in ["num_patterns"] {
        if expected[key] != actual[key] {
            diffs.push(format!(
                "{key}: expected {}, actual {}",
                expected[key], actual[key]
            ));
        }
    }
    for key in ["fixed_anchor", "has_dfa", "attributes_table", "name"] {
        let (e, a) = (&expected["pattern_db"][key], &actual["pattern_db"][key]);
        if e != a {
            diffs.push(format!("pattern_db.{key}: expected {e}, actual {a}"));
        }
    }
    let empty = Vec::new();
    let expected_patterns = expected["patterns"].as_array().unwrap_or(&empty);
    let actual_patterns = actual["patterns"].as_array().unwrap_or(&empty);
    for (index, e) in expected_patterns.iter().enumerate() {
        let name = e["name"].as_str().unwrap_or("?");
        let Some(a) = actual_patterns.get(index) else {
            diffs.push(format!("pattern {name} (#{index}): missing"));
            continue;
        };
        for (key, e_value) in e.as_object().unwrap() {
            let a_value = a.get(key).unwrap_or(&Value::Null);
            if e_value != a_value {
                diffs.push(format!(
                    "pattern {name} (#{index}) field {key}:\n    expected {e_value}\n    actual   {a_value}"
                ));
            }
        }
    }
    (expected_patterns.len(), diffs)
}

fn check(file: &str) {
    let shared = testkit::require_shared!();
    let expected = testkit::expected_dir(&shared).join("mkpat").join(file);
    let patterns_dir = testkit::gnugo_patterns_dir(&shared);
    let (count, diffs) = differences(&expected, &patterns_dir);
    assert!(count > 0, "{file}: no patterns in the expected file");
    if !diffs.is_empty() {
        let shown: Vec<&String> = diffs.iter().take(40).collect();
        panic!(
            "{file}: {} difference(s) with GNU Go's mkpat:\n{}",
            diffs.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

macro_rules! expected_tests {
    ($($name:ident => $file:literal;)*) => {
        $(
            #[test]
            fn $name() {
                check($file);
            }
        )*
    };
}

expected_tests! {
    attack_build => "attack.json";
    attack_plain => "attack.plain.json";
    defense_build => "defense.json";
    defense_plain => "defense.plain.json";
    conn_build => "conn.json";
    conn_plain => "conn.plain.json";
    endgame_build => "endgame.json";
    endgame_plain => "endgame.plain.json";
    influence_build => "influence.json";
    influence_plain => "influence.plain.json";
    fuseki_build => "fuseki.json";
    fuseki_plain => "fuseki.plain.json";
    handicap_build => "handicap.json";
    handicap_plain => "handicap.plain.json";
    aa_attackpats_build => "aa_attackpats.json";
    aa_attackpats_plain => "aa_attackpats.plain.json";
    aa_attackpats_nodfa => "aa_attackpats.nodfa.json";
    owl_vital_apats_build => "owl_vital_apats.json";
    owl_vital_apats_plain => "owl_vital_apats.plain.json";
    owl_vital_apats_nodfa => "owl_vital_apats.nodfa.json";
}

/// Every expected file of the directory is covered by a test above.
#[test]
fn every_expected_file_is_checked() {
    let shared = testkit::require_shared!();
    let dir = testkit::expected_dir(&shared).join("mkpat");
    let source = include_str!("compile_expected.rs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".json") && !name.ends_with(".dfa.json") && name != "joseki_corner.json" {
            assert!(
                source.contains(&format!("\"{name}\"")),
                "{name} has no test"
            );
        }
    }
}
