//! Each colour's *domain*: the points where its stones could make eyes,
//! after the rules the GNU Go manual gives for `make_primary_domains`
//! (§8.11). Strings that are not *lively* are invisible; a colour's
//! domain holds
//!
//! 1. its lively stones and every free point (empty, or an invisible
//!    stone) next to one;
//! 2. then, repeated until nothing changes, every free point with an
//!    orthogonal neighbour and a diagonal neighbour next to that one both
//!    in the domain, the diagonal one off the first line, unless a lively opponent
//!    stone sits on the point's other neighbour beside that diagonal
//!    (no leaking past a knight's move) or on both points that prolong
//!    the pair on either side (no leaking past a two-space jump);
//! 3. a corner point, when a neighbour is in the domain and no lively
//!    opponent stone sits on its two neighbours or its diagonal.
//!
//! A string is lively here when tactical reading cannot capture it or can
//! defend it (attack code 0, or a defence code other than 0); the worm
//! data after GNU Go's `make_dragons` agrees with that reading on the 60
//! public positions far better than with "defensible only for the colour
//! to move" (the manual's influence chapter), see `docs/engine.md`.

use goban::{Board, Cell, Color, Point};
use tactics::{Code, Worm};

/// Whether a string can be regarded as alive for the eye spaces.
pub fn is_lively(worm: &Worm) -> bool {
    worm.attack.code == Code::Fail || worm.defense.code != Code::Fail
}

/// Point grid of a board: row-major indices, bounds and lines.
#[derive(Debug, Clone, Copy)]
pub(super) struct Grid {
    pub rows: usize,
    pub cols: usize,
}

impl Grid {
    pub fn of(board: &Board) -> Grid {
        let g = board.geometry();
        Grid {
            rows: g.height(),
            cols: g.width(),
        }
    }

    pub fn len(self) -> usize {
        self.rows * self.cols
    }

    pub fn index(self, i: i32, j: i32) -> Option<usize> {
        (i >= 0 && j >= 0 && (i as usize) < self.rows && (j as usize) < self.cols)
            .then(|| i as usize * self.cols + j as usize)
    }

    pub fn point(self, k: usize) -> Point {
        Point::new((k / self.cols) as u8, (k % self.cols) as u8)
    }

    pub fn on_first_line(self, k: usize) -> bool {
        let (i, j) = (k / self.cols, k % self.cols);
        i == 0 || j == 0 || i + 1 == self.rows || j + 1 == self.cols
    }

    /// The on-board orthogonal neighbours of `k`.
    pub fn neighbours(self, k: usize) -> impl Iterator<Item = usize> {
        let (i, j) = ((k / self.cols) as i32, (k % self.cols) as i32);
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(move |(di, dj)| self.index(i + di, j + dj))
    }
}

/// What the domains see of each point.
#[derive(Debug, Clone)]
pub struct Stones {
    /// The stone on each point (row-major), `None` where empty.
    pub color: Vec<Option<Color>>,
    /// Whether each stone belongs to a lively string (false on empty points).
    pub lively: Vec<bool>,
    /// Whether each stone belongs to a string reading cannot capture.
    pub unattackable: Vec<bool>,
}

impl Stones {
    /// The stones of `board` with the liveliness of their worms.
    pub fn new(board: &Board, worms: &[Worm]) -> Stones {
        let grid = Grid::of(board);
        let geometry = board.geometry();
        let color: Vec<Option<Color>> = (0..grid.len())
            .map(
                |k| match board.cell(geometry.vertex_unchecked(grid.point(k))) {
                    Cell::Black => Some(Color::Black),
                    Cell::White => Some(Color::White),
                    _ => None,
                },
            )
            .collect();
        let mut lively = vec![false; grid.len()];
        let mut unattackable = vec![false; grid.len()];
        for worm in worms {
            let alive = is_lively(worm);
            for &stone in &worm.stones {
                let p = geometry.point(stone);
                let k = usize::from(p.i) * grid.cols + usize::from(p.j);
                lively[k] = alive;
                unattackable[k] = worm.attack.code == Code::Fail;
            }
        }
        Stones {
            color,
            lively,
            unattackable,
        }
    }

    /// A lively stone of `color` at `k`.
    pub fn lively_stone(&self, k: usize, color: Color) -> bool {
        self.color[k] == Some(color) && self.lively[k]
    }

    /// Empty, or a stone that is not lively.
    pub fn free(&self, k: usize) -> bool {
        self.color[k].is_none() || !self.lively[k]
    }
}

/// The domain of `color` (row-major flags).
pub(super) fn domain(grid: Grid, stones: &Stones, color: Color) -> Vec<bool> {
    let opponent = color.other();
    let lively_opponent = |i: i32, j: i32| {
        grid.index(i, j)
            .is_some_and(|k| stones.lively_stone(k, opponent))
    };
    let mut domain: Vec<bool> = (0..grid.len())
        .map(|k| {
            stones.lively_stone(k, color)
                || (stones.free(k) && grid.neighbours(k).any(|q| stones.lively_stone(q, color)))
        })
        .collect();
    let last_row = grid.rows as i32 - 1;
    let last_col = grid.cols as i32 - 1;
    loop {
        let mut changed = false;
        for k in 0..grid.len() {
            if domain[k] || !stones.free(k) {
                continue;
            }
            let (i, j) = ((k / grid.cols) as i32, (k % grid.cols) as i32);
            let corner = (i == 0 || i == last_row) && (j == 0 || j == last_col);
            let reached = if corner {
                let di = if i == 0 { 1 } else { -1 };
                let dj = if j == 0 { 1 } else { -1 };
                let along = grid.index(i, j + dj);
                let down = grid.index(i + di, j);
                along.into_iter().chain(down).any(|q| domain[q])
                    && !lively_opponent(i, j + dj)
                    && !lively_opponent(i + di, j)
                    && !lively_opponent(i + di, j + dj)
            } else {
                pair_reaches(grid, &domain, i, j, &lively_opponent)
            };
            if reached {
                domain[k] = true;
                changed = true;
            }
        }
        if !changed {
            return domain;
        }
    }
}

/// Rule 2 of the module docs at `(i, j)`.
fn pair_reaches(
    grid: Grid,
    domain: &[bool],
    i: i32,
    j: i32,
    lively_opponent: &impl Fn(i32, i32) -> bool,
) -> bool {
    for (di, dj) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        for side in [1, -1] {
            // The step from the orthogonal neighbour to the diagonal one.
            let (si, sj) = (dj * side, di * side);
            let (oi, oj) = (i + di, j + dj);
            let (ai, aj) = (oi + si, oj + sj);
            let (Some(orth), Some(diag)) = (grid.index(oi, oj), grid.index(ai, aj)) else {
                continue;
            };
            if grid.on_first_line(diag) {
                continue;
            }
            if !(domain[orth] && domain[diag]) || lively_opponent(i + si, j + sj) {
                continue;
            }
            if lively_opponent(ai + si, aj + sj) && lively_opponent(oi - si, oj - sj) {
                continue;
            }
            return true;
        }
    }
    false
}
