//! Why and why not at one point (`tesuji explain --at VERTEX`, GTP
//! `tesuji-explain_at`) and one pattern at every placement (`tesuji
//! explain --pattern NAME`, GTP `tesuji-pattern`), with their readable
//! forms ([`point_text`], [`pattern_text`]).
//!
//! **At a point.** Every raw candidate of the shape databases whose move
//! is the point is judged by the shapes check (`engine::shapes::judge`):
//! accepted candidates *propose* the point; rejected and undecided ones are
//! *why not* entries with the deciding stage, its constraint terms and the
//! layers still needed. Then the **one element off** search: for every
//! pattern with a move of every grid database (the joseki corner database
//! has no element lists and is left out) and each transformation the
//! pattern tries (`trfno`: its other orientations are the same
//! placements), the single placement whose move is the point
//! (`anchor = point − T(move_offset)`, possibly off the board) is counted
//! with [`matcher::misfit`]: the full element set (stored elements plus
//! those the grid masks check), off-board elements and edges included. A
//! placement with exactly one misfit is listed with that misfit (which
//! element, at which point, expected and found; or which edge). Zero
//! misfits are exactly the raw candidates.
//!
//! **One pattern.** Every placement of the pattern with its anchor on the
//! board, for each transformation it tries: the matched ones (with the
//! shapes check's verdict) and the `nearest` unmatched ones with the
//! fewest misfits (ties by anchor, then `ll`). A corner-database pattern
//! shows its corner matches only.

use matcher::board::{Color, Content, PackedBoard, Point};
use matcher::constraint::{BinaryOp, Trace, TraceKind, Tri};
use matcher::context::Context;
use matcher::misfit::{Misfit, Oriented};
use matcher::pattern::{ElementKind, Pattern};
use matcher::transform::Transform;
use serde::Serialize;

use super::databases::{Databases, RawCandidate};
use super::explain::{Explained, explained, judge_one, render, stage_name};
use crate::shapes::{Judgement, Outcome, Stage, StageOutcome, Verdict};

/// One judged candidate, with its anchor, every stage's outcome and the
/// constraint terms that decided it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judged {
    /// Database, pattern, `ll`, move, verdict, deciding stage, needs and
    /// the constraint's evaluation tree.
    #[serde(flatten)]
    pub row: Explained,
    /// The anchor (absent for corner matches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anchor: Option<String>,
    /// Every stage run, in order: `{"stage","outcome"}` with outcome
    /// `pass`, `fail` or `?layers`.
    pub stages: Vec<StageReport>,
    /// The terms of the constraint that decided it: the false term(s) of
    /// a rejected constraint, the unknown calls of an undecided one, the
    /// true terms of an accepted one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<String>,
}

/// A stage and its outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StageReport {
    /// The stage.
    #[serde(serialize_with = "stage_name")]
    pub stage: Stage,
    /// `pass`, `fail` or `?layers`.
    pub outcome: String,
}

/// A placement that is off by one misfit (or, for `--pattern`, by any
/// number).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NearMiss {
    /// The database.
    pub db: String,
    /// The pattern's name.
    pub pattern: String,
    /// Its index in the database (reports that leave names out).
    #[serde(skip)]
    pub index: usize,
    /// GNU Go's transformation number.
    pub ll: u8,
    /// The anchor (GTP vertex, or `off board`).
    pub anchor: String,
    /// The move (GTP vertex, or `off board`).
    #[serde(rename = "move")]
    pub move_point: String,
    /// What is off.
    pub misfits: Vec<MisfitReport>,
}

/// One misfit for people and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisfitReport {
    /// `element` or `range`.
    pub kind: &'static str,
    /// The element's point (GTP vertex or `off board`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// The element's kind as a diagram character (`.`, `X`, `O`, `x`,
    /// `o`, `,`, `!`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<char>,
    /// What the point holds relative to the player: `.` empty, `O` own,
    /// `X` opponent, `#` off the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<char>,
    /// The board side a range misfit crosses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The board side the diagram's edge must lie on, when an edge
    /// constraint caused the range misfit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<&'static str>,
    /// The misfit in words.
    pub text: String,
}

