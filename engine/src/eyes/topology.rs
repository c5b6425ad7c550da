//! Topological half eyes and false eyes (the manual's §8.8–8.9): an eye
//! point with at most one neighbour in its space is judged by its four
//! diagonals. Each diagonal is worth
//!
//! * 2: an opponent stone reading cannot capture;
//! * 1: an opponent stone reading can capture and defend, or an empty
//!   point where the opponent can play safely (these are the points where
//!   the eye is won or lost: attack and defence points);
//! * 0: an own stone, an opponent stone that can be captured and not
//!   defended, an empty point where the opponent cannot play safely;
//! * between 0 and 1 or above 1, when a ko decides ([`TopologyParams`]);
//! * off the board 1, diagonally off a corner 0, a point of the same eye
//!   space that is not marginal 0.
//!
//! The sum gives a proper eye (≤ 2), a half eye (below 4) or a false eye
//! (4 or more). Points holding a dead opponent stone are judged like empty
//! ones (GNU Go's `half_eye_data` judges them: `optics` tests 212, 312,
//! 321). Marginal points and points with two or more neighbours in
//! their space are not judged (GNU Go answers `half_eye_data` for them
//! with its default, value 10 and type `0`).

use goban::{Board, Cell, Color, Point, Vertex};
use tactics::{Code, Reader, Worm};

use super::{EyeSpace, EyeSpaces};

/// The values of an empty diagonal where the owner captures an opponent
/// stone played there only through a ko (the manual's `a` and `b`, with
/// `a + b = 2`; which code takes which value follows GNU Go's answers, see
/// `docs/tuning/eyes.md`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TopologyParams {
    /// The owner captures through a ko it can take first (`KO_A`).
    pub ko_taken_first: f32,
    /// The owner captures through a ko it needs a threat for (`KO_B`).
    pub ko_needing_threat: f32,
}

impl Default for TopologyParams {
    fn default() -> TopologyParams {
        TopologyParams {
            ko_taken_first: 1.25,
            ko_needing_threat: 0.75,
        }
    }
}

/// GNU Go's type of a judged point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EyeTopology {
    /// A proper eye (GNU Go prints `0`).
    Proper,
    /// A half eye (`HALF_EYE`).
    Half,
    /// A false eye (`FALSE_EYE`).
    False,
}

impl EyeTopology {
    /// GNU Go's name in `half_eye_data`.
    pub fn gnugo_name(self) -> &'static str {
        match self {
            EyeTopology::Proper => "0",
            EyeTopology::Half => "HALF_EYE",
            EyeTopology::False => "FALSE_EYE",
        }
    }
}

/// The judgement of one eye point.
#[derive(Debug, Clone, PartialEq)]
pub struct HalfEye {
    /// The sum of the diagonal values.
    pub value: f32,
    /// Proper, half or false.
    pub topology: EyeTopology,
    /// Where the opponent plays to spoil the eye.
    pub attack_points: Vec<Point>,
    /// Where the owner plays to secure it.
    pub defence_points: Vec<Point>,
    /// Whether the point counts as marginal when its space is recognised:
    /// a false eye does, unless it is the last liberty of an opponent
    /// stone of its space (taking the stone makes the eye where it stood).
    pub marginal: bool,
}

impl HalfEye {
    fn classify(value: f32) -> EyeTopology {
        if value <= 2.0 {
            EyeTopology::Proper
        } else if value < 4.0 {
            EyeTopology::Half
        } else {
            EyeTopology::False
        }
    }
}

/// Judges every eye point the module docs name; `reader` is on the
/// position of `spaces`, `worms` its worms.
pub fn judge_eye_points(
    reader: &mut Reader,
    worms: &[Worm],
    spaces: &EyeSpaces,
    params: TopologyParams,
) -> Vec<(Color, Point, HalfEye)> {
    let board = reader.board().board().clone();
    let mut judged = Vec::new();
    for space in &spaces.spaces {
        for (k, &p) in space.points.iter().enumerate() {
            if space.marginal[k] {
                continue;
            }
            let in_space = space
                .points
                .iter()
                .filter(|q| q.i.abs_diff(p.i) + q.j.abs_diff(p.j) == 1)
                .count();
            if in_space > 1 {
                continue;
            }
            let eye = judge(reader, &board, worms, space, p, params);
            judged.push((space.color, p, eye));
        }
    }
    judged
}

