//! The tree's opening priors by line: on a large board, a move in an
//! open area (no stone within [`OpeningRule::open_distance`], Manhattan
//! distance) is worth its height above the edge. The first and second
//! lines are too low there (they make little territory and no framework),
//! the third and fourth are where openings are played, and the centre
//! (fifth line and above) is too high while the corners and sides are
//! empty. The playout weights cannot tell these apart: every empty 3×3
//! neighbourhood has the same weight, so on an empty 19×19 board all
//! 361 moves start with one prior.
//!
//! Pachi and Fuego give the same kind of priors ("line height" and
//! "empty area" knowledge); GNU Go's fuseki databases play the third and
//! fourth lines.

use crate::board::{EMPTY, OFF, PASS, PlayoutBoard};

/// Prior win rates of moves in open areas by their line (off by default).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpeningRule {
    /// A move is in an open area when no stone stands within this
    /// Manhattan distance of it (0: the rule is off).
    pub open_distance: u8,
    /// The rule holds on boards at least this large.
    pub min_size: u8,
    /// Prior of an open-area move on the first or second line.
    pub low_prior: f32,
    /// Prior of an open-area move on the third or fourth line.
    pub opening_prior: f32,
    /// Prior of an open-area move on the fifth line or above.
    pub high_prior: f32,
}

impl OpeningRule {
    /// The rule switched off.
    pub const OFF: OpeningRule = OpeningRule {
        open_distance: 0,
        min_size: 13,
        low_prior: 0.3,
        opening_prior: 0.7,
        high_prior: 0.45,
    };

    /// The rule on, with its values: open within distance 3; the first
    /// two lines below the plain pattern prior (0.4–0.7), the third and
    /// fourth at the best pattern prior, the centre a little above the
    /// least.
    pub const ON: OpeningRule = OpeningRule {
        open_distance: 3,
        ..OpeningRule::OFF
    };

    /// Whether the rule acts on a board of `size`.
    pub fn is_on(&self, size: usize) -> bool {
        self.open_distance > 0 && size >= usize::from(self.min_size)
    }

    /// The prior of `v` on `board` when it lies in an open area, else
    /// `None` (the pattern prior stays).
    pub fn prior(&self, board: &PlayoutBoard, v: u16) -> Option<f32> {
        if v == PASS || !self.is_on(board.size()) || !is_open(board, v, self.open_distance) {
            return None;
        }
        let p = board.point(v);
        let last = board.size() - 1;
        let (i, j) = (usize::from(p.i), usize::from(p.j));
        let line = 1 + i.min(j).min(last - i).min(last - j);
        Some(match line {
            1 | 2 => self.low_prior,
            3 | 4 => self.opening_prior,
            _ => self.high_prior,
        })
    }
}

/// Whether no stone stands within Manhattan `distance` of `v`.
fn is_open(board: &PlayoutBoard, v: u16, distance: u8) -> bool {
    let p = board.point(v);
    let d = i32::from(distance);
    let size = board.size() as i32;
    for di in -d..=d {
        let reach = d - di.abs();
        for dj in -reach..=reach {
            let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
            if i < 0 || j < 0 || i >= size || j >= size {
                continue;
            }
            let cell = board.cell(board.index(i as usize, j as usize));
            if cell != EMPTY && cell != OFF {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use goban::{Board, Color};

    fn board(size: usize, stones: &[(usize, usize, Color)]) -> PlayoutBoard {
        let mut board = Board::square(size).unwrap();
        for &(i, j, color) in stones {
            let v = board
                .geometry()
                .vertex(goban::Point::new(i as u8, j as u8))
                .unwrap();
            board.play(color, v);
        }
        PlayoutBoard::from_board(&board, Color::Black, None).unwrap()
    }

    #[test]
    fn open_moves_are_valued_by_their_line() {
        let empty = board(19, &[]);
        let rule = OpeningRule::ON;
        let prior = |b: &PlayoutBoard, i, j| rule.prior(b, b.index(i, j));
        // First and second lines low, third and fourth high, centre between.
        assert_eq!(prior(&empty, 0, 9), Some(rule.low_prior));
        assert_eq!(prior(&empty, 1, 1), Some(rule.low_prior));
        assert_eq!(prior(&empty, 2, 3), Some(rule.opening_prior));
        assert_eq!(prior(&empty, 15, 3), Some(rule.opening_prior));
        assert_eq!(prior(&empty, 4, 9), Some(rule.high_prior));
        assert_eq!(prior(&empty, 9, 9), Some(rule.high_prior));
        assert!(rule.low_prior < rule.high_prior && rule.high_prior < rule.opening_prior);
        // A stone at distance 3 makes the area not open; at 4 it is.
        let near = board(19, &[(3, 6, Color::White)]);
        assert_eq!(prior(&near, 3, 3), None);
        let far = board(19, &[(3, 7, Color::White)]);
        assert_eq!(prior(&far, 3, 3), Some(rule.opening_prior));
        // Off, or on a small board: no opening priors.
        assert_eq!(OpeningRule::OFF.prior(&empty, empty.index(3, 3)), None);
        let small = board(9, &[]);
        assert_eq!(rule.prior(&small, small.index(2, 2)), None);
        assert_eq!(rule.prior(&empty, PASS), None);
    }
}
