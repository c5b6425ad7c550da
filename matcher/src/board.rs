//! The packed board the matcher reads: 2 bits per point (empty, white,
//! black, off-board), sizes 1 to 25, with an off-board margin so that the
//! 4×4 grid window around any point can be read without bounds tests.
//!
//! It is the matcher's fast view of a position; the rules (strings,
//! liberties, captures) live in the board core [`goban::Board`], which
//! converts to and from it ([`PackedBoard::try_from`], [`PackedBoard::to_goban`]).
//! Players, point contents and points are the board core's, re-exported.

use std::fmt;

/// The largest supported board.
pub const MAX_BOARD: usize = 25;

pub use goban::{Cell, Color, Content, GTP_COLUMNS, Point};

/// Rows above the board in the packed array (the grid window reaches one
/// row up).
const TOP_MARGIN: usize = 1;
/// Rows in the packed array: margin, up to 25 rows, two rows below.
const PACKED_ROWS: usize = MAX_BOARD + 3;
/// Packed position of column `j`: cell `j + 1` counted from the most
/// significant end, so the leftmost column sits in the highest bits.
#[inline]
const fn column_shift(j: usize) -> u32 {
    2 * (31 - (j as u32 + 1))
}
/// A packed row with every cell off the board.
const OFF_ROW: u64 = u64::MAX;

/// Error building a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The size is not in `1..=25`.
    #[error("board size {0} is not supported (1 to {MAX_BOARD})")]
    BadSize(usize),
    /// The packed board is square; the board core's board was not.
    #[error("a {width}x{height} board is not square; the matcher reads square boards only")]
    NotSquare {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
}

/// A Go board of 1 to 25 lines, 2 bits per point, with off-board margins:
/// the matcher's packed view of a [`goban::Board`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PackedBoard {
    size: u8,
    /// One `u64` per row (plus margins): 32 cells of 2 bits, column `j` at
    /// [`column_shift`]`(j)`; everything outside the board is `3`.
    rows: [u64; PACKED_ROWS],
}

impl PackedBoard {
    /// An empty board of `size` lines.
    pub fn new(size: usize) -> Result<PackedBoard, BoardError> {
        if !(1..=MAX_BOARD).contains(&size) {
            return Err(BoardError::BadSize(size));
        }
        let mut rows = [OFF_ROW; PACKED_ROWS];
        // Clear the on-board columns of on-board rows.
        let mut empty_row = OFF_ROW;
        for j in 0..size {
            empty_row &= !(3u64 << column_shift(j));
        }
        for row in rows.iter_mut().skip(TOP_MARGIN).take(size) {
            *row = empty_row;
        }
        Ok(PackedBoard {
            size: size as u8,
            rows,
        })
    }

