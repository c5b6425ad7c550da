//! The Monte-Carlo 3×3 move-weight matcher (`mc_*.db`, spec
//! `joseki-and-fuseki.md` §4): two table lookups per candidate move.
//!
//! The eight neighbours of a move are packed into a 16-bit
//! [neighbourhood code](neighbourhood_code), 2 bits each (0 empty, 1 the
//! player to move, 2 the opponent, 3 off the board), neighbour `k` at bits
//! `2k..2k+2` in the order of [`NEIGHBOURS`]:
//!
//! ```text
//!   5 2 6        (k = 0 south, 1 west, 2 north, 3 east,
//!   1 * 3         4 south-west, 5 north-west, 6 north-east, 7 south-east)
//!   4 0 7
//! ```
//!
//! [`GeometryTable`] maps each code to one of [`NUM_GEOMETRIES`] classes of
//! neighbourhoods equal up to rotation and reflection (only neighbourhoods
//! that can occur on a board: no off-board point, one full edge, or a
//! corner), numbered 1… in the order GNU Go numbers them; 0 = impossible.
//! A [`McTable`] then holds one weight per (class, [`McProperties`] byte).

use crate::board::{Cell, Color, Content, PackedBoard, Point};
use crate::transform::Transform;
use std::sync::OnceLock;

/// Number of neighbourhood classes that can occur on a board.
pub const NUM_GEOMETRIES: usize = 1107;

/// Number of property combinations (an 8-bit [`McProperties`] code).
pub const NUM_PROPERTIES: usize = 256;

/// The offsets `(di, dj)` of neighbour `k` of the move.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (0, -1),
    (-1, 0),
    (0, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
    (1, 1),
];

/// The 2-bit cell code of neighbour `k` in a neighbourhood code.
#[inline]
pub const fn cell_of(code: u16, k: usize) -> u8 {
    ((code >> (2 * k)) & 3) as u8
}

/// The off-board sets GNU Go enumerates (all others are their images):
/// none, the north edge (N, NW, NE) and the north-east corner (N, E, NW, NE,
/// SE). Bit `k` = neighbour `k` is off the board.
const CANONICAL_OFF_BOARD: [u8; 3] = [0, 0b0110_0100, 0b1110_1100];

fn off_board_set(code: u16) -> u8 {
    (0..8)
        .filter(|&k| cell_of(code, k) == 3)
        .fold(0, |set, k| set | (1 << k))
}

/// The image of a neighbourhood code under a board symmetry.
pub fn transform_code(code: u16, transform: Transform) -> u16 {
    let mut out = 0u16;
    for (k, &(di, dj)) in NEIGHBOURS.iter().enumerate() {
        let image = transform.apply(di, dj);
        let target = NEIGHBOURS.iter().position(|&d| d == image).unwrap_or(k);
        out |= u16::from(cell_of(code, k)) << (2 * target);
    }
    out
}

/// Neighbourhood code → geometry class (0 = cannot occur on a board).
pub struct GeometryTable {
    classes: Box<[u16]>,
    representatives: Vec<u16>,
}

impl GeometryTable {
    fn build() -> GeometryTable {
        let mut classes = vec![0u16; 1 << 16].into_boxed_slice();
        let mut representatives = vec![0u16];
        for code in 0..=u16::MAX {
            if classes[code as usize] != 0 || !CANONICAL_OFF_BOARD.contains(&off_board_set(code)) {
                continue;
            }
            let class = representatives.len() as u16;
            representatives.push(code);
            for transform in Transform::ALL {
                classes[transform_code(code, transform) as usize] = class;
            }
        }
        GeometryTable {
            classes,
            representatives,
        }
    }

    /// The class of a neighbourhood code (0 if impossible on a board).
    #[inline]
    pub fn class(&self, code: u16) -> u16 {
        self.classes[code as usize]
    }

    /// The first code (in numeric order, with a canonical off-board set) of
    /// class `class`, `1..=NUM_GEOMETRIES`.
    pub fn representative(&self, class: u16) -> Option<u16> {
        self.representatives
            .get(class as usize)
            .copied()
            .filter(|_| class != 0)
    }

