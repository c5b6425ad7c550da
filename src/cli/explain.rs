//! `tesuji explain`: every raw candidate match of the shape databases on a
//! position, with the shapes check's verdict (`engine::shapes`): accepted,
//! rejected or undecided, the stage that decided it, the layers still
//! needed, and the constraint's evaluation tree with each autohelper
//! call's value.
//!
//! The explaining itself is the engine's (`engine::front::explain`,
//! `engine::front::why_not`); this module reads the command line and
//! writes the table. JSON lines (`--json`), one per candidate, in the
//! order of [`Databases::candidates`]:
//! `{"db","pattern","ll","move","verdict","stage","needs":[…],"constraint":"…"}`;
//! `constraint` (present when the constraint was evaluated and its program
//! is interpreted) renders the tree: a call as `name(points)=value`, an
//! operator as `(left op right)=value`, an unknown value as `?layers`.
//!
//! `--at VERTEX` and `--pattern NAME` explain one point or one pattern,
//! with why and why not ([`why_not`]); the readable `--at` report ends
//! with the point's move reasons (`engine::front::move_reasons`).

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use engine::front::explain::ContextKind;
use engine::shapes::Verdict;
use matcher::board::{Color, PackedBoard, Point};
use matcher::context::Context;

use engine::front::explain::{Explained, explain_position};
use engine::front::why_not;

use super::matching::{ColorChoice, packed_board};
use super::{CliError, style};
use engine::Databases;
use loader::gnugo_dir as pattern_set;
use sgf::{Position, load_sgf_file};

/// Arguments of `tesuji explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The SGF file.
    pub sgf: PathBuf,
    /// Stop before move N, like GTP `loadsgf FILE N` (default: the whole
    /// main line).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u32>,
    /// The colour to explain the matches of (default: the colour to move).
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// GNU Go's pattern directory, compiled now with GNU Go's options
    /// (default: the databases compiled into tesuji).
    #[arg(long, value_name = "DIR")]
    pub patterns: Option<PathBuf>,
    /// Which context answers the constraints: the engine's (board,
    /// strings and tactical reading) or the board-only one.
    #[arg(long, value_enum, default_value = "engine")]
    pub context: ContextChoice,
    /// JSON lines instead of a table (with `--at`/`--pattern`: one JSON
    /// object per colour).
    #[arg(long)]
    pub json: bool,
    /// Explain one point: the patterns proposing it, and why not the ones
    /// rejected, undecided or one element off there.
    #[arg(long, value_name = "VERTEX", conflicts_with = "pattern")]
    pub at: Option<String>,
    /// Explain one pattern (by name) at all its placements: its matches and
    /// the nearest unmatched placements.
    #[arg(long, value_name = "NAME")]
    pub pattern: Option<String>,
    /// With `--pattern`: how many unmatched placements to show (the
    /// nearest first; a number at least the board's points × 8 shows
    /// them all).
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub nearest: usize,
    /// With `--at`: a field of genmove's valuation constants or of the
    /// region count, `KEY=VALUE` (repeatable; as `tesuji gtp
    /// --valuation`). For experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub valuation: Vec<String>,
}

/// The context that answers the shapes check's questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ContextChoice {
    /// `engine::EngineContext`: board, strings and tactical reading.
    Engine,
    /// `matcher`'s board-only `BoardContext`: board and strings.
    Board,
}

/// A context of kind `choice` for `color` on `position`
/// ([`engine::front::explain::context_for`]).
pub fn context_for(
    position: &Position,
    color: Color,
    choice: ContextChoice,
) -> Box<dyn Context + '_> {
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    let kind = match choice {
        ContextChoice::Engine => ContextKind::Engine,
        ContextChoice::Board => ContextKind::Board,
    };
    engine::front::explain::context_for(&position.board, ko, color, kind)
}

/// The readable table: one row per candidate, then a count per verdict.
fn write_table(rows: &[Explained], out: &mut dyn Write) -> Result<(), CliError> {
    let header = ["db", "pattern", "ll", "move", "verdict", "stage", "needs"];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            [
                r.db.clone(),
                r.pattern.clone(),
                r.ll.to_string(),
                r.move_point.clone(),
                r.verdict.name().to_string(),
                r.stage.name().to_string(),
                r.needs.join("+"),
            ]
        })
        .collect();
    style::write_columns(out, header, &cells, style::color_enabled())?;
    let count = |verdict: Verdict| rows.iter().filter(|r| r.verdict == verdict).count();
    writeln!(
        out,
        "{} candidates: {} accepted, {} rejected, {} undecided",
        rows.len(),
        count(Verdict::Accepted),
        count(Verdict::Rejected),
        count(Verdict::Undecided)
    )?;
    Ok(())
}

