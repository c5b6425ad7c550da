//! Escape values from the influence (the manual's §13.9): every empty
//! point gets a value from 0 to 4 by how little influence the *opponent*
//! of the escaping dragon has there, the opponent's field computed with
//! the opponent to move. The owl can sum these over the points at
//! distance 4 from a dragon (its `owl::escape` does the summing).
//! [`region_escape_values`] values a point instead by how firmly the
//! escaping colour holds it (moyo, area, neither, the opponent's area),
//! which is how GNU Go's owl escape values fall on its printed maps
//! (`docs/tuning/owl.md`, thirteenth pass).

use goban::{Color, Point};

use super::InitialInfluence;
use super::regions::{Region, RegionParams};

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

/// How [`region_escape_values`] values an empty point by who holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegionEscapeParams {
    /// Value in the escaping colour's moyo.
    pub moyo: u8,
    /// Value in the escaping colour's area (not moyo).
    pub area: u8,
    /// Value where the opponent's influence exceeds this many times the
    /// escaping colour's (and [`RegionEscapeParams::opponent_min`]).
    pub opponent_ratio: f32,
    /// The opponent's influence must exceed this too for the point to be
    /// the opponent's.
    pub opponent_min: f32,
    /// Value of a point the opponent holds.
    pub opponent: u8,
    /// Value of every other point.
    pub neutral: u8,
    /// Attenuation per step of the escape influence (both colours).
    pub attenuation: f32,
}

impl Default for RegionEscapeParams {
    fn default() -> RegionEscapeParams {
        RegionEscapeParams {
            moyo: 4,
            area: 2,
            opponent_ratio: 2.0,
            opponent_min: 1.0,
            opponent: 0,
            neutral: 1,
            attenuation: 3.0,
        }
    }
}

/// The escape value of every empty point, row-major, for a dragon of
/// colour `escaping`: its moyo and area ([`InitialInfluence::region`]),
/// the points the opponent holds, the rest ([`RegionEscapeParams`]);
/// stones get 0. `influence` should have the opponent to move and
/// [`RegionEscapeParams::attenuation`].
pub fn region_escape_values(
    influence: &InitialInfluence,
    escaping: Color,
    regions: &RegionParams,
    values: &RegionEscapeParams,
) -> Vec<u8> {
    let own = influence.field(escaping);
    let theirs = influence.field(escaping.other());
    let width = own.inputs.width;
    (0..own.influence.len())
        .map(|k| {
            if influence.stones[k].is_some() {
                return 0;
            }
            let p = Point::new((k / width) as u8, (k % width) as u8);
            let (mine, other) = (own.influence[k], theirs.influence[k]);
            match influence.region(escaping, p, regions) {
                Region::Moyo => values.moyo,
                Region::Area => values.area,
                Region::Neutral
                    if other > values.opponent_ratio * mine && other > values.opponent_min =>
                {
                    values.opponent
                }
                Region::Neutral => values.neutral,
            }
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
