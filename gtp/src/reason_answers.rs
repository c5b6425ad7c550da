//! GNU Go's `move_reasons VERTEX` (`move-generation.md` §5.1): the
//! reasons the last move generation found for a point, one line each, in
//! GNU Go's order and wording (`engine::reasons::MoveReasons::lines`).
//!
//! The reasons are those of the last generation's position and colour
//! ([`Generation`], recorded by `genmove`, `reg_genmove` and the other
//! generating commands). Before any generation the answer is empty, as
//! GNU Go's is. Errors are GNU Go's: `invalid coordinate`, `vertex must
//! not be occupied` (on the current board).

use goban::{Board, Color, Vertex};

use engine::Engine;

use crate::protocol::Answer;

/// The position and colour of the last move generation.
#[derive(Debug, Clone)]
pub struct Generation {
    /// The colour the move was generated for.
    pub color: Color,
    /// The board it was generated on.
    pub board: Board,
    /// That board's simple-ko point.
    pub ko: Option<Vertex>,
}

impl Generation {
    /// The generation on the engine's position (without its reading
    /// stack) for `color`.
    pub fn of(engine: &Engine, color: Color) -> Generation {
        let position = engine.position();
        Generation {
            color,
            board: position.board().clone(),
            ko: position.ko(),
        }
    }
}

/// The empty point of `move_reasons VERTEX` on `board`, with GNU Go's
/// errors.
pub fn parse_vertex(board: &Board, args: &[String]) -> Result<Vertex, String> {
    let vertex = args
        .first()
        .and_then(|text| board.geometry().parse_gtp(text))
        .ok_or("invalid coordinate")?;
    if board.cell(vertex).color().is_some() {
        return Err("vertex must not be occupied".into());
    }
    Ok(vertex)
}

/// `move_reasons VERTEX`: the lines of the last generation's reasons at
/// the point (empty before any generation). The reasons come from
/// `engine` when it still stands on the generation's position, else from
/// an engine with the same databases set on it.
pub fn move_reasons(
    engine: &mut Engine,
    generation: Option<&Generation>,
    board: &Board,
    args: &[String],
) -> Answer {
    let at = parse_vertex(board, args)?;
    let Some(generation) = generation else {
        return Ok(String::new());
    };
    let same_position = engine.tries().is_empty()
        && engine.position().ko() == generation.ko
        && engine.position().board().hash() == generation.board.hash();
    let reasons = if same_position {
        engine.move_reasons(generation.color)
    } else {
        let mut other = Engine::new(engine.databases().clone());
        other.set_position(generation.board.clone(), generation.ko);
        other.move_reasons(generation.color)
    };
    Ok(reasons.lines(at).join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Databases;
    use std::sync::Arc;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn errors_and_the_answer_before_any_generation_are_gnugos() {
        let geometry = goban::Geometry::square(9).unwrap();
        let mut board = Board::new(geometry);
        board.play(Color::Black, geometry.parse_gtp("E5").unwrap());
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board.clone(), None);
        let ask =
            |engine: &mut Engine, words: &[&str]| move_reasons(engine, None, &board, &args(words));
        assert_eq!(ask(&mut engine, &["Z9"]), Err("invalid coordinate".into()));
        assert_eq!(ask(&mut engine, &[]), Err("invalid coordinate".into()));
        assert_eq!(
            ask(&mut engine, &["E5"]),
            Err("vertex must not be occupied".into())
        );
        assert_eq!(ask(&mut engine, &["D4"]), Ok(String::new()));
    }
}
