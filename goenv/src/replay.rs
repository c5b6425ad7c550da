//! Replaying records in the Pgx trace format (`README.md` beside the shared
//! traces): a record gives `size`, `komi`, `max_steps`, `black_player` and
//! `actions` (and, optionally, which observations it wants as the keys of
//! `obs`); the replay writes back the record with every per-step and final
//! field filled in, in the traces' exact encoding. Other fields are kept as
//! they are.

use std::io::{BufRead, Write};

use serde_json::{Map, Value, json};

use crate::env::{Env, EnvConfig};

/// Why a record could not be replayed: where (line, game) and which field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{}field `{field}`: {cause}", line.map_or(String::new(), |l| format!("line {l}: ")), game.as_ref().map_or(String::new(), |g| format!("game {g}: ")))]
pub struct ReplayError {
    /// 1-based input line, when reading a stream.
    pub line: Option<usize>,
    /// The record's `game_id`, when it has one.
    pub game: Option<String>,
    /// The field at fault (`(record)` for the record as a whole).
    pub field: String,
    /// What is wrong.
    pub cause: String,
}

impl ReplayError {
    fn new(field: impl Into<String>, cause: impl Into<String>) -> ReplayError {
        ReplayError {
            line: None,
            game: None,
            field: field.into(),
            cause: cause.into(),
        }
    }
}

/// The fields a replay writes (the others are copied from the input).
pub const OUTPUT_FIELDS: &[&str] = &[
    "players",
    "legal",
    "boards",
    "num_steps",
    "terminated",
    "truncated",
    "end_reasons",
    "rewards",
    "rewards_by_color",
    "score_black",
    "score_white",
    "final_board",
    "final_current_player",
    "final_legal",
    "obs",
    "rewards_after",
    "terminated_after",
    "ko_after",
    "env_step_count",
];

fn unsigned(record: &Map<String, Value>, field: &str) -> Result<u64, ReplayError> {
    match record.get(field) {
        None => Err(ReplayError::new(field, "missing")),
        Some(value) => value.as_u64().ok_or_else(|| {
            ReplayError::new(field, format!("{value} is not a non-negative integer"))
        }),
    }
}

/// Which observations a record asks for: step indices and the final state.
struct WantedObservations {
    /// For each step, the key it was asked under (as written, e.g. `"10"`).
    steps: Vec<Option<String>>,
    /// The key of the final observation, when asked for.
    last: Option<String>,
}

fn wanted_observations(
    record: &Map<String, Value>,
    steps: usize,
) -> Result<Option<WantedObservations>, ReplayError> {
    let Some(obs) = record.get("obs") else {
        return Ok(None);
    };
    let Some(obs) = obs.as_object() else {
        return Err(ReplayError::new("obs", "not an object"));
    };
    let mut wanted = WantedObservations {
        steps: vec![None; steps],
        last: None,
    };
    for key in obs.keys() {
        if key == "final" {
            wanted.last = Some(key.clone());
            continue;
        }
        match key.parse::<usize>() {
            Ok(t) if t < steps => wanted.steps[t] = Some(key.clone()),
            _ => {
                return Err(ReplayError::new(
                    "obs",
                    format!("key {key:?} is neither \"final\" nor a step index below {steps}"),
                ));
            }
        }
    }
    Ok(Some(wanted))
}

