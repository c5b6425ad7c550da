//! KataGo rule test records (one JSON object per line, the format of
//! `expected/katago/README.md`): reading them with errors that name the
//! line, the record and the field, and replaying them into the report
//! format `tesuji rules replay` writes (one JSON object per record).

use std::fmt;

use goban::{Board, Color, Geometry};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::area::{AreaMode, IndependentLifeMode, area_map, independent_life};
use crate::game::{Game, GameResult};
use crate::illegal::Move;
use crate::rule_set::{KoRule, Rules, ScoringRule, TaxRule, WhiteHandicapBonus};

/// A record that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseError {
    /// 1-based line number.
    pub line: usize,
    /// The record's name, when it could be read.
    pub record: Option<String>,
    /// The field at fault (a path such as `steps[3].move`), or `json`.
    pub field: String,
    /// What is wrong.
    pub cause: String,
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: record {}: field {}: {}",
            self.line,
            self.record.as_deref().unwrap_or("?"),
            self.field,
            self.cause
        )
    }
}

impl std::error::Error for CaseError {}

/// One step of a game record.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Who moves.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// An equivalent spelling of the move (`alt_move`).
    pub alt: Option<Move>,
    /// Whether the move is applied even if illegal.
    pub forced: bool,
    /// Moves whose legality is reported after this step.
    pub probes: Vec<(Color, Move)>,
    /// Steps played on a copy after this step.
    pub branch: Vec<Step>,
}

/// A game record.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The record's name.
    pub name: String,
    /// The rules.
    pub rules: Rules,
    /// The starting board.
    pub board: Board,
    /// Who plays first.
    pub to_move: Color,
    /// The moves.
    pub steps: Vec<Step>,
}

/// What an area record asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AreaQuery {
    /// An area map (`kind: "area"`).
    Area(AreaMode),
    /// Independent-life regions (`kind: "independent_life_area"`).
    IndependentLife(IndependentLifeMode),
}

/// An area record.
#[derive(Debug, Clone)]
pub struct AreaRecord {
    /// The record's name.
    pub name: String,
    /// The board.
    pub board: Board,
    /// The analysis.
    pub query: AreaQuery,
}

/// A record of either kind.
#[derive(Debug, Clone)]
pub enum Record {
    /// A game.
    Game(GameRecord),
    /// An area analysis.
    Area(AreaRecord),
}

impl Record {
    /// The record's name.
    pub fn name(&self) -> &str {
        match self {
            Record::Game(g) => &g.name,
            Record::Area(a) => &a.name,
        }
    }
}

/// The rules object of a record (the case format's field names).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseRules {
    ko: KoRule,
    scoring: ScoringRule,
    tax: TaxRule,
    multi_stone_suicide: bool,
    button: bool,
    white_handicap_bonus: WhiteHandicapBonus,
    komi: f64,
}

/// Reads every non-blank line of `text` as a record.
pub fn read_records(text: &str) -> Result<Vec<Record>, CaseError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(k, line)| parse_record(line, k + 1))
        .collect()
}

