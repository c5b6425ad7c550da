//! `tesuji match`: load a position like GTP `loadsgf FILE N`, compile the
//! given database files (one stream, like mkpat's repeated `-i`) with GNU
//! Go mkpat options, and print every raw match as
//! JSON lines (`{"db","color","pattern","ll","anchor","move"}`, the format
//! of GNU Go's expected raw matches) or as a table. With `--joseki`, joseki
//! SGF files are converted and built into a corner database whose matches
//! are listed too (`db` = `joseki`, `ll` = corner orientation k, `anchor` =
//! the corner vertex).

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use matcher::board::{Color, PackedBoard, Point};
use matcher::corner::{CornerDb, corner_frame};
use matcher::grid::GridMatcher;
use matcher::pattern::PatternDb;
use matcher::scan::{ColorMode, Match, ScanOptions, Scanner};
use serde::Serialize;

use super::{CliError, style};
use loader::compile::{compile_for_matching, db_name, mkpat_options_for};
use loader::joseki_corner::{build_corner_db, expand_sources};
use sgf::{Position, load_sgf_file};

/// Which colour `O` stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Black.
    #[value(name = "B", alias = "b", alias = "black")]
    Black,
    /// White.
    #[value(name = "W", alias = "w", alias = "white")]
    White,
    /// Black, then White.
    #[value(name = "both")]
    Both,
}

/// Arguments of `tesuji match`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("databases").args(["dbs", "joseki"]).required(true).multiple(true)))]
pub struct MatchArgs {
    /// The SGF file.
    pub sgf: PathBuf,
    /// Stop before move N, like GTP `loadsgf FILE N` (default: the whole
    /// main line).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u32>,
    /// The pattern database. Repeated, the files are compiled as one
    /// database, like mkpat's repeated `-i` (`--db patterns.db --db
    /// patterns2.db`); it is reported under the first file's name.
    #[arg(long = "db", value_name = "FILE.db")]
    pub dbs: Vec<PathBuf>,
    /// Joseki SGF files, or a directory of them (its `*.sgf` in GNU Go's
    /// build order: gogo, hoshi_keima, hoshi_other, komoku, sansan,
    /// mokuhazushi, takamoku, then the others alphabetically); repeatable.
    /// They form one corner database, reported as `joseki`.
    #[arg(long = "joseki", value_name = "DIR_OR_SGF")]
    pub joseki: Vec<PathBuf>,
    /// GNU Go mkpat options for the databases, e.g. "-b" or "-c -b"
    /// (default: GNU Go's own options for a database it builds from these
    /// file names, e.g. "-c" for conn.db; none for other files).
    #[arg(
        long,
        value_name = "OPTIONS",
        default_value = "",
        allow_hyphen_values = true,
        value_parser = loader::compile::checked_mkpat_options
    )]
    pub mkpat: String,
    /// The colour `O` stands for (default: the colour to move).
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// JSON lines instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// One output record.
#[derive(Debug, Serialize)]
struct Record<'a> {
    db: &'a str,
    color: String,
    pattern: &'a str,
    ll: u8,
    anchor: String,
    #[serde(rename = "move")]
    move_point: Option<String>,
}

/// The matcher's packed view of a loaded position (an error for a board
/// that is not square).
pub fn packed_board(position: &Position) -> Result<PackedBoard, CliError> {
    PackedBoard::try_from(&position.board).map_err(|e| CliError::Message(e.to_string()))
}

/// Runs `tesuji match`.
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let position = load_sgf_file(&args.sgf, args.move_number).map_err(|e| e.to_string())?;
    let board = packed_board(&position)?;
    let size = board.size();
    let colors = match args.color {
        Some(ColorChoice::Black) => vec![Color::Black],
        Some(ColorChoice::White) => vec![Color::White],
        Some(ColorChoice::Both) => vec![Color::Black, Color::White],
        None => vec![position.to_move],
    };
    let options = mkpat_options_for(&args.dbs, &args.mkpat);
    let mut databases: Vec<(String, PatternDb)> = Vec::new();
    if !args.dbs.is_empty() {
        databases.push((
            db_name(&args.dbs),
            compile_for_matching(&args.dbs, &options)?,
        ));
    }
    let corner_db = if args.joseki.is_empty() {
        None
    } else {
        Some(build_corner_db(&expand_sources(&args.joseki)?)?)
    };
    let mut records: Vec<Record> = Vec::new();
    for (name, db) in &databases {
        let scanner = GridMatcher::new(db);
        for &color in &colors {
            let mut found: Vec<Match> =
                scanner.matches(&board, &ScanOptions::new(ColorMode::Color(color)));
            // The order of GNU Go's expected files: anchor, pattern, ll.
            found.sort_by_key(|m| (m.anchor, m.pattern, m.transform));
            for m in found {
                let record = Record {
                    db: name,
                    color: color.letter().to_string(),
                    pattern: &db.patterns[m.pattern].name,
                    ll: m.transform.number(),
                    anchor: m.anchor.to_gtp(size),
                    move_point: m.move_point.map(|p: Point| p.to_gtp(size)),
                };
                records.push(record);
            }
        }
    }
    if let Some(db) = &corner_db {
        for &color in &colors {
            records.extend(corner_records(db, &board, color));
        }
    }
    if args.json {
        for record in &records {
            let line = serde_json::to_string(record).map_err(|e| e.to_string())?;
            writeln!(out, "{line}")?;
        }
    } else {
        let rows: Vec<[String; 6]> = records
            .into_iter()
            .map(|record| {
                [
                    record.db.to_string(),
                    record.color,
                    record.pattern.to_string(),
                    record.ll.to_string(),
                    record.anchor,
                    record.move_point.unwrap_or_else(|| "-".into()),
                ]
            })
            .collect();
        write_table(out, &rows)?;
    }
    out.flush()?;
    Ok(())
}

/// The corner matches of `db` for `color`, in GNU Go's order (corner k
/// ascending, then tree order); the anchor is the corner vertex.
fn corner_records<'a>(db: &'a CornerDb, board: &PackedBoard, color: Color) -> Vec<Record<'a>> {
    let size = board.size();
    db.find_matches(board, color)
        .into_iter()
        .map(|m| {
            let ((i, j), _) = corner_frame(m.k, size);
            Record {
                db: "joseki",
                color: color.letter().to_string(),
                pattern: &db.patterns[m.pattern].name,
                ll: m.k,
                anchor: Point::new(i as u8, j as u8).to_gtp(size),
                move_point: Some(m.move_point.to_gtp(size)),
            }
        })
        .collect()
}

fn write_table(out: &mut dyn Write, rows: &[[String; 6]]) -> std::io::Result<()> {
    let header = ["db", "color", "pattern", "ll", "anchor", "move"];
    style::write_columns(out, header, rows, style::color_enabled())?;
    writeln!(out, "{} matches", rows.len())
}
