//! GNU Go's *unconditional status*: which strings can never be captured,
//! even if the opponent may play any number of moves in a row while their
//! owner only passes, and which points that certainty turns into territory.
//!
//! The analysis runs once for each colour `C` (the *owner*), on a scratch
//! copy of the board; its opponent `O` is the only side that moves.
//!
//! 1. **Capture phase.** Take `C`'s strings in board order, except the
//!    *potential seki pairs* (below). For one string, open an undo frame
//!    and let `O` play once on each of its liberties (listed before the
//!    first move), skipping every point where the move would be suicide;
//!    if the string is then left in atari, `O` captures it on its last
//!    liberty. Ko never stops `O`: with only one side moving there is no
//!    immediate recapture to forbid. If the string was captured, the moves
//!    are kept (replayed with no frame open) and the round starts again
//!    with the first string; otherwise they are taken back. When a full
//!    round captures nothing, the strings of `C` still on the board, the
//!    pairs left aside excepted, are *unconditionally alive*. If there are
//!    none, `C` has no territory either and the analysis stops.
//! 2. **Territory phase**, on the position the capture phase left (with
//!    `O`'s capturing stones still on it):
//!    1. `O` plays, in board order, on every empty point next to a living
//!       string where that is not suicide;
//!    2. `O` extends each of its strings in atari onto its last liberty,
//!       again and again, except where that is suicide;
//!    3. the pairs left aside are looked at again on this position: a pair
//!       that stays in seki (the rule below) stays on the
//!       board, neither alive nor captured; any other is captured as in
//!       step 1 (or, if it cannot be, joins the living strings, and 2.1
//!       and 2.2 run again);
//!    4. `O` plays on every empty point with at least two empty neighbours
//!       (splitting big eyes into small ones);
//!    5. `O` plays on every empty point with at least one empty neighbour
//!       (reducing two-point eyes to one-point eyes).
//!
//!    `C`'s *unconditional territory* is then every point of an `O` string
//!    in atari with its last liberty, and every empty point next to a
//!    living string of `C`.
//! 3. **Answers per point.** A stone of a living string is `Alive`, and so
//!    is a stone of `C` standing on `C`'s own territory (a string the
//!    capture phase took, but inside an area `O` can never hold); a stone
//!    standing on the opponent's unconditional territory is `Dead`; an
//!    empty point of Black's or White's territory is `BlackTerritory` /
//!    `WhiteTerritory`; everything else is `Undecided`.
//!
//! **Potential seki pairs.** A two-stone string of `C` inside an `O`
//! enclosure can end in seki (each side's last liberties shared), and GNU
//! Go then settles nothing around it: the pair, the enclosure and the
//! empty points stay `undecided`. This happens in two stages, both fitted
//! to GNU Go's answers over GTP on positions written for the purpose
//! (`tests/unconditional_seki.rs`, `tests/unconditional_edge_seki.rs`):
//! * *Candidates*, left aside in step 1: both *end points* (beyond each
//!   stone, in line with the pair) are empty, and two *side* liberties on
//!   opposite sides of different stones (above one stone and below the
//!   other, for a horizontal pair) are empty, where a point only counts
//!   while it touches no other stone of `C`. Two side liberties on one
//!   side, or both at one stone, never make a seki.
//! * *Seki*, decided in step 2.3 on the position after 2.1 and 2.2 (so an
//!   end filled there, next to a living string or as the last liberty of
//!   an `O` string in atari, ends the seki): the rule of the `seki`
//!   submodule, which reads which `O` strings stand next to the pair and
//!   which of the pair's liberties each touches. A diagonal of empty
//!   sides must still be there, the `O` stones next to the pair must
//!   belong to one string, and the main string must touch every liberty,
//!   or all but one or two next to one stone (its end alone, or liberties
//!   of a stone with no more empty sides than the other); next to the
//!   edge that is what decides whether a small `O` string in a corner of
//!   the pair keeps the seki.
//!
//! With this, all 673 tests of GNU Go's suite `unconditional.tst` pass
//! (552 with the previous rule, which asked one `O` string to touch both
//! side liberties of a diagonal: right in the centre, inverted next to
//! the edge; 490 without any seki rule). The rule is an empirical fit,
//! not GNU Go's definition, checked against GNU Go on random enclosures
//! (see the `seki` submodule).
//!
//! **Orientation.** The steps above visit strings and points in board
//! order, and the greedy filling of the territory phase can then depend on
//! how the board is turned (GNU Go's answers do not, in the cases checked).
//! So the analysis runs once per symmetry of the board (8 on a square
//! board, 4 on a rectangle) and a point keeps a status only where every
//! orientation agrees; elsewhere it is `Undecided`. The result is then
//! invariant under the symmetries by construction.
//!
//! This is a static, board-only analysis (GNU Go's `unconditional_status`
//! GTP command); it ignores the ko point and the colour to move.

