//! The checks after the valuation (`design/gnugo-engine.md` §2.10 step 8
//! and §2.11 step 8), as far as the analysis allows: a move that lets the
//! opponent capture one of the mover's worms that could not be captured
//! before is a blunder and loses the worm's value; when nothing is worth
//! playing and no liberty needs filling ([`super::fill`]), a move in open
//! space.

use goban::{Board, Cell, Color, Vertex};
use tactics::codes::Code;
use tactics::reader::Reader;
use tactics::worms::Worm;

/// A move found to be a blunder, and what it lost.
#[derive(Debug, Clone, PartialEq)]
pub struct Blunder {
    /// The move.
    pub at: Vertex,
    /// The value taken off.
    pub amount: f32,
    /// Why (the worm that becomes capturable).
    pub why: String,
}

/// Whether `color` at `at` lets the opponent capture a worm of `color`
/// next to it that could not be captured before (read on a copy of
/// `reader`); the blunder's amount is `per_stone` × the stones of the
/// worms put at risk.
pub fn blunder(
    reader: &Reader,
    worms: &[Worm],
    color: Color,
    at: Vertex,
    per_stone: f32,
) -> Option<Blunder> {
    let board = reader.board().board();
    let geometry = board.geometry();
    let safe_before: Vec<Vertex> = board
        .neighbour_strings(at, color)
        .filter(|&h| {
            worms
                .iter()
                .find(|w| w.stones.contains(&h))
                .is_some_and(|w| w.attack.code == Code::Fail)
        })
        .collect();
    if safe_before.is_empty() {
        return None;
    }
    let mut reader = reader.clone();
    reader.trymove(color, at).ok()?;
    let after = reader.board().board();
    if after.cell(at) == Cell::Empty {
        reader.popgo();
        return None;
    }
    let stones = after.string_size(at);
    let result = reader.attack(at);
    reader.popgo();
    (result.code == Code::Win).then(|| Blunder {
        at,
        amount: per_stone * stones as f32,
        why: format!(
            "blunder: {} becomes capturable",
            geometry.gtp(safe_before[0])
        ),
    })
}

/// A move in open space when there is nothing else (GNU Go's empty-corner
/// moves, generalised): an empty point of `neutral` (no side's territory)
/// with no stone within `distance` (Manhattan) that the mover can play,
/// nearest the fourth line (the middle on boards too small for it), then
/// in board order.
pub fn open_area(board: &Board, color: Color, distance: u32, neutral: &[Vertex]) -> Option<Vertex> {
    let geometry = board.geometry();
    let (w, h) = (geometry.width() as i32, geometry.height() as i32);
    let line = |size: i32| 3.min((size - 1) / 2);
    let off_line = |p: goban::Point| {
        let (i, j) = (i32::from(p.i), i32::from(p.j));
        let di = i.min(h - 1 - i) - line(h);
        let dj = j.min(w - 1 - j) - line(w);
        di.abs() + dj.abs()
    };
    let stones: Vec<goban::Point> = geometry
        .board_vertices()
        .filter(|&v| board.cell(v).color().is_some())
        .map(|v| geometry.point(v))
        .collect();
    let open = |p: goban::Point| {
        stones.iter().all(|s| {
            (i32::from(s.i) - i32::from(p.i)).unsigned_abs()
                + (i32::from(s.j) - i32::from(p.j)).unsigned_abs()
                > distance
        })
    };
    geometry
        .board_vertices()
        .filter(|&v| {
            board.cell(v) == Cell::Empty && !board.is_suicide(color, v) && neutral.contains(&v)
        })
        .map(|v| (geometry.point(v), v))
        .filter(|&(p, _)| open(p))
        .min_by_key(|&(p, v)| (off_line(p), v))
        .map(|(_, v)| v)
}
