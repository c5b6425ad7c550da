//! `tesuji annotate`: replays a game and writes it back with, for each
//! move, the proposals of the moment (`propose::proposals_from` on the
//! position before the move, for the colour that played it: accepted and
//! undecided candidates of the shapes check) as SGF `LB` labels and a
//! comment (`C`) listing the patterns and verdicts.
//!
//! The annotations of move N go on the main-line node before the node of
//! move N, the node that shows the position move N was chosen in: its
//! labels stand on empty points. Labels are the ranks of the proposed
//! points (`1` is the best by pattern value: `propose::rank_points`), or,
//! with `--valued`, of the moves the engine's move generation values (`1`
//! is `genmove`'s move: `Engine::generate`), each listed with its value
//! and the pattern proposals at its point.
//! The final position's proposals (for the next move after the game) go on
//! the last main-line node. A move whose node has no node before it (a
//! move in the root) or whose node before already carries another move's
//! annotations (several moves in one node) is not annotated.
//!
//! The input text is kept byte for byte ([`sgf_text`]): labels are added
//! to an existing `LB` (points already labelled are left as they are), the
//! comment is appended to an existing `C`, and game trees left open are
//! closed.
//!
//! The output path is checked before any work ([`OutputFile`]): a file
//! that cannot be written is refused at once, and the result goes to a
//! temporary file beside it that replaces it only when complete. The game
//! is replayed once; a progress bar counts its positions on standard
//! error when that is a terminal.

pub mod sgf_text;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use matcher::board::{Color, PackedBoard, Point};

use super::CliError;
use super::games::{Game, GamePosition, PatternChoice, Played};
use super::propose::{Proposal, proposals_from, rank_points};
use engine::{Databases, Engine};
use sgf_text::{MainLine, escape, main_line};

/// Arguments of `tesuji annotate`.
#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// The game.
    #[arg(value_name = "IN.sgf")]
    pub input: PathBuf,
    /// Where to write the annotated game (`-`: standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT.sgf")]
    pub output: PathBuf,
    /// The patterns that propose.
    #[command(flatten)]
    pub patterns: PatternChoice,
    /// Rank the moves as `genmove` does (the engine's move reasons and
    /// values, about a second per 19×19 position) instead of by pattern
    /// value.
    #[arg(long)]
    pub valued: bool,
}

/// The annotation of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Annotation {
    /// The position (`number` N: before move N).
    pub number: u32,
    /// The proposed points, best first (label `k` is `points[k - 1]`).
    pub points: Vec<Point>,
    /// The comment.
    pub comment: String,
}

/// The annotation of `game_position`: its proposals by `set` for the colour
/// to move, ranked by pattern value or, with `valuer`, by the engine's
/// move values, and the comment that lists them.
pub fn annotate_position(
    set: &Databases,
    game_position: &GamePosition,
    total_moves: usize,
    valuer: Option<&mut Engine>,
) -> Annotation {
    let position = &game_position.position;
    let color = position.to_move;
    let geometry = position.board.geometry();
    let ko = position.ko.and_then(|p| geometry.vertex(p));
    let proposals = proposals_from(set, &position.board, ko, color);
    let valued = valuer.is_some();
    let (points, values): (Vec<Point>, Vec<Option<f32>>) = match valuer {
        Some(engine) => {
            engine.set_position(position.board.clone(), ko);
            let generation = engine.generate(color);
            generation
                .top_moves()
                .into_iter()
                .map(|(v, value)| (geometry.point(v), Some(value)))
                .unzip()
        }
        None => rank_points(proposals.iter().map(|p| (p.point, p.value)))
            .into_iter()
            .map(|p| (p, None))
            .unzip(),
    };
    let raw = PackedBoard::try_from(&position.board)
        .map(|packed| set.candidates(&packed, color).len())
        .unwrap_or(0);
    let size = position.size();
    let player = match color {
        Color::Black => "Black",
        Color::White => "White",
    };
    let (ranked_word, unranked) = if valued {
        ("valued move", "not valued")
    } else {
        ("proposal", "not proposed")
    };
    let counted = if valued {
        format!(
            "{} proposal(s), {} valued move(s)",
            proposals.len(),
            points.len()
        )
    } else {
        format!(
            "{} proposal(s) at {} point(s)",
            proposals.len(),
            points.len()
        )
    };
    let mut comment = match game_position.played {
        Some(played) => {
            let played_text = match played {
                Played::Point(p) => {
                    let rank = points.iter().position(|&q| q == p).map_or_else(
                        || unranked.to_string(),
                        |r| format!("{ranked_word} {}", r + 1),
                    );
                    format!("{}, {rank}", p.to_gtp(size))
                }
                Played::Pass => "pass".to_string(),
            };
            format!(
                "tesuji: {counted} for {player}'s move {} (played {played_text})",
                game_position.number
            )
        }
        None => format!("tesuji: {counted} for {player}'s next move (after move {total_moves})"),
    };
    for (rank, (&point, value)) in points.iter().zip(&values).enumerate() {
        let mut listed: Vec<String> = proposals
            .iter()
            .filter(|p| p.point == point)
            .map(describe)
            .collect();
        if listed.is_empty() {
            listed.push("no pattern proposal".to_string());
        }
        let value = value.map_or_else(String::new, |v| format!(" value {v:.2}"));
        comment.push_str(&format!(
            "\n{} {}{value}: {}",
            rank + 1,
            point.to_gtp(size),
            listed.join("; ")
        ));
    }
    comment.push_str(&format!(
        "\n{} raw candidate(s) rejected by the shapes check",
        raw.saturating_sub(proposals.len())
    ));
    Annotation {
        number: game_position.number,
        points,
        comment,
    }
}