mod seki;

use goban::{Board, Cell, Color, Point, Vertex};
use seki::PairSurroundings;

/// The unconditional status of one point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnconditionalStatus {
    /// A stone that can never be captured.
    Alive,
    /// A stone inside the opponent's unconditional territory.
    Dead,
    /// An empty point of Black's unconditional territory.
    BlackTerritory,
    /// An empty point of White's unconditional territory.
    WhiteTerritory,
    /// Anything else.
    Undecided,
}

impl UnconditionalStatus {
    /// GNU Go's GTP answer word.
    pub fn gtp_name(self) -> &'static str {
        match self {
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::BlackTerritory => "black_territory",
            UnconditionalStatus::WhiteTerritory => "white_territory",
            UnconditionalStatus::Undecided => "undecided",
        }
    }

    /// The same status seen with the colours swapped.
    pub fn swapped(self) -> UnconditionalStatus {
        match self {
            UnconditionalStatus::BlackTerritory => UnconditionalStatus::WhiteTerritory,
            UnconditionalStatus::WhiteTerritory => UnconditionalStatus::BlackTerritory,
            other => other,
        }
    }
}

/// What one colour's analysis says about a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ownership {
    None,
    /// A stone of an unconditionally alive string.
    AliveStone,
    /// Unconditional territory.
    Territory,
}

/// The unconditional status of every point of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnconditionalAnalysis {
    /// Indexed by vertex.
    status: Vec<UnconditionalStatus>,
}

impl UnconditionalAnalysis {
    /// Analyses `board` for both colours, in every orientation of the
    /// board (see [`Orientation`]): a point keeps a status only where all
    /// orientations agree on it, and is `Undecided` otherwise.
    pub fn new(board: &Board) -> UnconditionalAnalysis {
        let geometry = board.geometry();
        let rows = board.rows_text();
        let mut status = single_orientation(board);
        for orientation in Orientation::all(geometry.is_square()).skip(1) {
            let turned_rows = orientation.apply(&rows);
            let Ok(turned) = Board::from_rows(&turned_rows) else {
                continue;
            };
            let turned_status = single_orientation(&turned);
            let turned_geometry = turned.geometry();
            for v in geometry.board_vertices() {
                let p = geometry.point(v);
                let (x, y) = orientation.map(rows.len(), rows[0].len(), p.i.into(), p.j.into());
                let image = turned_geometry.vertex_unchecked(Point::new(x as u8, y as u8));
                if status[v.index()] != turned_status[image.index()] {
                    status[v.index()] = UnconditionalStatus::Undecided;
                }
            }
        }
        UnconditionalAnalysis { status }
    }

    /// The status of the on-board vertex `v`.
    pub fn status(&self, v: Vertex) -> UnconditionalStatus {
        self.status
            .get(v.index())
            .copied()
            .unwrap_or(UnconditionalStatus::Undecided)
    }
}

