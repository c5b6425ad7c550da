//! Pgx's `(N, N, 17)` observation: the last eight boards (plane `2i` the
//! observer's stones on board `i`, plane `2i+1` the opponent's, board 0 the
//! latest), and plane 16 all true when the observer is White. Plus the
//! packed hex encoding of the traces (C order `(row, col, plane)`, bits
//! packed most significant first, as `np.packbits`).
//!
//! Two ways to keep the history: [`PlaneHistory`], what [`crate::Env`]
//! keeps, sixteen bits per point updated by one shift and the newest board
//! at every step, the observation written eight planes at a time from a
//! table; and [`BoardHistory`], the plain one (eight board copies read
//! point by point), the reference the first is checked against
//! (`tests/observation.rs`).

use goban::{Cell, Color, Geometry};

/// Boards kept for the observation.
pub const HISTORY_LENGTH: usize = 8;

/// Planes per point.
pub const PLANES: usize = 2 * HISTORY_LENGTH + 1;

/// The last [`HISTORY_LENGTH`] boards, as copies of the board's padded cell
/// array, in a ring.
#[derive(Debug, Clone)]
pub struct BoardHistory {
    vertices: usize,
    cells: Vec<Cell>,
    /// Boards pushed since the reset, at most `HISTORY_LENGTH` counted.
    len: usize,
    /// Slot of the latest board.
    latest: usize,
}

impl BoardHistory {
    /// An empty history for boards of `geometry`.
    pub fn new(geometry: Geometry) -> BoardHistory {
        let vertices = geometry.vertices();
        BoardHistory {
            vertices,
            cells: vec![Cell::Empty; vertices * HISTORY_LENGTH],
            len: 0,
            latest: HISTORY_LENGTH - 1,
        }
    }

    /// Forgets every board.
    pub fn clear(&mut self) {
        self.len = 0;
        self.latest = HISTORY_LENGTH - 1;
    }

    /// Records `cells` (a board's padded array) as the latest board.
    #[inline]
    pub fn push(&mut self, cells: &[Cell]) {
        self.latest = (self.latest + 1) % HISTORY_LENGTH;
        let start = self.latest * self.vertices;
        self.cells[start..start + self.vertices].copy_from_slice(cells);
        self.len = (self.len + 1).min(HISTORY_LENGTH);
    }

    /// Board `i` back (0 = the latest), `None` before the game started.
    pub fn board(&self, i: usize) -> Option<&[Cell]> {
        (i < self.len).then(|| {
            let slot = (self.latest + HISTORY_LENGTH - i) % HISTORY_LENGTH;
            &self.cells[slot * self.vertices..(slot + 1) * self.vertices]
        })
    }

    /// Writes the observation for `observer` into `out`, `N*N*17` booleans
    /// in `(row, col, plane)` order.
    pub fn write_observation(&self, geometry: Geometry, observer: Color, out: &mut [bool]) {
        debug_assert_eq!(out.len(), geometry.points_count() * PLANES);
        let (own, opponent) = (observer.stone(), observer.other().stone());
        let white_to_move = observer == Color::White;
        let boards: [Option<&[Cell]>; HISTORY_LENGTH] = std::array::from_fn(|i| self.board(i));
        let (width, stride) = (geometry.width(), geometry.stride());
        for (k, planes) in out.chunks_exact_mut(PLANES).enumerate() {
            // Point k = (row, col) is vertex (row + 1) * stride + col + 1;
            // rows are `width` points long.
            let (row, col) = (k / width, k % width);
            let v = (row + 1) * stride + col + 1;
            for (i, board) in boards.iter().enumerate() {
                let cell = board.map_or(Cell::Empty, |b| b[v]);
                planes[2 * i] = cell == own;
                planes[2 * i + 1] = cell == opponent;
            }
            planes[2 * HISTORY_LENGTH] = white_to_move;
        }
    }
}

/// The eight planes of one byte of a history word: entry `b` holds bit
/// `k` of `b` at `k` (`swap_pairs` false), or bit `k ^ 1` (true: the
/// observer's stones are the odd bits).
const fn spread_table(swap_pairs: bool) -> [[bool; 8]; 256] {
    let mut table = [[false; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            let bit = if swap_pairs { k ^ 1 } else { k };
            table[b][k] = (b >> bit) & 1 == 1;
            k += 1;
        }
        b += 1;
    }
    table
}

/// The planes of a history byte for White to move (own stones: white's
/// code bit, the even one).
const SPREAD_WHITE: [[bool; 8]; 256] = spread_table(false);

