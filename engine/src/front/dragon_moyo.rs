//! The moyo size of every dragon (GNU Go's `moyo_size` in `dragon_data`),
//! from the initial influence with the opponent to move.
//!
//! Two rules ([`MoyoRule`]):
//!
//! * **Regions** (the older approximation): the empty points whose
//!   `influence_regions` code is at least a given one for the dragon's
//!   colour, in the 4-connected regions of such points touching it.
//! * **Restricted** (GNU Go's numbers, read off its `dragon_data` next to
//!   its influence maps; `docs/tuning/dragon_data.md`, *GNU Go's moyo
//!   size*): a point belongs to a colour's restricted moyo when it is its
//!   territory, when it holds a dead opponent stone, or when the colour's
//!   influence there is at least `min_influence` and at least `min_ratio`
//!   times the opponent's. The connected pieces of that moyo are shared
//!   out among the colour's dragons touching them: each point goes to the
//!   dragon nearest to it through the moyo, a point as near to two dragons
//!   to neither (and the spread stops there).

use goban::{Board, Cell, Color, Vertex};

use crate::dragons::{Dragon, Dragons};
use crate::influence::{InfluenceParams, InitialInfluence, RegionParams};

/// Which points make a dragon's moyo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MoyoRule {
    /// The regions' codes: at least `min_code` (2 moyo, 3 territory).
    Regions {
        /// The weakest `influence_regions` code that counts.
        min_code: i32,
    },
    /// GNU Go's restricted moyo, shared out by distance.
    Restricted,
}

/// How the moyo size is measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoyoSizeParams {
    /// Which rule decides the points.
    pub rule: MoyoRule,
    /// Least influence of the dragon's colour at a restricted moyo point.
    pub min_influence: f32,
    /// Least ratio of that influence to the opponent's there.
    pub min_ratio: f32,
}

impl Default for MoyoSizeParams {
    fn default() -> MoyoSizeParams {
        MoyoSizeParams {
            rule: MoyoRule::Restricted,
            min_influence: 10.0,
            min_ratio: 10.0,
        }
    }
}

impl MoyoSizeParams {
    /// The older rule: moyo and territory codes of the regions touching
    /// the dragon (for comparison).
    pub fn regions() -> MoyoSizeParams {
        MoyoSizeParams {
            rule: MoyoRule::Regions { min_code: 2 },
            ..MoyoSizeParams::default()
        }
    }
}

/// The moyo size of every dragon, in the order of `dragons.dragons()`.
/// `influence` holds the initial influence with black, then white, to
/// move; a dragon reads the one with its opponent to move.
pub fn moyo_sizes(
    board: &Board,
    dragons: &Dragons,
    influence: &[InitialInfluence; 2],
    params: &MoyoSizeParams,
) -> Vec<usize> {
    let all = dragons.dragons();
    let mut sizes = vec![0; all.len()];
    for color in [Color::Black, Color::White] {
        let map = &influence[usize::from(color == Color::Black)];
        let field = MoyoField::new(board, map, color);
        let members: Vec<usize> = (0..all.len()).filter(|&k| all[k].color == color).collect();
        match params.rule {
            MoyoRule::Regions { min_code } => {
                for &k in &members {
                    let holds = |v: Vertex| {
                        board.cell(v) == Cell::Empty
                            && field.code(board, v) * field.sign >= min_code
                    };
                    sizes[k] = region_touching(board, &all[k], holds);
                }
            }
            MoyoRule::Restricted => {
                let holds = |v: Vertex| field.restricted(board, v, params);
                let group: Vec<&Dragon> = members.iter().map(|&k| &all[k]).collect();
                for (k, size) in members.iter().zip(shared_out(board, &group, holds)) {
                    sizes[*k] = size;
                }
            }
        }
    }
    sizes
}

/// One map read for one colour: its influence, the opponent's, the
/// region codes and the dead stones.
struct MoyoField<'a> {
    map: &'a InitialInfluence,
    codes: Vec<i32>,
    width: usize,
    color: Color,
    /// +1 for white, -1 for black (the codes' sign).
    sign: i32,
}

