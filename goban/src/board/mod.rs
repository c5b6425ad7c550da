//! The board: stones, strings with incrementally kept liberties, a Zobrist
//! hash, play with captures, and undo.
//!
//! Every stone records the string it belongs to by the string's *head* (one
//! of its stones); the stones of a string form a cyclic linked list. Each
//! head holds the string's size and its liberties as a bitset over the
//! padded vertex array (so merging strings is a bitwise or) plus their
//! count. A move changes only the strings next to it, so play costs time in
//! proportion to the stones it touches.
//!
//! Undo: [`Board::push_undo_frame`] opens a frame, which keeps the hash and
//! the stone counts as they were; while any frame is open, every write to
//! the board's arrays records the old value in a journal, and
//! [`Board::undo`] restores them back to the frame's opening in reverse
//! order. With no frame open nothing is recorded and moves are permanent.
//! The journal is kept short, as reading tries and takes back moves by the
//! million: a new stone records its vertex's fields in one entry, a
//! liberty gained or lost records the bitset word and the count in one,
//! bitset words that do not change are not recorded, and the hash and the
//! stone counts are not journaled at all (the frame restores them).

use std::fmt;

use crate::color::{Cell, Color};
use crate::geometry::{Geometry, GeometryError, MAX_VERTICES, Vertex};
use crate::point::Point;
use crate::zobrist::zobrist_key;

/// The most words a liberty bitset has (on the largest board).
const MAX_WORDS: usize = MAX_VERTICES.div_ceil(64);

/// One string (a *worm* in GNU Go's terms): its head, colour, size and
/// liberties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StringInfo {
    /// The vertex that names the string (one of its stones).
    pub head: Vertex,
    /// Its colour.
    pub color: Color,
    /// Number of stones.
    pub stones: usize,
    /// Number of distinct liberties.
    pub liberties: usize,
}

/// What [`Board::play`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveRecord {
    /// Opponent stones captured.
    pub captured: usize,
    /// Own stones removed because the move left its string without
    /// liberties (suicide); 0 otherwise.
    pub suicided: usize,
    /// The simple-ko point: set when the move captured exactly one stone
    /// and the played stone is then a string of one stone with one liberty
    /// (the captured point, which the opponent may not retake at once
    /// under every rule set).
    pub ko: Option<Vertex>,
}

/// One recorded write, for undo: the old values. (16 bytes; a liberty
/// word index is below `MAX_VERTICES * MAX_WORDS`, which fits a `u16`.)
#[derive(Debug, Clone, Copy)]
enum Change {
    Cell(u16, Cell),
    Head(u16, u16),
    Next(u16, u16),
    Size(u16, u16),
    LibCount(u16, u16),
    LibWord(u16, u64),
    /// Every field of a vertex that a new stone sets: its cell, head,
    /// next stone, size and liberty count.
    Point {
        v: u16,
        cell: Cell,
        head: u16,
        next: u16,
        size: u16,
        lib_count: u16,
    },
    /// A liberty gained or lost: the string's head with its liberty
    /// count, and one word of its bitset.
    Liberty {
        head: u16,
        count: u16,
        word_index: u16,
        word: u64,
    },
}

// Both bounds keep the journal small and its indices in a `u16`.
const _: () = assert!(size_of::<Change>() == 16);
const _: () = assert!(MAX_VERTICES * MAX_WORDS <= u16::MAX as usize);

/// An open undo frame: where its journal begins, and the hash and stone
/// counts it restores.
#[derive(Debug, Clone, Copy)]
struct Frame {
    mark: usize,
    hash: u64,
    stone_count: [u16; 2],
}

