//! Players and point contents.

use std::fmt;

/// A player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black (GNU Go's `BLACK` = 2), who moves first.
    Black,
    /// White (GNU Go's `WHITE` = 1).
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

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

    /// `"black"` or `"white"`, as GTP answers name the colours.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The stone of this colour.
    #[inline]
    pub const fn stone(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// 0 for Black, 1 for White: an index for per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// Parses `B`, `W`, `black`, `white` (any case).
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
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

    /// Whether the point holds a stone.
    #[inline]
    pub const fn is_stone(self) -> bool {
        matches!(self, Cell::Black | Cell::White)
    }

    /// The content seen from the side `color` (pattern `O` = `color`).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Content {
        match (self, color) {
            (Cell::Empty, _) => Content::Empty,
            (Cell::OffBoard, _) => Content::OffBoard,
            (Cell::White, Color::White) | (Cell::Black, Color::Black) => Content::Own,
            _ => Content::Opponent,
        }
    }

    /// The character of board diagrams: `X` black, `O` white, `.` empty,
    /// `#` off the board.
    pub const fn diagram_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::White => 'O',
            Cell::Black => 'X',
            Cell::OffBoard => '#',
        }
    }
}

/// A point's content relative to one player (the codes of GNU Go's merged
/// grid value and DFA alphabet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Content {
    /// Empty (0).
    Empty = 0,
    /// A stone of that player, pattern `O` (1).
    Own = 1,
    /// A stone of the other player, pattern `X` (2).
    Opponent = 2,
    /// Off the board (3).
    OffBoard = 3,
}