/// One of the board's symmetries: flips of the rows and columns, then
/// (square boards only) a transposition.
#[derive(Debug, Clone, Copy)]
struct Orientation {
    flip_rows: bool,
    flip_columns: bool,
    transpose: bool,
}

impl Orientation {
    /// The identity first, then the others: 8 on a square board, 4 on a
    /// rectangle.
    fn all(square: bool) -> impl Iterator<Item = Orientation> {
        let count = if square { 8 } else { 4 };
        (0..count).map(|k: u8| Orientation {
            flip_rows: k & 1 != 0,
            flip_columns: k & 2 != 0,
            transpose: k & 4 != 0,
        })
    }

    /// Where point (row `i`, column `j`) of a `height` × `width` board
    /// lands.
    fn map(self, height: usize, width: usize, i: usize, j: usize) -> (usize, usize) {
        let i = if self.flip_rows { height - 1 - i } else { i };
        let j = if self.flip_columns { width - 1 - j } else { j };
        if self.transpose { (j, i) } else { (i, j) }
    }

    /// The board's rows (as [`Board::rows_text`] writes them) turned.
    fn apply(self, rows: &[String]) -> Vec<String> {
        let height = rows.len();
        let width = rows.first().map_or(0, String::len);
        let (out_h, out_w) = if self.transpose {
            (width, height)
        } else {
            (height, width)
        };
        let mut out = vec![vec!['.'; out_w]; out_h];
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                let (x, y) = self.map(height, width, i, j);
                out[x][y] = c;
            }
        }
        out.into_iter().map(|r| r.into_iter().collect()).collect()
    }
}

/// The analysis of `board` as it stands (one orientation).
fn single_orientation(board: &Board) -> Vec<UnconditionalStatus> {
    let black = ownership(board, Color::Black);
    let white = ownership(board, Color::White);
    let geometry = board.geometry();
    let mut status = vec![UnconditionalStatus::Undecided; geometry.vertices()];
    for v in geometry.board_vertices() {
        let i = v.index();
        status[i] = match board.cell(v).color() {
            Some(color) => {
                let (own, other) = match color {
                    Color::Black => (&black, &white),
                    Color::White => (&white, &black),
                };
                if own[i] == Ownership::AliveStone {
                    UnconditionalStatus::Alive
                } else if other[i] == Ownership::Territory {
                    UnconditionalStatus::Dead
                } else {
                    UnconditionalStatus::Undecided
                }
            }
            None if black[i] == Ownership::Territory => UnconditionalStatus::BlackTerritory,
            None if white[i] == Ownership::Territory => UnconditionalStatus::WhiteTerritory,
            None => UnconditionalStatus::Undecided,
        };
    }
    status
}

/// The unconditional status of the on-board vertex `v` (analyses the whole
/// board; use [`UnconditionalAnalysis`] to ask about many points).
pub fn unconditional_status(board: &Board, v: Vertex) -> UnconditionalStatus {
    UnconditionalAnalysis::new(board).status(v)
}