/// A Go board with incremental strings (see the module docs).
#[derive(Clone)]
pub struct Board {
    geometry: Geometry,
    /// Words per liberty bitset.
    words: usize,
    cells: Vec<Cell>,
    /// For each stone, the head of its string.
    head: Vec<u16>,
    /// For each stone, the next stone of its string (cyclic).
    next: Vec<u16>,
    /// At heads: the number of stones.
    size: Vec<u16>,
    /// At heads: the number of liberties.
    lib_count: Vec<u16>,
    /// At heads: the liberty bitset, `words` words per vertex.
    libs: Vec<u64>,
    hash: u64,
    /// Stones on the board, Black and White.
    stone_count: [u16; 2],
    /// Stones removed by the last [`Board::play`].
    removed: Vec<Vertex>,
    journal: Vec<Change>,
    /// The open undo frames.
    frames: Vec<Frame>,
}

/// Why a board could not be built from rows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The size is not supported.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// Rows of different lengths.
    #[error("row {row} has {found} points, the first row has {expected}")]
    Ragged {
        /// 0-based row (from the top).
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A character that is neither a stone nor an empty point.
    #[error(
        "row {row}, column {column}: '{found}' is not a point (X/x black, O/o white, . + - empty)"
    )]
    BadChar {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The character.
        found: char,
    },
}

impl Board {
    /// An empty board.
    pub fn new(geometry: Geometry) -> Board {
        let n = geometry.vertices();
        let words = n.div_ceil(64);
        let mut cells = vec![Cell::OffBoard; n];
        for v in geometry.board_vertices() {
            cells[v.index()] = Cell::Empty;
        }
        Board {
            geometry,
            words,
            cells,
            head: vec![0; n],
            next: vec![0; n],
            size: vec![0; n],
            lib_count: vec![0; n],
            libs: vec![0; n * words],
            hash: 0,
            stone_count: [0; 2],
            removed: Vec::with_capacity(n),
            journal: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// Empties the board in place, keeping its allocations (for environments
    /// that restart games without allocating): no stones, hash 0, no undo
    /// frames, nothing in [`Board::last_removed`].
    pub fn clear(&mut self) {
        for v in self.geometry.board_vertices() {
            self.cells[v.index()] = Cell::Empty;
        }
        self.head.fill(0);
        self.next.fill(0);
        self.size.fill(0);
        self.lib_count.fill(0);
        self.libs.fill(0);
        self.hash = 0;
        self.stone_count = [0; 2];
        self.removed.clear();
        self.journal.clear();
        self.frames.clear();
    }

    /// An empty square board of `size` lines.
    pub fn square(size: usize) -> Result<Board, GeometryError> {
        Ok(Board::new(Geometry::square(size)?))
    }

    /// A board from rows read from the top: `X`/`x` black, `O`/`o` white,
    /// `.`, `+` or `-` empty. Stones are set up as they stand (no captures).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let expected = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let geometry = Geometry::new(expected, rows.len())?;
        let mut board = Board::new(geometry);
        for (i, row) in rows.iter().enumerate() {
            let found = row.as_ref().chars().count();
            if found != expected {
                return Err(BoardError::Ragged {
                    row: i,
                    found,
                    expected,
                });
            }
            for (j, c) in row.as_ref().chars().enumerate() {
                let color = match c {
                    'X' | 'x' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    '.' | '+' | '-' => None,
                    found => {
                        return Err(BoardError::BadChar {
                            row: i,
                            column: j,
                            found,
                        });
                    }
                };
                if let Some(color) = color {
                    board.place_stone(
                        color,
                        geometry.vertex_unchecked(Point::new(i as u8, j as u8)),
                    );
                }
            }
        }
        Ok(board)
    }

    /// The rows from the top, `X` black, `O` white, `.` empty.
    pub fn rows_text(&self) -> Vec<String> {
        (0..self.geometry.height())
            .map(|i| {
                (0..self.geometry.width())
                    .map(|j| self.at(Point::new(i as u8, j as u8)).diagram_char())
                    .collect()
            })
            .collect()
    }

    /// The board's shape.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The content of vertex `v` (border vertices are [`Cell::OffBoard`]).
    #[inline]
    pub fn cell(&self, v: Vertex) -> Cell {
        self.cells[v.index()]
    }

    /// The whole padded array of contents.
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The content of point `p`; off the board is [`Cell::OffBoard`].
    #[inline]
    pub fn at(&self, p: Point) -> Cell {
        self.geometry
            .vertex(p)
            .map_or(Cell::OffBoard, |v| self.cells[v.index()])
    }

    /// The Zobrist hash of the stones (not of the side to move or any ko
    /// state).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones of `color` on the board.
    #[inline]
    pub fn stone_count(&self, color: Color) -> usize {
        usize::from(self.stone_count[color.index()])
    }

    /// The head (name) of the string at stone `v`.
    #[inline]
    pub fn head(&self, v: Vertex) -> Vertex {
        debug_assert!(self.cells[v.index()].is_stone());
        Vertex(self.head[v.index()])
    }

    /// The string at `v`, `None` when `v` holds no stone.
    pub fn string(&self, v: Vertex) -> Option<StringInfo> {
        let color = self.cells[v.index()].color()?;
        let h = self.head[v.index()] as usize;
        Some(StringInfo {
            head: Vertex(h as u16),
            color,
            stones: usize::from(self.size[h]),
            liberties: usize::from(self.lib_count[h]),
        })
    }

    /// Liberties of the string at stone `v`.
    #[inline]
    pub fn liberties(&self, v: Vertex) -> usize {
        usize::from(self.lib_count[self.head[v.index()] as usize])
    }

    /// Stones in the string at stone `v`.
    #[inline]
    pub fn string_size(&self, v: Vertex) -> usize {
        usize::from(self.size[self.head[v.index()] as usize])
    }

    /// Whether the empty point `l` is a liberty of the string at stone `v`.
    #[inline]
    pub fn has_liberty(&self, v: Vertex, l: Vertex) -> bool {
        let h = self.head[v.index()] as usize;
        self.libs[h * self.words + l.index() / 64] & (1 << (l.index() % 64)) != 0
    }

    /// The liberties of the string at stone `v`, in vertex (board) order.
    pub fn liberty_vertices(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        let h = self.head[v.index()] as usize;
        let words = &self.libs[h * self.words..(h + 1) * self.words];
        words
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| BitIter(word).map(move |bit| Vertex((w * 64 + bit) as u16)))
    }

