//! Shared helpers of the `match_*` integration tests: the 60 public
//! positions, GNU Go's expected raw matches, and a small loader that turns
//! GNU Go's own compiled tables (`expected/mkpat/<db>.plain.json`) into
//! matcher patterns. Everything is read in place from `../shared`.

#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use matcher::board::{Color, PackedBoard};
use matcher::pattern::{
    Attribute, AttributeKind, AttributeValue, DbKind, EdgeConstraints, Element, ElementKind, Label,
    Offset, Pattern, PatternClass, PatternDb,
};
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use serde_json::Value;
use sgf::{Position, load_sgf_file};

/// One entry of `expected/matches/positions.json`.
#[derive(Debug, Clone)]
pub struct PublicPosition {
    pub id: String,
    pub sgf: PathBuf,
    pub move_number: u32,
    pub json: Value,
}

/// The 60 public positions, in id order.
pub fn public_positions(shared: &Path) -> Vec<PublicPosition> {
    let path = testkit::expected_dir(shared).join("matches/positions.json");
    let all: Value = serde_json::from_str(&testkit::read_text(&path)).expect("positions.json");
    let mut positions: Vec<PublicPosition> = all
        .as_object()
        .expect("object")
        .iter()
        .map(|(id, entry)| {
            let file = entry["file"].as_str().expect("file");
            let relative = file.strip_prefix("shared/").expect("file under shared/");
            PublicPosition {
                id: id.clone(),
                sgf: shared.join(relative),
                move_number: entry["move_number"].as_u64().expect("move_number") as u32,
                json: entry.clone(),
            }
        })
        .collect();
    positions.sort_by(|a, b| a.id.cmp(&b.id));
    positions
}

/// Loads a public position from its SGF file.
pub fn load(position: &PublicPosition) -> Position {
    load_sgf_file(&position.sgf, Some(position.move_number))
        .unwrap_or_else(|e| panic!("{}: {e}", position.id))
}

/// A raw match in the comparable form of `expected/matches`:
/// (position, colour, pattern name, ll, anchor, move).
pub type MatchLine = (String, char, String, u8, String, Option<String>);

/// GNU Go's raw matches of database `db` on the public positions.
pub fn expected_matches(shared: &Path, db: &str) -> Vec<MatchLine> {
    let path = testkit::expected_dir(shared).join(format!("matches/public/{db}.jsonl.gz"));
    let mut lines: Vec<MatchLine> = testkit::read_text(&path)
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("json line");
            (
                v["pos"].as_str().unwrap().to_string(),
                v["color"].as_str().unwrap().chars().next().unwrap(),
                v["pattern"].as_str().unwrap().to_string(),
                v["ll"].as_u64().unwrap() as u8,
                v["anchor"].as_str().unwrap().to_string(),
                v["move"].as_str().map(str::to_string),
            )
        })
        .collect();
    lines.sort();
    lines
}

/// Every raw match of `scanner` on `position` for both colours, sorted.
pub fn scan_lines(scanner: &dyn Scanner, id: &str, position: &Position) -> Vec<MatchLine> {
    let board = PackedBoard::try_from(&position.board).expect("loaded boards are square");
    let size = board.size();
    let db = scanner.db();
    let mut lines: Vec<MatchLine> = scanner
        .matches(&board, &ScanOptions::new(ColorMode::BothColors))
        .into_iter()
        .map(|m| {
            (
                id.to_string(),
                m.color.letter(),
                db.patterns[m.pattern].name.to_string(),
                m.transform.number(),
                m.anchor.to_gtp(size),
                m.move_point.map(|p| p.to_gtp(size)),
            )
        })
        .collect();
    lines.sort();
    lines
}