/// `owner`'s analysis: alive stones and territory, indexed by vertex.
fn ownership(board: &Board, owner: Color) -> Vec<Ownership> {
    let geometry = board.geometry();
    let mut scratch = board.clone();
    let candidates = potential_seki_stones(board, owner);
    capture_phase(&mut scratch, owner, &candidates);
    let mut result = vec![Ownership::None; geometry.vertices()];
    for v in geometry.board_vertices() {
        if scratch.cell(v) == owner.stone() && !candidates[v.index()] {
            result[v.index()] = Ownership::AliveStone;
        }
    }
    if !result.contains(&Ownership::AliveStone) {
        return result;
    }
    fill_around_living(&mut scratch, owner, &result);
    // The candidates that are no potential seki now are captured as any
    // other string would have been (or live, if they cannot be).
    let seki = seki_pairs(&scratch, owner, &candidates);
    let mut more_living = false;
    for head in string_heads(&scratch, owner) {
        if candidates[head.index()] && !seki[head.index()] {
            fill_liberties(&mut scratch, owner.other(), head);
            if scratch.cell(head) == owner.stone() {
                for stone in scratch.string_stones(head).collect::<Vec<_>>() {
                    result[stone.index()] = Ownership::AliveStone;
                }
                more_living = true;
            }
        }
    }
    if more_living {
        fill_around_living(&mut scratch, owner, &result);
    } else {
        extend_ataris(&mut scratch, owner.other());
    }
    split_eyes(&mut scratch, owner.other());
    let opponent = owner.other();
    for v in geometry.board_vertices() {
        let territory = match scratch.cell(v).color() {
            Some(c) if c == opponent => scratch.liberties(v) == 1,
            Some(_) => false,
            None => scratch.neighbours(v).any(|n| {
                result[n.index()] == Ownership::AliveStone
                    || (scratch.cell(n) == opponent.stone() && scratch.liberties(n) == 1)
            }),
        };
        if territory {
            result[v.index()] = if board.cell(v) == owner.stone() {
                Ownership::AliveStone
            } else {
                Ownership::Territory
            };
        }
    }
    result
}

/// The stones of `owner`'s *potential seki* pairs (the candidates of
/// the module docs), indexed by vertex.
///
/// A potential seki pair is a string of exactly two stones that the
/// opponent could surround so that neither side can fill the last shared
/// liberties. Both *end points* (the points beyond each stone, in line
/// with the pair) are empty, and the pair has two empty *side* liberties
/// on opposite sides of different stones (above one stone and below the
/// other, for a horizontal pair). A point only counts when it touches no
/// other stone of `owner` (such a point is the liberty of another string,
/// which the opponent fills anyway). Whether the pair really stays in
/// seki is decided later, by [`seki_pairs`].
fn potential_seki_stones(board: &Board, owner: Color) -> Vec<bool> {
    let geometry = board.geometry();
    let mut seki = vec![false; geometry.vertices()];
    for v in geometry.board_vertices() {
        if board.cell(v) != owner.stone() || board.string_size(v) != 2 {
            continue;
        }
        let Some(w) = board.string_stones(v).find(|&s| s != v) else {
            continue;
        };
        // Each pair is seen from both stones; handle it once.
        if w.index() < v.index() {
            continue;
        }
        let (a, b) = (v.index() as isize, w.index() as isize);
        let step = b - a;
        let free = |p: isize, own: isize| -> bool {
            let p = Vertex(p as u16);
            board.cell(p) == Cell::Empty
                && board
                    .neighbours(p)
                    .all(|n| n.index() as isize == own || board.cell(n) != owner.stone())
        };
        if !free(a - step, a) || !free(b + step, b) {
            continue;
        }
        // The perpendicular direction: one row for a horizontal pair, one
        // column for a vertical one.
        let across = if step.unsigned_abs() == 1 {
            geometry.stride() as isize
        } else {
            1
        };
        let opposite_sides = [across, -across]
            .iter()
            .any(|&d| free(a + d, a) && free(b - d, b));
        if opposite_sides {
            seki[v.index()] = true;
            seki[w.index()] = true;
        }
    }
    seki
}

/// Removes every string of `owner` that the opponent can capture by
/// filling its liberties (step 1 of the module docs). Strings with a stone
/// marked in `excluded` are not tried.
fn capture_phase(board: &mut Board, owner: Color, excluded: &[bool]) {
    let opponent = owner.other();
    'restart: loop {
        let heads = string_heads(board, owner);
        for head in heads {
            if excluded[head.index()] {
                continue;
            }
            board.push_undo_frame();
            let moves = fill_liberties(board, opponent, head);
            let captured = board.cell(head) != owner.stone();
            board.undo();
            if captured {
                // Keep the moves: replay them with no undo frame open.
                for v in moves {
                    board.play(opponent, v);
                }
                continue 'restart;
            }
        }
        return;
    }
}