/// `tesuji explain --at`: everything about one point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PointReport {
    /// The point (GTP vertex).
    pub vertex: String,
    /// The player (`B`/`W`).
    pub color: String,
    /// What stands on the point when it is not empty, relative to the
    /// player (`O` own, `X` opponent): no pattern can propose it then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupied: Option<char>,
    /// Accepted candidates: the patterns proposing the point.
    pub proposing: Vec<Judged>,
    /// Why not: candidates a stage rejected.
    pub rejected: Vec<Judged>,
    /// Why not: candidates no stage rejects but some cannot decide.
    pub undecided: Vec<Judged>,
    /// Why not: placements one misfit away from matching.
    pub one_off: Vec<NearMiss>,
}

/// The oriented forms of every pattern with a move of a pattern set's grid
/// databases, for one board size: built once, asked at many points.
#[derive(Debug, Clone)]
pub struct NearMissIndex {
    size: usize,
    /// (database, pattern, its orientations).
    entries: Vec<(usize, usize, Vec<Oriented>)>,
}

impl NearMissIndex {
    /// The index of `set` for boards of `size` lines.
    pub fn new(set: &Databases, size: usize) -> NearMissIndex {
        let mut entries = Vec::new();
        for (db, shape) in set.shapes.iter().enumerate() {
            if shape.corner.is_some() {
                continue;
            }
            for (index, pattern) in shape.db.patterns.iter().enumerate() {
                if !pattern.has_move {
                    continue;
                }
                let oriented = orientations(pattern, size);
                entries.push((db, index, oriented));
            }
        }
        NearMissIndex { size, entries }
    }

    /// Every placement whose move is `point` with exactly `misfits`
    /// misfits (1 for "one element off"; 0 gives exactly the raw candidates
    /// of the grid databases at the point), in database, pattern and `ll`
    /// order. A board of another size than the index's is answered through
    /// an index built for it.
    pub fn at(
        &self,
        set: &Databases,
        board: &PackedBoard,
        color: Color,
        point: Point,
        misfits: usize,
    ) -> Vec<NearMiss> {
        if board.size() != self.size {
            return NearMissIndex::new(set, board.size()).at(set, board, color, point, misfits);
        }
        let mut found = Vec::new();
        for (db, index, oriented) in &self.entries {
            for o in oriented {
                let anchor = o.anchor_for_move(point);
                if o.count_up_to(board, color, anchor, misfits) != misfits {
                    continue;
                }
                let list = o.misfits(board, color, anchor);
                found.push(near_miss(
                    set,
                    *db,
                    *index,
                    o.transform,
                    anchor,
                    point,
                    &list,
                    board.size(),
                ));
            }
        }
        found
    }
}

/// A pattern's orientations (the transformations it tries).
fn orientations(pattern: &Pattern, size: usize) -> Vec<Oriented> {
    pattern
        .transformations()
        .filter_map(Transform::new)
        .map(|t| Oriented::new(pattern, t, size))
        .collect()
}

/// A GTP vertex, or `off board`.
fn vertex_text(at: (i32, i32), size: usize) -> String {
    let n = size as i32;
    if at.0 >= 0 && at.1 >= 0 && at.0 < n && at.1 < n {
        Point::new(at.0 as u8, at.1 as u8).to_gtp(size)
    } else {
        "off board".to_string()
    }
}

#[allow(clippy::too_many_arguments)]
fn near_miss(
    set: &Databases,
    db: usize,
    index: usize,
    transform: Transform,
    anchor: (i32, i32),
    move_point: Point,
    misfits: &[Misfit],
    size: usize,
) -> NearMiss {
    let shape = &set.shapes[db];
    NearMiss {
        db: shape.name.clone(),
        pattern: shape.db.patterns[index].name.to_string(),
        index,
        ll: transform.number(),
        anchor: vertex_text(anchor, size),
        move_point: move_point.to_gtp(size),
        misfits: misfits.iter().map(|m| misfit_report(m, size)).collect(),
    }
}