/// One proposal in a comment: `db/pattern ll=N verdict (needs …)`.
fn describe(proposal: &Proposal) -> String {
    let mut text = format!(
        "{}/{} ll={} {}",
        proposal.db,
        proposal.pattern,
        proposal.ll,
        proposal.verdict.name()
    );
    if !proposal.needs.is_empty() {
        text.push_str(&format!(" (needs {})", proposal.needs.join("+")));
    }
    text
}

/// The main-line node each position's annotation goes on (see the module
/// documentation): `targets[N - 1]` for position N.
fn targets(line: &MainLine, moves: usize) -> Vec<Option<usize>> {
    let mut node_of_move = Vec::with_capacity(moves);
    for (index, node) in line.nodes.iter().enumerate() {
        node_of_move.extend(std::iter::repeat_n(index, node.moves));
    }
    let mut taken = vec![false; line.nodes.len()];
    let mut claim = |node: usize| {
        if std::mem::replace(&mut taken[node], true) {
            None
        } else {
            Some(node)
        }
    };
    let mut found: Vec<Option<usize>> = node_of_move
        .iter()
        .map(|&node| node.checked_sub(1).and_then(&mut claim))
        .collect();
    let last = line.nodes.len().checked_sub(1);
    found.push(last.and_then(claim));
    found
}

/// The annotated text: `text` with each annotation inserted on its node.
/// `on_position` runs after each position of the game is annotated.
pub fn annotate_text(
    text: &[u8],
    game: &Game,
    set: &Arc<Databases>,
    valued: bool,
    on_position: &mut dyn FnMut(),
) -> Result<Vec<u8>, String> {
    let line = main_line(text).map_err(|e| format!("{}: {e}", game.file.display()))?;
    let moves: usize = line.nodes.iter().map(|n| n.moves).sum();
    if moves != game.moves.len() {
        return Err(format!(
            "{}: the main line holds {moves} moves but {} replay",
            game.file.display(),
            game.moves.len()
        ));
    }
    let targets = targets(&line, moves);
    // One replay gives every position; annotations of positions with no
    // node to go on are not computed.
    let mut annotations: Vec<Option<Annotation>> = Vec::with_capacity(targets.len());
    let mut size = 0;
    let mut valuer = valued.then(|| Engine::new(Arc::clone(set)));
    game.for_each_position(&mut |game_position| {
        size = game_position.position.size();
        let k = game_position.number as usize - 1;
        let wanted = targets.get(k).copied().flatten().is_some();
        annotations
            .push(wanted.then(|| annotate_position(set, &game_position, moves, valuer.as_mut())));
        on_position();
    })?;
    // (offset, bytes) insertions, applied from the end.
    let mut insertions: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    for (k, (target, annotation)) in targets.iter().zip(&annotations).enumerate() {
        let (Some(node_index), Some(annotation)) = (*target, annotation) else {
            continue;
        };
        let node = &line.nodes[node_index];
        let labelled: Vec<&[u8]> = node.property("LB").map_or_else(Vec::new, |lb| {
            lb.values
                .iter()
                .map(|&(s, e)| &text[(s + 1).min(e)..(s + 3).min(e)])
                .collect()
        });
        let labels: String = annotation
            .points
            .iter()
            .enumerate()
            .map(|(rank, &p)| (sgf_point(p, size), rank + 1))
            .filter(|(point, _)| !labelled.contains(&point.as_bytes()))
            .map(|(point, rank)| format!("[{point}:{rank}]"))
            .collect();
        let comment = escape(&annotation.comment);
        let order = k; // keeps insertions at one offset in position order
        match node.property("LB").and_then(|lb| lb.values.last()) {
            Some(&(_, end)) => insertions.push((end, order, labels.into_bytes())),
            None if !labels.is_empty() => {
                insertions.push((node.insert_at, order, format!("LB{labels}").into_bytes()));
            }
            None => {}
        }
        match node.property("C").and_then(|c| c.values.first()) {
            Some(&(_, end)) => {
                insertions.push((end - 1, order, format!("\n\n{comment}").into_bytes()));
            }
            None => insertions.push((node.insert_at, order, format!("C[{comment}]").into_bytes())),
        }
    }
    insertions.sort_by_key(|(offset, order, _)| (*offset, *order));
    let mut annotated = Vec::with_capacity(text.len() + insertions.len() * 64);
    let mut copied = 0;
    for (offset, _, bytes) in insertions {
        annotated.extend_from_slice(&text[copied..offset]);
        annotated.extend_from_slice(&bytes);
        copied = offset;
    }
    annotated.extend_from_slice(&text[copied..]);
    annotated.extend(std::iter::repeat_n(b')', line.unclosed));
    if !annotated.ends_with(b"\n") {
        annotated.push(b'\n');
    }
    Ok(annotated)
}

