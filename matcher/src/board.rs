//! The packed board the matcher reads: 2 bits per point (empty, white,
//! black, off-board), sizes 1 to 25, with an off-board margin so that the
//! 4×4 grid window around any point can be read without bounds tests.

use std::fmt;

/// The largest supported board.
pub const MAX_BOARD: usize = 25;

/// A player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black (GNU Go's `BLACK` = 2).
    Black,
    /// White (GNU Go's `WHITE` = 1).
    White,
}

impl Color {
    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `'B'` or `'W'`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The stone of this colour.
    pub const fn stone(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The content of a board point, with GNU Go's codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// No stone (0).
    Empty = 0,
    /// A white stone (1).
    White = 1,
    /// A black stone (2).
    Black = 2,
    /// Outside the board (3).
    OffBoard = 3,
}

impl Cell {
    const FROM_CODE: [Cell; 4] = [Cell::Empty, Cell::White, Cell::Black, Cell::OffBoard];

    /// The cell with 2-bit code `code & 3`.
    #[inline]
    pub const fn from_code(code: u64) -> Cell {
        Self::FROM_CODE[(code & 3) as usize]
    }

    /// The stone's colour, if any.
    #[inline]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    /// The content seen from the side `color` is matched for.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Content {
        match (self, color) {
            (Cell::Empty, _) => Content::Empty,
            (Cell::OffBoard, _) => Content::OffBoard,
            (Cell::White, Color::White) | (Cell::Black, Color::Black) => Content::Own,
            _ => Content::Opponent,
        }
    }
}

/// A point's content relative to the side a pattern is matched for
/// (the codes of GNU Go's merged grid value and DFA alphabet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Content {
    /// Empty (0).
    Empty = 0,
    /// A stone of the matched colour, pattern `O` (1).
    Own = 1,
    /// A stone of the other colour, pattern `X` (2).
    Opponent = 2,
    /// Off the board (3).
    OffBoard = 3,
}

/// A board point `(i, j)`: row from the top, column from the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row, 0 = top.
    pub i: u8,
    /// Column, 0 = left (column `A`).
    pub j: u8,
}

/// GTP column letters (no `I`), left to right.
pub const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    /// `(i, j)`.
    pub const fn new(i: u8, j: u8) -> Point {
        Point { i, j }
    }

    /// The GTP vertex of this point on a board of `size` lines, e.g. `A19`
    /// for (0, 0) on 19×19.
    pub fn to_gtp(self, size: usize) -> String {
        format!(
            "{}{}",
            GTP_COLUMNS[self.j as usize] as char,
            size - self.i as usize
        )
    }

    /// Parses a GTP vertex (`"D4"`, case-insensitive) for a board of `size`.
    pub fn from_gtp(vertex: &str, size: usize) -> Option<Point> {
        let mut chars = vertex.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let j = GTP_COLUMNS.iter().position(|&c| c as char == letter)?;
        let row: usize = chars.as_str().parse().ok()?;
        if j >= size || row == 0 || row > size {
            return None;
        }
        Some(Point::new((size - row) as u8, j as u8))
    }
}

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
}

/// A Go board of 1 to 25 lines, 2 bits per point, with off-board margins.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    /// One `u64` per row (plus margins): 32 cells of 2 bits, column `j` at
    /// [`column_shift`]`(j)`; everything outside the board is `3`.
    rows: [u64; PACKED_ROWS],
}

impl Board {
    /// An empty board of `size` lines.
    pub fn new(size: usize) -> Result<Board, BoardError> {
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
        Ok(Board {
            size: size as u8,
            rows,
        })
    }

    /// A board of `rows.len()` lines from rows read from the top, `X` black,
    /// `O` white, anything else empty: the inverse of [`Board::rows_text`].
    /// Characters beyond the board's size are ignored.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let mut board = Board::new(rows.len())?;
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

/// Exchanges codes 1 and 2 in every 2-bit cell of `value`, keeping 0 and 3.
#[inline]
pub const fn swap_colors(value: u32) -> u32 {
    let differ = (value ^ (value >> 1)) & 0x5555_5555;
    value ^ (differ | (differ << 1))
}

impl fmt::Debug for Board {
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
        assert!(Board::new(0).is_err());
        assert!(Board::new(26).is_err());
        for n in 1..=25 {
            let b = Board::new(n).unwrap();
            assert_eq!(b.points().count(), n * n);
            assert_eq!(b.cell(-1, 0), Cell::OffBoard);
            assert_eq!(b.cell(0, n as i32), Cell::OffBoard);
            assert_eq!(b.cell(n as i32 - 1, n as i32 - 1), Cell::Empty);
        }
    }

    #[test]
    fn merged_value_cells() {
        let mut b = Board::new(5).unwrap();
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
        let b = Board::from_rows(&rows).unwrap();
        assert_eq!(b.rows_text(), rows);
        assert_eq!(b.at(Point::new(0, 2)), Cell::White);
        assert_eq!(
            Board::from_rows(&["X.O.."; 2]).unwrap().rows_text(),
            ["X.", "X."]
        );
        assert!(Board::from_rows::<&str>(&[]).is_err());
    }

    #[test]
    fn gtp_vertices() {
        assert_eq!(Point::new(0, 0).to_gtp(19), "A19");
        assert_eq!(Point::new(18, 18).to_gtp(19), "T1");
        assert_eq!(Point::from_gtp("j10", 19), Some(Point::new(9, 8)));
        assert_eq!(Point::from_gtp("I5", 19), None);
    }
}