/// An element kind in words.
fn kind_words(kind: ElementKind) -> &'static str {
    match kind {
        ElementKind::Empty | ElementKind::Obsolete => "empty",
        ElementKind::Comma => "empty (`,`)",
        ElementKind::Bang => "empty (`!`)",
        ElementKind::Opponent => "an opponent stone (X)",
        ElementKind::Own => "an own stone (O)",
        ElementKind::OpponentOrEmpty => "empty or an opponent stone (x)",
        ElementKind::OwnOrEmpty => "empty or an own stone (o)",
    }
}

/// A point's content (relative to the player) as a diagram character.
fn content_char(content: Content) -> char {
    match content {
        Content::Empty => '.',
        Content::Own => 'O',
        Content::Opponent => 'X',
        Content::OffBoard => '#',
    }
}

fn content_words(content: Content) -> &'static str {
    match content {
        Content::Empty => "is empty",
        Content::Own => "holds an own stone",
        Content::Opponent => "holds an opponent stone",
        Content::OffBoard => "is off the board",
    }
}

/// One misfit for reports.
pub fn misfit_report(misfit: &Misfit, size: usize) -> MisfitReport {
    match *misfit {
        Misfit::Element {
            at,
            expected,
            found,
        } => {
            let point = vertex_text(at, size);
            let text = if found == Content::OffBoard {
                format!(
                    "an element ({}) lies off the board, at ({}, {}) from the top left",
                    kind_words(expected),
                    at.0,
                    at.1
                )
            } else {
                format!(
                    "{point} should be {} but {}",
                    kind_words(expected),
                    content_words(found)
                )
            };
            MisfitReport {
                kind: "element",
                point: Some(point),
                expected: Some(expected.symbol()),
                found: Some(content_char(found)),
                side: None,
                edge: None,
                text,
            }
        }
        Misfit::Range { side, edge } => MisfitReport {
            kind: "range",
            point: None,
            expected: None,
            found: None,
            side: Some(side.name()),
            edge: edge.map(|e| e.name()),
            text: match edge {
                Some(edge) => format!(
                    "the diagram's edge should lie on the board's {} edge",
                    edge.name()
                ),
                None => format!(
                    "the pattern's area (`?` cells) hangs off the board's {} side",
                    side.name()
                ),
            },
        },
    }
}

/// A stage outcome in words: `pass`, `fail`, `?layers`.
fn outcome_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Pass => "pass".into(),
        Outcome::Fail => "fail".into(),
        Outcome::Unknown(needs) => format!("?{needs}"),
    }
}

/// The terms of an evaluation tree that decide its value: for a false
/// `&&` (true `||`), its first false (true) operand's terms; for a false
/// `||` or a true `&&`, every operand's; for an unknown value, its unknown
/// calls; otherwise the node itself (a negation, a comparison, a call).
pub fn deciding_terms(trace: &Trace) -> Vec<&Trace> {
    let mut found = Vec::new();
    collect_terms(trace, &mut found);
    found
}

fn collect_terms<'a>(trace: &'a Trace, found: &mut Vec<&'a Trace>) {
    if let Tri::Unknown(_) = trace.value {
        if matches!(trace.kind, TraceKind::Call { .. }) {
            found.push(trace);
            return;
        }
        let before = found.len();
        for child in &trace.children {
            if matches!(child.value, Tri::Unknown(_)) {
                collect_terms(child, found);
            }
        }
        if found.len() == before {
            found.push(trace);
        }
        return;
    }
    let truth = trace.value.truth();
    match &trace.kind {
        TraceKind::Binary(BinaryOp::And) if truth == Some(false) => {
            match trace
                .children
                .iter()
                .find(|c| c.value.truth() == Some(false))
            {
                Some(child) => collect_terms(child, found),
                None => found.push(trace),
            }
        }
        TraceKind::Binary(BinaryOp::Or) if truth == Some(true) => {
            match trace
                .children
                .iter()
                .find(|c| c.value.truth() == Some(true))
            {
                Some(child) => collect_terms(child, found),
                None => found.push(trace),
            }
        }
        TraceKind::Binary(BinaryOp::And | BinaryOp::Or) => {
            for child in &trace.children {
                collect_terms(child, found);
            }
        }
        _ => found.push(trace),
    }
}