/// Runs `tesuji explain`.
pub fn run(args: &ExplainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let position = load_sgf_file(&args.sgf, args.move_number).map_err(|e| e.to_string())?;
    let board = packed_board(&position)?;
    let set = pattern_set::from_option(args.patterns.as_deref())?;
    let colors = match args.color {
        Some(ColorChoice::Black) => vec![Color::Black],
        Some(ColorChoice::White) => vec![Color::White],
        Some(ColorChoice::Both) => vec![Color::Black, Color::White],
        None => vec![position.to_move],
    };
    if args.at.is_some() || args.pattern.is_some() {
        return run_focused(args, &position, &board, &set, &colors, out);
    }
    for color in colors {
        let mut ctx = context_for(&position, color, args.context);
        let rows = explain_position(&set, &board, color, ctx.as_mut());
        if args.json {
            for row in &rows {
                let line = serde_json::to_string(row).map_err(|e| e.to_string())?;
                writeln!(out, "{line}")?;
            }
        } else {
            write_table(&rows, out)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The move reasons the generation found at `at` (as GTP `move_reasons`
/// prints them), after the readable `--at` report.
fn write_move_reasons(
    generation: &engine::front::Generation,
    at: goban::Vertex,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let geometry = generation.reasons.geometry();
    let lines = generation.reasons.lines(at);
    let name = if generation.color == Color::Black {
        "B"
    } else {
        "W"
    };
    writeln!(out, "move reasons for {name} at {}:", geometry.gtp(at))?;
    if lines.is_empty() {
        writeln!(out, "  (none)")?;
    }
    for line in lines {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

/// `--at` / `--pattern`: one report per colour, readable or JSON.
fn run_focused(
    args: &ExplainArgs,
    position: &Position,
    board: &PackedBoard,
    set: &Databases,
    colors: &[Color],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let size = board.size();
    let point = match &args.at {
        Some(text) => Some(Point::from_gtp(text, size).ok_or_else(|| {
            format!("--at {text}: not a point of the {size}x{size} board (a GTP vertex like D4)")
        })?),
        None => None,
    };
    let pattern = match &args.pattern {
        Some(name) => {
            let found = why_not::find_pattern(set, name);
            if found.is_empty() {
                let dbs: Vec<&str> = set.shapes.iter().map(|s| s.name.as_str()).collect();
                return Err(format!(
                    "--pattern {name}: no pattern of that name in the shape databases ({})",
                    dbs.join(", ")
                )
                .into());
            }
            found
        }
        None => Vec::new(),
    };
    let index = point.map(|_| why_not::NearMissIndex::new(set, size));
    for &color in colors {
        let mut ctx = context_for(position, color, args.context);
        if let (Some(point), Some(index)) = (point, &index) {
            let report = why_not::explain_at(set, index, board, color, ctx.as_mut(), point);
            if args.json {
                let line = serde_json::to_string(&report).map_err(|e| e.to_string())?;
                writeln!(out, "{line}")?;
            } else {
                write!(out, "{}", why_not::point_text(&report))?;
                let mut params = engine::front::genmove::GenmoveParams::default();
                super::gtp::valuation_settings(&mut params, &args.valuation)?;
                let generation = super::move_values::generate(
                    std::sync::Arc::new(set.clone()),
                    position,
                    color,
                    &params,
                );
                if let Some(v) = position.board.geometry().vertex(point) {
                    write_move_reasons(&generation, v, out)?;
                    super::move_values::write_value_at(&generation, v, out)?;
                }
            }
        }
        for &found in &pattern {
            let report =
                why_not::explain_pattern(set, found, board, color, ctx.as_mut(), args.nearest);
            if args.json {
                let line = serde_json::to_string(&report).map_err(|e| e.to_string())?;
                writeln!(out, "{line}")?;
            } else {
                write!(out, "{}", why_not::pattern_text(&report))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