/// Reads one record from `line` (numbered `line_number` in errors).
pub fn parse_record(line: &str, line_number: usize) -> Result<Record, CaseError> {
    let mut reader = FieldReader {
        line: line_number,
        record: None,
    };
    let value: Value = serde_json::from_str(line).map_err(|e| reader.error("json", e))?;
    let object = value
        .as_object()
        .ok_or_else(|| reader.error("json", "a record must be a JSON object"))?;
    let name = reader.string(object, "name")?;
    reader.record = Some(name.clone());
    let kind = reader.string(object, "kind")?;
    let size = reader.size(object)?;
    let board = reader.board(object, size)?;
    match kind.as_str() {
        "game" => {
            let rules_value = reader.field(object, "rules")?;
            let case_rules: CaseRules = serde_json::from_value(rules_value.clone())
                .map_err(|e| reader.error("rules", e))?;
            if !case_rules.komi.is_finite() {
                return Err(reader.error("rules.komi", "komi must be finite"));
            }
            let rules = Rules {
                has_button: case_rules.button,
                ko: case_rules.ko,
                scoring: case_rules.scoring,
                multi_stone_suicide: case_rules.multi_stone_suicide,
                tax: case_rules.tax,
                white_handicap_bonus: case_rules.white_handicap_bonus,
                friendly_pass_ok: false,
                komi: case_rules.komi,
            };
            let to_move_text = reader.string(object, "to_move")?;
            let to_move = Color::parse(&to_move_text).ok_or_else(|| {
                reader.error("to_move", format!("`{to_move_text}` is not B or W"))
            })?;
            let steps_value = reader.field(object, "steps")?;
            let steps = reader.steps(steps_value, "steps", board.geometry())?;
            Ok(Record::Game(GameRecord {
                name,
                rules,
                board,
                to_move,
                steps,
            }))
        }
        "area" | "independent_life_area" => {
            let mode = reader.field(object, "area_mode")?;
            let mode = mode
                .as_object()
                .ok_or_else(|| reader.error("area_mode", "expected an object"))?;
            let flag = |key: &str| -> Result<bool, CaseError> {
                match mode.get(key) {
                    Some(Value::Bool(b)) => Ok(*b),
                    Some(other) => Err(reader.error(
                        &format!("area_mode.{key}"),
                        format!("expected true or false, found {other}"),
                    )),
                    None => Err(reader.error(&format!("area_mode.{key}"), "missing")),
                }
            };
            let query = if kind == "area" {
                AreaQuery::Area(AreaMode {
                    safe_big_territories: flag("safe_big_territories")?,
                    unsafe_big_territories: flag("unsafe_big_territories")?,
                    non_pass_alive_stones: flag("non_pass_alive_stones")?,
                    multi_stone_suicide: flag("multi_stone_suicide")?,
                })
            } else {
                AreaQuery::IndependentLife(IndependentLifeMode {
                    keep_territories: flag("keep_territories")?,
                    keep_stones: flag("keep_stones")?,
                    multi_stone_suicide: flag("multi_stone_suicide")?,
                })
            };
            Ok(Record::Area(AreaRecord { name, board, query }))
        }
        other => Err(reader.error(
            "kind",
            format!("`{other}` is not game, area or independent_life_area"),
        )),
    }
}

/// Field access with errors naming the line, record and field.
struct FieldReader {
    line: usize,
    record: Option<String>,
}

impl FieldReader {
    fn error(&self, field: &str, cause: impl fmt::Display) -> CaseError {
        CaseError {
            line: self.line,
            record: self.record.clone(),
            field: field.to_string(),
            cause: cause.to_string(),
        }
    }