/// A judged candidate for the report.
fn judged(
    set: &Databases,
    raw: &RawCandidate,
    color: Color,
    judgement: &Judgement,
    size: usize,
) -> Judged {
    let row = explained(set, raw, color, judgement, size);
    let terms = judgement
        .trace
        .as_ref()
        .filter(|_| judgement.verdict == Verdict::Accepted || judgement.stage == Stage::Constraint)
        .map(|t| {
            deciding_terms(t)
                .into_iter()
                .map(|term| render(term, size))
                .collect()
        })
        .unwrap_or_default();
    Judged {
        row,
        anchor: raw.anchor.map(|a| a.to_gtp(size)),
        stages: judgement.stages.iter().map(stage_report).collect(),
        terms,
    }
}

fn stage_report(s: &StageOutcome) -> StageReport {
    StageReport {
        stage: s.stage,
        outcome: outcome_text(s.outcome),
    }
}

/// `explain --at`: the candidates at `point` judged on `ctx` (a context
/// for `color` on `board`'s position), and the placements one misfit away.
pub fn explain_at(
    set: &Databases,
    index: &NearMissIndex,
    board: &PackedBoard,
    color: Color,
    ctx: &mut dyn Context,
    point: Point,
) -> PointReport {
    explain_points(set, index, board, color, ctx, &[point])
        .pop()
        .expect("one report per point")
}

/// [`explain_at`] for several points, scanning the board once: one report
/// per point, in the order given.
pub fn explain_points(
    set: &Databases,
    index: &NearMissIndex,
    board: &PackedBoard,
    color: Color,
    ctx: &mut dyn Context,
    points: &[Point],
) -> Vec<PointReport> {
    let size = board.size();
    let candidates = set.candidates(board, color);
    points
        .iter()
        .map(|&point| {
            let mut report = PointReport {
                vertex: point.to_gtp(size),
                color: color.letter().to_string(),
                occupied: Some(content_char(board.at(point).relative_to(color)))
                    .filter(|&c| c != '.'),
                proposing: Vec::new(),
                rejected: Vec::new(),
                undecided: Vec::new(),
                one_off: index.at(set, board, color, point, 1),
            };
            for raw in candidates.iter().filter(|c| c.move_point == point) {
                let judgement = judge_one(set, raw, color, ctx);
                let entry = judged(set, raw, color, &judgement, size);
                match judgement.verdict {
                    Verdict::Accepted => report.proposing.push(entry),
                    Verdict::Rejected => report.rejected.push(entry),
                    Verdict::Undecided => report.undecided.push(entry),
                }
            }
            report
        })
        .collect()
}

/// `explain --pattern`: one pattern's placements.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PatternReport {
    /// The database.
    pub db: String,
    /// The pattern's name.
    pub pattern: String,
    /// The player (`B`/`W`).
    pub color: String,
    /// Its matches, judged.
    pub matched: Vec<Judged>,
    /// The nearest unmatched placements (fewest misfits first).
    pub nearest: Vec<NearMiss>,
    /// How many unmatched placements (anchor on the board) there are in
    /// all; `--nearest` at least this large lists every one.
    pub unmatched: usize,
    /// Whether the pattern's database has element lists (the joseki corner
    /// database has none: no near placements then).
    pub has_elements: bool,
}

/// The databases and indices of the patterns named `name`
/// ([`Databases::find_pattern`]).
pub fn find_pattern(set: &Databases, name: &str) -> Vec<(usize, usize)> {
    set.find_pattern(name)
}

