//! `tesuji propose`: the main job on the embedded default. Every shape
//! database `build.rs` compiled into the crate (the `patterns` crate), or
//! GNU Go's pattern directory given with `--patterns DIR`, is matched on a
//! position for the colour to move; each raw candidate goes through the
//! shapes check (`engine::shapes`: class test, safety, class `n`,
//! constraint, helper, in GNU Go's order) with the engine's context
//! (`engine::EngineContext`: board, strings and tactical reading), and
//! every candidate not known to be rejected is listed as a move proposal.
//! The check is three-valued (Kleene): a stage whose answer needs a layer
//! the engine does not have yet (dragons, influence, …) is unknown, and its
//! proposal is kept, marked `undecided`, with the engine layers it needs. A
//! stage known to fail drops the match even when another one is unknown,
//! as in `lib(a)==1 && !xmoyo(b)` with `lib(a)==2`.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use engine::context::EngineContext;
use engine::shapes::{Candidate, Judgement, ShapeRules, Verdict, judge};
use goban::Vertex;
use matcher::board::{Board, Color, Point};
use matcher::constraint::{CodeTable, Site};
use matcher::pattern::{AttributeKind, AttributeValue, PatternDb};
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use serde::Serialize;

use super::explain::judge_one;
use super::matching::{ColorChoice, packed_board};
use super::pattern_set::PatternSet;
use super::{CliError, diagram, style};
use sgf::{Position, load_sgf_file, load_sgf_text};

/// The position used when no SGF file is given.
const DEMO_SGF: &str = include_str!("demo.sgf");

/// Arguments of `tesuji propose`.
#[derive(Debug, Args)]
pub struct ProposeArgs {
    /// The SGF file (default: a built-in 9×9 demo position).
    pub sgf: Option<PathBuf>,
    /// Stop before move N, like GTP `loadsgf FILE N` (default: the whole
    /// main line).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u32>,
    /// The colour to propose moves for (default: the colour to move).
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// GNU Go's pattern directory, compiled now with GNU Go's options
    /// (default: the databases compiled into tesuji).
    #[arg(long, value_name = "DIR")]
    pub patterns: Option<PathBuf>,
    /// JSON lines instead of a table.
    #[arg(long)]
    pub json: bool,
}

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
    /// `accepted` (no constraint, or the board alone satisfies it) or
    /// `undecided` (the constraint's value depends on what only the engine
    /// knows).
    pub verdict: &'static str,
    /// For an undecided proposal, the engine layers that would decide it
    /// (`tactics`, `dragons`, …); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<&'static str>,
    /// The proposed point (`move` is its GTP vertex).
    #[serde(skip)]
    pub point: Point,
    /// The pattern's value (see [`ranked_moves`]).
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

/// Loads the position named by `sgf`, or the demo position.
pub fn load(sgf: Option<&Path>, move_number: Option<u32>) -> Result<Position, CliError> {
    let position = match sgf {
        Some(path) => load_sgf_file(path, move_number),
        None => load_sgf_text(DEMO_SGF, Path::new("<demo position>"), move_number),
    };
    position.map_err(|e| CliError::Message(e.to_string()))
}

/// Every proposal of the embedded databases ([`PatternSet::embedded`])
/// for `color` on `board`; sorted by move, database and pattern.
pub fn proposals(board: &goban::Board, color: Color) -> Vec<Proposal> {
    proposals_from(&PatternSet::embedded(), board, None, color)
}

/// Every proposal of `set` for `color` on `board` (simple-ko point `ko`):
/// each raw candidate goes through the shapes check
/// ([`engine::shapes`]) with the engine's context, and every candidate not
/// known to be rejected is a proposal, accepted or undecided with the
/// layers it needs. Sorted by move, database and pattern. A board the
/// matcher cannot read (not square) has no proposals.
pub fn proposals_from(
    set: &PatternSet,
    board: &goban::Board,
    ko: Option<Vertex>,
    color: Color,
) -> Vec<Proposal> {
    let Ok(packed) = Board::try_from(board) else {
        return Vec::new();
    };
    let size = packed.size();
    let mut ctx = EngineContext::new(board, ko, color);
    let mut found = Vec::new();
    for raw in set.candidates(&packed, color) {
        let judgement = judge_one(set, &raw, color, &mut ctx);
        let shape = &set.shapes[raw.db];
        let pattern = &shape.db.patterns[raw.pattern];
        if let Some(proposal) = proposal(
            &shape.name,
            pattern,
            raw.transform.number(),
            raw.move_point,
            color,
            &judgement,
            size,
        ) {
            found.push(proposal);
        }
    }
    found.sort();
    found
}

/// The proposal a judged candidate makes (`None` when it is rejected).
fn proposal(
    db_name: &str,
    pattern: &matcher::pattern::Pattern,
    ll: u8,
    move_point: Point,
    color: Color,
    judgement: &Judgement,
    size: usize,
) -> Option<Proposal> {
    let verdict = match judgement.verdict {
        Verdict::Rejected => return None,
        verdict => verdict.name(),
    };
    Some(Proposal {
        move_point: move_point.to_gtp(size),
        db: db_name.to_string(),
        pattern: pattern.name.to_string(),
        ll,
        color: color.letter().to_string(),
        verdict,
        needs: judgement.needs.names(),
        point: move_point,
        value: PatternValue(pattern_value(pattern)),
    })
}

