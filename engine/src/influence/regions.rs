//! Who owns a point as *area* and as *moyo* (manual §13.2: territory ⊂
//! moyo ⊂ area), from the two colours' initial influence. A colour's area
//! is where its influence exceeds the other's by the area ratio, its moyo
//! where it exceeds it by the moyo ratio ([`RegionParams`]; the ratios and
//! how often they reproduce GNU Go's `influence_regions` from GNU Go's own
//! influence maps are in `docs/tuning/influence.md`). Territory needs the
//! territory valuation, which is not built yet.

use goban::{Color, Point};

use super::InitialInfluence;

/// The ratios that make a colour's influence dominate a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegionParams {
    /// Area: own influence above this many times the other's.
    pub area_ratio: f32,
    /// Moyo: own influence above this many times the other's.
    pub moyo_ratio: f32,
}

impl Default for RegionParams {
    fn default() -> RegionParams {
        RegionParams {
            area_ratio: 3.0,
            moyo_ratio: 7.0,
        }
    }
}

/// How strongly a colour holds an empty point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Region {
    /// Neither area nor moyo.
    Neutral,
    /// Area (the weakest notion).
    Area,
    /// Moyo (territory included, as far as it is known).
    Moyo,
}

impl InitialInfluence {
    /// How strongly `color` holds `p` (`Neutral` on a stone that blocks).
    pub fn region(&self, color: Color, p: Point, params: &RegionParams) -> Region {
        let own = self.field(color);
        let k = usize::from(p.i) * own.inputs.width + usize::from(p.j);
        if own.inputs.blocked[k] {
            return Region::Neutral;
        }
        let (mine, theirs) = (own.influence[k], self.field(color.other()).influence[k]);
        if mine > params.moyo_ratio * theirs {
            Region::Moyo
        } else if mine > params.area_ratio * theirs {
            Region::Area
        } else {
            Region::Neutral
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::influence::{InfluenceParams, StoneSafety};
    use goban::Board;

    #[test]
    fn a_corner_behind_a_wall_is_moyo_and_the_middle_is_neutral() {
        let board = Board::from_rows(&[
            "...O.....",
            "...O.....",
            "...O.....",
            "OOOO.....",
            ".........",
            ".....XXXX",
            ".....X...",
            ".....X...",
            ".....X...",
        ])
        .expect("board");
        let params = InfluenceParams::default();
        let influence =
            InitialInfluence::compute(&board, Color::Black, &|_| StoneSafety::ALIVE, &params);
        let regions = RegionParams::default();
        assert_eq!(
            influence.region(Color::White, Point::new(0, 0), &regions),
            Region::Moyo
        );
        assert_eq!(
            influence.region(Color::Black, Point::new(0, 0), &regions),
            Region::Neutral
        );
        assert_eq!(
            influence.region(Color::Black, Point::new(8, 8), &regions),
            Region::Moyo
        );
        assert_eq!(
            influence.region(Color::White, Point::new(4, 4), &regions),
            Region::Neutral
        );
        assert_eq!(
            influence.region(Color::White, Point::new(3, 0), &regions),
            Region::Neutral
        );
    }
}