/// Describes the difference of two sorted multisets (empty if equal).
pub fn multiset_difference(expected: &[MatchLine], actual: &[MatchLine]) -> String {
    let mut counts: BTreeMap<&MatchLine, i64> = BTreeMap::new();
    for line in expected {
        *counts.entry(line).or_default() += 1;
    }
    for line in actual {
        *counts.entry(line).or_default() -= 1;
    }
    let differing: Vec<_> = counts.into_iter().filter(|(_, n)| *n != 0).collect();
    if differing.is_empty() {
        return String::new();
    }
    let mut report = format!(
        "{} lines differ; first ones (+ = missing, - = extra):\n",
        differing.len()
    );
    for (line, n) in differing.iter().take(12) {
        report.push_str(&format!("  {n:+} {line:?}\n"));
    }
    report
}

fn int(v: &Value, key: &str) -> i64 {
    v[key]
        .as_i64()
        .unwrap_or_else(|| panic!("field {key} missing in {v}"))
}

fn offset(v: &Value) -> Offset {
    Offset::new(v[0].as_i64().unwrap() as i8, v[1].as_i64().unwrap() as i8)
}

fn attribute(v: &Value) -> Attribute {
    const KINDS: [AttributeKind; 10] = [
        AttributeKind::MinValue,
        AttributeKind::MaxValue,
        AttributeKind::MinTerritory,
        AttributeKind::MaxTerritory,
        AttributeKind::Shape,
        AttributeKind::Followup,
        AttributeKind::ReverseFollowup,
        AttributeKind::ThreatensToCapture,
        AttributeKind::ThreatensEye,
        AttributeKind::ReverseSente,
    ];
    let name = v["type"].as_str().expect("attribute type");
    let kind = *KINDS
        .iter()
        .find(|k| k.gnugo_name() == name)
        .expect("known attribute");
    let value = if kind.takes_offset() {
        AttributeValue::Offset(offset(&v["delta_from_move"]))
    } else {
        AttributeValue::Value(v["value"].as_f64().expect("value") as f32)
    };
    Attribute { kind, value }
}

/// Converts one pattern object of a GNU Go mkpat JSON dump.
pub fn pattern_from_json(v: &Value) -> Pattern {
    let masks = |key: &str| -> [u32; 8] {
        let list = v[key].as_array().expect("mask list");
        std::array::from_fn(|k| list[k].as_u64().unwrap() as u32)
    };
    let elements: Vec<Element> = v["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| Element {
            offset: offset(e),
            kind: ElementKind::from_att(e[2].as_u64().unwrap() as u8).expect("att"),
        })
        .collect();
    let mut labels: Vec<Label> = match v["autohelper_labels"].as_object() {
        Some(map) => map
            .iter()
            .map(|(name, off)| Label {
                name: name.chars().next().unwrap(),
                offset: offset(off),
            })
            .collect(),
        None => Vec::new(),
    };
    labels.sort_by_key(|l| l.name);
    Pattern {
        name: Cow::Owned(v["name"].as_str().unwrap().to_string()),
        elements: Cow::Owned(elements),
        trfno: int(v, "trfno") as u8,
        mini: int(v, "mini") as i8,
        minj: int(v, "minj") as i8,
        maxi: int(v, "maxi") as i8,
        maxj: int(v, "maxj") as i8,
        height: int(v, "height") as i8,
        width: int(v, "width") as i8,
        edge_constraints: EdgeConstraints(int(v, "edge_constraints") as u8),
        move_offset: Offset::from_gnugo(int(v, "move_offset") as i32).expect("move offset"),
        has_move: true,
        anchored_at_x: int(v, "anchored_at_X") == 3,
        and_mask: masks("and_mask"),
        val_mask: masks("val_mask"),
        class: PatternClass(int(v, "class_bits") as u32),
        value: v["value"].as_f64().unwrap_or(0.0) as f32,
        attributes: v["attributes"]
            .as_array()
            .map(|list| Cow::Owned(list.iter().map(attribute).collect())),
        helper: v["helper"].as_str().map(|s| Cow::Owned(s.to_string())),
        autohelper: v["autohelper"].as_str().map(|s| Cow::Owned(s.to_string())),
        autohelper_flag: int(v, "autohelper_flag") as u8,
        autohelper_labels: Cow::Owned(labels),
        constraint_cost: v["constraint_cost"].as_f64().unwrap_or(0.0) as f32,
        transformation_hint: v["transformation_hint"].as_u64().unwrap_or(0) as u8,
    }
}

