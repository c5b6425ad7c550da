//! Replays every public Pgx trace (`shared/expected/pgx`) and compares each
//! record field for field with the recorded one: every legal mask, board,
//! reward, end reason, score, final board and observation. The first
//! difference is reported with the file, game id, step and field.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use goenv::replay::OUTPUT_FIELDS;
use goenv::replay_record;
use serde_json::{Map, Value};

fn lines_of(path: &Path) -> Vec<String> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(flate2::read::GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    BufReader::new(reader)
        .lines()
        .map(|l| l.expect("readable trace"))
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// Keeps only what a replay may read: the configuration, the actions and
/// which observations are wanted (their keys, values blanked).
fn input_of(recorded: &Map<String, Value>) -> Value {
    let mut input = Map::new();
    for key in [
        "game_id",
        "size",
        "komi",
        "max_steps",
        "black_player",
        "actions",
    ] {
        if let Some(value) = recorded.get(key) {
            input.insert(key.into(), value.clone());
        }
    }
    if let Some(Value::Object(obs)) = recorded.get("obs") {
        let keys = obs.keys().map(|k| (k.clone(), Value::Null)).collect();
        input.insert("obs".into(), Value::Object(keys));
    }
    for key in [
        "rewards_after",
        "terminated_after",
        "ko_after",
        "env_step_count",
    ] {
        if recorded.contains_key(key) {
            input.insert(key.into(), Value::Null);
        }
    }
    Value::Object(input)
}

/// The first difference between two values, as a path.
fn first_difference(path: String, expected: &Value, got: &Value) -> Option<String> {
    match (expected, got) {
        (Value::Array(e), Value::Array(g)) => {
            for (t, (ev, gv)) in e.iter().zip(g).enumerate() {
                if let Some(d) = first_difference(format!("{path}[step {t}]"), ev, gv) {
                    return Some(d);
                }
            }
            (e.len() != g.len()).then(|| format!("{path}: length {} != {}", g.len(), e.len()))
        }
        (Value::Object(e), Value::Object(g)) => {
            for (k, ev) in e {
                match g.get(k) {
                    None => return Some(format!("{path}.{k}: missing")),
                    Some(gv) => {
                        if let Some(d) = first_difference(format!("{path}.{k}"), ev, gv) {
                            return Some(d);
                        }
                    }
                }
            }
            (e.len() != g.len()).then(|| format!("{path}: extra keys"))
        }
        _ => (expected != got).then(|| format!("{path}: got {got}, expected {expected}")),
    }
}

/// Fields with one entry per step.
const PER_STEP: &[&str] = &[
    "players",
    "legal",
    "boards",
    "rewards_after",
    "terminated_after",
    "ko_after",
];

/// The first difference between a recorded and a replayed record, in game
/// order: step by step (every per-step field and the observation before
/// the step), then the final fields.
fn first_difference_of(recorded: &Map<String, Value>, got: &Map<String, Value>) -> Option<String> {
    let steps = recorded["actions"].as_array().map_or(0, Vec::len);
    let obs = |record: &Map<String, Value>, key: &str| {
        record.get("obs").and_then(|o| o.get(key)).cloned()
    };
    for t in 0..steps {
        if let Some(expected) = obs(recorded, &t.to_string()) {
            if let Some(d) = first_difference(
                format!("step {t}: obs"),
                &expected,
                &obs(got, &t.to_string()).unwrap_or(Value::Null),
            ) {
                return Some(d);
            }
        }
        for &field in PER_STEP {
            let Some(expected) = recorded.get(field) else {
                continue;
            };
            let got = got
                .get(field)
                .and_then(|g| g.get(t))
                .cloned()
                .unwrap_or(Value::Null);
            if let Some(d) = first_difference(format!("step {t}: {field}"), &expected[t], &got) {
                return Some(d);
            }
        }
    }
    for &field in OUTPUT_FIELDS {
        let Some(expected) = recorded.get(field) else {
            continue;
        };
        let got = got.get(field).cloned().unwrap_or(Value::Null);
        if let Some(d) = first_difference(format!("final: {field}"), expected, &got) {
            return Some(d);
        }
    }
    None
}

fn check_file(name: &str) -> usize {
    let Some(shared) = testkit::shared_dir() else {
        return 0;
    };
    let path = testkit::expected_dir(&shared).join("pgx").join(name);
    let mut checked = 0;
    for (k, line) in lines_of(&path).iter().enumerate() {
        let recorded: Value = serde_json::from_str(line).expect("trace line is JSON");
        let recorded = recorded.as_object().expect("a record");
        let game = recorded.get("game_id").cloned().unwrap_or(Value::Null);
        let got = replay_record(&input_of(recorded))
            .unwrap_or_else(|e| panic!("{name} line {} (game {game}): {e}", k + 1));
        let got = got.as_object().expect("an object");
        let compared = OUTPUT_FIELDS
            .iter()
            .filter(|f| recorded.contains_key(**f))
            .count();
        assert!(
            compared >= 14,
            "{name} game {game}: only {compared} fields compared"
        );
        if let Some(difference) = first_difference_of(recorded, got) {
            panic!("{name} game {game}: {difference}");
        }
        checked += 1;
    }
    assert!(checked > 0, "{name}: no records");
    checked
}

#[test]
fn go9_traces_replay_exactly() {
    check_file("go9.jsonl.gz");
}

#[test]
fn go13_traces_replay_exactly() {
    check_file("go13.jsonl.gz");
}

#[test]
fn go19_traces_replay_exactly() {
    check_file("go19.jsonl.gz");
}

#[test]
fn superko_traces_replay_exactly() {
    check_file("go9_psk.jsonl.gz");
    check_file("go13_psk.jsonl.gz");
}

#[test]
fn special_scenarios_replay_exactly() {
    check_file("special.jsonl");
}
