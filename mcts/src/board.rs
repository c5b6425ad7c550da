//! The compact playout board: a padded one-dimensional array of at most
//! 21×21 cells (boards up to 19×19), strings as circular stone lists with
//! pseudo-liberties (count, sum and sum of squares of the liberty indices,
//! which tell exactly whether a string is in atari and where), the list of
//! empty points, the simple-ko point, and the 3×3 neighbourhood code of
//! every point kept incrementally as stones come and go. About 10 KB,
//! copied once per playout.
//!
//! Neighbourhood codes use `matcher::mc`'s layout (2 bits per neighbour in
//! the order of [`matcher::mc::NEIGHBOURS`]) with absolute colours: 0
//! empty, 1 Black, 2 White, 3 off the board. [`relative_code`] turns one
//! into the code for a player to move (1 own, 2 opponent).

use goban::{Board, Color, Point};
use matcher::mc::NEIGHBOURS;

/// Largest board side the playout board holds.
pub const MAX_SIZE: usize = 19;
/// Cells of the padded array for the largest board.
pub const MAX_CELLS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);
/// The pass move (index 0 is always an off-board corner).
pub const PASS: u16 = 0;

/// Cell contents.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Off the board.
pub const OFF: u8 = 3;

/// The cell code of a colour's stones.
#[inline]
pub const fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The neighbourhood code for `to_move` (1 own, 2 opponent) from an
/// absolute one (1 Black, 2 White).
#[inline]
pub const fn relative_code(code: u16, to_move: Color) -> u16 {
    match to_move {
        Color::Black => code,
        Color::White => ((code & 0x5555) << 1) | ((code >> 1) & 0x5555),
    }
}

/// Why a position cannot go on a playout board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not square, or larger than [`MAX_SIZE`].
    #[error("the playout board holds square boards of 1×1 to {MAX_SIZE}×{MAX_SIZE}, not {0}×{1}")]
    Size(usize, usize),
}

/// A board for playouts (see the module documentation).
#[derive(Clone)]
pub struct PlayoutBoard {
    size: u8,
    stride: u16,
    cells: [u8; MAX_CELLS],
    /// The string (its head's index) of each stone.
    head: [u16; MAX_CELLS],
    /// The next stone of the same string (circular).
    next: [u16; MAX_CELLS],
    /// Per string head: stones.
    stones: [u16; MAX_CELLS],
    /// Per string head: pseudo-liberties (adjacencies to empty points).
    libs: [u16; MAX_CELLS],
    /// Per string head: sum of the pseudo-liberties' indices.
    lib_sum: [u32; MAX_CELLS],
    /// Per string head: sum of their squares.
    lib_sum_sq: [u32; MAX_CELLS],
    /// 3×3 neighbourhood code of every cell (absolute colours).
    codes: [u16; MAX_CELLS],
    /// The empty points, in no order.
    empties: [u16; MAX_CELLS],
    /// Position of each empty point in `empties`.
    empty_pos: [u16; MAX_CELLS],
    num_empty: u16,
    /// Simple-ko point for the player to move (0 = none).
    ko: u16,
    to_move: Color,
    /// Consecutive passes just played.
    passes: u8,
    /// The last move (PASS before any).
    last_move: u16,
}

impl std::fmt::Debug for PlayoutBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for i in 0..self.size() {
            let row: String = (0..self.size())
                .map(|j| match self.cells[self.index(i, j) as usize] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        write!(f, "to move {:?}, ko {}", self.to_move, self.ko)
    }
}

impl PlayoutBoard {
    /// An empty `size`×`size` board, Black to move.
    pub fn empty(size: usize) -> Result<PlayoutBoard, BoardError> {
        if size == 0 || size > MAX_SIZE {
            return Err(BoardError::Size(size, size));
        }
        let stride = size + 2;
        let mut board = PlayoutBoard {
            size: size as u8,
            stride: stride as u16,
            cells: [OFF; MAX_CELLS],
            head: [0; MAX_CELLS],
            next: [0; MAX_CELLS],
            stones: [0; MAX_CELLS],
            libs: [0; MAX_CELLS],
            lib_sum: [0; MAX_CELLS],
            lib_sum_sq: [0; MAX_CELLS],
            codes: [0; MAX_CELLS],
            empties: [0; MAX_CELLS],
            empty_pos: [0; MAX_CELLS],
            num_empty: 0,
            ko: 0,
            to_move: Color::Black,
            passes: 0,
            last_move: PASS,
        };
        for i in 0..size {
            for j in 0..size {
                let v = board.index(i, j);
                board.cells[v as usize] = EMPTY;
                board.add_empty(v);
            }
        }
        for v in 0..MAX_CELLS {
            board.codes[v] = board.fresh_code(v as u16);
        }
        Ok(board)
    }

