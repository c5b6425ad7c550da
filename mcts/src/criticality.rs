//! Coulom's criticality: how much owning a point goes with winning the
//! game, over the playouts of one search. A point whose owner at the end
//! of a playout is nearly always that playout's winner, more often than
//! its ownership and the win rate alone would give, is where the game is
//! decided (the liberties of groups in a fight, the eye space of a group
//! whose life is open); the tree gives moves there a bonus prior
//! ([`CriticalityRule`]).
//!
//! criticality(x) = P(x's owner wins) − (P(Black owns x)·P(Black wins) +
//! P(White owns x)·P(White wins)), jigo counted as half a win each.

use goban::Color;

use crate::board::{MAX_CELLS, PlayoutBoard};

/// How the tree uses criticality (off when `visits` is 0). Every point's
/// criticality is a little above 0 (the score is the sum of the points'
/// owners), so the bonus goes by a move's criticality relative to the
/// most critical of its siblings: none at `floor` of it or below, all of
/// `visits` at the most critical, a share in between.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CriticalityRule {
    /// Prior visits, all won, that the most critical move gets on top of
    /// its pattern prior (0: off).
    pub visits: u16,
    /// The share of the largest criticality below which a move gets no
    /// bonus.
    pub floor: f32,
    /// Playouts of the search before criticality is used (the root's
    /// children get their bonus then, later expansions at once).
    pub min_playouts: u64,
}

impl CriticalityRule {
    /// No criticality bonus.
    pub const OFF: CriticalityRule = CriticalityRule {
        visits: 0,
        floor: 0.5,
        min_playouts: 200,
    };

    /// Whether the rule gives any bonus.
    pub fn is_on(&self) -> bool {
        self.visits > 0
    }

    /// The bonus prior visits (all won) of a move of criticality `crit`
    /// whose most critical sibling has `max`.
    pub fn bonus(&self, crit: f32, max: f32) -> u16 {
        if !self.is_on() || crit <= 0.0 || max <= 0.0 || self.floor >= 1.0 {
            return 0;
        }
        let share = ((crit / max - self.floor) / (1.0 - self.floor)).clamp(0.0, 1.0);
        (share * f32::from(self.visits)).round() as u16
    }
}

impl Default for CriticalityRule {
    fn default() -> CriticalityRule {
        CriticalityRule::OFF
    }
}

/// The tallies of one search's playouts, point by point.
#[derive(Debug, Clone)]
pub struct CriticalityTally {
    playouts: u64,
    /// Black's results in half points (2 win, 1 jigo).
    black_wins2: u64,
    /// Playouts that ended with Black (White) owning the point.
    owned: [Vec<u64>; 2],
    /// The same, weighted by the owner's result in half points.
    owner_won2: [Vec<u64>; 2],
}

impl Default for CriticalityTally {
    fn default() -> CriticalityTally {
        CriticalityTally::new()
    }
}

impl CriticalityTally {
    /// Empty tallies.
    pub fn new() -> CriticalityTally {
        CriticalityTally {
            playouts: 0,
            black_wins2: 0,
            owned: [vec![0; MAX_CELLS], vec![0; MAX_CELLS]],
            owner_won2: [vec![0; MAX_CELLS], vec![0; MAX_CELLS]],
        }
    }

    /// Playouts tallied.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Tallies a finished playout's `board` whose result for Black is
    /// `black2` half points (2 win, 1 jigo, 0 loss).
    pub fn add(&mut self, board: &PlayoutBoard, black2: u32) {
        let black2 = u64::from(black2.min(2));
        self.playouts += 1;
        self.black_wins2 += black2;
        for v in board.points() {
            let (owner, won2) = match board.owner(v) {
                Some(Color::Black) => (0, black2),
                Some(Color::White) => (1, 2 - black2),
                None => continue,
            };
            self.owned[owner][v as usize] += 1;
            self.owner_won2[owner][v as usize] += won2;
        }
    }

    /// Adds another thread's tallies.
    pub fn merge(&mut self, other: &CriticalityTally) {
        self.playouts += other.playouts;
        self.black_wins2 += other.black_wins2;
        for c in 0..2 {
            for (a, b) in self.owned[c].iter_mut().zip(&other.owned[c]) {
                *a += b;
            }
            for (a, b) in self.owner_won2[c].iter_mut().zip(&other.owner_won2[c]) {
                *a += b;
            }
        }
    }

    /// The criticality of playout-board point `v` (0 before any playout).
    pub fn criticality(&self, v: u16) -> f32 {
        let v = v as usize;
        if self.playouts == 0 || v >= MAX_CELLS {
            return 0.0;
        }
        let n = self.playouts as f64;
        let black_wins = self.black_wins2 as f64 / (2.0 * n);
        let white_wins = 1.0 - black_wins;
        let own_black = self.owned[0][v] as f64 / n;
        let own_white = self.owned[1][v] as f64 / n;
        let owner_wins = (self.owner_won2[0][v] + self.owner_won2[1][v]) as f64 / (2.0 * n);
        (owner_wins - (own_black * black_wins + own_white * white_wins)) as f32
    }

    /// The largest criticality of the points `moves` (pass and points
    /// off the board count 0).
    pub fn max_criticality(&self, moves: &[u16]) -> f32 {
        moves
            .iter()
            .filter(|&&v| v != crate::board::PASS)
            .map(|&v| self.criticality(v))
            .fold(0.0, f32::max)
    }
}
