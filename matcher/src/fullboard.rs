//! Full-board (fuseki) pattern matching with GNU Go's rules
//! (`joseki-and-fuseki.md` §2.3): a whole-board position must equal the
//! board read through one of the 8 symmetries about the centre point.
//!
//! Only odd board sizes 9, 13 and 19 are matched, only while at most
//! [`MAX_STONES`] stones are on the board, and never while a ko is pending.
//! Lookups go through a hash of the stone set (one hash per symmetry), then
//! an exact comparison, so a query costs eight hash computations over the
//! stones plus the candidates with that hash — not a scan of the database.

use crate::board::{Cell, Color, Content, PackedBoard, Point};
use crate::transform::Transform;
use std::collections::HashMap;

/// GNU Go stops consulting the fuseki book above this many stones.
pub const MAX_STONES: usize = 30;

/// Board sizes that have full-board databases.
pub const SUPPORTED_SIZES: [usize; 3] = [9, 13, 19];

/// A stone of a full-board pattern, relative to the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// `O`: the player to move.
    Own,
    /// `X`: the opponent.
    Opponent,
}

/// One full-board pattern: a whole position and the move to play in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullBoardPattern {
    /// Pattern name (e.g. `F-H0-8`).
    pub name: String,
    /// Relative weight.
    pub value: i32,
    /// Board size the pattern is for.
    pub size: u8,
    /// The move (`*`).
    pub move_point: Point,
    /// The stones, sorted by point.
    pub stones: Vec<(Point, Side)>,
}

impl FullBoardPattern {
    /// Builds a pattern, sorting its stones (a later stone on the same
    /// point replaces an earlier one).
    pub fn new(
        name: String,
        value: i32,
        size: u8,
        move_point: Point,
        stones: Vec<(Point, Side)>,
    ) -> Self {
        let mut by_point: std::collections::BTreeMap<Point, Side> =
            std::collections::BTreeMap::new();
        for (p, s) in stones {
            by_point.insert(p, s);
        }
        FullBoardPattern {
            name,
            value,
            size,
            move_point,
            stones: by_point.into_iter().collect(),
        }
    }

    /// The board this pattern describes with `to_move` playing `O`.
    pub fn to_board(&self, to_move: Color) -> PackedBoard {
        let mut board = PackedBoard::new(self.size as usize).expect("pattern sizes are 1..=25");
        for &(p, side) in &self.stones {
            let colour = match side {
                Side::Own => to_move,
                Side::Opponent => to_move.other(),
            };
            board.set(p, colour.stone());
        }
        board
    }
}

/// One match: a pattern (index into the database), the symmetry it matched
/// under and the board point of its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FullBoardMatch {
    /// Index of the pattern in [`FullBoardDb::patterns`].
    pub pattern: usize,
    /// The symmetry `ℓ` with `board(centre + T_ℓ(p − centre)) = pattern(p)`.
    pub transform: Transform,
    /// `centre + T_ℓ(move − centre)`.
    pub move_point: Point,
}

