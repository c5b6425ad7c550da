//! GoGui drawings of the Monte Carlo search (`tesuji gtp --search mcts`),
//! in GoGui's `gfx` format (see [`crate::gogui`]); each runs one search as
//! `genmove` would (the clock's time for a move, or `--playouts`):
//!
//! * `tesuji-search_best COLOR` — the most visited moves labelled with
//!   their win rates in percent (the best one green), the best move's
//!   principal variation as numbered stones (`VAR`), and a status line
//!   with the playouts and the best win rate;
//! * `tesuji-search_ownership` — the playout ownership of every point for
//!   the player to move's search as GoGui's `INFLUENCE` shading (+1
//!   Black, −1 White).

use goban::{Color, Geometry, Point};

use crate::protocol::Answer;
use crate::session::Session;

/// Moves labelled by `tesuji-search_best`.
const LABELLED_MOVES: usize = 8;

/// Ownership below this magnitude is left undrawn.
const OWNERSHIP_SHOWN: f32 = 0.05;

fn gtp_name(geometry: Geometry, mv: Option<Point>) -> Option<String> {
    mv.and_then(|p| geometry.vertex(p)).map(|v| geometry.gtp(v))
}

/// `tesuji-search_best COLOR`.
pub fn best_moves(session: &mut Session<'_>, args: &[String]) -> Answer {
    let color = args
        .first()
        .and_then(|a| Color::parse(a))
        .ok_or("invalid color")?;
    let geometry = session.game().board().geometry();
    let result = session.search_for(color)?;
    let visited = result.moves.iter().filter(|m| m.visits > 0);
    let labels: Vec<String> = visited
        .clone()
        .take(LABELLED_MOVES)
        .filter_map(|m| {
            let name = gtp_name(geometry, m.mv)?;
            Some(format!("{name} {}", (m.winrate * 100.0).round() as i32))
        })
        .collect();
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let best = visited.clone().next();
    if let Some(name) = best.and_then(|m| gtp_name(geometry, m.mv)) {
        lines.push(format!("COLOR green {name}"));
    }
    if let Some(best) = best {
        let mut mover = color;
        let stones: Vec<String> = best
            .pv
            .iter()
            .map(|&mv| {
                let stone = format!(
                    "{} {}",
                    if mover == Color::Black { 'b' } else { 'w' },
                    gtp_name(geometry, mv).unwrap_or_else(|| "pass".into())
                );
                mover = mover.other();
                stone
            })
            .collect();
        lines.push(format!("VAR {}", stones.join(" ")));
    }
    lines.push(format!(
        "TEXT {} playouts, best {} wins {:.1}%",
        result.playouts,
        best.and_then(|m| gtp_name(geometry, m.mv))
            .unwrap_or_else(|| "pass".into()),
        result.winrate * 100.0
    ));
    Ok(lines.join("\n"))
}

/// `tesuji-search_ownership`.
pub fn ownership(session: &mut Session<'_>) -> Answer {
    let geometry = session.game().board().geometry();
    let to_move = session.game().to_move();
    let result = session.search_for(to_move)?;
    let values: Vec<String> = geometry
        .points()
        .zip(&result.ownership)
        .filter(|&(_, &o)| o.abs() >= OWNERSHIP_SHOWN)
        .map(|(p, &o)| format!("{} {o:.2}", geometry.gtp(geometry.vertex_unchecked(p))))
        .collect();
    let mut lines = Vec::new();
    if !values.is_empty() {
        lines.push(format!("INFLUENCE {}", values.join(" ")));
    }
    lines.push(format!(
        "TEXT {} playouts, mean score {:+.1} (Black - White - komi)",
        result.playouts, result.score
    ));
    Ok(lines.join("\n"))
}