/// `explain --pattern`: pattern `index` of database `db` at every
/// placement with its anchor on the board: its matches judged on `ctx`,
/// and the `nearest` unmatched placements.
pub fn explain_pattern(
    set: &Databases,
    (db, index): (usize, usize),
    board: &PackedBoard,
    color: Color,
    ctx: &mut dyn Context,
    nearest: usize,
) -> PatternReport {
    let size = board.size();
    let shape = &set.shapes[db];
    let pattern = &shape.db.patterns[index];
    let matched = set
        .candidates(board, color)
        .into_iter()
        .filter(|c| c.db == db && c.pattern == index)
        .map(|raw| {
            let judgement = judge_one(set, &raw, color, ctx);
            judged(set, &raw, color, &judgement, size)
        })
        .collect();
    let mut near: Vec<(usize, Point, u8, NearMiss)> = Vec::new();
    if shape.corner.is_none() {
        for o in orientations(pattern, size) {
            for anchor in board.points() {
                let at = (anchor.i as i32, anchor.j as i32);
                let misfits = o.misfits(board, color, at);
                if misfits.is_empty() {
                    continue;
                }
                let (mi, mj) = (at.0 + o.move_delta.0, at.1 + o.move_delta.1);
                let entry = NearMiss {
                    db: shape.name.clone(),
                    pattern: pattern.name.to_string(),
                    index,
                    ll: o.transform.number(),
                    anchor: anchor.to_gtp(size),
                    move_point: if pattern.has_move {
                        vertex_text((mi, mj), size)
                    } else {
                        "none".into()
                    },
                    misfits: misfits.iter().map(|m| misfit_report(m, size)).collect(),
                };
                near.push((misfits.len(), anchor, o.transform.number(), entry));
            }
        }
    }
    near.sort_by_key(|e| (e.0, e.1, e.2));
    let unmatched = near.len();
    PatternReport {
        db: shape.name.clone(),
        pattern: pattern.name.to_string(),
        color: color.letter().to_string(),
        matched,
        nearest: near.into_iter().take(nearest).map(|e| e.3).collect(),
        unmatched,
        has_elements: shape.corner.is_none(),
    }
}

/// The readable form of a judged candidate (two or more lines).
fn write_judged(out: &mut String, j: &Judged) {
    let r = &j.row;
    let anchor = j
        .anchor
        .as_deref()
        .map_or(String::new(), |a| format!("  anchor {a}"));
    let needs = if r.needs.is_empty() {
        String::new()
    } else {
        format!(", needs {}", needs_words(&r.needs))
    };
    let preposition = if r.verdict == Verdict::Accepted {
        "after"
    } else {
        "at"
    };
    out.push_str(&format!(
        "  {} {}  ll {}{anchor}  move {}  {} {preposition} {}{needs}\n",
        r.db,
        r.pattern,
        r.ll,
        r.move_point,
        r.verdict.name(),
        r.stage.name()
    ));
    let stages: Vec<String> = j
        .stages
        .iter()
        .map(|s| format!("{} {}", s.stage.name(), s.outcome))
        .collect();
    if !stages.is_empty() {
        out.push_str(&format!("      stages: {}\n", stages.join(", ")));
    }
    if !j.terms.is_empty() {
        out.push_str(&format!("      deciding: {}\n", j.terms.join("; ")));
    }
    if let Some(tree) = &r.constraint {
        out.push_str(&format!("      constraint: {tree}\n"));
    }
}