/// `mover` plays once on each liberty of the string at `head` (as listed
/// before the first move) where that is not suicide; if the string is then
/// left with one liberty, `mover` captures it there. Returns the moves.
fn fill_liberties(board: &mut Board, mover: Color, head: Vertex) -> Vec<Vertex> {
    let target = board.cell(head);
    let mut moves = Vec::new();
    let liberties: Vec<Vertex> = board.liberty_vertices(head).collect();
    for l in liberties {
        if board.cell(head) != target {
            return moves;
        }
        if board.cell(l) == Cell::Empty && !board.is_suicide(mover, l) {
            board.play(mover, l);
            moves.push(l);
        }
    }
    if board.cell(head) == target && board.liberties(head) == 1 {
        let last = board.liberty_vertices(head).next().expect("one liberty");
        board.play(mover, last);
        moves.push(last);
    }
    moves
}

/// One vertex of each string of `color`, in board order of their first
/// stones.
fn string_heads(board: &Board, color: Color) -> Vec<Vertex> {
    let mut seen = Vec::new();
    let mut heads = Vec::new();
    for v in board.geometry().board_vertices() {
        if board.cell(v) == color.stone() {
            let h = board.head(v);
            if !seen.contains(&h) {
                seen.push(h);
                heads.push(v);
            }
        }
    }
    heads
}

/// Steps 2.1 and 2.2 of the module docs: the opponent fills every liberty
/// of `owner`'s living strings (the stones marked `AliveStone` in
/// `living`), then extends its strings in atari.
fn fill_around_living(board: &mut Board, owner: Color, living: &[Ownership]) {
    let opponent = owner.other();
    let points: Vec<Vertex> = board.geometry().board_vertices().collect();
    for &v in &points {
        if board.cell(v) == Cell::Empty
            && !board.is_suicide(opponent, v)
            && board
                .neighbours(v)
                .any(|n| living[n.index()] == Ownership::AliveStone)
        {
            board.play(opponent, v);
        }
    }
    extend_ataris(board, opponent);
}

/// Step 2.2: `mover` extends each of its strings in atari onto its last
/// liberty, again and again, except where that is suicide.
fn extend_ataris(board: &mut Board, mover: Color) {
    let points: Vec<Vertex> = board.geometry().board_vertices().collect();
    loop {
        let mut changed = false;
        for &v in &points {
            if board.cell(v) == mover.stone() && board.liberties(v) == 1 {
                let l = board.liberty_vertices(v).next().expect("one liberty");
                if board.cell(l) == Cell::Empty && !board.is_suicide(mover, l) {
                    board.play(mover, l);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Steps 2.4 and 2.5: `mover` plays on every empty point with at least two,
/// then at least one, empty neighbours.
fn split_eyes(board: &mut Board, mover: Color) {
    let points: Vec<Vertex> = board.geometry().board_vertices().collect();
    for needed in [2, 1] {
        for &v in &points {
            if board.cell(v) == Cell::Empty
                && board
                    .neighbours(v)
                    .filter(|&n| board.cell(n) == Cell::Empty)
                    .count()
                    >= needed
            {
                board.play(mover, v);
            }
        }
    }
}

/// The stones of the candidate pairs (`candidates`, from
/// [`potential_seki_stones`]) that stay in seki on `board`, the position
/// after steps 2.1 and 2.2; indexed by vertex. See [`PairSurroundings`]
/// for the rule.
fn seki_pairs(board: &Board, owner: Color, candidates: &[bool]) -> Vec<bool> {
    let mut seki = vec![false; candidates.len()];
    for head in string_heads(board, owner) {
        if !candidates[head.index()] || board.string_size(head) != 2 {
            continue;
        }
        if PairSurroundings::new(board, head).is_some_and(|s| s.is_seki()) {
            for stone in board.string_stones(head) {
                seki[stone.index()] = true;
            }
        }
    }
    seki
}
