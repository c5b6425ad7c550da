//! The nakade rule of the playouts: when the last move leaves next to it
//! a small enclosed empty region whose shape is a killing shape (straight
//! or bent three, pyramid four, bulky five, crossed five, rabbity six),
//! the player to move plays its vital point, whichever side that is: the
//! owner of the eye space makes two eyes there, the attacker kills by it.
//! The playouts' weights alone rarely find the one point in a bulky five
//! or a rabbity six before the other side spoils the shape.
//!
//! A region is the empty points connected to an empty neighbour of the
//! last move, at most [`MAX_REGION`] of them; it counts as an eye space
//! when every stone next to it, the last move's string aside, is of one
//! colour (the last move may be the attacker's reduction from outside).
//! The shape is told by how many of its points have 1, 2, 3 or 4
//! neighbours in the region (each killing shape has its own count, and
//! no other shape of the same size shares it); the vital point is the one
//! point with the most neighbours.

use crate::board::{BLACK, EMPTY, MAX_CELLS, PASS, PlayoutBoard, WHITE, holds};

/// Largest eye space read (the rabbity six).
pub const MAX_REGION: usize = 6;

/// Smallest killing shape (the straight or bent three).
const MIN_REGION: usize = 3;

/// When the playouts play the vital point of an eye space next to the
/// last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NakadeRule {
    /// Per cent of the draws next to such an eye space that play its
    /// vital point (0: the rule is off).
    pub percent: u8,
}

impl NakadeRule {
    /// Never: the weights alone decide.
    pub const OFF: NakadeRule = NakadeRule { percent: 0 };

    /// Whether the rule is ever applied.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.percent > 0
    }
}

/// Every draw next to such an eye space: the setting of `tesuji gtp
/// --search mcts` by default (`docs/tuning/mcts.md`).
impl Default for NakadeRule {
    fn default() -> NakadeRule {
        NakadeRule { percent: 100 }
    }
}

/// The killing shapes: region size, and the number of its points with
/// 1, 2, 3 and 4 neighbours in the region.
const KILLING_SHAPES: [(usize, [u8; 4]); 5] = [
    (3, [2, 1, 0, 0]), // straight or bent three
    (4, [3, 0, 1, 0]), // pyramid four
    (5, [1, 3, 1, 0]), // bulky five
    (5, [4, 0, 0, 1]), // crossed five
    (6, [2, 3, 0, 1]), // rabbity six
];

/// The vital point of a killing-shape eye space next to the last move of
/// `board`, if there is one (empty, not checked for legality).
pub fn vital_point(board: &PlayoutBoard) -> Option<u16> {
    let last = board.last_move();
    if last == PASS || board.cell(last) == EMPTY {
        return None;
    }
    let last_string = board.head(last);
    let mut seen = PointSet::default();
    for start in board.neighbours(last) {
        if board.cell(start) != EMPTY || seen.contains(start) || open_around(board.code(start)) {
            continue;
        }
        let mut region = [0u16; MAX_REGION + 1];
        let size = flood(board, start, &mut region);
        for &p in &region[..size] {
            seen.insert(p);
        }
        if !(MIN_REGION..=MAX_REGION).contains(&size)
            || !one_colour_around(board, &region[..size], last_string)
        {
            continue;
        }
        if let Some(v) = killing_shape_vital_point(board, &region[..size]) {
            return Some(v);
        }
    }
    None
}

/// Whether the empty points of a 3×3 block, joined to its empty centre
/// through the block, number more than [`MAX_REGION`] (then the centre's
/// region is too large to be read, and is not flooded), from the centre's
/// neighbourhood code: the centre, its empty orthogonal neighbours, and
/// the empty diagonals next to one of those.
#[inline]
fn open_around(code: u16) -> bool {
    // Bit 2k set: neighbour k (in `matcher::mc::NEIGHBOURS` order: S, W,
    // N, E, then SW, NW, NE, SE) is empty.
    let empty = !(code | (code >> 1)) & 0x5555;
    let bit = |k: u32| (empty >> (2 * k)) & 1;
    let orthogonal = bit(0) + bit(1) + bit(2) + bit(3);
    // Each diagonal touches two orthogonals: SW (S, W), NW (W, N),
    // NE (N, E), SE (E, S).
    let diagonal = (bit(4) & (bit(0) | bit(1)))
        + (bit(5) & (bit(1) | bit(2)))
        + (bit(6) & (bit(2) | bit(3)))
        + (bit(7) & (bit(3) | bit(0)));
    1 + orthogonal + diagonal > MAX_REGION as u16
}

/// Fills `region` with the empty points connected to `start`, stopping at
/// `MAX_REGION + 1`; returns how many were found.
fn flood(board: &PlayoutBoard, start: u16, region: &mut [u16; MAX_REGION + 1]) -> usize {
    let mut inside = PointSet::default();
    inside.insert(start);
    region[0] = start;
    let mut size = 1;
    let mut k = 0;
    while k < size {
        for n in board.neighbours(region[k]) {
            if board.cell(n) == EMPTY && !inside.contains(n) {
                if size == region.len() {
                    return size;
                }
                inside.insert(n);
                region[size] = n;
                size += 1;
            }
        }
        k += 1;
    }
    size
}

/// A set of board indices, one bit each (membership without a search).
#[derive(Default)]
struct PointSet([u64; MAX_CELLS.div_ceil(64)]);

impl PointSet {
    #[inline]
    fn contains(&self, p: u16) -> bool {
        (self.0[usize::from(p >> 6)] >> (p & 63)) & 1 != 0
    }

    #[inline]
    fn insert(&mut self, p: u16) {
        self.0[usize::from(p >> 6)] |= 1 << (p & 63);
    }
}

/// Whether the stones next to `region`, those of the string `skipped`
/// aside, are all of one colour.
fn one_colour_around(board: &PlayoutBoard, region: &[u16], skipped: u16) -> bool {
    let mut colours = 0u8;
    for &p in region {
        for n in board.neighbours(p) {
            let cell = board.cell(n);
            if (cell == BLACK || cell == WHITE) && board.head(n) != skipped {
                colours |= cell;
            }
        }
    }
    colours != (BLACK | WHITE)
}

/// The vital point of `region` if its shape is a killing shape.
fn killing_shape_vital_point(board: &PlayoutBoard, region: &[u16]) -> Option<u16> {
    let mut counts = [0u8; 4];
    let mut best = (0usize, PASS);
    for &p in region {
        let inside = board
            .neighbours(p)
            .iter()
            .filter(|&&n| holds(region, n))
            .count();
        if inside == 0 {
            return None;
        }
        counts[inside - 1] += 1;
        if inside > best.0 {
            best = (inside, p);
        }
    }
    KILLING_SHAPES
        .iter()
        .any(|&(size, shape)| size == region.len() && shape == counts)
        .then_some(best.1)
}
