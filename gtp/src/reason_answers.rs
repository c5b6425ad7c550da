//! GNU Go's `move_reasons VERTEX` (`move-generation.md` §5.1): the
//! reasons the last move generation found for a point, one line each, in
//! GNU Go's order and wording (`engine::reasons::MoveReasons::lines`).
//!
//! The reasons are those the last generation valued (`genmove`,
//! `reg_genmove`, `restricted_genmove`, `top_moves_black`/`_white`), the
//! endgame pass's included when it ran. Before any generation the answer
//! is empty, as GNU Go's is. Errors are GNU Go's: `invalid coordinate`, `vertex must
//! not be occupied` (on the current board).

use goban::{Board, Vertex};

use engine::front::Generation;

use crate::protocol::Answer;

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
/// the point (empty before any generation).
pub fn move_reasons(generation: Option<&Generation>, board: &Board, args: &[String]) -> Answer {
    let at = parse_vertex(board, args)?;
    Ok(generation.map_or_else(String::new, |g| g.reasons.lines(at).join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use goban::Color;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn errors_and_the_answer_before_any_generation_are_gnugos() {
        let geometry = goban::Geometry::square(9).unwrap();
        let mut board = Board::new(geometry);
        board.play(Color::Black, geometry.parse_gtp("E5").unwrap());
        let ask = |words: &[&str]| move_reasons(None, &board, &args(words));
        assert_eq!(ask(&["Z9"]), Err("invalid coordinate".into()));
        assert_eq!(ask(&[]), Err("invalid coordinate".into()));
        assert_eq!(ask(&["E5"]), Err("vertex must not be occupied".into()));
        assert_eq!(ask(&["D4"]), Ok(String::new()));
    }
}