    /// The stones of the string at stone `v`, starting with `v` and
    /// following the string's list.
    pub fn string_stones(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        let start = v.0;
        let mut current = Some(start);
        std::iter::from_fn(move || {
            let here = current?;
            let following = self.next[here as usize];
            current = (following != start).then_some(following);
            Some(Vertex(here))
        })
    }

    /// The neighbours of `v` that are on the board, south, west, north, east.
    pub fn neighbours(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        self.geometry
            .neighbours(v)
            .into_iter()
            .filter(|n| self.cells[n.index()] != Cell::OffBoard)
    }

    /// The distinct heads of the strings of `color` next to `v`, in
    /// neighbour order.
    pub fn neighbour_strings(&self, v: Vertex, color: Color) -> impl Iterator<Item = Vertex> + '_ {
        let mut seen = [u16::MAX; 4];
        self.geometry
            .neighbours(v)
            .into_iter()
            .enumerate()
            .filter_map(move |(k, n)| {
                if self.cells[n.index()] != color.stone() {
                    return None;
                }
                let h = self.head[n.index()];
                if seen[..k].contains(&h) {
                    return None;
                }
                seen[k] = h;
                Some(Vertex(h))
            })
    }

    /// Appends to `out` the distinct heads of the strings of `color` next
    /// to the string at stone `v`, in order of first appearance: the
    /// string's stones in [`Board::string_stones`] order, and each stone's
    /// neighbours south, west, north, east. Heads already in `out` are
    /// skipped too, so a caller may gather the neighbours of several
    /// strings into one list.
    pub fn extend_string_neighbours(&self, v: Vertex, color: Color, out: &mut Vec<Vertex>) {
        let stone = color.stone();
        let mut seen = [0u64; MAX_WORDS];
        for h in out.iter() {
            seen[h.index() / 64] |= 1 << (h.index() % 64);
        }
        let start = v.0;
        let mut here = start;
        loop {
            for n in self.geometry.neighbours(Vertex(here)) {
                if self.cells[n.index()] != stone {
                    continue;
                }
                let h = self.head[n.index()];
                let (word, bit) = (usize::from(h) / 64, 1u64 << (h % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    out.push(Vertex(h));
                }
            }
            here = self.next[usize::from(here)];
            if here == start {
                break;
            }
        }
    }

    /// Whether `color` at the empty point `v` would capture at least one
    /// opponent string (one whose last liberty is `v`).
    pub fn would_capture(&self, color: Color, v: Vertex) -> bool {
        let opponent = color.other().stone();
        self.geometry.neighbours(v).into_iter().any(|n| {
            self.cells[n.index()] == opponent && self.lib_count[self.head[n.index()] as usize] == 1
        })
    }

    /// Opponent stones `color` at the empty point `v` would capture.
    #[inline]
    pub fn capture_count(&self, color: Color, v: Vertex) -> usize {
        let opponent = color.other().stone();
        let mut seen = [u16::MAX; 4];
        let mut found = 0;
        let mut stones = 0;
        for n in self.geometry.neighbours(v) {
            if self.cells[n.index()] != opponent {
                continue;
            }
            let h = self.head[n.index()];
            if self.lib_count[h as usize] == 1 && !seen[..found].contains(&h) {
                seen[found] = h;
                found += 1;
                stones += usize::from(self.size[h as usize]);
            }
        }
        stones
    }

    /// Whether `color` at the empty point `v` would leave its own string
    /// without liberties after its captures: no empty neighbour, no
    /// friendly neighbour string with a liberty besides `v`, and nothing
    /// captured.
    #[inline]
    pub fn is_suicide(&self, color: Color, v: Vertex) -> bool {
        let own = color.stone();
        for n in self.geometry.neighbours(v) {
            let cell = self.cells[n.index()];
            if cell == Cell::Empty {
                return false;
            }
            if cell == Cell::OffBoard {
                continue;
            }
            let libs = self.lib_count[self.head[n.index()] as usize];
            if (cell == own) == (libs >= 2) {
                // An own string with another liberty, or an opponent
                // string in atari (captured).
                return false;
            }
        }
        true
    }

    /// How many own stones `color` at the empty point `v` would remove by
    /// suicide (the new stone and the strings it joins); 0 when the move is
    /// no suicide. Rules that forbid only single-stone suicide test for 1.
    pub fn suicide_size(&self, color: Color, v: Vertex) -> usize {
        if !self.is_suicide(color, v) {
            return 0;
        }
        1 + self
            .neighbour_strings(v, color)
            .map(|h| usize::from(self.size[h.index()]))
            .sum::<usize>()
    }

    /// Liberties the string of a `color` stone at the empty point `v` would
    /// have after the move and its captures (a suicide has 0).
    ///
    /// Allocates nothing: a lone new stone counts its empty neighbours and
    /// the neighbouring stones it captures; a stone that joins strings
    /// unites their liberty bitsets in a buffer on the stack.
    pub fn liberties_after(&self, color: Color, v: Vertex) -> usize {
        // No separate suicide test: the count below is 0 exactly when the
        // move is a suicide (no empty neighbour, no capture, and no joined
        // string with a liberty besides `v`).
        let own = color.stone();
        let opponent = color.other().stone();
        let neighbours = self.geometry.neighbours(v);
        let mut own_heads = [u16::MAX; 4];
        let mut joined = 0;
        for n in neighbours {
            if self.cells[n.index()] == own {
                let h = self.head[n.index()];
                if !own_heads[..joined].contains(&h) {
                    own_heads[joined] = h;
                    joined += 1;
                }
            }
        }
        let captured = |n: Vertex| {
            self.cells[n.index()] == opponent && self.lib_count[self.head[n.index()] as usize] == 1
        };
        if joined == 0 {
            // The new string is the stone alone: its liberties are its
            // empty neighbours and the neighbouring stones it captures.
            return neighbours
                .into_iter()
                .filter(|&n| self.cells[n.index()] == Cell::Empty || captured(n))
                .count();
        }
        if joined == 1 && !neighbours.into_iter().any(captured) {
            // One string joined and nothing captured: its liberties, less
            // `v`, plus the empty neighbours of `v` it does not have yet.
            let h = Vertex(own_heads[0]);
            let new = neighbours
                .into_iter()
                .filter(|&n| self.cells[n.index()] == Cell::Empty && !self.has_liberty(h, n))
                .count();
            return usize::from(self.lib_count[h.index()]) - 1 + new;
        }
        let own_heads = &own_heads[..joined];
        let words = self.words;
        let mut set = [0u64; MAX_WORDS];
        let set = &mut set[..words];
        for &h in own_heads {
            let libs = &self.libs[h as usize * words..(h as usize + 1) * words];
            for (word, lib) in set.iter_mut().zip(libs) {
                *word |= lib;
            }
        }
        let joins = |u: Vertex| {
            u == v || (self.cells[u.index()] == own && own_heads.contains(&self.head[u.index()]))
        };
        let mut seen = [u16::MAX; 4];
        let mut found = 0;
        for n in neighbours {
            if self.cells[n.index()] == Cell::Empty {
                set[n.index() / 64] |= 1 << (n.index() % 64);
            } else if captured(n) {
                let h = self.head[n.index()];
                if seen[..found].contains(&h) {
                    continue;
                }
                seen[found] = h;
                found += 1;
                // A captured stone next to the new string becomes its
                // liberty.
                for s in self.string_stones(Vertex(h)) {
                    if self.geometry.neighbours(s).into_iter().any(joins) {
                        set[s.index() / 64] |= 1 << (s.index() % 64);
                    }
                }
            }
        }
        set[v.index() / 64] &= !(1 << (v.index() % 64));
        set.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The stones removed by the last [`Board::play`] (captured opponent
    /// stones, string by string in neighbour order; or the own string on
    /// suicide).
    pub fn last_removed(&self) -> &[Vertex] {
        &self.removed
    }

    /// Plays `color` at the empty on-board vertex `v`: places the stone,
    /// joins it with its own neighbouring strings, removes opponent strings
    /// left without liberties and then, if its own string has no liberty
    /// (suicide), that string. Legality (ko, suicide rules) is the caller's
    /// business.
    pub fn play(&mut self, color: Color, v: Vertex) -> MoveRecord {
        debug_assert_eq!(
            self.cells[v.index()],
            Cell::Empty,
            "play on a non-empty vertex"
        );
        self.removed.clear();
        self.place_stone(color, v);
        let opponent = color.other().stone();
        let mut record = MoveRecord::default();
        for n in self.geometry.neighbours(v) {
            if self.cells[n.index()] == opponent
                && self.lib_count[self.head[n.index()] as usize] == 0
            {
                record.captured += self.remove_string(n);
            }
        }
        let h = self.head[v.index()] as usize;
        if self.lib_count[h] == 0 {
            record.suicided = self.remove_string(v);
        } else if record.captured == 1 && self.size[h] == 1 && self.lib_count[h] == 1 {
            record.ko = Some(self.removed[0]);
        }
        record
    }

    /// Puts a `color` stone on the empty vertex `v` and joins it with its
    /// neighbours, capturing nothing (setup stones; the first half of
    /// [`Board::play`]). A string may be left without liberties.
    pub fn place_stone(&mut self, color: Color, v: Vertex) {
        let vi = v.index();
        debug_assert_eq!(self.cells[vi], Cell::Empty);
        if self.recording() {
            self.journal.push(Change::Point {
                v: vi as u16,
                cell: self.cells[vi],
                head: self.head[vi],
                next: self.next[vi],
                size: self.size[vi],
                lib_count: self.lib_count[vi],
            });
        }
        self.cells[vi] = color.stone();
        self.hash ^= zobrist_key(color, v);
        self.stone_count[color.index()] += 1;
        self.head[vi] = vi as u16;
        self.next[vi] = vi as u16;
        self.size[vi] = 1;
        // The stone heads its own string first: its liberties are its
        // empty neighbours (its bitset may hold stale words from a string
        // it once headed; only words that change are written).
        let mut fresh = [0u64; MAX_WORDS];
        let mut count = 0;
        for n in self.geometry.neighbours(v) {
            if self.cells[n.index()] == Cell::Empty {
                fresh[n.index() / 64] |= 1 << (n.index() % 64);
                count += 1;
            }
        }
        self.lib_count[vi] = count;
        for (w, &word) in fresh[..self.words].iter().enumerate() {
            let k = vi * self.words + w;
            if self.libs[k] != word {
                self.set_lib_word(k, word);
            }
        }
        let own = color.stone();
        for n in self.geometry.neighbours(v) {
            let ni = n.index();
            match self.cells[ni] {
                Cell::Empty | Cell::OffBoard => {}
                cell => {
                    let h = self.head[ni] as usize;
                    self.remove_liberty(h, vi);
                    if cell == own {
                        let mine = self.head[vi] as usize;
                        if mine != h {
                            self.merge(mine, h);
                        }
                    }
                }
            }
        }
    }

    /// Removes the whole string at stone `v`; its stones become liberties
    /// of the strings around. Returns the number of stones removed, which
    /// are appended to [`Board::last_removed`].
    pub fn remove_string(&mut self, v: Vertex) -> usize {
        let color = self.cells[v.index()].color().expect("a stone");
        let first = self.removed.len();
        let mut s = v.0;
        loop {
            self.removed.push(Vertex(s));
            s = self.next[s as usize];
            if s == v.0 {
                break;
            }
        }
        let count = self.removed.len() - first;
        for k in first..self.removed.len() {
            let s = self.removed[k];
            self.set_cell(s.index(), Cell::Empty);
            self.hash ^= zobrist_key(color, s);
        }
        self.stone_count[color.index()] -= count as u16;
        for k in first..self.removed.len() {
            let s = self.removed[k];
            for n in self.geometry.neighbours(s) {
                if self.cells[n.index()].is_stone() {
                    let h = self.head[n.index()] as usize;
                    self.add_liberty(h, s.index());
                }
            }
        }
        count
    }

    /// Sets point `v` to `cell` (empty or a stone) by rebuilding every
    /// string: for editing positions (SGF `AE`, GTP setup), not for play.
    pub fn set_point(&mut self, v: Vertex, cell: Cell) {
        if self.cells[v.index()] == Cell::OffBoard || cell == Cell::OffBoard {
            return;
        }
        let stones: Vec<(Color, Vertex)> = self
            .geometry
            .board_vertices()
            .filter_map(|u| {
                let content = if u == v { cell } else { self.cells[u.index()] };
                content.color().map(|c| (c, u))
            })
            .collect();
        for u in self.geometry.board_vertices() {
            if self.cells[u.index()].is_stone() {
                let color = self.cells[u.index()].color().expect("a stone");
                self.set_cell(u.index(), Cell::Empty);
                self.hash ^= zobrist_key(color, u);
                self.stone_count[color.index()] -= 1;
            }
        }
        for (color, u) in stones {
            self.place_stone(color, u);
        }
    }

    /// A copy of the position (stones and strings) without the undo
    /// history: what a snapshot of a board that keeps a long journal needs.
    pub fn clone_position(&self) -> Board {
        Board {
            geometry: self.geometry,
            words: self.words,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            size: self.size.clone(),
            lib_count: self.lib_count.clone(),
            libs: self.libs.clone(),
            hash: self.hash,
            stone_count: self.stone_count,
            removed: Vec::new(),
            journal: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// Opens an undo frame: from now on every change is recorded until the
    /// matching [`Board::undo`].
    #[inline]
    pub fn push_undo_frame(&mut self) {
        self.frames.push(Frame {
            mark: self.journal.len(),
            hash: self.hash,
            stone_count: self.stone_count,
        });
    }

    /// Open undo frames.
    #[inline]
    pub fn undo_depth(&self) -> usize {
        self.frames.len()
    }

    /// Takes back everything since the last [`Board::push_undo_frame`] and
    /// closes that frame. Returns false (and does nothing) when no frame is
    /// open.
    pub fn undo(&mut self) -> bool {
        let Some(frame) = self.frames.pop() else {
            return false;
        };
        let Board {
            cells,
            head,
            next,
            size,
            lib_count,
            libs,
            journal,
            ..
        } = self;
        for change in journal.drain(frame.mark..).rev() {
            match change {
                Change::Cell(v, old) => cells[v as usize] = old,
                Change::Head(v, old) => head[v as usize] = old,
                Change::Next(v, old) => next[v as usize] = old,
                Change::Size(v, old) => size[v as usize] = old,
                Change::LibCount(v, old) => lib_count[v as usize] = old,
                Change::LibWord(k, old) => libs[k as usize] = old,
                Change::Point {
                    v,
                    cell,
                    head: old_head,
                    next: old_next,
                    size: old_size,
                    lib_count: old_count,
                } => {
                    let v = v as usize;
                    cells[v] = cell;
                    head[v] = old_head;
                    next[v] = old_next;
                    size[v] = old_size;
                    lib_count[v] = old_count;
                }
                Change::Liberty {
                    head: h,
                    count,
                    word_index,
                    word,
                } => {
                    lib_count[h as usize] = count;
                    libs[word_index as usize] = word;
                }
            }
        }
        self.hash = frame.hash;
        self.stone_count = frame.stone_count;
        true
    }

    /// Checks every incremental structure against a plain recomputation
    /// (strings by flood fill, liberties, sizes, hash, stone counts).
    /// Returns a description of the first difference. For tests.
    pub fn verify(&self) -> Result<(), String> {
        let g = self.geometry;
        let mut hash = 0;
        let mut counts = [0u16; 2];
        for v in g.board_vertices() {
            let Some(color) = self.cells[v.index()].color() else {
                continue;
            };
            hash ^= zobrist_key(color, v);
            counts[color.index()] += 1;
            // Flood fill from v.
            let mut stack = vec![v];
            let mut stones = vec![v];
            let mut libs = Vec::new();
            while let Some(s) = stack.pop() {
                for n in g.neighbours(s) {
                    match self.cells[n.index()] {
                        Cell::Empty if !libs.contains(&n) => libs.push(n),
                        c if c == color.stone() && !stones.contains(&n) => {
                            stones.push(n);
                            stack.push(n);
                        }
                        _ => {}
                    }
                }
            }
            let here = g.gtp(v);
            let h = self.head[v.index()];
            if stones.iter().any(|s| self.head[s.index()] != h) {
                return Err(format!("{here}: stones of one string have different heads"));
            }
            if !self.cells[h as usize].is_stone() || self.head[h as usize] != h {
                return Err(format!("{here}: head {h} is not a stone heading itself"));
            }
            let listed: Vec<Vertex> = self.string_stones(v).collect();
            if listed.len() != stones.len() || stones.iter().any(|s| !listed.contains(s)) {
                return Err(format!(
                    "{here}: stone list {listed:?} != flood fill {stones:?}"
                ));
            }
            if usize::from(self.size[h as usize]) != stones.len() {
                return Err(format!(
                    "{here}: size {} != {}",
                    self.size[h as usize],
                    stones.len()
                ));
            }
            let mut kept: Vec<Vertex> = self.liberty_vertices(v).collect();
            libs.sort();
            kept.sort();
            if kept != libs {
                return Err(format!("{here}: liberties {kept:?} != {libs:?}"));
            }
            if usize::from(self.lib_count[h as usize]) != libs.len() {
                return Err(format!(
                    "{here}: liberty count {} != {}",
                    self.lib_count[h as usize],
                    libs.len()
                ));
            }
        }
        if hash != self.hash {
            return Err("hash differs from the stones".into());
        }
        if counts != self.stone_count {
            return Err(format!("stone counts {:?} != {counts:?}", self.stone_count));
        }
        Ok(())
    }

    // Internal writes: each records the old value while a frame is open.

    #[inline]
    fn recording(&self) -> bool {
        !self.frames.is_empty()
    }

    #[inline]
    fn set_cell(&mut self, v: usize, cell: Cell) {
        if self.recording() {
            self.journal.push(Change::Cell(v as u16, self.cells[v]));
        }
        self.cells[v] = cell;
    }

    #[inline]
    fn set_head(&mut self, v: usize, head: u16) {
        if self.recording() {
            self.journal.push(Change::Head(v as u16, self.head[v]));
        }
        self.head[v] = head;
    }

    #[inline]
    fn set_next(&mut self, v: usize, next: u16) {
        if self.recording() {
            self.journal.push(Change::Next(v as u16, self.next[v]));
        }
        self.next[v] = next;
    }

    #[inline]
    fn set_size(&mut self, v: usize, size: u16) {
        if self.recording() {
            self.journal.push(Change::Size(v as u16, self.size[v]));
        }
        self.size[v] = size;
    }

    #[inline]
    fn set_lib_count(&mut self, v: usize, count: u16) {
        if self.recording() {
            self.journal
                .push(Change::LibCount(v as u16, self.lib_count[v]));
        }
        self.lib_count[v] = count;
    }

    #[inline]
    fn set_lib_word(&mut self, k: usize, word: u64) {
        if self.recording() {
            self.journal.push(Change::LibWord(k as u16, self.libs[k]));
        }
        self.libs[k] = word;
    }

    /// Records a liberty change of the string headed by `h` (its count
    /// and bitset word `k`, before the change) while a frame is open.
    #[inline]
    fn record_liberty(&mut self, h: usize, k: usize) {
        if self.recording() {
            self.journal.push(Change::Liberty {
                head: h as u16,
                count: self.lib_count[h],
                word_index: k as u16,
                word: self.libs[k],
            });
        }
    }

    /// Adds liberty `l` to the string headed by `h`.
    #[inline]
    fn add_liberty(&mut self, h: usize, l: usize) {
        let k = h * self.words + l / 64;
        let bit = 1u64 << (l % 64);
        let word = self.libs[k];
        if word & bit == 0 {
            self.record_liberty(h, k);
            self.libs[k] = word | bit;
            self.lib_count[h] += 1;
        }
    }

    /// Removes liberty `l` from the string headed by `h`.
    #[inline]
    fn remove_liberty(&mut self, h: usize, l: usize) {
        let k = h * self.words + l / 64;
        let bit = 1u64 << (l % 64);
        let word = self.libs[k];
        if word & bit != 0 {
            self.record_liberty(h, k);
            self.libs[k] = word & !bit;
            self.lib_count[h] -= 1;
        }
    }

    /// Joins the strings headed by `a` and `b`; the larger keeps its head.
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.set_head(s, keep as u16);
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        let (next_keep, next_gone) = (self.next[keep], self.next[gone]);
        self.set_next(keep, next_gone);
        self.set_next(gone, next_keep);
        self.set_size(keep, self.size[keep] + self.size[gone]);
        if self.size[gone] == 1 {
            // A lone stone (most often the one just played): its
            // liberties are its empty neighbours, added one by one.
            for n in self.geometry.neighbours(Vertex(gone as u16)) {
                if self.cells[n.index()] == Cell::Empty {
                    self.add_liberty(keep, n.index());
                }
            }
            return;
        }
        let mut count = 0;
        for w in 0..self.words {
            let merged = self.libs[keep * self.words + w] | self.libs[gone * self.words + w];
            count += merged.count_ones();
            if merged != self.libs[keep * self.words + w] {
                self.set_lib_word(keep * self.words + w, merged);
            }
        }
        self.set_lib_count(keep, count as u16);
    }
}

/// Iterates the set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// Boards are equal when they have the same shape and stones; how their
/// strings are named and what undo history they carry does not matter.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.geometry == other.geometry && self.cells == other.cells
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board({}x{}):",
            self.geometry.width(),
            self.geometry.height()
        )?;
        for row in self.rows_text() {
            writeln!(f, "  {row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