    /// The position of a `goban` board (square, at most 19×19) with
    /// `to_move` to play and `ko` the point where `to_move` may not retake.
    pub fn from_board(
        board: &Board,
        to_move: Color,
        ko: Option<Point>,
    ) -> Result<PlayoutBoard, BoardError> {
        let geometry = board.geometry();
        if !geometry.is_square() {
            return Err(BoardError::Size(geometry.height(), geometry.width()));
        }
        let mut out = PlayoutBoard::empty(geometry.width())?;
        for p in geometry.points() {
            let v = geometry.vertex_unchecked(p);
            if let Some(color) = board.cell(v).color() {
                out.place(out.index(p.i as usize, p.j as usize), stone(color));
            }
        }
        out.to_move = to_move;
        out.ko = ko.map_or(0, |p| out.index(p.i as usize, p.j as usize));
        Ok(out)
    }

    /// Board side.
    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Row stride of the padded array.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride as usize
    }

    /// The index of row `i`, column `j` (0-based, from the top left).
    #[inline]
    pub fn index(&self, i: usize, j: usize) -> u16 {
        ((i + 1) * self.stride() + j + 1) as u16
    }

    /// The point of an on-board index.
    pub fn point(&self, v: u16) -> Point {
        let (i, j) = (
            v as usize / self.stride() - 1,
            v as usize % self.stride() - 1,
        );
        Point::new(i as u8, j as u8)
    }

    /// Every on-board index, row by row.
    pub fn points(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.size()).flat_map(move |i| (0..self.size()).map(move |j| self.index(i, j)))
    }

    /// The cell at `v`.
    #[inline]
    pub fn cell(&self, v: u16) -> u8 {
        self.cells[v as usize]
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The simple-ko point of the player to move (0 = none).
    #[inline]
    pub fn ko(&self) -> u16 {
        self.ko
    }

    /// Consecutive passes just played.
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The last move played (PASS before any).
    #[inline]
    pub fn last_move(&self) -> u16 {
        self.last_move
    }

    /// Records `v` as the last move played (a board built from a position
    /// has none; rules that look at the last move need it): kept only if
    /// it holds a stone of the player not to move, else PASS.
    pub fn set_last_move(&mut self, v: u16) {
        let valid = (v as usize) < MAX_CELLS && self.cell(v) == stone(self.to_move.other());
        self.last_move = if valid { v } else { PASS };
    }

    /// The incremental neighbourhood code of `v` (absolute colours).
    #[inline]
    pub fn code(&self, v: u16) -> u16 {
        self.codes[v as usize]
    }

    /// The empty points, in no particular order.
    pub fn empties(&self) -> &[u16] {
        &self.empties[..self.num_empty as usize]
    }

    /// The four orthogonal neighbours of `v`.
    #[inline]
    pub fn neighbours(&self, v: u16) -> [u16; 4] {
        let s = self.stride;
        [v + s, v - 1, v - s, v + 1]
    }

    /// The offset of neighbour `k` of [`NEIGHBOURS`].
    #[inline]
    fn offset(&self, k: usize) -> isize {
        let (di, dj) = NEIGHBOURS[k];
        di as isize * self.stride() as isize + dj as isize
    }

    /// The neighbourhood code of `v` computed from the cells.
    pub fn fresh_code(&self, v: u16) -> u16 {
        let mut code = 0u16;
        for k in 0..8 {
            let q = v as isize + self.offset(k);
            let cell = if (0..MAX_CELLS as isize).contains(&q) {
                self.cells[q as usize]
            } else {
                OFF
            };
            code |= u16::from(cell) << (2 * k);
        }
        code
    }

    /// The string head of the stone at `v`.
    #[inline]
    pub fn head(&self, v: u16) -> u16 {
        self.head[v as usize]
    }

    /// Stones of the string with head `g`.
    #[inline]
    pub fn string_size(&self, g: u16) -> u16 {
        self.stones[g as usize]
    }

    /// The pseudo-liberty record (count, sum, sum of squares) of string `g`.
    pub fn pseudo_liberties(&self, g: u16) -> (u16, u32, u32) {
        (
            self.libs[g as usize],
            self.lib_sum[g as usize],
            self.lib_sum_sq[g as usize],
        )
    }

    /// Whether the string with head `g` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, g: u16) -> bool {
        let n = u64::from(self.libs[g as usize]);
        let sum = u64::from(self.lib_sum[g as usize]);
        n > 0 && n * u64::from(self.lib_sum_sq[g as usize]) == sum * sum
    }

    /// The only liberty of the string with head `g` when it is in atari
    /// (then every pseudo-liberty is that point: their sum over their
    /// count), else `None`.
    #[inline]
    pub fn atari_liberty(&self, g: u16) -> Option<u16> {
        self.in_atari(g)
            .then(|| (self.lib_sum[g as usize] / u32::from(self.libs[g as usize])) as u16)
    }

    /// The liberties of string `g` other than the empty point `v` next to
    /// it, from the pseudo-liberty record alone (no walk of the string):
    /// each stone of `g` next to `v` gives `v` one pseudo-liberty; the
    /// others are all one point exactly when their count times their sum of
    /// squares equals their sum squared.
    #[inline]
    pub fn liberties_besides(&self, g: u16, v: u16) -> OtherLiberties {
        let mut k = 0u64;
        for n in self.neighbours(v) {
            let c = self.cells[n as usize];
            k += u64::from((c == BLACK || c == WHITE) && self.head[n as usize] == g);
        }
        self.liberties_besides_touching(g, v, k)
    }

    /// [`liberties_besides`](Self::liberties_besides) given `k`, the number
    /// of `g`'s stones next to `v` (the caller has counted them).
    #[inline]
    pub fn liberties_besides_touching(&self, g: u16, v: u16, k: u64) -> OtherLiberties {
        let gi = g as usize;
        let vv = u64::from(v);
        let n = u64::from(self.libs[gi]) - k;
        if n == 0 {
            return OtherLiberties::None;
        }
        let sum = u64::from(self.lib_sum[gi]) - k * vv;
        let sum_sq = u64::from(self.lib_sum_sq[gi]) - k * vv * vv;
        if n * sum_sq == sum * sum {
            OtherLiberties::One((sum / n) as u16)
        } else {
            OtherLiberties::Several
        }
    }

    /// The next stone of the string of `s` (circular).
    #[inline]
    pub fn next_stone(&self, s: u16) -> u16 {
        self.next[s as usize]
    }

    /// The distinct liberties of string `g`, counted up to `cap` (at most
    /// 4): `min(liberties, cap)`.
    #[inline]
    pub fn count_liberties(&self, g: u16, cap: usize) -> usize {
        self.first_liberties(g, cap).1
    }

    /// Whether string `g` has at most `limit` (at most 3) distinct
    /// liberties: at once when its pseudo-liberties are that few, or more
    /// than four times that many (an empty point touches at most four of
    /// the string's stones), or it has one or two stones (no empty point
    /// touches two stones that touch each other: its pseudo-liberties are
    /// distinct), else by counting up to `limit + 1`.
    #[inline]
    pub fn has_at_most_liberties(&self, g: u16, limit: usize) -> bool {
        let pseudo = usize::from(self.libs[g as usize]);
        pseudo <= limit
            || (pseudo <= 4 * limit
                && self.stones[g as usize] > 2
                && self.count_liberties(g, limit + 1) <= limit)
    }

    /// The first distinct liberties of string `g` in its stone order, up
    /// to `cap` (at most 4), and how many were found (`min(liberties,
    /// cap)`); the points past that count are 0.
    #[inline]
    pub fn first_liberties(&self, g: u16, cap: usize) -> ([u16; 4], usize) {
        let mut found = [0u16; 4];
        let mut count = 0;
        let mut s = g;
        loop {
            for q in self.neighbours(s) {
                if self.cells[q as usize] == EMPTY && !holds(&found[..count], q) {
                    found[count] = q;
                    count += 1;
                    if count >= cap {
                        return (found, count);
                    }
                }
            }
            s = self.next[s as usize];
            if s == g {
                return (found, count);
            }
        }
    }

    /// The stones of string `g`.
    pub fn string_stones(&self, g: u16) -> impl Iterator<Item = u16> + '_ {
        let mut at = g;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let out = at;
            at = self.next[at as usize];
            done = at == g;
            Some(out)
        })
    }

    fn add_empty(&mut self, v: u16) {
        self.empty_pos[v as usize] = self.num_empty;
        self.empties[self.num_empty as usize] = v;
        self.num_empty += 1;
    }

    fn remove_empty(&mut self, v: u16) {
        let at = self.empty_pos[v as usize];
        self.num_empty -= 1;
        let last = self.empties[self.num_empty as usize];
        self.empties[at as usize] = last;
        self.empty_pos[last as usize] = at;
    }

    /// Sets cell `v` and the codes of its eight neighbours.
    fn set_cell(&mut self, v: u16, cell: u8) {
        let old = self.cells[v as usize];
        self.cells[v as usize] = cell;
        let delta = u16::from(old ^ cell);
        for k in 0..8 {
            // `v` is neighbour k of the point at v - offset(k).
            let p = (v as isize - self.offset(k)) as usize;
            self.codes[p] ^= delta << (2 * k);
        }
    }

    #[inline]
    fn add_liberty(&mut self, g: u16, lib: u16) {
        let g = g as usize;
        self.libs[g] += 1;
        self.lib_sum[g] += u32::from(lib);
        self.lib_sum_sq[g] += u32::from(lib) * u32::from(lib);
    }

    #[inline]
    fn remove_liberty(&mut self, g: u16, lib: u16) {
        let g = g as usize;
        self.libs[g] -= 1;
        self.lib_sum[g] -= u32::from(lib);
        self.lib_sum_sq[g] -= u32::from(lib) * u32::from(lib);
    }

    /// Puts a stone of `cell` at the empty `v` (merging strings, taking
    /// liberties, no captures): the first half of a move.
    fn place(&mut self, v: u16, cell: u8) {
        self.remove_empty(v);
        self.set_cell(v, cell);
        let vi = v as usize;
        self.head[vi] = v;
        self.next[vi] = v;
        self.stones[vi] = 1;
        self.libs[vi] = 0;
        self.lib_sum[vi] = 0;
        self.lib_sum_sq[vi] = 0;
        for n in self.neighbours(v) {
            match self.cells[n as usize] {
                EMPTY => self.add_liberty(v, n),
                OFF => {}
                _ => self.remove_liberty(self.head[n as usize], v),
            }
        }
        for n in self.neighbours(v) {
            if self.cells[n as usize] == cell {
                self.merge(self.head[v as usize], self.head[n as usize]);
            }
        }
    }

    /// Merges strings `a` and `b` (the smaller into the larger).
    fn merge(&mut self, a: u16, b: u16) {
        if a == b {
            return;
        }
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        let (bi, si) = (big as usize, small as usize);
        self.stones[bi] += self.stones[si];
        self.libs[bi] += self.libs[si];
        self.lib_sum[bi] += self.lib_sum[si];
        self.lib_sum_sq[bi] += self.lib_sum_sq[si];
    }

    /// Removes string `g`, giving its points as liberties to the
    /// neighbouring strings; calls `removed` with each stone; returns the
    /// number of stones.
    fn remove_string(&mut self, g: u16, removed: &mut impl FnMut(u16)) -> u16 {
        let count = self.stones[g as usize];
        let mut s = g;
        loop {
            let after = self.next[s as usize];
            self.set_cell(s, EMPTY);
            self.add_empty(s);
            for n in self.neighbours(s) {
                let c = self.cells[n as usize];
                if c == BLACK || c == WHITE {
                    self.add_liberty(self.head[n as usize], s);
                }
            }
            removed(s);
            s = after;
            if s == g {
                break;
            }
        }
        count
    }

    /// Whether `to_move` may play at `v` (PASS always): an empty point,
    /// not the ko point, not a suicide.
    pub fn is_legal(&self, v: u16) -> bool {
        if v == PASS {
            return true;
        }
        if self.cells[v as usize] != EMPTY || v == self.ko {
            return false;
        }
        let own = stone(self.to_move);
        self.neighbours(v).iter().any(|&n| {
            let c = self.cells[n as usize];
            if c == EMPTY {
                return true;
            }
            if c == OFF {
                return false;
            }
            let atari = self.in_atari(self.head[n as usize]);
            (c == own) != atari
        })
    }

    /// Plays `v` (legal per [`is_legal`](Self::is_legal)) for the player
    /// to move; calls `changed` with each stone placed or removed.
    pub fn play_with(&mut self, v: u16, changed: &mut impl FnMut(u16)) {
        debug_assert!(self.is_legal(v), "illegal playout move {v}\n{self:?}");
        let color = self.to_move;
        self.to_move = color.other();
        self.last_move = v;
        self.ko = 0;
        if v == PASS {
            self.passes += 1;
            return;
        }
        self.passes = 0;
        let own = stone(color);
        let opponent = stone(color.other());
        self.place(v, own);
        changed(v);
        let mut captured = 0u16;
        let mut last_captured = 0u16;
        for n in self.neighbours(v) {
            if self.cells[n as usize] == opponent && self.libs[self.head[n as usize] as usize] == 0
            {
                captured += self.remove_string(self.head[n as usize], changed);
                last_captured = n;
            }
        }
        let g = self.head[v as usize];
        if captured == 1 && self.stones[g as usize] == 1 && self.in_atari(g) {
            self.ko = last_captured;
        }
    }

    /// Plays `v` (see [`play_with`](Self::play_with)).
    pub fn play(&mut self, v: u16) {
        self.play_with(v, &mut |_| {});
    }

    /// Whether the empty `v` is a true eye of `color`: every orthogonal
    /// neighbour is `color`'s stone or off the board, and at most one
    /// diagonal (none on the edge) holds an opponent stone.
    pub fn is_true_eye(&self, v: u16, color: Color) -> bool {
        self.cells[v as usize] == EMPTY
            && code_is_true_eye(relative_code(self.codes[v as usize], color))
    }

    /// Who owns each point at the end of a playout: a stone's colour, or
    /// for an empty point the colour of all its on-board neighbours (None
    /// if they differ). Indexed like the padded array.
    pub fn owner(&self, v: u16) -> Option<Color> {
        let cell = self.cells[v as usize];
        let color_of = |c: u8| match c {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        };
        if cell != EMPTY {
            return color_of(cell);
        }
        let mut seen = 0u8;
        for n in self.neighbours(v) {
            match self.cells[n as usize] {
                OFF => {}
                c => seen |= 1 << c,
            }
        }
        match seen {
            0b010 => Some(Color::Black),
            0b100 => Some(Color::White),
            _ => None,
        }
    }

    /// Area score, Black minus White minus `komi` (see [`owner`](Self::owner)).
    pub fn area_score(&self, komi: f32) -> f32 {
        let mut score = 0i32;
        for v in self.points() {
            match self.owner(v) {
                Some(Color::Black) => score += 1,
                Some(Color::White) => score -= 1,
                None => {}
            }
        }
        score as f32 - komi
    }

    /// Checks every incremental field against a recomputation from the
    /// cells (for tests): codes, string membership and sizes, pseudo-
    /// liberties, the empty list. Returns what differs first.
    pub fn check_consistency(&self) -> Result<(), String> {
        for v in 0..MAX_CELLS as u16 {
            if self.codes[v as usize] != self.fresh_code(v) && self.is_near_board(v) {
                return Err(format!(
                    "code of {v}: {:#06x} != {:#06x}",
                    self.codes[v as usize],
                    self.fresh_code(v)
                ));
            }
        }
        let mut empties: Vec<u16> = self.empties().to_vec();
        empties.sort_unstable();
        let expected: Vec<u16> = self
            .points()
            .filter(|&v| self.cells[v as usize] == EMPTY)
            .collect();
        let mut expected_sorted = expected.clone();
        expected_sorted.sort_unstable();
        if empties != expected_sorted {
            return Err("empty list".into());
        }
        for v in self.points() {
            let c = self.cells[v as usize];
            if c != BLACK && c != WHITE {
                continue;
            }
            // Flood fill the string of v.
            let mut stack = vec![v];
            let mut seen = vec![v];
            let (mut n, mut sum, mut sum_sq) = (0u16, 0u32, 0u32);
            while let Some(s) = stack.pop() {
                for q in self.neighbours(s) {
                    let qc = self.cells[q as usize];
                    if qc == c && !seen.contains(&q) {
                        seen.push(q);
                        stack.push(q);
                    } else if qc == EMPTY {
                        n += 1;
                        sum += u32::from(q);
                        sum_sq += u32::from(q) * u32::from(q);
                    }
                }
            }
            let g = self.head[v as usize];
            if seen.iter().any(|&s| self.head[s as usize] != g) {
                return Err(format!("string of {v} has several heads"));
            }
            if self.stones[g as usize] as usize != seen.len()
                || self.string_stones(g).count() != seen.len()
            {
                return Err(format!("string of {v}: size"));
            }
            if self.pseudo_liberties(g) != (n, sum, sum_sq) {
                return Err(format!(
                    "string of {v}: liberties {:?} != {:?}",
                    self.pseudo_liberties(g),
                    (n, sum, sum_sq)
                ));
            }
            let (first, count) = self.first_liberties(g, 2);
            let only = (count == 1).then_some(first[0]);
            if self.atari_liberty(g) != only {
                return Err(format!(
                    "string of {v}: atari liberty {:?} != {only:?}",
                    self.atari_liberty(g)
                ));
            }
        }
        Ok(())
    }

    /// Whether `v` is on the board or in its padding ring.
    fn is_near_board(&self, v: u16) -> bool {
        let s = self.stride();
        (v as usize) < s * s
    }
}