/// `expected/mkpat/<db>.plain.json` as a database, if GNU Go's dump exists.
pub fn gnugo_plain_db(shared: &Path, db: &str) -> Option<PatternDb> {
    let path = testkit::expected_dir(shared).join(format!("mkpat/{db}.plain.json"));
    if !path.exists() {
        return None;
    }
    let json: Value = serde_json::from_str(&testkit::read_text(&path)).expect("mkpat json");
    let command = json["command"].as_str().unwrap_or_default();
    Some(PatternDb {
        name: Cow::Owned(json["prefix"].as_str().unwrap_or(db).to_string()),
        patterns: Cow::Owned(
            json["patterns"]
                .as_array()
                .unwrap()
                .iter()
                .map(pattern_from_json)
                .collect(),
        ),
        fixed_anchor: json["pattern_db"]["fixed_anchor"].as_i64() == Some(1),
        kind: if command.contains(" -c ") {
            DbKind::Connection
        } else {
            DbKind::General
        },
    })
}

/// The side letter of a colour.
pub fn letter(color: Color) -> char {
    color.letter()
}

/// The `tesuji` binary these tests were built with, colour off.
pub fn tesuji() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tesuji"));
    command.env("NO_COLOR", "1");
    command
}

/// Runs `tesuji ARGS`: whether it succeeded, its standard output and its
/// standard error.
pub fn run_tesuji(args: &[&str]) -> (bool, String, String) {
    let output = tesuji().args(args).output().expect("tesuji runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// One surviving match of GNU Go's post-constraint lines: database,
/// pattern, `ll` (GNU Go's transformation number) and move.
pub type PostConstraintKey = (String, String, u8, String);

/// GNU Go's post-constraint matches of one position.
#[derive(Debug, Clone)]
pub struct PostConstraint {
    /// The colour to move.
    pub color: Color,
    /// Every surviving match, in GNU Go's order.
    pub keys: Vec<PostConstraintKey>,
    /// Whether GNU Go ran its endgame pass (endgame.db) there.
    pub ran_endgame: bool,
}

/// `expected/postconstraint/postconstraint.jsonl`, by position id.
pub fn postconstraint(shared: &Path) -> BTreeMap<String, PostConstraint> {
    let path = testkit::expected_dir(shared).join("postconstraint/postconstraint.jsonl");
    testkit::read_text(&path)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("postconstraint line");
            let color = match v["color"].as_str() {
                Some("B") => Color::Black,
                _ => Color::White,
            };
            let keys = v["matches"]
                .as_array()
                .expect("matches")
                .iter()
                .map(|m| {
                    (
                        m["db"].as_str().unwrap_or_default().to_string(),
                        m["pattern"].as_str().unwrap_or_default().to_string(),
                        m["ll"].as_u64().unwrap_or(0) as u8,
                        m["move"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            let ran_endgame = v["sections"]
                .as_array()
                .expect("sections")
                .iter()
                .any(|s| s["kind"] == "endgame_shapes");
            let id = v["pos"].as_str().expect("pos").to_string();
            (
                id,
                PostConstraint {
                    color,
                    keys,
                    ran_endgame,
                },
            )
        })
        .collect()
}

/// A context of kind `kind` for `color` on `position` (the engine's reads
/// its simple-ko point).
pub fn context_for(
    position: &Position,
    color: Color,
    kind: engine::front::explain::ContextKind,
) -> Box<dyn matcher::context::Context + '_> {
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    engine::front::explain::context_for(&position.board, ko, color, kind)
}
