//! Eye spaces (GNU Go's optics, the manual's chapter 8): each colour's
//! [domain](domains), the eye spaces cut from it, their marginal points,
//! the eye value of a space through `eyes.db`'s graphs ([`value`]), the
//! topological half and false eyes ([`topology`]) and each dragon's genus
//! ([`genus`]).
//!
//! A colour's eye space is made of
//!
//! * the free points of its domain that are not in the opponent's domain
//!   (the *core*), and
//! * the points of both domains next to one of its lively stones or to a
//!   core point; they are marginal.
//!
//! A core point is marginal too when an empty point next to it is outside
//! the eye space (the manual's "vertices at the edge of the eye space").
//! Then a marginal empty point is a *false margin* and left out when it
//! touches a dead opponent stone of the space and an opponent string
//! reading cannot capture, and the opponent playing there would have a
//! string in atari (the manual's §8.10); its neighbours keep their marks.
//! The spaces are the connected components of the eye points, where two
//! neighbours connect unless both are marginal (GNU Go keeps neighbouring
//! marginal points in different spaces: 960 of the 1,084 such pairs on
//! the public positions); a space's *origin* is its first point in board
//! order, as GNU Go's `eye_data` prints it.
//!
//! These rules reproduce GNU Go's eye spaces in part: `loader/tests/
//! eyes_agreement.rs` measures them on the 60 public positions and
//! `docs/engine.md` gives the figures and the cases that differ.

pub mod domains;
pub mod genus;
pub mod topology;
pub mod value;

use goban::{Board, Color, Point};
use tactics::Worm;

use domains::{Grid, Stones, domain};
pub use value::{EyeValue, Recognised, UnmatchedSpaceParams, UnmatchedSpaceRule, recognise};

/// One eye space of one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyeSpace {
    /// The colour whose eye space it is.
    pub color: Color,
    /// Its points in board order (the first is the origin).
    pub points: Vec<Point>,
    /// Whether each point is marginal.
    pub marginal: Vec<bool>,
    /// Whether each point holds a stone (of the opponent, not lively).
    pub has_stone: Vec<bool>,
}

impl EyeSpace {
    /// GNU Go's origin: the first point in board order.
    pub fn origin(&self) -> Point {
        self.points[0]
    }

    /// Number of points (`esize`).
    pub fn size(&self) -> usize {
        self.points.len()
    }

    /// Number of marginal points (`msize`).
    pub fn marginal_count(&self) -> usize {
        self.marginal.iter().filter(|&&m| m).count()
    }
}

/// The eye spaces of both colours on one position.
#[derive(Debug, Clone)]
pub struct EyeSpaces {
    grid_cols: usize,
    /// Black's spaces then White's, each in board order of the origin.
    pub spaces: Vec<EyeSpace>,
    /// Per colour (Black, White), the space index of each point.
    space_of: [Vec<Option<usize>>; 2],
}

fn slot(color: Color) -> usize {
    usize::from(color == Color::White)
}

impl EyeSpaces {
    /// The eye spaces of `board`, with the liveliness of `worms`.
    pub fn new(board: &Board, worms: &[Worm]) -> EyeSpaces {
        let grid = Grid::of(board);
        let stones = Stones::new(board, worms);
        let domains = [
            domain(grid, &stones, Color::Black),
            domain(grid, &stones, Color::White),
        ];
        let mut spaces = Vec::new();
        let mut space_of = [vec![None; grid.len()], vec![None; grid.len()]];
        for color in [Color::Black, Color::White] {
            let (own, theirs) = (&domains[slot(color)], &domains[slot(color.other())]);
            let (in_space, marginal) = eye_points(board, grid, &stones, color, own, theirs);
            for start in 0..grid.len() {
                if !in_space[start] || space_of[slot(color)][start].is_some() {
                    continue;
                }
                let id = spaces.len();
                let mut members = vec![start];
                space_of[slot(color)][start] = Some(id);
                let mut next = 0;
                while next < members.len() {
                    let k = members[next];
                    next += 1;
                    for q in grid.neighbours(k) {
                        let joined = !(marginal[k] && marginal[q]);
                        if in_space[q] && joined && space_of[slot(color)][q].is_none() {
                            space_of[slot(color)][q] = Some(id);
                            members.push(q);
                        }
                    }
                }
                members.sort_unstable();
                spaces.push(EyeSpace {
                    color,
                    points: members.iter().map(|&k| grid.point(k)).collect(),
                    marginal: members.iter().map(|&k| marginal[k]).collect(),
                    has_stone: members.iter().map(|&k| stones.color[k].is_some()).collect(),
                });
            }
        }
        EyeSpaces {
            grid_cols: grid.cols,
            spaces,
            space_of,
        }
    }

    /// The index in [`EyeSpaces::spaces`] of the eye space of `color`
    /// that holds `p`.
    pub fn index_at(&self, color: Color, p: Point) -> Option<usize> {
        let k = usize::from(p.i) * self.grid_cols + usize::from(p.j);
        self.space_of[slot(color)].get(k).copied().flatten()
    }

    /// The eye space of `color` that holds `p`.
    pub fn space_at(&self, color: Color, p: Point) -> Option<&EyeSpace> {
        self.index_at(color, p).map(|id| &self.spaces[id])
    }

    /// The spaces of one colour.
    pub fn of_color(&self, color: Color) -> impl Iterator<Item = &EyeSpace> {
        self.spaces.iter().filter(move |s| s.color == color)
    }
}

/// The points of `color`'s eye space and which are marginal (module docs).
fn eye_points(
    board: &Board,
    grid: Grid,
    stones: &Stones,
    color: Color,
    own: &[bool],
    theirs: &[bool],
) -> (Vec<bool>, Vec<bool>) {
    let candidate = |k: usize| own[k] && stones.free(k);
    let core: Vec<bool> = (0..grid.len())
        .map(|k| candidate(k) && !theirs[k])
        .collect();
    let mut in_space = core.clone();
    let mut marginal = vec![false; grid.len()];
    for k in 0..grid.len() {
        if !candidate(k) || core[k] {
            continue;
        }
        let by_stone = grid.neighbours(k).any(|q| stones.lively_stone(q, color));
        let by_core = grid.neighbours(k).any(|q| core[q]);
        if by_stone || by_core {
            in_space[k] = true;
            marginal[k] = true;
        }
    }
    for k in 0..grid.len() {
        if core[k]
            && grid
                .neighbours(k)
                .any(|q| !in_space[q] && stones.color[q].is_none())
        {
            marginal[k] = true;
        }
    }
    // False margins (the manual's §8.10): a marginal empty point between a
    // dead opponent stone of the space and an opponent string reading
    // cannot capture, where the opponent would put a string in atari, is
    // not part of the space.
    let opponent = color.other();
    for k in 0..grid.len() {
        if marginal[k]
            && stones.color[k].is_none()
            && grid
                .neighbours(k)
                .any(|q| in_space[q] && stones.color[q] == Some(opponent))
            && grid
                .neighbours(k)
                .any(|q| stones.color[q] == Some(opponent) && stones.unattackable[q])
            && board.liberties_after(opponent, board.geometry().vertex_unchecked(grid.point(k)))
                == 1
        {
            in_space[k] = false;
            marginal[k] = false;
        }
    }
    (in_space, marginal)
}