/// Whether `list` holds `x`: a loop the compiler inlines (callgrind showed
/// `<[u16]>::contains` as a call of its own on the playouts' hot path).
#[inline(always)]
pub fn holds(list: &[u16], x: u16) -> bool {
    for &y in list {
        if y == x {
            return true;
        }
    }
    false
}

/// A string's liberties other than one point ([`PlayoutBoard::liberties_besides`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtherLiberties {
    /// No other liberty.
    None,
    /// Exactly one other, this point.
    One(u16),
    /// Two or more.
    Several,
}

/// Whether a relative neighbourhood code (1 own, 2 opponent, 3 off) is a
/// true eye of the player: no empty or opponent orthogonal neighbour, and
/// opponent diagonals at most 1 (0 when an off-board point is near).
pub const fn code_is_true_eye(code: u16) -> bool {
    // Orthogonal cells (the low byte) must be 1 or 3: their low bits set.
    if code & 0x55 != 0x55 {
        return false;
    }
    let diagonals = code >> 8;
    let high = (diagonals >> 1) & 0x55;
    let opponent = (high & !diagonals & 0x55).count_ones();
    let off = high & diagonals & 0x55 != 0;
    if off { opponent == 0 } else { opponent <= 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit test against counting cell by cell, on every code that
    /// can occur on a board (an off-board orthogonal neighbour comes with
    /// off-board diagonals).
    #[test]
    fn true_eye_code_test_matches_a_plain_count() {
        let geometry = matcher::mc::geometry_table();
        for code in (0..=u16::MAX).filter(|&c| geometry.class(c) != 0) {
            let cell = |k: usize| (code >> (2 * k)) & 3;
            let orthogonal = (0..4).all(|k| cell(k) == 1 || cell(k) == 3);
            let opponent = (4..8).filter(|&k| cell(k) == 2).count();
            let off = (0..8).any(|k| cell(k) == 3);
            let plain = orthogonal && if off { opponent == 0 } else { opponent <= 1 };
            assert_eq!(code_is_true_eye(code), plain, "{code:#06x}");
        }
    }
}
