//! `tesuji render`: an SVG picture of a position (GTP coordinates, stones,
//! the last move marked) and, with `--at VERTEX` or `--pattern NAME`, one
//! panel per matching pattern placement with the pattern laid over the
//! board: its elements and their kinds, anchor, move, the labels of its
//! constraint diagram, coloured by the shapes check's verdict.
//!
//! The drawing is the engine's (`engine::front::picture`); this module
//! reads the command line and writes the SVG.

use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use engine::front::explain::ContextKind;
use engine::front::picture::{PictureRequest, picture_with};
use matcher::board::Color;

use super::CliError;
use super::explain::ContextChoice;
use super::matching::ColorChoice;
use loader::gnugo_dir as pattern_set;

/// Arguments of `tesuji render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The SGF file.
    pub sgf: PathBuf,
    /// Stop before move N, like GTP `loadsgf FILE N` (default: the whole
    /// main line).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u32>,
    /// The colour the patterns are matched for (default: the colour to
    /// move).
    #[arg(long, value_enum)]
    pub color: Option<ColorChoice>,
    /// Draw every pattern whose move is this point (GTP vertex).
    #[arg(long, value_name = "VERTEX", conflicts_with = "pattern")]
    pub at: Option<String>,
    /// Draw every placement of the pattern of this name.
    #[arg(long, value_name = "NAME")]
    pub pattern: Option<String>,
    /// GNU Go's pattern directory, compiled now with GNU Go's options
    /// (default: the databases compiled into tesuji).
    #[arg(long, value_name = "DIR")]
    pub patterns: Option<PathBuf>,
    /// Which context answers the shapes check's questions.
    #[arg(long, value_enum, default_value = "engine")]
    pub context: ContextChoice,
    /// The SVG file to write (`-` for standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
}

/// Runs `tesuji render`.
pub fn run(args: &RenderArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let request = PictureRequest {
        sgf: args.sgf.clone(),
        move_number: args.move_number,
        colors: match args.color {
            Some(ColorChoice::Black) => vec![Color::Black],
            Some(ColorChoice::White) => vec![Color::White],
            Some(ColorChoice::Both) => vec![Color::Black, Color::White],
            None => Vec::new(),
        },
        at: args.at.clone(),
        pattern: args.pattern.clone(),
        context: match args.context {
            ContextChoice::Engine => ContextKind::Engine,
            ContextChoice::Board => ContextKind::Board,
        },
    };
    // The databases are loaded only when a point or a pattern is drawn.
    let mut set = || pattern_set::from_option(args.patterns.as_deref()).map(Cow::Owned);
    let svg = picture_with(&request, &mut set)?
        .to_svg()
        .map_err(|e| e.to_string())?;
    if args.output.as_os_str() == "-" {
        out.write_all(svg.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    std::fs::write(&args.output, svg)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(())
}
