//! Every raw candidate of the shape databases with the shapes check's
//! verdict (`crate::shapes`): accepted, rejected or undecided, the stage
//! that decided it, the layers still needed, and the constraint's
//! evaluation tree with each autohelper call's value, rendered in one line
//! ([`render`]: a call as `name(points)=value`, an operator as
//! `(left op right)=value`, an unknown value as `?layers`).
//!
//! The verdict and stage are the enums of `crate::shapes`; serialized
//! (JSON) they are their names (`accepted`, `constraint`, …).

use std::borrow::Cow;

use goban::Vertex;
use matcher::board::{Color, PackedBoard, Point};
use matcher::constraint::board_context::BoardContext;
use matcher::constraint::{Trace, TraceKind, Tri, UnaryOp, Value};
use matcher::context::Context;
use serde::{Serialize, Serializer};

use super::databases::{Databases, RawCandidate};
use crate::context::EngineContext;
use crate::shapes::{Judgement, Stage, StageOutcome, Verdict, judge};

/// Which context answers the shapes check's questions on a fresh
/// position (the analysed one is [`Engine`](super::Engine)'s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContextKind {
    /// [`EngineContext`]: board, strings and tactical reading.
    Engine,
    /// `matcher`'s board-only `BoardContext`: board and strings.
    Board,
}

/// A context of kind `kind` for `color` on `board` (simple-ko point
/// `ko`, which only the engine's context reads).
pub fn context_for(
    board: &goban::Board,
    ko: Option<Vertex>,
    color: Color,
    kind: ContextKind,
) -> Box<dyn Context + '_> {
    match kind {
        ContextKind::Board => Box::new(BoardContext::from_goban(Cow::Borrowed(board), color)),
        ContextKind::Engine => Box::new(EngineContext::new(board, ko, color)),
    }
}

/// Serializes a verdict as its name.
pub fn verdict_name<S: Serializer>(verdict: &Verdict, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(verdict.name())
}

/// Serializes a stage as its name.
pub fn stage_name<S: Serializer>(stage: &Stage, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(stage.name())
}

/// One explained candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explained {
    /// The database (`patterns`, `joseki_corner`, `fuseki`, `endgame`, …).
    pub db: String,
    /// The pattern's name.
    pub pattern: String,
    /// Its index in the database (for reports that leave names out).
    #[serde(skip)]
    pub index: usize,
    /// GNU Go's transformation number (corner orientation for corner
    /// matches).
    pub ll: u8,
    /// The move (GTP vertex).
    #[serde(rename = "move")]
    pub move_point: String,
    /// The player (`B`/`W`).
    pub color: String,
    /// Accepted, rejected or undecided.
    #[serde(serialize_with = "verdict_name")]
    pub verdict: Verdict,
    /// The stage that decided it.
    #[serde(serialize_with = "stage_name")]
    pub stage: Stage,
    /// The layers an undecided candidate needs.
    pub needs: Vec<&'static str>,
    /// The constraint's evaluation tree, rendered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraint: Option<String>,
    /// Every stage run and its outcome, in order.
    #[serde(skip)]
    pub stages: Vec<StageOutcome>,
}

/// Judges every raw candidate of `set` for `color` on `board`, asking
/// `ctx` (a context for `color` on the same board).
pub fn explain_position(
    set: &Databases,
    board: &PackedBoard,
    color: Color,
    ctx: &mut dyn Context,
) -> Vec<Explained> {
    let size = board.size();
    set.candidates(board, color)
        .into_iter()
        .map(|raw| {
            let judgement = judge_one(set, &raw, color, ctx);
            explained(set, &raw, color, &judgement, size)
        })
        .collect()
}

/// The shapes check of one raw candidate.
pub fn judge_one(
    set: &Databases,
    raw: &RawCandidate,
    color: Color,
    ctx: &mut dyn Context,
) -> Judgement {
    let (candidate, rules) = set.candidate(raw, color);
    judge(ctx, &candidate, rules, None)
}

/// The explained row of a judged candidate.
pub fn explained(
    set: &Databases,
    raw: &RawCandidate,
    color: Color,
    judgement: &Judgement,
    size: usize,
) -> Explained {
    let shape = &set.shapes[raw.db];
    Explained {
        db: shape.name.clone(),
        pattern: shape.db.patterns[raw.pattern].name.to_string(),
        index: raw.pattern,
        ll: raw.transform.number(),
        move_point: raw.move_point.to_gtp(size),
        color: color.letter().to_string(),
        verdict: judgement.verdict,
        stage: judgement.stage,
        needs: judgement.needs.names(),
        constraint: judgement.trace.as_ref().map(|t| render(t, size)),
        stages: judgement.stages.clone(),
    }
}

/// A three-valued value for people: the number, or `?` and the layers.
pub fn render_value(value: Tri) -> String {
    match value {
        Tri::Known(Value::Int(v)) => v.to_string(),
        Tri::Known(Value::Double(v)) => format!("{v}"),
        Tri::Known(Value::Float(v)) => format!("{v}"),
        Tri::Unknown(needs) => format!("?{needs}"),
    }
}

/// An evaluation tree in one line (see the module documentation).
pub fn render(trace: &Trace, size: usize) -> String {
    let value = render_value(trace.value);
    let child = |k: usize| {
        trace
            .children
            .get(k)
            .map_or_else(String::new, |c| render(c, size))
    };
    match &trace.kind {
        TraceKind::Int(v) => v.to_string(),
        TraceKind::Double(v) => format!("{v}"),
        TraceKind::DoingScoring => format!("doing_scoring={value}"),
        TraceKind::Call {
            function,
            moves,
            targets,
        } => {
            let mut args: Vec<String> = moves
                .iter()
                .map(|m| m.map_or_else(|| "?".to_string(), |p: Point| p.to_gtp(size)))
                .collect();
            args.extend(targets.iter().map(|p| p.to_gtp(size)));
            format!("{}({})={value}", function.name(), args.join(","))
        }
        TraceKind::Unary(op) => {
            let symbol = match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "-",
            };
            format!("{symbol}({})={value}", child(0))
        }
        TraceKind::Binary(op) => match trace.children.len() {
            1 => format!("({} {} …)={value}", child(0), op.symbol()),
            _ => format!("({} {} {})={value}", child(0), op.symbol(), child(1)),
        },
        TraceKind::Conditional => match trace.children.len() {
            2 => format!("({} ? {})={value}", child(0), child(1)),
            _ => format!("({} ? {} : {})={value}", child(0), child(1), child(2)),
        },
    }
}
