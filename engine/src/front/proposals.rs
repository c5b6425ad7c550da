//! Move proposals: every raw candidate of the shape databases goes through
//! the shapes check (`crate::shapes`: class test, safety, class `n`,
//! constraint, helper, in GNU Go's order) on a context, and every
//! candidate not known to be rejected proposes its move. The check is
//! three-valued (Kleene): a stage whose answer needs a layer the engine
//! does not have yet is unknown, and its proposal is kept, marked
//! undecided, with the layers it needs. A stage known to fail drops the
//! match even when another one is unknown.
//!
//! [`rank_points`] orders the proposed points for `genmove`, `tesuji
//! stats` and `tesuji annotate`: by pattern value, then by how many
//! proposals a point has, then in board order.

use matcher::board::{Color, PackedBoard, Point};
use matcher::constraint::{CodeTable, Site};
use matcher::context::Context;
use matcher::pattern::{AttributeKind, AttributeValue, Pattern, PatternDb};
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use serde::Serialize;

use super::databases::{Databases, RawCandidate};
use super::explain::{judge_one, verdict_name};
use crate::context::EngineContext;
use crate::shapes::{Candidate, Judgement, ShapeRules, Verdict, judge};

/// One proposed move.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Proposal {
    /// The proposed move (GTP vertex).
    #[serde(rename = "move")]
    pub move_point: String,
    /// The database that proposed it.
    pub db: String,
    /// The pattern.
    pub pattern: String,
    /// GNU Go's transformation number.
    pub ll: u8,
    /// The player the move is for (`B`/`W`).
    pub color: String,
    /// Accepted (every stage passes) or undecided (some stage's answer
    /// depends on what only a later engine layer knows).
    #[serde(serialize_with = "verdict_name")]
    pub verdict: Verdict,
    /// For an undecided proposal, the engine layers that would decide it
    /// (`tactics`, `dragons`, …); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<&'static str>,
    /// The proposed point (`move` is its GTP vertex).
    #[serde(skip)]
    pub point: Point,
    /// The pattern's value (see [`rank_points`]).
    #[serde(skip)]
    pub value: PatternValue,
}

/// A pattern's value, totally ordered (so proposals sort).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PatternValue(pub f32);

impl Eq for PatternValue {}

impl PartialOrd for PatternValue {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PatternValue {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Every proposal of `set` for `color` on `board`, each raw candidate
/// judged on `ctx` (a context for `color` on the same position); sorted
/// by move, database and pattern.
pub fn proposals(
    set: &Databases,
    board: &PackedBoard,
    color: Color,
    ctx: &mut dyn Context,
) -> Vec<Proposal> {
    let size = board.size();
    let mut found = Vec::new();
    for raw in set.candidates(board, color) {
        let judgement = judge_one(set, &raw, color, ctx);
        found.extend(candidate_proposal(set, &raw, color, &judgement, size));
    }
    found.sort();
    found
}

/// The proposal a judged raw candidate makes (`None` when it is
/// rejected).
pub fn candidate_proposal(
    set: &Databases,
    raw: &RawCandidate,
    color: Color,
    judgement: &Judgement,
    size: usize,
) -> Option<Proposal> {
    let shape = &set.shapes[raw.db];
    proposal(
        &shape.name,
        &shape.db.patterns[raw.pattern],
        raw.transform.number(),
        raw.move_point,
        color,
        judgement,
        size,
    )
}

/// The proposal a judged candidate makes (`None` when it is rejected).
fn proposal(
    db_name: &str,
    pattern: &Pattern,
    ll: u8,
    move_point: Point,
    color: Color,
    judgement: &Judgement,
    size: usize,
) -> Option<Proposal> {
    if judgement.verdict == Verdict::Rejected {
        return None;
    }
    Some(Proposal {
        move_point: move_point.to_gtp(size),
        db: db_name.to_string(),
        pattern: pattern.name.to_string(),
        ll,
        color: color.letter().to_string(),
        verdict: judgement.verdict,
        needs: judgement.needs.names(),
        point: move_point,
        value: PatternValue(pattern_value(pattern)),
    })
}

/// The proposals of one database, found with `scanner` and judged by the
/// shapes check with `code` (generated or interpreted) on a fresh engine
/// context; sorted by move, database and pattern. A board the matcher
/// cannot read (not square) has none.
pub fn proposals_in(
    board: &goban::Board,
    color: Color,
    db_name: &str,
    db: &PatternDb,
    code: &CodeTable,
    scanner: &dyn Scanner,
) -> Vec<Proposal> {
    let Ok(packed) = PackedBoard::try_from(board) else {
        return Vec::new();
    };
    let size = packed.size();
    let mut ctx = EngineContext::new(board, None, color);
    let mut found = Vec::new();
    let options = ScanOptions::new(ColorMode::Color(color));
    scanner.scan(&packed, &options, &mut |m| {
        let pattern = &db.patterns[m.pattern];
        let Some(move_point) = m.move_point.filter(|_| pattern.has_move) else {
            return;
        };
        let candidate = Candidate {
            pattern,
            index: m.pattern,
            code,
            anchor: Some(m.anchor),
            site: Site::new(m.transform, move_point),
            color,
        };
        let judgement = judge(&mut ctx, &candidate, ShapeRules::SHAPES, None);
        found.extend(proposal(
            db_name,
            pattern,
            m.transform.number(),
            move_point,
            color,
            &judgement,
            size,
        ));
    });
    found.sort();
    found
}

/// A pattern's value for ranking its move: the largest of its own value
/// and its `value`/`minvalue`/`maxvalue` attributes (GNU Go's move values
/// before the engine's valuation), 0 when it has none.
pub fn pattern_value(pattern: &Pattern) -> f32 {
    let attributes = pattern.attributes.as_deref().unwrap_or(&[]);
    attributes
        .iter()
        .filter(|a| matches!(a.kind, AttributeKind::MinValue | AttributeKind::MaxValue))
        .filter_map(|a| match a.value {
            AttributeValue::Value(v) => Some(v),
            AttributeValue::Offset(_) => None,
        })
        .fold(pattern.value.max(0.0), f32::max)
}

/// The points of `proposals` (each a proposed point and its pattern's
/// value), best first: by the highest value of a proposal at the point,
/// then by how many proposals it has, then in board order. Undecided
/// proposals count like accepted ones until the engine can decide them.
pub fn rank_points(proposals: impl IntoIterator<Item = (Point, PatternValue)>) -> Vec<Point> {
    let mut points: Vec<(Point, PatternValue, usize)> = Vec::new();
    for (point, proposal_value) in proposals {
        match points.iter_mut().find(|(p, _, _)| *p == point) {
            Some((_, value, count)) => {
                *value = (*value).max(proposal_value);
                *count += 1;
            }
            None => points.push((point, proposal_value, 1)),
        }
    }
    points.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    points.into_iter().map(|(p, _, _)| p).collect()
}