    /// A board of `rows.len()` lines from rows read from the top, `X` black,
    /// `O` white, anything else empty: the inverse of [`PackedBoard::rows_text`].
    /// Characters beyond the board's size are ignored.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<PackedBoard, BoardError> {
        let mut board = PackedBoard::new(rows.len())?;
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.as_ref().chars().enumerate().take(board.size()) {
                let cell = match c {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    _ => Cell::Empty,
                };
                board.set(Point::new(i as u8, j as u8), cell);
            }
        }
        Ok(board)
    }

    /// Number of lines.
    #[inline]
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// Whether `(i, j)` (possibly negative) is on the board.
    #[inline]
    pub const fn contains(&self, i: i32, j: i32) -> bool {
        i >= 0 && j >= 0 && i < self.size as i32 && j < self.size as i32
    }

    /// The content of `(i, j)`; anything outside the board is
    /// [`Cell::OffBoard`].
    #[inline]
    pub fn cell(&self, i: i32, j: i32) -> Cell {
        if !self.contains(i, j) {
            return Cell::OffBoard;
        }
        Cell::from_code(self.rows[i as usize + TOP_MARGIN] >> column_shift(j as usize))
    }

    /// The content of point `p`.
    #[inline]
    pub fn at(&self, p: Point) -> Cell {
        self.cell(p.i as i32, p.j as i32)
    }

    /// Puts `cell` (empty or a stone) at `p`. Off-board points and
    /// [`Cell::OffBoard`] are ignored.
    pub fn set(&mut self, p: Point, cell: Cell) {
        if cell == Cell::OffBoard || !self.contains(p.i as i32, p.j as i32) {
            return;
        }
        let shift = column_shift(p.j as usize);
        let row = &mut self.rows[p.i as usize + TOP_MARGIN];
        *row = (*row & !(3u64 << shift)) | ((cell as u64) << shift);
    }

    /// Every point, in GNU Go's board order (row by row from the top, left
    /// to right).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size;
        (0..n).flat_map(move |i| (0..n).map(move |j| Point::new(i, j)))
    }

    /// The four 2-bit cells of row `i` (may be −1 or up to `size + 1`),
    /// columns `j − 1 ..= j + 2`, as one byte with column `j − 1` in the top
    /// bits, in board codes (1 = white, 2 = black).
    #[inline]
    pub fn window_row(&self, i: i32, j: usize) -> u32 {
        let row = self.rows[(i + TOP_MARGIN as i32) as usize];
        ((row >> (2 * (28 - j as u32))) & 0xff) as u32
    }

    /// The merged 32-bit 4×4 grid value around `(i, j)` (compilation.md §8)
    /// seen from `color`: cell `(di, dj)`, di, dj ∈ −1..=2, at bits
    /// `30 − 8(di+1) − 2(dj+1)`; 0 empty, 1 `color`, 2 other colour,
    /// 3 off-board.
    #[inline]
    pub fn merged_value(&self, i: usize, j: usize, color: Color) -> u32 {
        let i = i as i32;
        let raw = (self.window_row(i - 1, j) << 24)
            | (self.window_row(i, j) << 16)
            | (self.window_row(i + 1, j) << 8)
            | self.window_row(i + 2, j);
        // Board codes are 1 = white, 2 = black: already relative for White.
        match color {
            Color::White => raw,
            Color::Black => swap_colors(raw),
        }
    }

    /// The points whose content differs between `self` and `other` (two
    /// boards of the same size), in board order.
    pub fn changed_points<'a>(
        &'a self,
        other: &'a PackedBoard,
    ) -> impl Iterator<Item = Point> + 'a {
        let n = self.size.min(other.size) as usize;
        (0..n).flat_map(move |i| {
            let diff = self.rows[i + TOP_MARGIN] ^ other.rows[i + TOP_MARGIN];
            (0..n)
                .filter(move |&j| diff >> column_shift(j) & 3 != 0)
                .map(move |j| Point::new(i as u8, j as u8))
        })
    }

    /// Renders the board as rows from the top, `X` black, `O` white, `.`
    /// empty (the `board` format of `positions.json`).
    pub fn rows_text(&self) -> Vec<String> {
        (0..self.size() as i32)
            .map(|i| {
                (0..self.size() as i32)
                    .map(|j| match self.cell(i, j) {
                        Cell::Black => 'X',
                        Cell::White => 'O',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

impl TryFrom<&goban::Board> for PackedBoard {
    type Error = BoardError;

    /// The packed view of a square board-core board.
    fn try_from(board: &goban::Board) -> Result<PackedBoard, BoardError> {
        let geometry = board.geometry();
        if !geometry.is_square() {
            return Err(BoardError::NotSquare {
                width: geometry.width(),
                height: geometry.height(),
            });
        }
        let mut packed = PackedBoard::new(geometry.width())?;
        for p in geometry.points() {
            packed.set(p, board.at(p));
        }
        Ok(packed)
    }
}

impl PackedBoard {
    /// The board core's board with the same stones, set up as they stand
    /// (nothing is captured, even a string without liberties).
    pub fn to_goban(&self) -> goban::Board {
        let geometry =
            goban::Geometry::square(self.size()).expect("packed boards are 1 to 25 lines");
        let mut board = goban::Board::new(geometry);
        for p in self.points() {
            if let Some(color) = self.at(p).color() {
                board.place_stone(color, geometry.vertex_unchecked(p));
            }
        }
        board
    }
}

/// Exchanges codes 1 and 2 in every 2-bit cell of `value`, keeping 0 and 3.
#[inline]
pub const fn swap_colors(value: u32) -> u32 {
    let differ = (value ^ (value >> 1)) & 0x5555_5555;
    value ^ (differ | (differ << 1))
}

impl fmt::Debug for PackedBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board({}):", self.size)?;
        for row in self.rows_text() {
            writeln!(f, "  {row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert!(PackedBoard::new(0).is_err());
        assert!(PackedBoard::new(26).is_err());
        for n in 1..=25 {
            let b = PackedBoard::new(n).unwrap();
            assert_eq!(b.points().count(), n * n);
            assert_eq!(b.cell(-1, 0), Cell::OffBoard);
            assert_eq!(b.cell(0, n as i32), Cell::OffBoard);
            assert_eq!(b.cell(n as i32 - 1, n as i32 - 1), Cell::Empty);
        }
    }

    #[test]
    fn merged_value_cells() {
        let mut b = PackedBoard::new(5).unwrap();
        b.set(Point::new(0, 0), Cell::Black);
        b.set(Point::new(1, 1), Cell::White);
        // Around (0, 0): (-1, *) off, (0,-1) off, (0,0) black, (1,1) white.
        let m = b.merged_value(0, 0, Color::White);
        let cell = |di: i32, dj: i32| (m >> (30 - 8 * (di + 1) - 2 * (dj + 1))) & 3;
        assert_eq!(cell(-1, 0), 3);
        assert_eq!(cell(0, -1), 3);
        assert_eq!(cell(0, 0), 2);
        assert_eq!(cell(1, 1), 1);
        assert_eq!(cell(2, 2), 0);
        let mb = b.merged_value(0, 0, Color::Black);
        assert_eq!(mb, swap_colors(m));
        assert_eq!((mb >> 20) & 3, 1);
    }

    #[test]
    fn rows_round_trip() {
        let rows = ["X.O", ".XO", "..."];
        let b = PackedBoard::from_rows(&rows).unwrap();
        assert_eq!(b.rows_text(), rows);
        assert_eq!(b.at(Point::new(0, 2)), Cell::White);
        assert_eq!(
            PackedBoard::from_rows(&["X.O.."; 2]).unwrap().rows_text(),
            ["X.", "X."]
        );
        assert!(PackedBoard::from_rows::<&str>(&[]).is_err());
    }

    #[test]
    fn converts_to_and_from_the_board_core() {
        let rows = ["X.O..", ".XO..", "OO...", "....X", "X...."];
        let packed = PackedBoard::from_rows(&rows).unwrap();
        let core = packed.to_goban();
        assert_eq!(core.rows_text(), rows);
        core.verify().unwrap();
        assert_eq!(PackedBoard::try_from(&core).unwrap(), packed);
        // Strings without liberties stay as they stand.
        let packed = PackedBoard::from_rows(&["XO", "O."]).unwrap();
        assert_eq!(packed.to_goban().rows_text(), ["XO", "O."]);
        let wide = goban::Board::new(goban::Geometry::new(7, 5).unwrap());
        assert_eq!(
            PackedBoard::try_from(&wide),
            Err(BoardError::NotSquare {
                width: 7,
                height: 5
            })
        );
    }
}