/// The topological judgement of `p` as an eye point of `space`.
pub fn judge(
    reader: &mut Reader,
    board: &Board,
    worms: &[Worm],
    space: &EyeSpace,
    p: Point,
    params: TopologyParams,
) -> HalfEye {
    let geometry = board.geometry();
    let owner = space.color;
    let opponent = owner.other();
    let (mut value, mut attacks, mut defences) = (0.0f32, Vec::new(), Vec::new());
    for (di, dj) in [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)] {
        let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
        let off_rows = i < 0 || i >= geometry.height() as i32;
        let off_cols = j < 0 || j >= geometry.width() as i32;
        if off_rows || off_cols {
            value += if off_rows && off_cols { 0.0 } else { 1.0 };
            continue;
        }
        let d = Point::new(i as u8, j as u8);
        if let Some(k) = space.points.iter().position(|&q| q == d)
            && !space.marginal[k]
        {
            continue;
        }
        let v = geometry.vertex_unchecked(d);
        match board.cell(v) {
            Cell::Empty => {
                // Can the opponent play at d and keep the stone?
                if reader.trymove(opponent, v).is_err() {
                    continue;
                }
                let capture = reader.attack(v).code;
                reader.popgo();
                let worth = match capture {
                    Code::Fail => 1.0,
                    Code::Win => 0.0,
                    Code::KoA => params.ko_taken_first,
                    Code::KoB => params.ko_needing_threat,
                };
                if worth > 0.0 {
                    attacks.push(d);
                    defences.push(d);
                }
                value += worth;
            }
            cell if cell == owner.stone() => {}
            _ => {
                let Some(worm) = worm_at(board, worms, v) else {
                    continue;
                };
                let worth = match (worm.attack.code, worm.defense.code) {
                    (Code::Fail, _) => 2.0,
                    (_, Code::Fail) => 0.0,
                    _ => 1.0,
                };
                if worth == 1.0 {
                    attacks.extend(worm.attack.point.map(|a| geometry.point(a)));
                    defences.extend(worm.defense.point.map(|a| geometry.point(a)));
                }
                value += worth;
            }
        }
    }
    let topology = HalfEye::classify(value);
    let here = geometry.vertex_unchecked(p);
    let captures_stone_of_space = board.cell(here) == Cell::Empty
        && board.neighbours(here).any(|n| {
            board.cell(n) == opponent.stone()
                && board.liberties(n) == 1
                && space.points.contains(&geometry.point(n))
        });
    HalfEye {
        value,
        topology,
        attack_points: attacks,
        defence_points: defences,
        marginal: topology == EyeTopology::False && !captures_stone_of_space,
    }
}

/// GNU Go's `obvious_false_eye` (the manual's §8.11): the conservative
/// relative of [`judge`], counting only opponent strings reading cannot
/// capture (2 each) and the board's edge (1 off one side, 0 off a corner)
/// on the diagonals of `p`; an eye of `owner` at `p` is obviously false
/// when the sum reaches 4.
pub fn obvious_false_eye(board: &Board, worms: &[Worm], p: Point, owner: Color) -> bool {
    let geometry = board.geometry();
    let mut value = 0;
    for (di, dj) in [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)] {
        let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
        let off_rows = i < 0 || i >= geometry.height() as i32;
        let off_cols = j < 0 || j >= geometry.width() as i32;
        if off_rows || off_cols {
            value += u8::from(!(off_rows && off_cols));
            continue;
        }
        let v = geometry.vertex_unchecked(Point::new(i as u8, j as u8));
        if board.cell(v) == owner.other().stone()
            && worm_at(board, worms, v).is_some_and(|w| w.attack.code == Code::Fail)
        {
            value += 2;
        }
    }
    value >= 4
}

/// The worm of the stone at `v` (found by its string's head).
fn worm_at<'a>(board: &Board, worms: &'a [Worm], v: Vertex) -> Option<&'a Worm> {
    let head = board.head(v);
    worms.iter().find(|w| board.head(w.origin) == head)
}