/// A point in SGF letters (column, then row from the top).
fn sgf_point(point: Point, size: usize) -> String {
    let _ = size;
    let letter = |n: u8| char::from(b'a' + n);
    format!("{}{}", letter(point.j), letter(point.i))
}

/// Where the annotated game goes: standard output, or a file checked
/// writable before any work and written through a temporary file beside
/// it, so a failed run leaves no partial file.
enum OutputFile {
    Stdout,
    File {
        path: PathBuf,
        temporary: tempfile::NamedTempFile,
    },
}

impl OutputFile {
    /// Checks that `path` can be written (`-`: standard output): an
    /// existing file must be writable, and its directory must take a new
    /// file.
    fn open(path: &Path) -> Result<OutputFile, String> {
        if path == Path::new("-") {
            return Ok(OutputFile::Stdout);
        }
        let cannot = |e: &dyn std::fmt::Display| format!("{}: cannot write: {e}", path.display());
        if path.is_dir() {
            return Err(cannot(&"is a directory"));
        }
        if path.exists() {
            std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|e| cannot(&e))?;
        }
        let directory = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let temporary = tempfile::Builder::new()
            .prefix(".tesuji-annotate-")
            .suffix(".sgf")
            .tempfile_in(directory)
            .map_err(|e| cannot(&e))?;
        Ok(OutputFile::File {
            path: path.to_path_buf(),
            temporary,
        })
    }

    /// Writes `bytes` and, for a file, puts it in place.
    fn write(self, bytes: &[u8], out: &mut dyn Write) -> Result<(), CliError> {
        match self {
            OutputFile::Stdout => {
                out.write_all(bytes)?;
                out.flush()?;
            }
            OutputFile::File {
                path,
                mut temporary,
            } => {
                let cannot = |e: &dyn std::fmt::Display| {
                    CliError::Message(format!("{}: cannot write: {e}", path.display()))
                };
                temporary
                    .write_all(bytes)
                    .and_then(|()| temporary.flush())
                    .map_err(|e| cannot(&e))?;
                // The permissions of the file replaced, or a new file's
                // usual ones (the temporary file is private).
                let permissions = match std::fs::metadata(&path) {
                    Ok(metadata) => Some(metadata.permissions()),
                    Err(_) => new_file_permissions(),
                };
                if let Some(permissions) = permissions {
                    temporary
                        .as_file()
                        .set_permissions(permissions)
                        .map_err(|e| cannot(&e))?;
                }
                temporary.persist(&path).map_err(|e| cannot(&e.error))?;
            }
        }
        Ok(())
    }
}

/// The permissions of a new output file: 0644 on Unix (the temporary
/// file it is written through is private, 0600); elsewhere the temporary
/// file's own (`None`).
fn new_file_permissions() -> Option<std::fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(std::fs::Permissions::from_mode(0o644))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// A progress bar over `positions` on standard error when it is a
/// terminal (hidden otherwise); coloured unless `NO_COLOR` is set.
fn progress_bar(positions: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let template = if no_color {
        "{bar:40} {pos}/{len} positions [{elapsed} < {eta}]"
    } else {
        "{bar:40.cyan/blue} {pos}/{len} positions [{elapsed} < {eta}]"
    };
    let bar = indicatif::ProgressBar::new(positions);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Runs `tesuji annotate`.
pub fn run(args: &AnnotateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let output = OutputFile::open(&args.output)?;
    let text = std::fs::read(&args.input)
        .map_err(|e| format!("{}: cannot read: {e}", args.input.display()))?;
    let game = Game::from_text(String::from_utf8_lossy(&text).into_owned(), &args.input)?;
    let set = Arc::new(args.patterns.load()?);
    let bar = progress_bar(game.position_count() as u64);
    let annotated = annotate_text(&text, &game, &set, args.valued, &mut || bar.inc(1));
    bar.finish_and_clear();
    output.write(&annotated?, out)
}