/// The proposals of one database, found with `scanner` and judged by the
/// shapes check with `code` (generated or interpreted) on the engine's
/// context; sorted by move, database and pattern.
pub fn proposals_in(
    board: &goban::Board,
    color: Color,
    db_name: &str,
    db: &PatternDb,
    code: &CodeTable,
    scanner: &dyn Scanner,
) -> Vec<Proposal> {
    let Ok(packed) = Board::try_from(board) else {
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
pub fn pattern_value(pattern: &matcher::pattern::Pattern) -> f32 {
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

/// The points proposed for `color` on `board` by the embedded databases,
/// best first (see [`ranked_moves_in`]).
pub fn ranked_moves(board: &goban::Board, color: Color) -> Vec<Point> {
    ranked_moves_in(&PatternSet::embedded(), board, None, color)
}

/// The points proposed for `color` on `board` by `set`, best first: by the
/// highest value of a pattern proposing the point, then by how many
/// proposals it has, then in board order. Undecided proposals count like
/// accepted ones until the engine can decide them. This is `genmove`'s
/// move list.
pub fn ranked_moves_in(
    set: &PatternSet,
    board: &goban::Board,
    ko: Option<Vertex>,
    color: Color,
) -> Vec<Point> {
    rank_points(
        proposals_from(set, board, ko, color)
            .iter()
            .map(|proposal| (proposal.point, proposal.value)),
    )
}

/// The points of `proposals` (each a proposed point and its pattern's
/// value), best first: by the highest value of a proposal at the point,
/// then by how many proposals it has, then in board order (the order of
/// [`ranked_moves_in`], also used by `tesuji stats` and `tesuji annotate`).
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

/// The proposals of one colour for people: a headline, the board with the
/// proposed points numbered, and one line per point naming the patterns
/// (with their transformation numbers) that propose it.
fn write_table(
    board: &Board,
    color: Color,
    rows: &[Proposal],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let size = board.size();
    let mut points: Vec<(Point, Vec<&Proposal>)> = Vec::new();
    for row in rows {
        match points.iter_mut().find(|(p, _)| *p == row.point) {
            Some((_, at_point)) => at_point.push(row),
            None => points.push((row.point, vec![row])),
        }
    }
    points.sort_by_key(|(point, _)| *point);
    let bold = style::color_enabled();
    let player = match color {
        Color::Black => "Black",
        Color::White => "White",
    };
    writeln!(
        out,
        "{}",
        style::bold(
            &format!(
                "{player}: {} proposal(s) at {} point(s) on a {size}×{size} board",
                rows.len(),
                points.len()
            ),
            bold
        )
    )?;
    let marks: Vec<(Point, char)> = points
        .iter()
        .enumerate()
        .map(|(n, (point, _))| (*point, diagram::mark(n)))
        .collect();
    writeln!(out, "\n{}", diagram::draw(board, &marks))?;
    for (n, (point, at_point)) in points.iter().enumerate() {
        let mut patterns: Vec<(String, Vec<String>)> = Vec::new();
        for row in at_point {
            let name = format!("{}/{}", row.db, row.pattern);
            let detail = match (row.verdict, row.needs.as_slice()) {
                ("accepted", _) => format!("ll={}", row.ll),
                (other, []) => format!("ll={} {other}", row.ll),
                (other, needs) => format!("ll={} {other}: needs {}", row.ll, needs.join("+")),
            };
            match patterns.iter_mut().find(|(n, _)| *n == name) {
                Some((_, details)) => details.push(detail),
                None => patterns.push((name, vec![detail])),
            }
        }
        let listed: Vec<String> = patterns
            .iter()
            .map(|(name, details)| format!("{name} ({})", details.join(", ")))
            .collect();
        writeln!(
            out,
            "  {}  {:<4} {}",
            diagram::mark(n),
            point.to_gtp(size),
            listed.join(", ")
        )?;
    }
    writeln!(out)?;
    Ok(())
}

/// Runs `tesuji propose`.
pub fn run(args: &ProposeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let position = load(args.sgf.as_deref(), args.move_number)?;
    let board = packed_board(&position)?;
    let colors = match args.color {
        Some(ColorChoice::Black) => vec![Color::Black],
        Some(ColorChoice::White) => vec![Color::White],
        Some(ColorChoice::Both) => vec![Color::Black, Color::White],
        None => vec![position.to_move],
    };
    let set = PatternSet::from_option(args.patterns.as_deref())?;
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    for color in colors {
        let rows = proposals_from(&set, &position.board, ko, color);
        if args.json {
            for row in &rows {
                let line = serde_json::to_string(row).map_err(|e| e.to_string())?;
                writeln!(out, "{line}")?;
            }
        } else {
            write_table(&board, color, &rows, out)?;
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shows_what_an_undecided_proposal_needs() {
        let board = Board::new(9).unwrap();
        let row = |pattern: &str, verdict, needs: Vec<&'static str>| Proposal {
            move_point: Point::new(4, 4).to_gtp(9),
            db: "db".to_string(),
            pattern: pattern.to_string(),
            ll: 3,
            color: "B".to_string(),
            verdict,
            needs,
            point: Point::new(4, 4),
            value: PatternValue(0.0),
        };
        let rows = [
            row("A", "accepted", vec![]),
            row("U", "undecided", vec!["tactics", "influence"]),
        ];
        let mut out = Vec::new();
        write_table(&board, Color::Black, &rows, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("db/A (ll=3), db/U (ll=3 undecided: needs tactics+influence)"),
            "{text}"
        );
        let json = serde_json::to_string(&rows[1]).unwrap();
        assert!(
            json.contains(r#""needs":["tactics","influence"]"#),
            "{json}"
        );
    }
}