    fn field<'a>(&self, object: &'a Map<String, Value>, key: &str) -> Result<&'a Value, CaseError> {
        object.get(key).ok_or_else(|| self.error(key, "missing"))
    }

    fn string(&self, object: &Map<String, Value>, key: &str) -> Result<String, CaseError> {
        match self.field(object, key)? {
            Value::String(s) => Ok(s.clone()),
            other => Err(self.error(key, format!("expected a string, found {other}"))),
        }
    }

    fn size(&self, object: &Map<String, Value>) -> Result<Geometry, CaseError> {
        let value = self.field(object, "size")?;
        let pair = value
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| Some((a[0].as_u64()?, a[1].as_u64()?)))
            .ok_or_else(|| {
                self.error("size", format!("expected [width, height], found {value}"))
            })?;
        Geometry::new(pair.0 as usize, pair.1 as usize).map_err(|e| self.error("size", e))
    }

    fn board(&self, object: &Map<String, Value>, geometry: Geometry) -> Result<Board, CaseError> {
        let value = self.field(object, "board")?;
        let rows: Vec<String> = serde_json::from_value(value.clone())
            .map_err(|e| self.error("board", format!("expected a list of strings: {e}")))?;
        if rows.len() != geometry.height() {
            return Err(self.error(
                "board",
                format!("{} rows, but size says {}", rows.len(), geometry.height()),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != geometry.width() {
                return Err(self.error(
                    "board",
                    format!(
                        "row {i} has {found} points, but size says {}",
                        geometry.width()
                    ),
                ));
            }
        }
        Board::from_rows(&rows).map_err(|e| self.error("board", e))
    }

    fn steps(&self, value: &Value, path: &str, geometry: Geometry) -> Result<Vec<Step>, CaseError> {
        let list = value
            .as_array()
            .ok_or_else(|| self.error(path, "expected a list of steps"))?;
        list.iter()
            .enumerate()
            .map(|(k, step)| self.step(step, &format!("{path}[{k}]"), geometry))
            .collect()
    }

    fn step(&self, value: &Value, path: &str, geometry: Geometry) -> Result<Step, CaseError> {
        let object = value
            .as_object()
            .ok_or_else(|| self.error(path, "expected an object"))?;
        let move_text = match object.get("move") {
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                return Err(self.error(
                    &format!("{path}.move"),
                    format!("expected a string, found {other}"),
                ));
            }
            None => return Err(self.error(&format!("{path}.move"), "missing")),
        };
        let (color, mv) = parse_move(&move_text, geometry)
            .map_err(|cause| self.error(&format!("{path}.move"), cause))?;
        let alt = match object.get("alt_move") {
            Some(Value::String(s)) => {
                let (alt_color, alt) = parse_move(s, geometry)
                    .map_err(|cause| self.error(&format!("{path}.alt_move"), cause))?;
                if alt_color != color {
                    return Err(
                        self.error(&format!("{path}.alt_move"), "a different player from move")
                    );
                }
                Some(alt)
            }
            Some(other) => {
                return Err(self.error(
                    &format!("{path}.alt_move"),
                    format!("expected a string, found {other}"),
                ));
            }
            None => None,
        };
        let forced = match object.get("forced") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(self.error(
                    &format!("{path}.forced"),
                    format!("expected true or false, found {other}"),
                ));
            }
        };
        let mut probes = Vec::new();
        if let Some(list) = object.get("probe_moves") {
            let list = list
                .as_array()
                .ok_or_else(|| self.error(&format!("{path}.probe_moves"), "expected a list"))?;
            for (k, probe) in list.iter().enumerate() {
                let field = format!("{path}.probe_moves[{k}].move");
                let text = probe
                    .get("move")
                    .and_then(Value::as_str)
                    .ok_or_else(|| self.error(&field, "missing or not a string"))?;
                probes.push(parse_move(text, geometry).map_err(|cause| self.error(&field, cause))?);
            }
        }
        let branch = match object.get("branch") {
            Some(list) => self.steps(list, &format!("{path}.branch"), geometry)?,
            None => Vec::new(),
        };
        Ok(Step {
            color,
            mv,
            alt,
            forced,
            probes,
            branch,
        })
    }
}

/// Parses `"B D4"` / `"W pass"` on `geometry`.
pub fn parse_move(text: &str, geometry: Geometry) -> Result<(Color, Move), String> {
    let mut words = text.split_whitespace();
    let (Some(player), Some(vertex), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("`{text}` is not `COLOUR VERTEX`"));
    };
    let color = Color::parse(player).ok_or_else(|| format!("`{player}` is not B or W"))?;
    if vertex.eq_ignore_ascii_case("pass") {
        return Ok((color, Move::Pass));
    }
    let v = geometry.parse_gtp(vertex).ok_or_else(|| {
        format!(
            "`{vertex}` is not a point of a {}x{} board",
            geometry.width(),
            geometry.height()
        )
    })?;
    Ok((color, Move::Play(v)))
}

/// Which spelling of a step's move to replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// `move`.
    Primary,
    /// `alt_move` where present, else `move`.
    Alternative,
}

/// Replays a record into its report (the README's output format).
pub fn replay(record: &Record, spelling: Spelling) -> Value {
    match record {
        Record::Game(game) => replay_game(game, spelling),
        Record::Area(area) => replay_area(area),
    }
}

fn replay_area(record: &AreaRecord) -> Value {
    match record.query {
        AreaQuery::Area(mode) => json!({
            "name": record.name,
            "area": area_map(&record.board, mode).rows(),
            "region_count_white_minus_black": Value::Null,
        }),
        AreaQuery::IndependentLife(mode) => {
            let life = independent_life(&record.board, mode);
            json!({
                "name": record.name,
                "area": life.map.rows(),
                "region_count_white_minus_black": life.region_count_white_minus_black,
            })
        }
    }
}

