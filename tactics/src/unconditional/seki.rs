//! When a *potential seki pair* really stays in seki (step 2.3 of the
//! parent module's docs): a two-stone string of the owner, inside an
//! enclosure of opponent strings, whose surroundings GNU Go reads as a
//! seki, so that it settles nothing around the pair.
//!
//! The rule was fitted to GNU Go 3.8's answers over GTP (positions written
//! for the purpose and random enclosures around a pair, then checked on
//! the pairs of the regression suite `unconditional.tst`); it is looked at
//! on the position after steps 2.1 and 2.2, where the opponent has filled
//! the liberties of the living strings. Words used:
//! * the *ends* are the points beyond each stone, in line with the pair;
//! * the *sides* of a stone are its two neighbours across the pair's line;
//!   a stone is *open* when both its sides are empty;
//! * an opponent string *touches* a liberty of the pair when it is next
//!   to it; the *main* string touches the most of them.
//!
//! The pair is in seki when
//! 1. both ends are empty, and so are two sides on opposite sides of
//!    different stones (a *diagonal*; the candidates had one, but the
//!    capture phase may have filled it since);
//! 2. every opponent stone standing on a side belongs to one string (two
//!    different strings standing next to the pair leave a shape GNU Go
//!    settles), and that string, if there is one, is the main string;
//! 3. the main string touches every liberty of the pair; or it touches at
//!    least four, and the one or two it misses all lie next to one stone,
//!    and either they are that stone's end alone or the stone has no more
//!    empty sides than the other stone. (Missing a side of the only open
//!    stone settles the area: next to the edge, a small string in the
//!    corner at the open stone makes no seki, the same string at the
//!    other stone does.)
//!
//! Measured on random enclosures written for the purpose (a pair on the
//! second line or in the centre of an 11×11 board, inside random White
//! stones inside a living Black wall; counted where the pair is a
//! candidate and the enclosure's strings have no liberty but the pair's):
//! the rule agrees with GNU Go on all 1,393 pairs of the three sets it was
//! fitted on, on all 704 and 712 of two sets drawn afterwards, and on all
//! 57 candidate pairs of `unconditional.tst`. With the whole analysis,
//! every point's answer matched GNU Go's on 2,300 further random
//! positions of that kind (pairs on the first to third lines, in the
//! corner and in the centre, denser and sparser enclosures) and on the
//! final positions of 150 games of GNU Go's regression directory.

use goban::{Board, Cell, Color, Vertex};

/// The points around a two-stone string, as the seki rule names them.
pub(super) struct PairSurroundings<'a> {
    board: &'a Board,
    /// The owner's colour.
    owner: Color,
    /// The pair's stones.
    stones: [Vertex; 2],
    /// The end beyond each stone.
    ends: [Vertex; 2],
    /// The two sides of each stone (the same direction first for both).
    sides: [[Vertex; 2]; 2],
    /// The pair's liberties.
    liberties: Vec<Vertex>,
}

impl<'a> PairSurroundings<'a> {
    /// The surroundings of the string at `head`, or `None` when it is not
    /// a string of exactly two stones.
    pub(super) fn new(board: &'a Board, head: Vertex) -> Option<PairSurroundings<'a>> {
        let owner = board.cell(head).color()?;
        if board.string_size(head) != 2 {
            return None;
        }
        let mut stones = board.string_stones(head);
        let (first, second) = (stones.next()?, stones.next()?);
        let (a, b) = (first.index() as isize, second.index() as isize);
        let step = b - a;
        let across = if step.unsigned_abs() == 1 {
            board.geometry().stride() as isize
        } else {
            1
        };
        // The board has a border one point wide, so these stay inside the
        // vertex range; off-board points read as `Cell::OffBoard`.
        let at = |p: isize| Vertex(p as u16);
        Some(PairSurroundings {
            board,
            owner,
            stones: [first, second],
            ends: [at(a - step), at(b + step)],
            sides: [
                [at(a + across), at(a - across)],
                [at(b + across), at(b - across)],
            ],
            liberties: board.liberty_vertices(head).collect(),
        })
    }

    /// The opponent strings next to `point`, by their heads.
    fn touching(&self, point: Vertex) -> Vec<Vertex> {
        let opponent = self.owner.other().stone();
        let mut heads: Vec<Vertex> = self
            .board
            .neighbours(point)
            .filter(|&n| self.board.cell(n) == opponent)
            .map(|n| self.board.head(n))
            .collect();
        heads.sort_unstable_by_key(|h| h.index());
        heads.dedup();
        heads
    }

    /// Whether the pair stays in seki (see the module docs).
    pub(super) fn is_seki(&self) -> bool {
        let board = self.board;
        if self.ends.iter().any(|&e| board.cell(e) != Cell::Empty) {
            return false;
        }
        let empty = |v: Vertex| board.cell(v) == Cell::Empty;
        let diagonal = |d: usize| empty(self.sides[0][d]) && empty(self.sides[1][1 - d]);
        if !diagonal(0) && !diagonal(1) {
            return false;
        }
        let opponent = self.owner.other().stone();
        let mut standing: Vec<Vertex> = self
            .sides
            .iter()
            .flatten()
            .filter(|&&s| board.cell(s) == opponent)
            .map(|&s| board.head(s))
            .collect();
        standing.sort_unstable_by_key(|h| h.index());
        standing.dedup();
        if standing.len() > 1 {
            return false;
        }
        let touching: Vec<Vec<Vertex>> = self.liberties.iter().map(|&l| self.touching(l)).collect();
        let mut counts: Vec<(Vertex, usize)> = Vec::new();
        for heads in &touching {
            for &h in heads {
                match counts.iter_mut().find(|(k, _)| *k == h) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((h, 1)),
                }
            }
        }
        let Some(best) = counts.iter().map(|&(_, n)| n).max() else {
            return false;
        };
        let empty_sides = |k: usize| {
            self.sides[k]
                .iter()
                .filter(|&&s| board.cell(s) == Cell::Empty)
                .count()
        };
        counts
            .iter()
            .filter(|&&(main, n)| n == best && standing.iter().all(|&s| s == main))
            .any(|&(main, n)| {
                let missing: Vec<Vertex> = self
                    .liberties
                    .iter()
                    .zip(&touching)
                    .filter(|(_, heads)| !heads.contains(&main))
                    .map(|(&l, _)| l)
                    .collect();
                if missing.is_empty() {
                    return true;
                }
                if n < 4 || missing.len() > 2 {
                    return false;
                }
                (0..2).any(|k| {
                    let stone = self.stones[k];
                    let next_to_stone = missing
                        .iter()
                        .all(|&m| board.neighbours(m).any(|x| x == stone));
                    let only_the_end = missing == [self.ends[k]];
                    next_to_stone && (only_the_end || empty_sides(1 - k) >= empty_sides(k))
                })
            })
    }
}
