//! Escape values from the influence (the manual's §13.9): every empty
//! point gets a value from 0 to 4 by how little influence the *opponent*
//! of the escaping dragon has there, the opponent's field computed with
//! the opponent to move. The owl can sum these over the points at
//! distance 4 from a dragon (its `owl::escape` does the summing).

use goban::Color;

use super::InitialInfluence;

/// Opponent influence bands: an empty point whose opponent influence is
/// below `below[k]` (the first such `k`) is worth `4 - k`; at or above the
/// last bound it is worth 0. The bounds are the starting point for a fit
/// against GNU Go's escape routes, not yet fitted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EscapeParams {
    /// Increasing bounds on the opponent's influence for the values 4, 3, 2, 1.
    pub below: [f32; 4],
}

impl Default for EscapeParams {
    fn default() -> EscapeParams {
        EscapeParams {
            below: [2.0, 5.0, 10.0, 15.0],
        }
    }
}

/// The escape value (0 to 4) of every empty point, row-major, for a
/// dragon of colour `escaping`; stones get 0 (the owl values friendly
/// dragons by their status). `influence` must have the opponent to move.
pub fn escape_values(
    influence: &InitialInfluence,
    escaping: Color,
    params: &EscapeParams,
) -> Vec<u8> {
    let opponent = influence.field(escaping.other());
    opponent
        .influence
        .iter()
        .zip(&opponent.inputs.blocked)
        .map(|(&value, &stone)| {
            if stone {
                return 0;
            }
            let band = params.below.iter().position(|&bound| value < bound);
            band.map_or(0, |k| 4 - k as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::influence::{InfluenceParams, StoneSafety};
    use goban::Board;

    #[test]
    fn points_far_from_the_opponent_escape_best() {
        let board = Board::from_rows(&[
            "X........",
            ".........",
            ".........",
            ".........",
            "....O....",
            ".........",
            ".........",
            ".........",
            ".........",
        ])
        .expect("board");
        let influence = InitialInfluence::compute(
            &board,
            Color::Black,
            &|_| StoneSafety::ALIVE,
            &InfluenceParams::default(),
        );
        let values = escape_values(&influence, Color::White, &EscapeParams::default());
        assert_eq!(values[0], 0, "a stone");
        assert!(
            values[1] < values[8],
            "next to the black stone it is closed"
        );
        assert_eq!(values[80], 4);
        assert!(values.iter().all(|&v| v <= 4));
    }
}