fn replay_game(record: &GameRecord, spelling: Spelling) -> Value {
    let mut game = Game::new(record.board.clone(), record.rules, record.to_move);
    let mut report = Map::new();
    report.insert("name".into(), json!(record.name));
    report.insert("initial".into(), state_report(&game));
    let (steps, stopped) = replay_steps(&mut game, &record.steps, spelling);
    report.insert("steps".into(), Value::Array(steps));
    report.insert("final".into(), result_report(&game));
    if let Some((step, why)) = stopped {
        report.insert("stopped".into(), json!({"step": step, "why": why}));
    }
    Value::Object(report)
}

/// Plays `steps`; returns their reports and where it stopped, if it did.
fn replay_steps(
    game: &mut Game,
    steps: &[Step],
    spelling: Spelling,
) -> (Vec<Value>, Option<(usize, String)>) {
    let mut reports = Vec::new();
    for (k, step) in steps.iter().enumerate() {
        let mv = match (spelling, step.alt) {
            (Spelling::Alternative, Some(alt)) => alt,
            _ => step.mv,
        };
        let legal = game.is_legal(step.color, mv);
        let outcome = if step.forced {
            game.play_forced(step.color, mv)
        } else {
            game.play(step.color, mv)
        };
        if let Err(why) = outcome {
            return (reports, Some((k, why.to_string())));
        }
        let mut report = Map::new();
        report.insert("legal".into(), json!(legal));
        report.insert("state".into(), state_report(game));
        let probes: Vec<bool> = step
            .probes
            .iter()
            .map(|(color, probe)| game.is_legal(*color, *probe))
            .collect();
        report.insert("probes".into(), json!(probes));
        report.insert(
            "pass_would_end_phase".into(),
            json!(game.pass_would_end_phase()),
        );
        report.insert(
            "pass_would_end_game".into(),
            json!(game.pass_would_end_game()),
        );
        if !step.branch.is_empty() {
            let mut copy = game.clone();
            let (branch, _) = replay_steps(&mut copy, &step.branch, spelling);
            report.insert("branch".into(), Value::Array(branch));
        }
        reports.push(Value::Object(report));
    }
    (reports, None)
}

fn lower_rows(board: &Board) -> Vec<String> {
    board
        .rows_text()
        .into_iter()
        .map(|r| r.to_lowercase())
        .collect()
}

fn vertices(game: &Game, list: &[goban::Vertex]) -> Vec<String> {
    list.iter()
        .map(|v| game.board().geometry().gtp(*v))
        .collect()
}

fn state_report(game: &Game) -> Value {
    json!({
        "board": lower_rows(game.board()),
        "to_move": game.to_move().letter().to_string(),
        "phase": game.phase(),
        "game_over": game.is_over(),
        "result": result_report(game),
        "nonsuicide_illegal_points": vertices(game, &game.nonsuicide_illegal_points()),
        "ko_recapture_blocked": vertices(game, &game.ko_recapture_blocked()),
        "score_now": game.score_now(),
        "num_legal_moves": game.num_legal_moves(),
        "second_phase_start_board": game.second_phase_start_board().map(lower_rows),
    })
}

fn result_report(game: &Game) -> Value {
    match game.result() {
        None => json!({
            "game_over": false,
            "winner": "none",
            "white_minus_black": Value::Null,
            "no_result": false,
        }),
        Some(result) => finished_report(result),
    }
}

fn finished_report(result: &GameResult) -> Value {
    let winner = if result.no_result {
        "none"
    } else {
        match result.winner() {
            Some(Color::Black) => "B",
            Some(Color::White) => "W",
            None => "draw",
        }
    };
    let mut report = json!({
        "game_over": true,
        "winner": winner,
        "white_minus_black": result.white_minus_black,
        "no_result": result.no_result,
    });
    if let Some(area) = &result.area {
        report["area"] = json!(area.rows());
    }
    report
}
