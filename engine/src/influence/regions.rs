//! Who owns a point as *area* and as *moyo* (manual §13.2: territory ⊂
//! moyo ⊂ area), from the two colours' initial influence. A colour's area
//! is where its influence exceeds the other's by the area ratio and a
//! minimum, its moyo where it exceeds it by the moyo ratio and a larger
//! minimum ([`RegionParams`]; the numbers and how often they reproduce GNU
//! Go's `influence_regions` from GNU Go's own influence maps are in
//! `docs/tuning/influence.md`). Territory comes from the territory
//! valuation ([`super::territory`]).

use goban::{Color, Point};

use super::InitialInfluence;

/// The ratios that make a colour's influence dominate a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegionParams {
    /// Area: own influence above this many times the other's.
    pub area_ratio: f32,
    /// Moyo: own influence above this many times the other's.
    pub moyo_ratio: f32,
    /// Area: own influence above this as well (open areas far from stones).
    pub area_min_influence: f32,
    /// Moyo: own influence above this as well.
    pub moyo_min_influence: f32,
}

impl Default for RegionParams {
    fn default() -> RegionParams {
        RegionParams {
            area_ratio: 3.0,
            moyo_ratio: 7.0,
            area_min_influence: 1.0,
            moyo_min_influence: 5.0,
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
        if mine > params.moyo_ratio * theirs && mine > params.moyo_min_influence {
            Region::Moyo
        } else if mine > params.area_ratio * theirs && mine > params.area_min_influence {
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

    /// A lone stone on an empty 13×13 board: GNU Go 3.8's
    /// `initial_influence black influence_regions` after `play B K10` is
    /// moyo near the stone, area further out and neutral far away, though
    /// the other colour has no influence anywhere.
    #[test]
    fn a_lone_stone_holds_moyo_near_it_and_area_further_out() {
        let mut rows = vec![".............".to_string(); 13];
        rows[3] = ".........X...".to_string();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::from_rows(&rows).expect("board");
        let influence = InitialInfluence::compute(
            &board,
            Color::Black,
            &|_| StoneSafety::ALIVE,
            &InfluenceParams::default(),
        );
        let regions = RegionParams::default();
        let black = |i, j| influence.region(Color::Black, Point::new(i, j), &regions);
        // GNU Go: -2 at K13, J9 and H8; -1 at E10 and K5; 0 at A1, C3
        // and A10.
        for (i, j) in [(0, 9), (4, 8), (5, 7)] {
            assert_eq!(black(i, j), Region::Moyo, "({i}, {j})");
        }
        for (i, j) in [(3, 4), (8, 9)] {
            let at = influence.influence_at(Color::Black, Point::new(i, j));
            assert_eq!(black(i, j), Region::Area, "({i}, {j}): {at}");
        }
        for (i, j) in [(12, 0), (10, 2), (3, 0)] {
            assert_eq!(black(i, j), Region::Neutral, "({i}, {j})");
        }
        for (i, j) in [(0, 9), (3, 4), (12, 0)] {
            assert_eq!(
                influence.region(Color::White, Point::new(i, j), &regions),
                Region::Neutral
            );
        }
    }
}
