//! `tesuji annotate`: replays a game and writes it back with, for each
//! move, the proposals of the moment (`propose::proposals_from` on the
//! position before the move, for the colour that played it: accepted and
//! undecided candidates of the shapes check) as SGF `LB` labels and a
//! comment (`C`) listing the patterns and verdicts.
//!
//! The annotations of move N go on the main-line node before the node of
//! move N, the node that shows the position move N was chosen in: its
//! labels stand on empty points. Labels are the ranks of the proposed
//! points (`1` is the best by pattern value: `propose::rank_points`, the
//! ranking `genmove` uses on the engine's analysed position).
//! The final position's proposals (for the next move after the game) go on
//! the last main-line node. A move whose node has no node before it (a
//! move in the root) or whose node before already carries another move's
//! annotations (several moves in one node) is not annotated.
//!
//! The input text is kept byte for byte ([`sgf_text`]): labels are added
//! to an existing `LB` (points already labelled are left as they are), the
//! comment is appended to an existing `C`, and game trees left open are
//! closed.

pub mod sgf_text;

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use matcher::board::{Color, PackedBoard, Point};

use super::CliError;
use super::games::{Game, GamePosition, PatternChoice, Played};
use super::propose::{Proposal, proposals_from, rank_points};
use engine::Databases;
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
/// to move, ranked, and the comment that lists them.
pub fn annotate_position(
    set: &Databases,
    game_position: &GamePosition,
    total_moves: usize,
) -> Annotation {
    let position = &game_position.position;
    let color = position.to_move;
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    let proposals = proposals_from(set, &position.board, ko, color);
    let points = rank_points(proposals.iter().map(|p| (p.point, p.value)));
    let raw = PackedBoard::try_from(&position.board)
        .map(|packed| set.candidates(&packed, color).len())
        .unwrap_or(0);
    let size = position.size();
    let player = match color {
        Color::Black => "Black",
        Color::White => "White",
    };
    let mut comment = match game_position.played {
        Some(played) => {
            let played_text = match played {
                Played::Point(p) => {
                    let rank = points.iter().position(|&q| q == p).map_or_else(
                        || "not proposed".to_string(),
                        |r| format!("proposal {}", r + 1),
                    );
                    format!("{}, {rank}", p.to_gtp(size))
                }
                Played::Pass => "pass".to_string(),
            };
            format!(
                "tesuji: {} proposal(s) at {} point(s) for {player}'s move {} (played {played_text})",
                proposals.len(),
                points.len(),
                game_position.number
            )
        }
        None => format!(
            "tesuji: {} proposal(s) at {} point(s) for {player}'s next move (after move {total_moves})",
            proposals.len(),
            points.len()
        ),
    };
    for (rank, &point) in points.iter().enumerate() {
        let listed: Vec<String> = proposals
            .iter()
            .filter(|p| p.point == point)
            .map(describe)
            .collect();
        comment.push_str(&format!(
            "\n{} {}: {}",
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
pub fn annotate_text(text: &[u8], game: &Game, set: &Databases) -> Result<Vec<u8>, String> {
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
    // (offset, bytes) insertions, applied from the end.
    let mut insertions: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    let size = game.position(1)?.position.size();
    for (k, target) in targets.iter().enumerate() {
        let Some(node_index) = *target else {
            continue;
        };
        let game_position = game.position(k as u32 + 1)?;
        let annotation = annotate_position(set, &game_position, moves);
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

/// Runs `tesuji annotate`.
pub fn run(args: &AnnotateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = std::fs::read(&args.input)
        .map_err(|e| format!("{}: cannot read: {e}", args.input.display()))?;
    let game = Game::from_text(String::from_utf8_lossy(&text).into_owned(), &args.input)?;
    let set = args.patterns.load()?;
    let annotated = annotate_text(&text, &game, &set)?;
    if args.output == Path::new("-") {
        out.write_all(&annotated)?;
        out.flush()?;
    } else {
        std::fs::write(&args.output, &annotated)
            .map_err(|e| format!("{}: cannot write: {e}", args.output.display()))?;
    }
    Ok(())
}