    /// Number of classes (1107).
    pub fn len(&self) -> usize {
        self.representatives.len() - 1
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The shared geometry table (built once, 128 KiB).
pub fn geometry_table() -> &'static GeometryTable {
    static TABLE: OnceLock<GeometryTable> = OnceLock::new();
    TABLE.get_or_init(GeometryTable::build)
}

/// The neighbourhood code of point `(i, j)` for `to_move`.
#[inline]
pub fn neighbourhood_code(board: &PackedBoard, i: i32, j: i32, to_move: Color) -> u16 {
    let mut code = 0u16;
    for (k, &(di, dj)) in NEIGHBOURS.iter().enumerate() {
        let cell = match board.cell(i + di, j + dj).relative_to(to_move) {
            Content::Empty => 0,
            Content::Own => 1,
            Content::Opponent => 2,
            Content::OffBoard => 3,
        };
        code |= cell << (2 * k);
    }
    code
}

/// Tactical facts about a candidate move that colon-line words test.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct McProperties {
    /// The point's status changed with the previous move (`near`/`far`).
    pub near: bool,
    /// Stones of ours the opponent would capture by playing here, capped at
    /// 3 (`xcapK`).
    pub opponent_captures: u8,
    /// Opponent stones our move here captures, capped at 3 (`ocapK`).
    pub own_captures: u8,
    /// The opponent's move here would be a self-atari (`xunsafe`).
    pub opponent_self_atari: bool,
    /// Our move here is a self-atari (`ounsafe`).
    pub own_self_atari: bool,
    /// The opponent's move here would be suicide (`xsuicide`).
    pub opponent_suicide: bool,
}

impl McProperties {
    /// The 8-bit code: bit 0 near, bits 1–2 opponent captures, bits 3–4 own
    /// captures, bit 5 opponent self-atari, bit 6 own self-atari, bit 7
    /// opponent suicide.
    #[inline]
    pub const fn bits(self) -> u8 {
        let xcap = if self.opponent_captures > 3 {
            3
        } else {
            self.opponent_captures
        };
        let ocap = if self.own_captures > 3 {
            3
        } else {
            self.own_captures
        };
        (self.near as u8)
            | (xcap << 1)
            | (ocap << 3)
            | ((self.opponent_self_atari as u8) << 5)
            | ((self.own_self_atari as u8) << 6)
            | ((self.opponent_suicide as u8) << 7)
    }

    /// The properties of an 8-bit code.
    pub const fn from_bits(bits: u8) -> McProperties {
        McProperties {
            near: bits & 1 != 0,
            opponent_captures: (bits >> 1) & 3,
            own_captures: (bits >> 3) & 3,
            opponent_self_atari: bits & 0x20 != 0,
            own_self_atari: bits & 0x40 != 0,
            opponent_suicide: bits & 0x80 != 0,
        }
    }
}

/// What happens when `colour` plays at the empty vertex `v`: stones
/// captured (capped at 3), and the liberties of the new string after the
/// captures (0 for a suicide).
fn play_outcome(board: &goban::Board, v: goban::Vertex, colour: Color) -> (u8, usize) {
    let captured = board.capture_count(colour, v);
    let liberties = board.liberties_after(colour, v);
    (captured.min(3) as u8, liberties)
}

impl McProperties {
    /// The properties of the empty point `p` for `to_move` on `board`
    /// (`near` comes from the caller, who knows the previous move): a move
    /// captures the opponent strings it leaves without liberties; it is a
    /// self-atari when its string has exactly one liberty after captures and
    /// suicide when it has none. `None` when `p` is not an empty point of
    /// the board.
    pub fn at(board: &goban::Board, p: Point, to_move: Color, near: bool) -> Option<McProperties> {
        let v = board.geometry().vertex(p)?;
        if board.cell(v) != Cell::Empty {
            return None;
        }
        let (own_captures, own_liberties) = play_outcome(board, v, to_move);
        let (opponent_captures, opponent_liberties) = play_outcome(board, v, to_move.other());
        Some(McProperties {
            near,
            opponent_captures,
            own_captures,
            opponent_self_atari: opponent_liberties == 1,
            own_self_atari: own_liberties == 1,
            opponent_suicide: opponent_liberties == 0,
        })
    }
}

/// One compiled `mc_*.db`: a weight per (geometry class, property code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McTable {
    /// Table name (file name without directory, `mc_` and `.db`).
    pub name: String,
    /// `(NUM_GEOMETRIES + 1) * NUM_PROPERTIES` weights, class-major; class 0
    /// (impossible neighbourhoods) holds weight 1.
    pub values: Vec<u32>,
}

