//! The owl *goal*: the stones whose life the search decides. It starts as
//! the dragon's stones (GNU Go marks them `goal = 1`); a defender stone
//! played into it, or a string merged with it, joins (`goal = 2`); stones
//! captured leave. The attacker has won once every stone the dragon had
//! at the start is gone (the manual: "if all the original strings of the
//! original dragon are captured, owl_attack() considers the dragon to be
//! defeated").

use goban::{Board, Color, Geometry, Vertex};
use matcher::scan::PointSet;

/// The goal of one owl search at one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    color: Color,
    geometry: Geometry,
    /// The dragon's stones at the start.
    original: Vec<Vertex>,
    /// Whether each vertex (by its padded array index) holds a goal stone.
    member: Vec<bool>,
}

impl Goal {
    /// The goal of the dragon made of `stones` (all of one colour) on
    /// `board`.
    pub fn new(board: &Board, stones: &[Vertex]) -> Goal {
        let geometry = board.geometry();
        let color = stones
            .first()
            .and_then(|&v| board.cell(v).color())
            .unwrap_or(Color::Black);
        let mut member = vec![false; geometry.vertices()];
        for &v in stones {
            member[v.index()] = true;
        }
        let mut goal = Goal {
            color,
            geometry,
            original: stones.to_vec(),
            member,
        };
        goal.refresh(board);
        goal
    }

    /// The defender's colour.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Whether `v` holds a goal stone.
    pub fn contains(&self, v: Vertex) -> bool {
        self.member.get(v.index()).copied().unwrap_or(false)
    }

    /// The goal's stones, in vertex order.
    pub fn stones(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.member
            .iter()
            .enumerate()
            .filter(|(_, m)| **m)
            .map(|(k, _)| Vertex(k as u16))
    }

    /// The heads of the goal's strings on `board`.
    pub fn strings(&self, board: &Board) -> Vec<Vertex> {
        let mut heads: Vec<Vertex> = self.stones().map(|v| board.head(v)).collect();
        heads.sort_unstable_by_key(|v| v.index());
        heads.dedup();
        heads
    }

    /// Brings the goal up to `board`: captured stones leave, every stone
    /// of a string holding a goal stone joins.
    pub fn refresh(&mut self, board: &Board) {
        let stone = self.color.stone();
        let mut heads = Vec::new();
        for (k, m) in self.member.iter_mut().enumerate() {
            if !*m {
                continue;
            }
            let v = Vertex(k as u16);
            if board.cell(v) == stone {
                heads.push(v);
            } else {
                *m = false;
            }
        }
        for v in heads {
            for s in board.string_stones(v) {
                self.member[s.index()] = true;
            }
        }
    }

    /// The defender played at `v`, connected to the goal: its string joins.
    pub fn add_move(&mut self, board: &Board, v: Vertex) {
        if board.cell(v) == self.color.stone() {
            for s in board.string_stones(v) {
                self.member[s.index()] = true;
            }
        }
    }

    /// Whether every stone the dragon had at the start is gone.
    pub fn original_captured(&self, board: &Board) -> bool {
        let stone = self.color.stone();
        self.original.iter().all(|&v| board.cell(v) != stone)
    }

    /// Whether `v` is a goal stone or an empty point next to one (8
    /// neighbours).
    pub fn touches(&self, v: Vertex) -> bool {
        if self.contains(v) {
            return true;
        }
        let p = self.geometry.point(v);
        (-1i32..=1).any(|di| {
            (-1i32..=1).any(|dj| {
                let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
                self.geometry.contains(i, j)
                    && self.contains(
                        self.geometry
                            .vertex_unchecked(goban::Point::new(i as u8, j as u8)),
                    )
            })
        })
    }

    /// The goal as the matcher's point set.
    pub fn point_set(&self) -> PointSet {
        let mut set = PointSet::new();
        for v in self.stones() {
            set.insert(self.geometry.point(v));
        }
        set
    }
}