/// Layer names for people: the dragons layer is where GNU Go's owl lives.
fn needs_words(needs: &[&str]) -> String {
    needs
        .iter()
        .map(|n| match *n {
            "dragons" => "dragons (owl)".to_string(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

fn write_near(out: &mut String, n: &NearMiss) {
    out.push_str(&format!(
        "  {} {}  ll {}  anchor {}  move {}: {}\n",
        n.db,
        n.pattern,
        n.ll,
        n.anchor,
        n.move_point,
        n.misfits
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    ));
}

/// The readable `--at` report.
pub fn point_text(report: &PointReport) -> String {
    let mut out = format!("{} for {}", report.vertex, report.color);
    match report.occupied {
        Some('O') => out.push_str(" (occupied by an own stone: the move itself misses)"),
        Some(_) => out.push_str(" (occupied by an opponent stone: the move itself misses)"),
        None => {}
    }
    out.push('\n');
    let sections: [(&str, &[Judged]); 3] = [
        ("proposed by", &report.proposing),
        ("why not: rejected", &report.rejected),
        ("why not: undecided", &report.undecided),
    ];
    for (title, entries) in sections {
        out.push_str(&format!("{title} ({}):\n", entries.len()));
        for j in entries {
            write_judged(&mut out, j);
        }
    }
    out.push_str(&format!(
        "why not: one element off ({}):\n",
        report.one_off.len()
    ));
    for n in &report.one_off {
        write_near(&mut out, n);
    }
    out
}

/// The readable `--pattern` report.
pub fn pattern_text(report: &PatternReport) -> String {
    let mut out = format!(
        "{} {} for {}\nmatched ({}):\n",
        report.db,
        report.pattern,
        report.color,
        report.matched.len()
    );
    for j in &report.matched {
        write_judged(&mut out, j);
    }
    if report.has_elements {
        out.push_str(&format!(
            "nearest unmatched placements ({} of {}), fewest misfits first:\n",
            report.nearest.len(),
            report.unmatched
        ));
        for n in &report.nearest {
            out.push_str(&format!("  {} off:", n.misfits.len()));
            write_near(&mut out, n);
        }
    } else {
        out.push_str("(a corner-database pattern: no element lists, no near placements)\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use matcher::constraint::Value;

    fn int(v: i32) -> Trace {
        Trace {
            kind: TraceKind::Int(v),
            value: Tri::Known(Value::Int(v)),
            children: Vec::new(),
        }
    }

    fn binary(op: BinaryOp, value: i32, children: Vec<Trace>) -> Trace {
        Trace {
            kind: TraceKind::Binary(op),
            value: Tri::Known(Value::Int(value)),
            children,
        }
    }

    fn kinds(terms: &[&Trace]) -> Vec<TraceKind> {
        terms.iter().map(|t| t.kind.clone()).collect()
    }

    #[test]
    fn deciding_terms_follow_the_logic() {
        // (1 && 0) && … = 0: the false operand.
        let inner = binary(BinaryOp::And, 0, vec![int(1), int(0)]);
        let tree = binary(BinaryOp::And, 0, vec![inner]);
        assert_eq!(kinds(&deciding_terms(&tree)), [TraceKind::Int(0)]);
        // (0 || 0) = 0: both operands.
        let tree = binary(BinaryOp::Or, 0, vec![int(0), int(0)]);
        assert_eq!(deciding_terms(&tree).len(), 2);
        // (0 || 2) = 1: the true operand.
        let tree = binary(BinaryOp::Or, 1, vec![int(0), int(2)]);
        assert_eq!(kinds(&deciding_terms(&tree)), [TraceKind::Int(2)]);
        // (3 && 2) = 1: both operands.
        let tree = binary(BinaryOp::And, 1, vec![int(3), int(2)]);
        assert_eq!(deciding_terms(&tree).len(), 2);
        // A comparison is a term of its own.
        let tree = binary(BinaryOp::Eq, 0, vec![int(3), int(2)]);
        assert_eq!(
            kinds(&deciding_terms(&tree)),
            [TraceKind::Binary(BinaryOp::Eq)]
        );
    }

    #[test]
    fn misfits_read_as_sentences() {
        let report = misfit_report(
            &Misfit::Element {
                at: (0, 2),
                expected: ElementKind::Opponent,
                found: Content::Empty,
            },
            9,
        );
        assert_eq!(report.point.as_deref(), Some("C9"));
        assert_eq!(
            report.text,
            "C9 should be an opponent stone (X) but is empty"
        );
        let off = misfit_report(
            &Misfit::Element {
                at: (-1, 2),
                expected: ElementKind::Empty,
                found: Content::OffBoard,
            },
            9,
        );
        assert_eq!(off.point.as_deref(), Some("off board"));
        assert_eq!(off.found, Some('#'));
        let edge = misfit_report(
            &Misfit::Range {
                side: matcher::misfit::Side::Bottom,
                edge: Some(matcher::misfit::Side::Top),
            },
            9,
        );
        assert!(edge.text.contains("board's top edge"), "{}", edge.text);
    }
}