impl McTable {
    /// A table with every weight 1.
    pub fn uniform(name: &str) -> McTable {
        McTable {
            name: name.to_string(),
            values: vec![1; (NUM_GEOMETRIES + 1) * NUM_PROPERTIES],
        }
    }

    /// The weights as runs: `(count, value)` pairs of little-endian `u32`
    /// (how `patterns`' build script embeds a compiled table).
    pub fn to_runs(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut k = 0;
        while k < self.values.len() {
            let value = self.values[k];
            let run = self.values[k..].iter().take_while(|&&v| v == value).count();
            out.extend_from_slice(&(run as u32).to_le_bytes());
            out.extend_from_slice(&value.to_le_bytes());
            k += run;
        }
        out
    }

    /// The table of [`to_runs`](Self::to_runs)' bytes; `None` unless they
    /// hold exactly one weight per (class, property code).
    pub fn from_runs(name: &str, runs: &[u8]) -> Option<McTable> {
        if runs.len() % 8 != 0 {
            return None;
        }
        let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let mut values = Vec::with_capacity((NUM_GEOMETRIES + 1) * NUM_PROPERTIES);
        for pair in runs.chunks_exact(8) {
            let count = word(&pair[..4]) as usize;
            if values.len() + count > (NUM_GEOMETRIES + 1) * NUM_PROPERTIES {
                return None;
            }
            values.extend(std::iter::repeat_n(word(&pair[4..]), count));
        }
        (values.len() == (NUM_GEOMETRIES + 1) * NUM_PROPERTIES).then(|| McTable {
            name: name.to_string(),
            values,
        })
    }

    /// The weight of class `class` with property code `properties`.
    #[inline]
    pub fn class_weight(&self, class: u16, properties: u8) -> u32 {
        self.values[class as usize * NUM_PROPERTIES + properties as usize]
    }