fn mask_text(mask: &[bool]) -> String {
    mask.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

/// Replays one record (a JSON object) and returns it with the output
/// fields filled in. Errors name the field; the caller adds the line.
pub fn replay_record(record: &Value) -> Result<Value, ReplayError> {
    let Some(input) = record.as_object() else {
        return Err(ReplayError::new("(record)", "not a JSON object"));
    };
    let game = input.get("game_id").map(|g| match g {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    replay_object(input).map_err(|error| ReplayError { game, ..error })
}

fn replay_object(input: &Map<String, Value>) -> Result<Value, ReplayError> {
    let size = unsigned(input, "size")?;
    let mut config = EnvConfig::new(size as usize)
        .map_err(|_| ReplayError::new("size", format!("{size} is not a board size (1 to 25)")))?;
    let komi = match input.get("komi") {
        None => return Err(ReplayError::new("komi", "missing")),
        Some(value) => value
            .as_f64()
            .ok_or_else(|| ReplayError::new("komi", format!("{value} is not a number")))?,
    };
    config = config.with_komi(komi as f32);
    let max_steps = unsigned(input, "max_steps")?;
    let max_steps = u32::try_from(max_steps)
        .map_err(|_| ReplayError::new("max_steps", format!("{max_steps} is too large")))?;
    config = config.with_max_steps(max_steps);
    let black_player = unsigned(input, "black_player")?;
    if black_player > 1 {
        return Err(ReplayError::new(
            "black_player",
            format!("{black_player} is not 0 or 1"),
        ));
    }
    let actions = match input.get("actions") {
        None => return Err(ReplayError::new("actions", "missing")),
        Some(Value::Array(actions)) => actions,
        Some(_) => return Err(ReplayError::new("actions", "not an array")),
    };
    let pass = config.num_actions() - 1;
    let actions: Vec<usize> = actions
        .iter()
        .enumerate()
        .map(|(t, a)| match a.as_u64() {
            Some(a) if a <= pass as u64 => Ok(a as usize),
            _ => Err(ReplayError::new(
                format!("actions[{t}]"),
                format!("{a} is not an action (0..={pass}, {pass} is pass)"),
            )),
        })
        .collect::<Result<_, _>>()?;
    let wanted = wanted_observations(input, actions.len())?;

    let mut env = Env::new(config, black_player as u8)
        .map_err(|e| ReplayError::new("(record)", e.to_string()))?;
    let steps = actions.len();
    let (mut players, mut legal, mut boards) = (
        Vec::with_capacity(steps),
        Vec::with_capacity(steps),
        Vec::with_capacity(steps),
    );
    let (mut rewards_after, mut terminated_after, mut ko_after) = (
        Vec::with_capacity(steps),
        Vec::with_capacity(steps),
        Vec::with_capacity(steps),
    );
    let mut observations = Map::new();
    for (t, &action) in actions.iter().enumerate() {
        if env.terminated() {
            // Pgx changes nothing on a finished game: a trace's actions stop
            // at its end, so one more is a mistake in the record.
            return Err(ReplayError::new(
                format!("actions[{t}]"),
                format!(
                    "the game ended after step {} ({}); no action may follow",
                    t - 1,
                    env.end_reasons().names().join(", ")
                ),
            ));
        }
        if let Some(key) = wanted.as_ref().and_then(|w| w.steps[t].as_ref()) {
            observations.insert(key.clone(), json!(env.observation_hex()));
        }
        players.push(json!(env.current_player()));
        legal.push(json!(mask_text(&env.legal_mask())));
        env.step(action)
            .map_err(|e| ReplayError::new(format!("actions[{t}]"), e.to_string()))?;
        boards.push(json!(env.board_text()));
        rewards_after.push(json!(env.rewards()));
        terminated_after.push(json!(env.terminated()));
        ko_after.push(json!(env.ko_point().map_or(-1, |p| p as i64)));
    }
    if let Some(key) = wanted.as_ref().and_then(|w| w.last.as_ref()) {
        observations.insert(key.clone(), json!(env.observation_hex()));
    }
    let [score_black, score_white] = env.score();
    let mut output = input.clone();
    let mut set = |field: &str, value: Value| {
        output.insert(field.to_string(), value);
    };
    set("players", Value::Array(players));
    set("legal", Value::Array(legal));
    set("boards", Value::Array(boards));
    set("num_steps", json!(steps));
    set("terminated", json!(env.terminated()));
    set("truncated", json!(env.truncated()));
    set("end_reasons", json!(env.end_reasons().names()));
    set("rewards", json!(env.rewards()));
    set("rewards_by_color", json!(env.rewards_by_color()));
    set("score_black", json!(score_black));
    set("score_white", json!(score_white));
    set("final_board", json!(env.board_text()));
    set("final_current_player", json!(env.current_player()));
    set("final_legal", json!(mask_text(&env.legal_mask())));
    if wanted.is_some() {
        set("obs", Value::Object(observations));
    }
    // The per-step extras of the scripted scenarios, when asked for.
    for (field, values) in [
        ("rewards_after", rewards_after),
        ("terminated_after", terminated_after),
        ("ko_after", ko_after),
    ] {
        if input.contains_key(field) {
            set(field, Value::Array(values));
        }
    }
    if input.contains_key("env_step_count") {
        set("env_step_count", json!(env.step_count()));
    }
    Ok(Value::Object(output))
}

/// What [`replay_reader`] did: records written, records refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReplayCounts {
    /// Records replayed and written.
    pub written: usize,
    /// Bad records, each handed to the caller's `on_bad`.
    pub bad: usize,
}

/// Replays every record of a JSON-lines stream (blank lines skipped) and
/// writes each filled-in record as one line, as it goes. A bad record (not
/// UTF-8, not JSON, or not replayable) is handed to `on_bad` with its line
/// and the replay goes on with the next line: every good record is
/// written. Only reading or writing the streams stops it.
pub fn replay_reader(
    mut input: impl BufRead,
    mut output: impl Write,
    on_bad: &mut dyn FnMut(ReplayError),
) -> Result<ReplayCounts, ReplayStreamError> {
    let mut counts = ReplayCounts::default();
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| ReplayStreamError::Read {
                line: number + 1,
                source: e,
            })?;
        if read == 0 {
            break;
        }
        number += 1;
        let at_line = |error: ReplayError| ReplayError {
            line: Some(number),
            ..error
        };
        let filled = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => serde_json::from_str::<Value>(line)
                .map_err(|e| ReplayError::new("(record)", format!("malformed JSON: {e}")))
                .and_then(|record| replay_record(&record)),
            Err(e) => Err(ReplayError::new("(record)", format!("not UTF-8: {e}"))),
        };
        match filled {
            Ok(filled) => {
                serde_json::to_writer(&mut output, &filled).map_err(std::io::Error::from)?;
                output.write_all(b"\n")?;
                counts.written += 1;
            }
            Err(error) => {
                on_bad(at_line(error));
                counts.bad += 1;
            }
        }
    }
    output.flush()?;
    Ok(counts)
}