/// A fixed pseudo-random 64-bit key per (point index, side).
fn zobrist(index: usize, side: Side) -> u64 {
    // splitmix64 of a distinct input per (point, side).
    let mut z = (index as u64 * 2 + side as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The full-board patterns of one board size, indexed by position hash.
#[derive(Debug, Clone)]
pub struct FullBoardDb {
    size: u8,
    patterns: Vec<FullBoardPattern>,
    /// Position hash → pattern indices, in database order.
    by_hash: HashMap<u64, Vec<u32>>,
}

impl FullBoardDb {
    /// Indexes `patterns` for board size `size` (patterns of another size
    /// are kept but can never match).
    pub fn new(size: u8, patterns: Vec<FullBoardPattern>) -> FullBoardDb {
        let mut by_hash: HashMap<u64, Vec<u32>> = HashMap::new();
        for (k, pattern) in patterns.iter().enumerate() {
            if pattern.size != size {
                continue;
            }
            let hash = pattern.stones.iter().fold(0u64, |h, &(p, side)| {
                h ^ zobrist(p.i as usize * size as usize + p.j as usize, side)
            });
            by_hash.entry(hash).or_default().push(k as u32);
        }
        FullBoardDb {
            size,
            patterns,
            by_hash,
        }
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The patterns, in database order.
    pub fn patterns(&self) -> &[FullBoardPattern] {
        &self.patterns
    }

    /// All matches for `to_move` on `board` (`ko` = the pending ko point,
    /// if any), ordered by symmetry, then database order.
    pub fn find_matches(
        &self,
        board: &PackedBoard,
        to_move: Color,
        ko: Option<Point>,
    ) -> Vec<FullBoardMatch> {
        let size = board.size();
        if ko.is_some() || size != self.size as usize || !SUPPORTED_SIZES.contains(&size) {
            return Vec::new();
        }
        let stones: Vec<(Point, Side)> = board
            .points()
            .filter_map(|p| match board.at(p).relative_to(to_move) {
                Content::Own => Some((p, Side::Own)),
                Content::Opponent => Some((p, Side::Opponent)),
                _ => None,
            })
            .collect();
        if stones.len() > MAX_STONES {
            return Vec::new();
        }
        let centre = ((size - 1) / 2) as i32;
        let mut matches = Vec::new();
        let mut transformed: Vec<(Point, Side)> = Vec::with_capacity(stones.len());
        for transform in Transform::ALL {
            // B_ℓ(p) = board(c + T(p − c)), so a stone at board point q sits
            // at pattern point p = c + T⁻¹(q − c).
            let inverse = transform.inverse();
            transformed.clear();
            let mut hash = 0u64;
            for &(q, side) in &stones {
                let (di, dj) = inverse.apply(q.i as i32 - centre, q.j as i32 - centre);
                let p = Point::new((centre + di) as u8, (centre + dj) as u8);
                hash ^= zobrist(p.i as usize * size + p.j as usize, side);
                transformed.push((p, side));
            }
            let Some(candidates) = self.by_hash.get(&hash) else {
                continue;
            };
            transformed.sort_unstable();
            for &k in candidates {
                let pattern = &self.patterns[k as usize];
                if pattern.stones == transformed {
                    let m = pattern.move_point;
                    let (di, dj) = transform.apply(m.i as i32 - centre, m.j as i32 - centre);
                    matches.push(FullBoardMatch {
                        pattern: k as usize,
                        transform,
                        move_point: Point::new((centre + di) as u8, (centre + dj) as u8),
                    });
                }
            }
        }
        matches
    }
}

/// The plain reference: compares every pattern with the board read through
/// every symmetry, point by point. Same results as
/// [`FullBoardDb::find_matches`], for tests.
pub fn find_matches_reference(
    patterns: &[FullBoardPattern],
    board: &PackedBoard,
    to_move: Color,
    ko: Option<Point>,
) -> Vec<FullBoardMatch> {
    let size = board.size();
    let stone_count = board
        .points()
        .filter(|&p| board.at(p).color().is_some())
        .count();
    if ko.is_some() || !SUPPORTED_SIZES.contains(&size) || stone_count > MAX_STONES {
        return Vec::new();
    }
    let centre = ((size - 1) / 2) as i32;
    let mut matches = Vec::new();
    for transform in Transform::ALL {
        for (k, pattern) in patterns.iter().enumerate() {
            if pattern.size as usize != size || pattern.stones.len() != stone_count {
                continue;
            }
            let expected = pattern.to_board(to_move);
            let equal = board.points().all(|p| {
                let (di, dj) = transform.apply(p.i as i32 - centre, p.j as i32 - centre);
                board.cell(centre + di, centre + dj) == expected.at(p)
            });
            if equal {
                let m = pattern.move_point;
                let (di, dj) = transform.apply(m.i as i32 - centre, m.j as i32 - centre);
                matches.push(FullBoardMatch {
                    pattern: k,
                    transform,
                    move_point: Point::new((centre + di) as u8, (centre + dj) as u8),
                });
            }
        }
    }
    matches
}

/// The cell a board must hold at `p` for `pattern` (with `to_move` as `O`).
pub fn pattern_cell(pattern: &FullBoardPattern, p: Point, to_move: Color) -> Cell {
    match pattern.stones.binary_search_by_key(&p, |&(q, _)| q) {
        Ok(k) => match pattern.stones[k].1 {
            Side::Own => to_move.stone(),
            Side::Opponent => to_move.other().stone(),
        },
        Err(_) => Cell::Empty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(stones: &[(u8, u8, Side)], mv: (u8, u8)) -> FullBoardPattern {
        FullBoardPattern::new(
            "t".into(),
            1,
            9,
            Point::new(mv.0, mv.1),
            stones
                .iter()
                .map(|&(i, j, s)| (Point::new(i, j), s))
                .collect(),
        )
    }

    #[test]
    fn empty_board_matches_eight_times() {
        let db = FullBoardDb::new(9, vec![pattern(&[], (2, 2))]);
        let board = PackedBoard::new(9).unwrap();
        let found = db.find_matches(&board, Color::Black, None);
        assert_eq!(found.len(), 8);
        let mut moves: Vec<Point> = found.iter().map(|m| m.move_point).collect();
        moves.sort();
        moves.dedup();
        assert_eq!(
            moves,
            vec![
                Point::new(2, 2),
                Point::new(2, 6),
                Point::new(6, 2),
                Point::new(6, 6)
            ]
        );
        assert!(
            db.find_matches(&board, Color::Black, Some(Point::new(0, 0)))
                .is_empty()
        );
        assert_eq!(
            found,
            find_matches_reference(db.patterns(), &board, Color::Black, None)
        );
    }

    #[test]
    fn colours_are_relative_to_the_player() {
        let db = FullBoardDb::new(9, vec![pattern(&[(2, 2, Side::Opponent)], (6, 6))]);
        let mut board = PackedBoard::new(9).unwrap();
        board.set(Point::new(2, 6), Cell::Black);
        let white = db.find_matches(&board, Color::White, None);
        assert_eq!(
            white.len(),
            2,
            "the stone lies on a diagonal: two symmetries fix it"
        );
        assert!(white.iter().all(|m| m.move_point == Point::new(6, 2)));
        assert!(db.find_matches(&board, Color::Black, None).is_empty());
    }

    #[test]
    fn unsupported_sizes_never_match() {
        let mut p = pattern(&[], (2, 2));
        p.size = 11;
        let db = FullBoardDb::new(11, vec![p]);
        assert!(
            db.find_matches(&PackedBoard::new(11).unwrap(), Color::Black, None)
                .is_empty()
        );
    }
}
