//! GNU Go's move generation commands over the engine's
//! [`Generation`](engine::front::Generation) (`design/move-generation.md`
//! §4–5): `top_moves` and `all_move_values` read the last generation of
//! the session (empty before any); `top_moves_black`/`_white` run one;
//! `restricted_genmove` answers the best listed vertex. Values are printed
//! with two decimals, as GNU Go prints them.
//!
//! One difference: with no move, GNU Go's `all_move_values` answers `= `
//! and a single newline, without the empty line that ends an answer; ours
//! ends it like every other answer.

use engine::front::{Choice, Generation};
use goban::{Color, Geometry, Vertex};

/// Most moves `top_moves` lists.
pub const TOP_MOVES: usize = 10;

/// `top_moves`: `VERTEX VALUE ` for at most ten moves with a positive
/// value, best first (each pair followed by a space).
pub fn top_moves(last: Option<&Generation>, geometry: Geometry) -> String {
    let Some(generation) = last else {
        return String::new();
    };
    generation
        .top_moves()
        .into_iter()
        .take(TOP_MOVES)
        .map(|(v, value)| format!("{} {value:.2} ", geometry.gtp(v)))
        .collect()
}

/// `all_move_values`: one line per move with a positive value, in board
/// order (top row first): the vertex left-justified in three characters,
/// a space, the value with two decimals.
pub fn all_move_values(last: Option<&Generation>, geometry: Geometry) -> String {
    let Some(generation) = last else {
        return String::new();
    };
    let mut moves = generation.top_moves();
    moves.sort_by_key(|&(v, _)| board_order(geometry, v));
    moves
        .into_iter()
        .map(|(v, value)| format!("{:<3} {value:.2}", geometry.gtp(v)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// GNU Go's board order: top row first, left to right.
fn board_order(geometry: Geometry, v: Vertex) -> (u8, u8) {
    let p = geometry.point(v);
    (p.i, p.j)
}

/// The colour and the allowed vertices of `restricted_genmove C V...`.
pub fn parse_restricted(
    args: &[String],
    geometry: Geometry,
) -> Result<(Color, Vec<Vertex>), String> {
    let color = args
        .first()
        .and_then(|c| Color::parse(c))
        .ok_or("invalid color")?;
    let vertices = args[1..]
        .iter()
        .map(|a| {
            geometry
                .parse_gtp(&a.to_uppercase())
                .ok_or("invalid coordinate")
        })
        .collect::<Result<Vec<_>, _>>()?;
    if vertices.is_empty() {
        return Err("invalid coordinate".into());
    }
    Ok((color, vertices))
}

/// The best of `allowed` among the generation's valued moves (`None`:
/// PASS).
pub fn restricted_choice(generation: &Generation, allowed: &[Vertex]) -> Option<Vertex> {
    generation
        .top_moves()
        .into_iter()
        .find(|(v, value)| allowed.contains(v) && *value > 0.0)
        .map(|(v, _)| v)
}

/// Whether the generation resigns.
pub fn resigns(generation: &Generation) -> bool {
    generation.choice == Choice::Resign
}