/// The same for Black to move (own stones: black's code bit, the odd one).
const SPREAD_BLACK: [[bool; 8]; 256] = spread_table(true);

/// The last [`HISTORY_LENGTH`] boards packed per vertex: bits `2i` and
/// `2i + 1` of a point's word are goban's cell code on board `i` back
/// (bit `2i` white, bit `2i + 1` black; board 0 the latest, boards before
/// the game empty). A new board shifts every word by two and writes its
/// code in the low bits, which also drops the ninth board; the observation
/// for White is the word's bits in order, for Black with each pair swapped
/// (two tables spreading a byte into eight planes).
/// The words follow the board's padded vertex array, so a push is one
/// straight pass over two arrays (border words hold junk and are never
/// read).
#[derive(Debug, Clone)]
pub struct PlaneHistory {
    /// One word per vertex of the padded array.
    words: Vec<u16>,
}

impl PlaneHistory {
    /// An empty history for boards of `geometry`.
    pub fn new(geometry: Geometry) -> PlaneHistory {
        PlaneHistory {
            words: vec![0; geometry.vertices()],
        }
    }

    /// Forgets every board.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Records the board whose padded cell array is `cells` as the latest.
    #[inline]
    pub fn push(&mut self, cells: &[Cell]) {
        for (word, &cell) in self.words.iter_mut().zip(cells) {
            // On-board cells are empty (0), white (1) or black (2).
            *word = (*word << 2) | cell as u16;
        }
    }

    /// Writes the observation for `observer` into `out`, `N*N*17` booleans
    /// in `(row, col, plane)` order, for boards of `geometry`.
    #[inline]
    pub fn write_observation(&self, geometry: Geometry, observer: Color, out: &mut [bool]) {
        debug_assert_eq!(out.len(), geometry.points_count() * PLANES);
        let white_to_move = observer == Color::White;
        let spread = if white_to_move {
            &SPREAD_WHITE
        } else {
            &SPREAD_BLACK
        };
        let (width, stride) = (geometry.width(), geometry.stride());
        for (r, row) in out.chunks_exact_mut(width * PLANES).enumerate() {
            // Row `r`'s points are the vertices `(r + 1) * stride + 1 ..`.
            let start = (r + 1) * stride + 1;
            for (planes, &word) in row
                .chunks_exact_mut(PLANES)
                .zip(&self.words[start..start + width])
            {
                planes[..8].copy_from_slice(&spread[usize::from(word as u8)]);
                planes[8..16].copy_from_slice(&spread[usize::from(word >> 8)]);
                planes[2 * HISTORY_LENGTH] = white_to_move;
            }
        }
    }
}

/// Packs booleans most significant bit first (`np.packbits`) and writes
/// them as lower-case hex.
pub fn packed_hex(bits: &[bool]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bits.len().div_ceil(8) * 2);
    for chunk in bits.chunks(8) {
        let byte = chunk
            .iter()
            .enumerate()
            .fold(0u8, |acc, (k, &b)| acc | (u8::from(b) << (7 - k)));
        text.push(DIGITS[usize::from(byte >> 4)] as char);
        text.push(DIGITS[usize::from(byte & 15)] as char);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_msb_first_and_pads_the_last_byte() {
        assert_eq!(
            packed_hex(&[true, false, false, false, false, false, false, true]),
            "81"
        );
        assert_eq!(packed_hex(&[false, true, true]), "60");
        assert_eq!(packed_hex(&[]), "");
    }

    #[test]
    fn history_returns_boards_newest_first_and_forgets_the_ninth() {
        let geometry = Geometry::square(2).unwrap();
        let mut history = BoardHistory::new(geometry);
        assert!(history.board(0).is_none());
        let v = geometry.vertex_of_index(0).index();
        for step in 0..10 {
            let mut cells = goban::Board::new(geometry).cells().to_vec();
            cells[v] = if step % 2 == 0 {
                Cell::Black
            } else {
                Cell::White
            };
            history.push(&cells);
        }
        assert_eq!(history.board(0).unwrap()[v], Cell::White);
        assert_eq!(history.board(1).unwrap()[v], Cell::Black);
        assert!(history.board(7).is_some());
        assert!(history.board(8).is_none());
        let mut out = vec![false; 4 * PLANES];
        history.write_observation(geometry, Color::Black, &mut out);
        // Point 0: board 0 white (opponent), board 1 black (own), ...
        assert!(!out[0] && out[1] && out[2] && !out[3]);
        assert!(!out[16], "black to move: plane 16 false");
        history.write_observation(geometry, Color::White, &mut out);
        assert!(out[0] && !out[1] && out[16]);
    }
}
