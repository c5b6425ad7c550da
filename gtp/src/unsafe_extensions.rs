//! Root moves the search may not play (`tesuji gtp --search mcts
//! --refuse-unsafe-extensions`): a stone that joins one of the mover's
//! strings, captures nothing, and leaves that string capturable by the
//! tactical reader with the opponent to move. Running out a string that
//! stays in a ladder or a net only adds stones to the capture; GNU Go gives
//! such a move no value of its own (its move safety check). The playouts'
//! 3×3 policy and their ladder rule do not see nets or long ladders, so on
//! 19×19 the search plays them (`docs/tuning/mcts.md`, the captures of the
//! 19×19 games).
//!
//! One capturable extension stays allowed: a string inside a small region
//! the opponent encloses (at most [`ENCLOSED_REGION_MAX`] empty points
//! reached from its liberties, bounded only by opponent stones). There the
//! stones are a killing shape in the opponent's eye space (a nakade grown
//! to three or four stones), captured on purpose.

use engine::Engine;
use goban::{Board, Color, Vertex};
use tactics::codes::Code;

/// The tactical reader attacks no string of more liberties than this (a
/// string with more counts as safe), so moves that leave more are not read.
const READER_MAX_LIBERTIES: usize = 4;

/// The largest empty region, reached from a string's liberties, that counts
/// as an enclosed eye space (GNU Go's eye shapes that a nakade can kill have
/// at most six points).
pub const ENCLOSED_REGION_MAX: usize = 6;

/// The points where `color`'s stone would join one of its own strings,
/// capture nothing and leave the joined string one the engine's reader
/// captures outright (attack code `Win`) with the opponent to move. The
/// engine is read at the game's position (pending tries are undone first)
/// and left there; board order.
pub fn unsafe_extensions(engine: &mut Engine, color: Color) -> Vec<Vertex> {
    while engine.popgo() {}
    let board = engine.current_board().clone();
    let mut refused = Vec::new();
    for v in board.geometry().board_vertices() {
        if !is_candidate(&board, color, v) {
            continue;
        }
        if engine.trymove(color, v, false).is_err() {
            continue;
        }
        let captured = engine.attack(v).code == Code::Win;
        let killing_shape = captured && inside_enclosed_region(engine.current_board(), v);
        if captured && !killing_shape {
            refused.push(v);
        }
        engine.popgo();
    }
    refused
}

/// Whether `color` at `v` is an empty point's stone that joins one of its
/// own strings, captures nothing and leaves the string with 1 to
/// [`READER_MAX_LIBERTIES`] liberties (0 is a suicide).
fn is_candidate(board: &Board, color: Color, v: Vertex) -> bool {
    if board.cell(v).color().is_some() {
        return false;
    }
    let mut joins = false;
    for n in board.neighbours(v) {
        match board.cell(n).color() {
            Some(c) if c == color => joins = true,
            Some(_) if board.liberties(n) == 1 => return false,
            _ => {}
        }
    }
    joins && (1..=READER_MAX_LIBERTIES).contains(&board.liberties_after(color, v))
}

/// Whether the string at `v` lies in a small region the opponent encloses:
/// the empty points reached from its liberties through empty points are at
/// most [`ENCLOSED_REGION_MAX`], and every stone bordering them is the
/// string's or the opponent's.
fn inside_enclosed_region(board: &Board, v: Vertex) -> bool {
    let Some(color) = board.cell(v).color() else {
        return false;
    };
    let string: Vec<Vertex> = board.string_stones(v).collect();
    let mut region: Vec<Vertex> = Vec::new();
    let mut todo: Vec<Vertex> = string
        .iter()
        .flat_map(|&s| board.neighbours(s))
        .filter(|&n| board.cell(n).color().is_none())
        .collect();
    while let Some(p) = todo.pop() {
        if region.contains(&p) {
            continue;
        }
        region.push(p);
        if region.len() > ENCLOSED_REGION_MAX {
            return false;
        }
        for n in board.neighbours(p) {
            match board.cell(n).color() {
                None => todo.push(n),
                Some(c) if c == color && !string.contains(&n) => return false,
                Some(_) => {}
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Databases;
    use std::sync::Arc;

    fn refused(rows: &[&str], color: Color) -> Vec<String> {
        let board = Board::from_rows(rows).expect("board");
        let geometry = board.geometry();
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board, None);
        unsafe_extensions(&mut engine, color)
            .into_iter()
            .map(|v| geometry.gtp(v))
            .collect()
    }

    /// Black E5 is in atari; E4 runs it into White's ladder. A Black
    /// stone at G3 breaks the ladder, and then E4 escapes.
    #[test]
    fn a_ladder_run_is_refused_unless_broken() {
        let ladder = [
            ".........",
            ".........",
            "..O......",
            "....O....",
            "...OXO...",
            "...O.....",
            ".........",
            ".........",
            ".........",
        ];
        assert_eq!(refused(&ladder, Color::Black), ["E4"]);
        let mut broken = ladder;
        broken[6] = "......X..";
        assert!(refused(&broken, Color::Black).is_empty());
    }

    /// Black B2 is inside White's corner region (A1–C2, six points, White
    /// around it). A2, B1 and C2 each grow it into a string the reader
    /// captures, but inside the enclosed region they are killing shapes,
    /// not runs, and stay allowed. With another Black string in the region
    /// (A1), the region is not the opponent's alone: C2, which joins only
    /// B2 and is still captured, is refused; A2 and B1, which join both
    /// strings, leave a region White encloses and stay allowed.
    #[test]
    fn a_killing_shape_inside_the_opponents_region_is_allowed() {
        let mut corner = [
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOO.....",
            ".X.O.....",
            "...O.....",
        ];
        assert!(refused(&corner, Color::Black).is_empty());
        corner[8] = "X..O.....";
        assert_eq!(refused(&corner, Color::Black), ["C2"]);
    }
}