impl<'a> MoyoField<'a> {
    fn new(board: &Board, map: &'a InitialInfluence, color: Color) -> MoyoField<'a> {
        MoyoField {
            map,
            codes: map.region_codes(&InfluenceParams::default(), &RegionParams::default()),
            width: board.geometry().width(),
            color,
            sign: if color == Color::White { 1 } else { -1 },
        }
    }

    fn index(&self, board: &Board, v: Vertex) -> usize {
        let p = board.geometry().point(v);
        usize::from(p.i) * self.width + usize::from(p.j)
    }

    fn code(&self, board: &Board, v: Vertex) -> i32 {
        self.codes.get(self.index(board, v)).copied().unwrap_or(0)
    }

    /// Whether `v` is in the colour's restricted moyo.
    fn restricted(&self, board: &Board, v: Vertex, params: &MoyoSizeParams) -> bool {
        let k = self.index(board, v);
        match board.cell(v) {
            Cell::Empty => {}
            _ => {
                return self
                    .map
                    .stones
                    .get(k)
                    .copied()
                    .flatten()
                    .is_some_and(|(c, dead)| dead && c != self.color);
            }
        }
        if self.codes.get(k).is_some_and(|&c| c * self.sign >= 3) {
            return true;
        }
        let at = |color: Color| {
            let influence = &self.map.field(color).influence;
            influence.get(k).copied().unwrap_or(0.0)
        };
        let (own, opponent) = (at(self.color), at(self.color.other()));
        own >= params.min_influence && own >= params.min_ratio * opponent
    }
}

/// The points `holds` accepts in the 4-connected regions of such points
/// that touch the dragon.
fn region_touching(board: &Board, dragon: &Dragon, holds: impl Fn(Vertex) -> bool) -> usize {
    let mut seen = vec![false; board.geometry().vertices()];
    let mut stack: Vec<Vertex> = Vec::new();
    for &s in &dragon.stones {
        for n in board.neighbours(s) {
            if !seen[n.index()] && holds(n) {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    let mut count = 0;
    while let Some(v) = stack.pop() {
        count += 1;
        for n in board.neighbours(v) {
            if !seen[n.index()] && holds(n) {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    count
}

/// The points `holds` accepts, shared out among `dragons` (one colour)
/// by distance through such points: a spread from all dragons at once,
/// one step a round; a point reached in the same round from two dragons
/// goes to neither and spreads no further.
fn shared_out(board: &Board, dragons: &[&Dragon], holds: impl Fn(Vertex) -> bool) -> Vec<usize> {
    const CONTESTED: usize = usize::MAX;
    const FREE: usize = usize::MAX - 1;
    let mut owner = vec![FREE; board.geometry().vertices()];
    let mut frontier: Vec<Vertex> = Vec::new();
    let claim =
        |owner: &mut [usize], next: &mut Vec<Vertex>, v: Vertex, k: usize| match owner[v.index()] {
            FREE => {
                owner[v.index()] = k;
                next.push(v);
            }
            o if o != k && o != CONTESTED => owner[v.index()] = CONTESTED,
            _ => {}
        };
    for (k, dragon) in dragons.iter().enumerate() {
        for &s in &dragon.stones {
            for n in board.neighbours(s) {
                if holds(n) {
                    claim(&mut owner, &mut frontier, n, k);
                }
            }
        }
    }
    let mut settled = vec![false; owner.len()];
    for &v in &frontier {
        settled[v.index()] = true;
    }
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &v in &frontier {
            let k = owner[v.index()];
            if k == CONTESTED {
                continue;
            }
            for n in board.neighbours(v) {
                if !settled[n.index()] && holds(n) {
                    claim(&mut owner, &mut next, n, k);
                }
            }
        }
        for &v in &next {
            settled[v.index()] = true;
        }
        frontier = next;
    }
    let mut sizes = vec![0; dragons.len()];
    for &o in &owner {
        if o < dragons.len() {
            sizes[o] += 1;
        }
    }
    sizes
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::front::databases::Databases;
    use crate::front::engine::Engine;

    fn stones(board: &Board, names: &[&str]) -> Vec<Vertex> {
        let geometry = board.geometry();
        names
            .iter()
            .map(|n| geometry.parse_gtp(n).expect("vertex"))
            .collect()
    }

    fn dragon(board: &Board, names: &[&str]) -> Dragon {
        let stones = stones(board, names);
        Dragon {
            origin: stones[0],
            color: Color::Black,
            stones: stones.clone(),
            worms: stones,
        }
    }

    #[test]
    fn a_shared_moyo_goes_to_the_nearer_dragon_and_ties_to_neither() {
        // Black stones at A3 and E3 on an open 5x5 board, every empty
        // point in the moyo: columns A and B are nearer A3, D and E nearer
        // E3, column C is as near to both.
        let board =
            Board::from_rows(&[".....", ".....", "X...X", ".....", "....."]).expect("board");
        let west = dragon(&board, &["A3"]);
        let east = dragon(&board, &["E3"]);
        let holds = |v: Vertex| board.cell(v) == Cell::Empty;
        assert_eq!(shared_out(&board, &[&west, &east], holds), vec![9, 9]);
        // One dragon alone takes the whole region, as the regions rule does.
        assert_eq!(shared_out(&board, &[&west], holds), vec![23]);
        assert_eq!(region_touching(&board, &west, holds), 23);
    }

    /// The moyo size of the dragon at `at` on an empty board of `size`
    /// with black stones at `black`, by `params`.
    fn engine_moyo(size: usize, black: &[&str], at: &str, params: &MoyoSizeParams) -> usize {
        let mut board = Board::square(size).expect("board");
        for v in stones(&board, black) {
            board.place_stone(Color::Black, v);
        }
        let at = board.geometry().parse_gtp(at).expect("vertex");
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board.clone(), None);
        let analysis = engine.analysis();
        let dragons = analysis.dragons();
        let index = dragons
            .dragons()
            .iter()
            .position(|d| d.stones.contains(&at))
            .expect("dragon");
        let influence = [Color::Black, Color::White].map(|c| analysis.influence(c).clone());
        moyo_sizes(&board, dragons, &influence, params)[index]
    }

    #[test]
    fn restricted_moyo_sizes_are_gnugo_s_where_the_regions_are_far_off() {
        // GNU Go 3.8's `moyo_size` (GTP `dragon_data` after `play`): a
        // lone 3-3 stone on 13x13 21, a five-stone wall on the third line
        // of a 9x9 board 52, a corner stone 0.
        let restricted = MoyoSizeParams::default();
        let regions = MoyoSizeParams::regions();
        let wall = ["C3", "D3", "E3", "F3", "G3"];
        assert_eq!(engine_moyo(13, &["C3"], "C3", &restricted), 21);
        assert_eq!(engine_moyo(9, &wall, "C3", &restricted), 52);
        assert_eq!(engine_moyo(13, &["A1"], "A1", &restricted), 0);
        assert_ne!(engine_moyo(13, &["C3"], "C3", &regions), 21);
        assert_ne!(engine_moyo(9, &wall, "C3", &regions), 52);
    }
}
