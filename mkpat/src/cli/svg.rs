//! `mkpat render FILE.db... --pattern NAME -o out.svg`: one pattern on its
//! own as an SVG picture (`boardsvg`): its diagram with every element
//! kind, the board edges and corners it is drawn against, the move, the
//! anchor (chosen as the compiler would: by GNU Go's `mkpat` options for
//! GNU Go's own database files, `-O` rules otherwise), and the labels of
//! its constraint diagram. (`mkpat::render` is another thing: it renders
//! diagnostics.)

use std::path::PathBuf;
use std::process::ExitCode;

use boardsvg::diagram::pattern_panel;
use boardsvg::{Edges, Picture, Point};
use mkpat::ast::{self, Item, Pattern};
use mkpat::codegen::gnugo_build::GNUGO_DATABASES;
use mkpat::compile::anchor::{AnchorRules, choose_anchor};
use mkpat::compile::elements::extract;
use mkpat::ir::{AnchorColor, DbType};
use mkpat::options::parse_mkpat_args;
use mkpat::source::SourceSet;

use super::{Global, load};

/// Draw one pattern of a database as an SVG picture (its diagram, edges,
/// move, anchor and constraint-diagram labels).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The database files, read as one stream (as `check` reads them).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The pattern's name.
    #[arg(long, value_name = "NAME")]
    pub pattern: String,
    /// The SVG file to write (`-` for standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
}

/// The board edges of a diagram.
pub fn edges(diagram: &ast::Diagram) -> Edges {
    let bits = diagram.edges;
    Edges {
        top: bits.has(ast::Edges::NORTH),
        bottom: bits.has(ast::Edges::SOUTH),
        left: bits.has(ast::Edges::WEST),
        right: bits.has(ast::Edges::EAST),
    }
}

/// The anchor rules GNU Go's build uses for the database file `name`
/// (`patterns.db` is compiled with `-b`, the owl databases with `-m -b`,
/// …); for other files `-b`, as tesuji's build compiles its own
/// `patterns/*.db`.
pub fn anchor_rules(name: &str) -> AnchorRules {
    let base = std::path::Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let options = GNUGO_DATABASES
        .iter()
        .find(|db| db.inputs().any(|input| input == base))
        .and_then(|db| parse_mkpat_args(db.args).ok())
        .map(|parsed| parsed.options);
    match options {
        Some(options) => AnchorRules {
            corner: options.db_type == DbType::Corner,
            center: options.center_anchor,
            fixed: options.fixed_anchor,
            colors: options.anchor,
        },
        None => AnchorRules {
            colors: AnchorColor::Both,
            ..AnchorRules::default()
        },
    }
}

/// The picture of `pattern` (read from the file named `file_name`, whose
/// text is `text`).
pub fn pattern_picture(pattern: &Pattern, file_name: &str, text: &str) -> Result<Picture, String> {
    let rows: Vec<&str> = pattern.diagram.rows.iter().map(|r| r.cells.as_str()).collect();
    let constraint: Option<Vec<&str>> = pattern
        .constraint_diagram
        .as_ref()
        .map(|d| d.rows.iter().map(|r| r.cells.as_str()).collect());
    let mut panel = pattern_panel(
        &rows,
        edges(&pattern.diagram),
        constraint.as_deref(),
        ast::is_label,
    )
    .map_err(|e| format!("pattern {}: {e}", pattern.name.node))?;
    let columns = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let anchor = choose_anchor(&extract(&rows), rows.len(), columns, anchor_rules(file_name));
    if let (Some(overlay), Some((i, j))) = (panel.overlay.as_mut(), anchor) {
        overlay.anchor = Some(Point::new(i as u8, j as u8));
    }
    let span = pattern.colon.span();
    let colon = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("")
        .trim_end();
    let base = std::path::Path::new(file_name)
        .file_name()
        .map_or_else(|| file_name.to_string(), |n| n.to_string_lossy().into_owned());
    panel.title = vec![
        format!("Pattern {}", pattern.name.node),
        format!("{base}, line {}", pattern.header_span.line),
        colon.to_string(),
    ];
    Ok(Picture::single(panel))
}

/// Runs `mkpat render`.
pub fn run(args: Args, _global: &Global) -> ExitCode {
    let (sources, _) = match load(&args.files) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    match draw(&sources, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("mkpat: {message}");
            ExitCode::FAILURE
        }
    }
}

fn draw(sources: &SourceSet, args: &Args) -> Result<(), String> {
    let (files, _) = mkpat::parse::parse_stream(sources);
    let found = files.iter().find_map(|file| {
        file.items.iter().find_map(|item| match item {
            Item::Pattern(p) if p.name.node == args.pattern.as_str() => Some((file.file, p)),
            _ => None,
        })
    });
    let Some((id, pattern)) = found else {
        let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
        return Err(format!(
            "unknown pattern {}: not in {}",
            args.pattern,
            names.join(", ")
        ));
    };
    let source = sources.file(id);
    let svg = pattern_picture(pattern, &source.name, &source.text)?
        .to_svg()
        .map_err(|e| e.to_string())?;
    if args.output.as_os_str() == "-" {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        return out
            .write_all(svg.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write to standard output: {e}"));
    }
    std::fs::write(&args.output, svg)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))
}