/// Opens a trace file for [`replay_reader`]: plain JSON lines, or gzip'd
/// (recognised by its magic bytes, whatever the name); `-` is standard
/// input.
pub fn open_trace(path: &std::path::Path) -> std::io::Result<Box<dyn BufRead>> {
    let mut reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(std::fs::File::open(path)?))
    };
    if reader.fill_buf()?.starts_with(&[0x1f, 0x8b]) {
        reader = Box::new(std::io::BufReader::new(
            flate2::bufread::MultiGzDecoder::new(reader),
        ));
    }
    Ok(reader)
}

/// Why a stream could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayStreamError {
    /// A bad record.
    #[error(transparent)]
    Record(#[from] ReplayError),
    /// Reading the input failed.
    #[error("line {line}: {source}")]
    Read {
        /// 1-based line.
        line: usize,
        /// The cause.
        source: std::io::Error,
    },
    /// Writing the output failed.
    #[error("writing: {0}")]
    Write(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The replay of `text`: what it wrote and the bad records' errors.
    fn replay_text(text: &str) -> (String, Vec<String>) {
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let counts = replay_reader(text.as_bytes(), &mut out, &mut |e| {
            errors.push(e.to_string())
        })
        .unwrap();
        assert_eq!(counts.bad, errors.len());
        let out = String::from_utf8(out).unwrap();
        assert_eq!(counts.written, out.lines().count());
        (out, errors)
    }

    fn error_of(line: &str) -> String {
        let (_, errors) = replay_text(line);
        assert_eq!(errors.len(), 1, "{errors:?}");
        errors[0].clone()
    }

    const GOOD: &str = r#"{"game_id": 3, "size": 3, "komi": 0.5, "max_steps": 18, "black_player": 1, "actions": [4, 9, 9], "obs": {"1": "", "final": ""}}"#;

    #[test]
    fn fills_every_output_field() {
        let (out, errors) = replay_text(GOOD);
        assert!(errors.is_empty(), "{errors:?}");
        let record: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(record["game_id"], json!(3));
        assert_eq!(record["players"], json!([1, 0, 1]));
        assert_eq!(record["legal"][1], json!("1111011111"));
        assert_eq!(record["boards"][0], json!("....X...."));
        assert_eq!(record["end_reasons"], json!(["two_passes"]));
        // Black has the whole board: 9 - 0.5 > 0; black is player 1.
        assert_eq!(record["rewards"], json!([-1.0, 1.0]));
        assert_eq!(record["rewards_by_color"], json!([1.0, -1.0]));
        assert_eq!(
            (record["score_black"].clone(), record["score_white"].clone()),
            (json!(9), json!(0))
        );
        assert_eq!(record["final_legal"], json!("1111111111"));
        let obs = record["obs"].as_object().unwrap();
        assert_eq!(obs.len(), 2);
        // 3*3*17 = 153 bits = 20 bytes.
        assert_eq!(obs["1"].as_str().unwrap().len(), 40);
    }

    #[test]
    fn errors_name_the_line_and_the_field() {
        let e = error_of(&format!("\n{GOOD}\n{{\"size\": 9"));
        assert!(
            e.starts_with("line 3: ") && e.contains("malformed JSON"),
            "{e}"
        );
        let e = error_of(
            r#"{"game_id": "g", "komi": 7.5, "max_steps": 1, "black_player": 0, "actions": []}"#,
        );
        assert_eq!(e, "line 1: game g: field `size`: missing");
        let e = error_of(
            r#"{"size": 26, "komi": 7.5, "max_steps": 1, "black_player": 0, "actions": []}"#,
        );
        assert!(e.contains("field `size`: 26 is not a board size"), "{e}");
        let e = error_of(
            r#"{"size": 9, "komi": 7.5, "max_steps": 9, "black_player": 0, "actions": [3, 82]}"#,
        );
        assert!(e.contains("field `actions[1]`: 82 is not an action"), "{e}");
        let e = error_of(
            r#"{"size": 9, "komi": "x", "max_steps": 9, "black_player": 0, "actions": []}"#,
        );
        assert!(e.contains("field `komi`"), "{e}");
        let e = error_of(
            r#"{"size": 9, "komi": 7.5, "max_steps": 9, "black_player": 2, "actions": []}"#,
        );
        assert!(e.contains("field `black_player`"), "{e}");
        let e = error_of(
            r#"{"size": 9, "komi": 7.5, "max_steps": 9, "black_player": 0, "actions": [], "obs": {"4": ""}}"#,
        );
        assert!(e.contains("field `obs`"), "{e}");
        assert!(error_of("[1]").contains("not a JSON object"));
    }

    #[test]
    fn bad_records_are_reported_by_line_and_every_good_one_is_written() {
        let text = format!("{GOOD}\n{{\"size\": 9\n\n[1]\n{GOOD}\n");
        let (out, errors) = replay_text(&text);
        assert_eq!(out.lines().count(), 2, "{out}");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("line 2: "), "{errors:?}");
        assert!(errors[1].starts_with("line 4: "), "{errors:?}");
        let mut bytes = GOOD.as_bytes().to_vec();
        bytes.extend_from_slice(b"\n\xff\xfe\n");
        bytes.extend_from_slice(GOOD.as_bytes());
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let counts =
            replay_reader(&bytes[..], &mut out, &mut |e| errors.push(e.to_string())).unwrap();
        assert_eq!((counts.written, counts.bad), (2, 1));
        assert!(errors[0].starts_with("line 2: ") && errors[0].contains("not UTF-8"));
    }

    #[test]
    fn an_action_after_the_end_of_the_game_is_an_error_naming_it() {
        // Two passes end the game at step 1; a third action follows.
        let e = error_of(
            r#"{"game_id": 7, "size": 3, "komi": 0.5, "max_steps": 18, "black_player": 0, "actions": [9, 9, 4]}"#,
        );
        assert_eq!(
            e,
            "line 1: game 7: field `actions[2]`: the game ended after step 1 (two_passes); no action may follow"
        );
        // The step limit ends a game as well.
        let e = error_of(
            r#"{"size": 3, "komi": 0.5, "max_steps": 2, "black_player": 0, "actions": [0, 1, 2]}"#,
        );
        assert!(
            e.contains("field `actions[2]`") && e.contains("step_limit"),
            "{e}"
        );
    }
}
