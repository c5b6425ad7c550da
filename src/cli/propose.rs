//! `tesuji propose`: the main job on the embedded default (the proposing
//! itself is the engine's, `engine::front::proposals`). Every shape
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
use engine::shapes::Verdict;
use goban::Vertex;
use matcher::board::{Color, PackedBoard, Point};

pub use engine::front::proposals::{Proposal, rank_points};

use super::matching::{ColorChoice, packed_board};
use super::{CliError, diagram, style};
use engine::Databases;
use loader::gnugo_dir as pattern_set;
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
    /// Also run the Monte Carlo search (embedded `mc_tesuji` policy, one
    /// thread, fixed seed) for N playouts and list its best moves with
    /// visits, win rate and principal variation (tables only).
    #[arg(long, value_name = "N")]
    pub search: Option<u64>,
    /// Komi for `--search` (area scoring).
    #[arg(long, default_value_t = 7.5)]
    pub komi: f32,
}

/// Loads the position named by `sgf`, or the demo position.
pub fn load(sgf: Option<&Path>, move_number: Option<u32>) -> Result<Position, CliError> {
    let position = match sgf {
        Some(path) => load_sgf_file(path, move_number),
        None => load_sgf_text(DEMO_SGF, Path::new("<demo position>"), move_number),
    };
    position.map_err(|e| CliError::Message(e.to_string()))
}

/// Every proposal of `set` for `color` on `board` (simple-ko point `ko`):
/// each raw candidate goes through the shapes check
/// ([`engine::shapes`]) with the engine's context, and every candidate not
/// known to be rejected is a proposal, accepted or undecided with the
/// layers it needs. Sorted by move, database and pattern. A board the
/// matcher cannot read (not square) has no proposals.
pub fn proposals_from(
    set: &Databases,
    board: &goban::Board,
    ko: Option<Vertex>,
    color: Color,
) -> Vec<Proposal> {
    let Ok(packed) = PackedBoard::try_from(board) else {
        return Vec::new();
    };
    let mut ctx = EngineContext::new(board, ko, color);
    engine::front::proposals::proposals(set, &packed, color, &mut ctx)
}

/// The proposals of one colour for people: a headline, the board with the
/// proposed points numbered, and one line per point naming the patterns
/// (with their transformation numbers) that propose it.
fn write_table(
    board: &PackedBoard,
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
                (Verdict::Accepted, _) => format!("ll={}", row.ll),
                (other, []) => format!("ll={} {}", row.ll, other.name()),
                (other, needs) => {
                    format!("ll={} {}: needs {}", row.ll, other.name(), needs.join("+"))
                }
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
    let set = std::sync::Arc::new(pattern_set::from_option(args.patterns.as_deref())?);
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
            let generation = super::move_values::generate(
                set.clone(),
                &position,
                color,
                &engine::front::genmove::GenmoveParams::default(),
            );
            super::move_values::write_ranking(&generation, out)?;
            if let Some(playouts) = args.search {
                write_search(&position, color, playouts, args.komi, out)?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Moves the search lists for a table of its best moves.
const SEARCH_MOVES_SHOWN: usize = 5;

/// The search's best moves for `color` on the position after `playouts`
/// playouts (one thread, seed 1: the same table every time).
fn write_search(
    position: &Position,
    color: Color,
    playouts: u64,
    komi: f32,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let ko = position.ko.filter(|_| color == position.to_move);
    let board =
        mcts::PlayoutBoard::from_board(&position.board, color, ko).map_err(|e| e.to_string())?;
    let params = mcts::SearchParams {
        deterministic: true,
        komi,
        ..mcts::SearchParams::default()
    };
    let mut searcher = mcts::Searcher::new(
        params,
        std::sync::Arc::new(mcts::Policy::new(::patterns::mc_tesuji())),
    );
    let limits = mcts::Limits {
        playouts: Some(playouts),
        time: None,
    };
    let result = searcher.search(&mcts::Position::new(board), limits);
    let geometry = position.board.geometry();
    let name = |mv: Option<goban::Point>| {
        mv.and_then(|p| geometry.vertex(p))
            .map_or("pass".to_string(), |v| geometry.gtp(v))
    };
    writeln!(
        out,
        "\nsearch for {}: {} playouts (komi {}), best moves:",
        color.name(),
        result.playouts,
        komi
    )?;
    writeln!(out, "  move  visits  win rate  principal variation")?;
    for stats in result.moves.iter().take(SEARCH_MOVES_SHOWN) {
        let pv: Vec<String> = stats.pv.iter().take(8).map(|&p| name(p)).collect();
        writeln!(
            out,
            "  {:<4}  {:>6}  {:>7.1}%  {}",
            name(stats.mv),
            stats.visits,
            100.0 * stats.winrate,
            pv.join(" ")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_embedded_set_holds_every_own_database_and_finds_candidates() {
        let set = loader::gnugo_dir::embedded();
        let own: Vec<&str> = ::patterns::DATABASES
            .iter()
            .map(|(module, _, _)| *module)
            .filter(|m| !m.starts_with("gnugo::"))
            .collect();
        for name in &own {
            assert!(set.shapes.iter().any(|s| s.name == *name), "{name}");
        }
        let position = load(None, None).unwrap();
        let board = PackedBoard::try_from(&position.board).unwrap();
        let found = set.candidates(&board, position.to_move);
        assert!(!found.is_empty());
        for c in &found {
            let pattern = &set.shapes[c.db].db.patterns[c.pattern];
            assert!(pattern.has_move);
            assert_eq!(board.at(c.move_point), matcher::board::Cell::Empty);
        }
    }

    use super::*;
    use engine::front::proposals::PatternValue;

    #[test]
    fn table_shows_what_an_undecided_proposal_needs() {
        let board = PackedBoard::new(9).unwrap();
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
            row("A", Verdict::Accepted, vec![]),
            row("U", Verdict::Undecided, vec!["tactics", "influence"]),
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