    /// The weight of a move with neighbourhood `code` and `properties`.
    #[inline]
    pub fn weight(&self, code: u16, properties: McProperties) -> u32 {
        self.class_weight(geometry_table().class(code), properties.bits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_1107_classes() {
        let table = geometry_table();
        assert_eq!(table.len(), NUM_GEOMETRIES);
        // Every class is closed under the symmetries.
        for code in 0..=u16::MAX {
            let class = table.class(code);
            for t in Transform::ALL {
                assert_eq!(table.class(transform_code(code, t)), class);
            }
        }
        // The empty neighbourhood is class 1.
        assert_eq!(table.class(0), 1);
        // A neighbourhood with a lone off-board point is impossible.
        assert_eq!(table.class(3), 0);
    }

    #[test]
    fn codes_read_the_board() {
        let mut board = PackedBoard::new(9).unwrap();
        board.set(Point::new(1, 0), Cell::Black);
        // Point (0, 0): south = (1, 0) black; west, north, NW, NE, SW off.
        let code = neighbourhood_code(&board, 0, 0, Color::White);
        assert_eq!(cell_of(code, 0), 2);
        assert_eq!(cell_of(code, 3), 0);
        assert_eq!(cell_of(code, 7), 0);
        for k in [1, 2, 4, 5, 6] {
            assert_eq!(cell_of(code, k), 3);
        }
        assert_ne!(geometry_table().class(code), 0);
        assert_eq!(
            cell_of(neighbourhood_code(&board, 0, 0, Color::Black), 0),
            1
        );
    }

    #[test]
    fn runs_round_trip() {
        let mut table = McTable::uniform("t");
        for (k, v) in table.values.iter_mut().enumerate() {
            *v = (k as u32 / 300) % 7;
        }
        assert_eq!(
            McTable::from_runs("t", &table.to_runs()),
            Some(table.clone())
        );
        let runs = table.to_runs();
        assert_eq!(McTable::from_runs("t", &runs[..runs.len() - 8]), None);
        assert_eq!(McTable::from_runs("t", &runs[..runs.len() - 1]), None);
    }

    #[test]
    fn property_bits_round_trip() {
        for bits in 0..=255u8 {
            assert_eq!(McProperties::from_bits(bits).bits(), bits);
        }
    }

    #[test]
    fn properties_from_the_board() {
        let p = |i, j| Point::new(i, j);
        // Black stone at (0, 0) in atari: white (0, 1) would capture it.
        let board = goban::Board::from_rows(&[
            "X........",
            "OO.......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ])
        .unwrap();
        let white = McProperties::at(&board, p(0, 1), Color::White, true).unwrap();
        assert_eq!(white.own_captures, 1);
        assert_eq!(white.opponent_captures, 0);
        assert!(white.near && !white.own_self_atari);
        // For black, (0, 1) extends to a two-stone string with one liberty.
        let black = McProperties::at(&board, p(0, 1), Color::Black, false).unwrap();
        assert!(black.own_self_atari);
        assert_eq!(black.opponent_captures, 1);
        assert!(!black.opponent_suicide);
        // Occupied and off-board points have no properties.
        assert_eq!(McProperties::at(&board, p(0, 0), Color::Black, false), None);
        assert_eq!(McProperties::at(&board, p(9, 0), Color::Black, false), None);
        // A point surrounded by black: suicide for white, and not self-atari
        // for black (black keeps liberties).
        let mut eye = goban::Board::square(9).unwrap();
        for (i, j) in [(3, 4), (5, 4), (4, 3), (4, 5)] {
            eye.place_stone(Color::Black, eye.geometry().vertex_unchecked(p(i, j)));
        }
        let props = McProperties::at(&eye, p(4, 4), Color::Black, false).unwrap();
        assert!(props.opponent_suicide && !props.own_self_atari);
        assert_eq!(props.bits() & 0x80, 0x80);
    }

    /// The properties the slow way: play on a copy of the board and count
    /// what was captured and the liberties left by flood fill.
    fn plain_properties(board: &PackedBoard, p: Point, to_move: Color) -> McProperties {
        let outcome = |colour: Color| {
            let mut after = board.clone();
            after.set(p, colour.stone());
            let mut captured = 0usize;
            let chain = |b: &PackedBoard, start: Point| {
                let cell = b.at(start);
                let (mut stones, mut liberties) = (vec![start], Vec::new());
                let mut k = 0;
                while k < stones.len() {
                    let q = stones[k];
                    k += 1;
                    for (di, dj) in [(1, 0), (0, -1), (-1, 0), (0, 1)] {
                        let (i, j) = (i32::from(q.i) + di, i32::from(q.j) + dj);
                        let r = Point::new(i as u8, j as u8);
                        match b.cell(i, j) {
                            c if c == cell && !stones.contains(&r) => stones.push(r),
                            Cell::Empty if !liberties.contains(&r) => liberties.push(r),
                            _ => {}
                        }
                    }
                }
                (stones, liberties.len())
            };
            for (di, dj) in [(1, 0), (0, -1), (-1, 0), (0, 1)] {
                let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
                if after.cell(i, j) != colour.other().stone() {
                    continue;
                }
                let (stones, liberties) = chain(&after, Point::new(i as u8, j as u8));
                if liberties == 0 {
                    captured += stones.len();
                    for s in stones {
                        after.set(s, Cell::Empty);
                    }
                }
            }
            (captured.min(3) as u8, chain(&after, p).1)
        };
        let (own_captures, own_liberties) = outcome(to_move);
        let (opponent_captures, opponent_liberties) = outcome(to_move.other());
        McProperties {
            near: false,
            opponent_captures,
            own_captures,
            opponent_self_atari: opponent_liberties == 1,
            own_self_atari: own_liberties == 1,
            opponent_suicide: opponent_liberties == 0,
        }
    }

    proptest::proptest! {
        /// The board core's answers equal playing the move out on a copy.
        #[test]
        fn properties_match_playing_the_move_out(
            size in 1usize..=7,
            codes in proptest::collection::vec(0u64..3, 49),
            at in 0usize..49,
            black: bool,
        ) {
            let mut board = PackedBoard::new(size).unwrap();
            for (k, &code) in codes.iter().enumerate().take(size * size) {
                board.set(Point::new((k / size) as u8, (k % size) as u8), Cell::from_code(code));
            }
            let p = Point::new((at / 7 % size) as u8, (at % size) as u8);
            let to_move = if black { Color::Black } else { Color::White };
            let properties = McProperties::at(&board.to_goban(), p, to_move, false);
            if board.at(p) == Cell::Empty {
                proptest::prop_assert_eq!(properties, Some(plain_properties(&board, p, to_move)));
            } else {
                proptest::prop_assert_eq!(properties, None);
            }
        }
    }
}
