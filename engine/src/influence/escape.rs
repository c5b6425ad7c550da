//! Escape values from the influence (the manual's §13.9): every empty
//! point gets a value from 0 to 4 by how little influence the *opponent*
//! of the escaping dragon has there, the opponent's field computed with
//! the opponent to move. The owl can sum these over the points at
//! distance 4 from a dragon (its `owl::escape` does the summing).
//! [`region_escape_values`] values a point instead by how firmly the
//! escaping colour holds it (moyo, area, neither, the opponent's area),
//! which is how GNU Go's owl escape values fall on its printed maps
//! (`docs/tuning/owl.md`, thirteenth pass).

use goban::{Board, Color, Point, Vertex};
use tactics::Code;
use tactics::reader::Reader;

use super::regions::{Region, RegionParams};
use super::{InfluenceParams, InitialInfluence, StoneSafety};

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

/// Which stones weigh less in the influence [`region_escape_values`]
/// reads: GNU Go's escape values stay open around lone or capturable
/// stones (`docs/tuning/owl.md`, fourteenth pass).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EscapeStoneParams {
    /// Strings with at most this many liberties that the reader captures
    /// are dead (neither radiate nor block); 0: none read.
    pub capturable_liberties: usize,
    /// Strength factor of a lone stone (one stone, no stone of its colour
    /// within [`EscapeStoneParams::lone_distance`]); 1: full strength.
    pub lone_strength: f32,
    /// Manhattan distance within which a friendly stone keeps a stone from
    /// being lone.
    pub lone_distance: u8,
}

impl EscapeStoneParams {
    /// Every stone alive at full strength (the thirteenth pass's rule).
    pub const OFF: EscapeStoneParams = EscapeStoneParams {
        capturable_liberties: 0,
        lone_strength: 1.0,
        lone_distance: 0,
    };
}

impl Default for EscapeStoneParams {
    fn default() -> EscapeStoneParams {
        EscapeStoneParams::OFF
    }
}

/// The safety of every point's stone (row-major) for the escape influence
/// of a dragon of colour `escaping`: the strings with at most
/// [`EscapeStoneParams::capturable_liberties`] liberties that `reader`
/// captures with the opponent to move (the manual's §13.1: the
/// opponent's strings only where they cannot be defended) are dead, lone
/// stones weaker, the rest alive.
pub fn escape_stone_safety(
    board: &Board,
    escaping: Color,
    params: &EscapeStoneParams,
    reader: &mut Reader,
) -> Vec<StoneSafety> {
    let mut captured = |head: Vertex| {
        reader.attack(head).code != Code::Fail
            && (board.cell(head).color() == Some(escaping)
                || reader.find_defense(head).code == Code::Fail)
    };
    let geometry = board.geometry();
    let width = geometry.width();
    let mut safety = vec![StoneSafety::ALIVE; width * geometry.height()];
    let index = |p: Point| usize::from(p.i) * width + usize::from(p.j);
    let mut head_dead: Vec<Option<bool>> = vec![None; geometry.vertices()];
    for p in geometry.points() {
        let Some(color) = board.at(p).color() else {
            continue;
        };
        let v = geometry.vertex(p).expect("a board point");
        let head = board.head(v);
        let liberties = board.liberties(head);
        let dead = *head_dead[head.index()].get_or_insert_with(|| {
            params.capturable_liberties > 0
                && liberties <= params.capturable_liberties
                && captured(head)
        });
        if dead {
            safety[index(p)] = StoneSafety {
                dead: true,
                ..StoneSafety::ALIVE
            };
            continue;
        }
        let lone = params.lone_strength < 1.0
            && board.string_stones(head).count() == 1
            && !geometry.points().any(|q| {
                q != p
                    && board.at(q).color() == Some(color)
                    && p.i.abs_diff(q.i) + p.j.abs_diff(q.j) <= params.lone_distance
            });
        if lone {
            safety[index(p)].strength_factor = params.lone_strength;
        }
    }
    safety
}

/// The owl escape value of every point (row-major) for a dragon of colour
/// `escaping` on `board`: the influence of its stones as
/// [`escape_stone_safety`] reads them with `stones`, the opponent to
/// move, without the pattern passes, each empty point valued by who holds
/// it ([`region_escape_values`] with the default bands).
pub fn stone_escape_map(
    board: &Board,
    escaping: Color,
    stones: &EscapeStoneParams,
    reader: &mut Reader,
) -> Vec<u8> {
    let safety = escape_stone_safety(board, escaping, stones, reader);
    let width = board.geometry().width();
    let values = RegionEscapeParams::default();
    let params = InfluenceParams {
        territorial_attenuation: values.attenuation,
        ..InfluenceParams::default()
    };
    let influence = InitialInfluence::compute(
        board,
        escaping.other(),
        &|p| safety[usize::from(p.i) * width + usize::from(p.j)],
        &params,
    );
    region_escape_values(&influence, escaping, &RegionParams::default(), &values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::influence::StoneSafety;

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

    /// The escape values of `board` for White with the stones read as
    /// [`escape_stone_safety`] does with `stones`.
    fn values_with(board: &Board, stones: &EscapeStoneParams) -> Vec<u8> {
        let mut reader = Reader::new(board.clone(), None);
        stone_escape_map(board, Color::White, stones, &mut reader)
    }

    /// Black's E1 cannot escape White's D1, E2, F2 (F1 runs into G1):
    /// GNU Go 3.8's owl escape values for E2 (`--decide-dragon E2 -d 0x8`)
    /// are 4 at F1 and G1, as if E1 were gone. Black's E4 in atari
    /// between White's D4, E5, F4 escapes at E3 with Black to move:
    /// GNU Go's value there is 1 (for D4), as with E4 alive.
    #[test]
    fn stones_captured_with_the_opponent_to_move_are_dead_in_the_escape_influence() {
        let net = Board::from_rows(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "....OO...",
            "...OX....",
        ])
        .expect("board");
        let (f1, g1) = (8 * 9 + 5, 8 * 9 + 6);
        let read = EscapeStoneParams {
            capturable_liberties: 4,
            ..EscapeStoneParams::OFF
        };
        let on = values_with(&net, &read);
        let off = values_with(&net, &EscapeStoneParams::OFF);
        assert_eq!((on[f1], on[g1]), (4, 4), "E1 dead");
        assert_eq!((off[f1], off[g1]), (1, 1), "E1 alive");
        let atari = Board::from_rows(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "....O....",
            "...OXO...",
            ".........",
            ".........",
            ".........",
        ])
        .expect("board");
        let e3 = 6 * 9 + 4;
        assert_eq!(values_with(&atari, &read)[e3], 1, "E4 escapes at E3");
        assert_eq!(values_with(&atari, &EscapeStoneParams::OFF)[e3], 1);
    }
}
