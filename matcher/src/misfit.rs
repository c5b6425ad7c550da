//! Near misses: what keeps one placement of a pattern from matching.
//!
//! A *placement* is a pattern put on the board with one transformation at
//! one anchor (the anchor may lie off the board: placements are also
//! enumerated from their move point, `anchor = move − T(move_offset)`).
//! Its *misfits* are the reasons the matcher refuses it, counted so that a
//! placement matches exactly when it has none:
//!
//! * [`Misfit::Element`] — one element of the pattern whose point holds
//!   something its kind refuses, or lies off the board. The elements are the
//!   pattern's *full* element set: the stored elements plus those mkpat
//!   dropped because the 4×4 grid pre-filter checks them (compilation.md
//!   §9.2), read back from the grid masks. The anchor is an element like the
//!   others, so a wrong anchor colour is a misfit too.
//! * [`Misfit::Range`] — a side of the pattern's rectangle (after GNU Go's
//!   board-size fix-up of edge-constrained extents) that lies beyond the
//!   board's side while no element lies off the board there: either an edge
//!   the diagram draws is not the board's edge, or only `?` cells hang off
//!   the board. A side beyond the board *with* elements off the board there
//!   is already counted by those elements.
//!
//! So `misfits(...)` is empty if and only if the reference matcher
//! ([`crate::reference`]) reports the placement (its anchor on the board),
//! and a placement with one misfit is "one element off". [`Oriented`]
//! precomputes a pattern's full element set in one orientation, so that
//! counting up to a small limit is cheap; [`reference_misfits`] is the
//! plain computation from the pattern, straight from the definitions, that
//! tests compare it with.

use crate::board::{Color, Content, PackedBoard, Point};
use crate::pattern::{EdgeConstraints, ElementKind, Offset, Pattern};
use crate::transform::Transform;

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Row 0 (the top, GTP's highest row number).
    Top,
    /// The last row.
    Bottom,
    /// Column A.
    Left,
    /// The last column.
    Right,
}

impl Side {
    /// `top`, `bottom`, `left`, `right`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// The side a board direction `(di, dj)` (a unit step) points to.
    fn of_direction(di: i32, dj: i32) -> Side {
        match (di, dj) {
            (-1, _) => Side::Top,
            (1, _) => Side::Bottom,
            (_, -1) => Side::Left,
            _ => Side::Right,
        }
    }
}

/// One reason a placement does not match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Misfit {
    /// An element whose point refuses it.
    Element {
        /// The element's board position `(row, column)` (may be off the
        /// board).
        at: (i32, i32),
        /// What the pattern wants there (from the stored element, else
        /// decoded from the grid masks).
        expected: ElementKind,
        /// What the board holds, relative to the colour matched
        /// ([`Content::OffBoard`] off the board).
        found: Content,
    },
    /// The pattern's rectangle lies beyond the board's `side` with no
    /// element off the board there.
    Range {
        /// The board side the rectangle crosses.
        side: Side,
        /// When an edge constraint stretched the rectangle across `side`:
        /// the board side the diagram's edge must lie on (the opposite
        /// one).
        edge: Option<Side>,
    },
}

impl Misfit {
    /// The board point of an element misfit on the board.
    pub fn point(&self) -> Option<Point> {
        match *self {
            Misfit::Element { at: (i, j), .. } if i >= 0 && j >= 0 && i < 256 && j < 256 => {
                Some(Point::new(i as u8, j as u8))
            }
            _ => None,
        }
    }
}

/// One element of a placement, for display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedElement {
    /// Its board position `(row, column)` (may be off the board).
    pub at: (i32, i32),
    /// What the pattern wants there.
    pub kind: ElementKind,
    /// What the board holds there, relative to the colour matched.
    pub found: Content,
    /// Whether it fits.
    pub fits: bool,
}

/// One element of a pattern's full element set, in board orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct OrientedElement {
    /// Displacement from the anchor on the board.
    di: i32,
    dj: i32,
    /// The stored kind, or the kind decoded from the grid.
    kind: ElementKind,
    /// The grid test of this cell, when it lies in the 4×4 window:
    /// `content & and == val`.
    grid: Option<(u32, u32)>,
    /// Whether the element is stored (its kind is tested).
    stored: bool,
}

impl OrientedElement {
    fn fits(&self, content: Content) -> bool {
        let by_kind = !self.stored || self.kind.accepts(content);
        let by_grid = self
            .grid
            .is_none_or(|(and, val)| (content as u32) & and == val);
        by_kind && by_grid
    }
}

/// A pattern's element set and rectangle in one orientation, for one board
/// size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oriented {
    /// The transformation.
    pub transform: Transform,
    /// The move's displacement from the anchor (`T(move_offset)`).
    pub move_delta: (i32, i32),
    elements: Vec<OrientedElement>,
    /// The fixed-up rectangle on the board, relative to the anchor:
    /// rows `rows.0..=rows.1`, columns `cols.0..=cols.1`.
    rows: (i32, i32),
    cols: (i32, i32),
    /// For each board side, the board side whose diagram edge stretches
    /// the rectangle across it.
    stretched: [Option<Side>; 4],
}

/// The grid codes `(and, val)` of window cell `(di, dj)` (board
/// orientation) for transformation `ll`.
fn grid_codes(pattern: &Pattern, ll: usize, di: i32, dj: i32) -> (u32, u32) {
    let shift = 30 - 8 * (di + 1) - 2 * (dj + 1);
    (
        (pattern.and_mask[ll] >> shift) & 3,
        (pattern.val_mask[ll] >> shift) & 3,
    )
}

/// The element kind a grid cell's codes stand for (`None`: no element).
fn kind_of_grid(and: u32, val: u32) -> Option<ElementKind> {
    match (and, val) {
        (0, _) => None,
        (3, 1) => Some(ElementKind::Own),
        (3, 2) => Some(ElementKind::Opponent),
        (1, _) => Some(ElementKind::OpponentOrEmpty),
        (2, _) => Some(ElementKind::OwnOrEmpty),
        _ => Some(ElementKind::Empty),
    }
}

/// A pattern's full element set in its own (untransformed) orientation,
/// relative to the anchor: the stored elements, then those mkpat dropped
/// because the grid pre-filter checks them, decoded from the identity
/// transformation's grid masks (the window cell `(di, dj)` holds bits
/// `30 − 8(di+1) − 2(dj+1)`). DFA-built tables store their elements turned
/// by the pattern's transformation hint, so for those (hint ≠ 0) only the
/// stored elements are returned.
pub fn full_elements(pattern: &Pattern) -> Vec<(Offset, ElementKind)> {
    let mut elements: Vec<(Offset, ElementKind)> = pattern
        .elements
        .iter()
        .map(|e| (e.offset, e.kind))
        .collect();
    if pattern.transformation_hint != 0 {
        return elements;
    }
    for di in -1..=2 {
        for dj in -1..=2 {
            let offset = Offset::new(di as i8, dj as i8);
            if elements.iter().any(|(o, _)| *o == offset) {
                continue;
            }
            let (and, val) = grid_codes(pattern, 0, di, dj);
            if let Some(kind) = kind_of_grid(and, val) {
                elements.push((offset, kind));
            }
        }
    }
    elements
}

fn side_index(side: Side) -> usize {
    side as usize
}

impl Oriented {
    /// `pattern` turned by `transform`, on boards of `size` lines.
    pub fn new(pattern: &Pattern, transform: Transform, size: usize) -> Oriented {
        let ll = transform.number() as usize;
        let mut elements: Vec<OrientedElement> = pattern
            .elements
            .iter()
            .map(|e| {
                let (di, dj) = e.offset.transformed(transform);
                OrientedElement {
                    di,
                    dj,
                    kind: e.kind,
                    grid: None,
                    stored: true,
                }
            })
            .collect();
        for di in -1..=2 {
            for dj in -1..=2 {
                let (and, val) = grid_codes(pattern, ll, di, dj);
                let Some(kind) = kind_of_grid(and, val) else {
                    continue;
                };
                match elements.iter_mut().find(|e| (e.di, e.dj) == (di, dj)) {
                    Some(stored) => stored.grid = Some((and, val)),
                    None => elements.push(OrientedElement {
                        di,
                        dj,
                        kind,
                        grid: Some((and, val)),
                        stored: false,
                    }),
                }
            }
        }
        // The anchor first: most placements fail there.
        elements.sort_by_key(|e| (e.di, e.dj) != (0, 0));
        let extents = pattern.extents_for_board(size as i32);
        let a = transform.apply(extents.mini, extents.minj);
        let b = transform.apply(extents.maxi, extents.maxj);
        let mut stretched = [None; 4];
        for (bit, (di, dj)) in [
            (EdgeConstraints::NORTH, (-1, 0)),
            (EdgeConstraints::SOUTH, (1, 0)),
            (EdgeConstraints::EAST, (0, 1)),
            (EdgeConstraints::WEST, (0, -1)),
        ] {
            if pattern.edge_constraints.has(bit) {
                let (ti, tj) = transform.apply(di, dj);
                let edge = Side::of_direction(ti, tj);
                stretched[side_index(edge.opposite())] = Some(edge);
            }
        }
        let move_delta = pattern.move_offset.transformed(transform);
        Oriented {
            transform,
            move_delta,
            elements,
            rows: (a.0.min(b.0), a.0.max(b.0)),
            cols: (a.1.min(b.1), a.1.max(b.1)),
            stretched,
        }
    }

    /// The number of elements in the full set.
    pub fn element_count(&self) -> usize {
        self.elements.len()
    }

    /// Every element of the full set placed at `anchor`, with whether it
    /// fits `board` for `color` (anchor first, as [`Oriented::misfits`]
    /// lists them).
    pub fn placed_elements(
        &self,
        board: &PackedBoard,
        color: Color,
        anchor: (i32, i32),
    ) -> Vec<PlacedElement> {
        self.elements
            .iter()
            .map(|e| {
                let at = (anchor.0 + e.di, anchor.1 + e.dj);
                let content = board.cell(at.0, at.1).relative_to(color);
                PlacedElement {
                    at,
                    kind: e.kind,
                    found: content,
                    fits: e.fits(content),
                }
            })
            .collect()
    }

    /// The anchor whose placement puts the move on `move_point`.
    pub fn anchor_for_move(&self, move_point: Point) -> (i32, i32) {
        (
            move_point.i as i32 - self.move_delta.0,
            move_point.j as i32 - self.move_delta.1,
        )
    }

    /// Every misfit of the placement at `anchor` for `color`: element
    /// misfits in the order of the element set (anchor first), then range
    /// misfits by side.
    pub fn misfits(&self, board: &PackedBoard, color: Color, anchor: (i32, i32)) -> Vec<Misfit> {
        let mut found = Vec::new();
        self.scan(board, color, anchor, usize::MAX, &mut found);
        found
    }

    /// The number of misfits, counted up to `limit + 1` (a larger count is
    /// reported as `limit + 1`): the fast question "is it at most `limit`
    /// elements off?".
    pub fn count_up_to(
        &self,
        board: &PackedBoard,
        color: Color,
        anchor: (i32, i32),
        limit: usize,
    ) -> usize {
        let mut count = 0;
        let n = board.size() as i32;
        let mut off = [false; 4];
        for e in &self.elements {
            let (i, j) = (anchor.0 + e.di, anchor.1 + e.dj);
            let content = board.cell(i, j).relative_to(color);
            if !e.fits(content) {
                count += 1;
                if count > limit {
                    return count;
                }
            }
            if content == Content::OffBoard {
                mark_off_sides(&mut off, i, j, n);
            }
        }
        count += self
            .range_sides(anchor, n)
            .filter(|&side| !off[side_index(side)])
            .count();
        count.min(limit + 1)
    }

    fn scan(
        &self,
        board: &PackedBoard,
        color: Color,
        anchor: (i32, i32),
        limit: usize,
        found: &mut Vec<Misfit>,
    ) {
        let n = board.size() as i32;
        let mut off = [false; 4];
        for e in &self.elements {
            let (i, j) = (anchor.0 + e.di, anchor.1 + e.dj);
            let content = board.cell(i, j).relative_to(color);
            if !e.fits(content) {
                found.push(Misfit::Element {
                    at: (i, j),
                    expected: e.kind,
                    found: content,
                });
                if found.len() > limit {
                    return;
                }
            }
            if content == Content::OffBoard {
                mark_off_sides(&mut off, i, j, n);
            }
        }
        for side in self.range_sides(anchor, n) {
            if !off[side_index(side)] {
                found.push(Misfit::Range {
                    side,
                    edge: self.stretched[side_index(side)],
                });
            }
        }
    }

    /// The board sides the placed rectangle lies beyond.
    fn range_sides(&self, anchor: (i32, i32), n: i32) -> impl Iterator<Item = Side> + use<> {
        let (top, bottom) = (anchor.0 + self.rows.0, anchor.0 + self.rows.1);
        let (left, right) = (anchor.1 + self.cols.0, anchor.1 + self.cols.1);
        [
            (Side::Top, top < 0),
            (Side::Bottom, bottom >= n),
            (Side::Left, left < 0),
            (Side::Right, right >= n),
        ]
        .into_iter()
        .filter(|&(_, beyond)| beyond)
        .map(|(side, _)| side)
    }
}

fn mark_off_sides(off: &mut [bool; 4], i: i32, j: i32, n: i32) {
    off[side_index(Side::Top)] |= i < 0;
    off[side_index(Side::Bottom)] |= i >= n;
    off[side_index(Side::Left)] |= j < 0;
    off[side_index(Side::Right)] |= j >= n;
}

/// The misfits of `pattern` placed at `anchor` with `transform` for
/// `color`, computed plainly from the definitions: every stored element
/// tested by its kind, every one of the 16 grid cells tested by its codes
/// (a cell holding a stored element is one element, failing if either test
/// fails), then the range check of the fixed-up extents side by side.
/// Same order and result as [`Oriented::misfits`], much slower.
pub fn reference_misfits(
    pattern: &Pattern,
    board: &PackedBoard,
    color: Color,
    anchor: (i32, i32),
    transform: Transform,
) -> Vec<Misfit> {
    let ll = transform.number() as usize;
    let n = board.size() as i32;
    let content_at = |di: i32, dj: i32| board.cell(anchor.0 + di, anchor.1 + dj).relative_to(color);
    // (di, dj, kind, fits) per distinct cell, stored elements first.
    let mut cells: Vec<(i32, i32, ElementKind, bool)> = Vec::new();
    for e in pattern.elements.iter() {
        let (di, dj) = e.offset.transformed(transform);
        let fits = e.kind.accepts(content_at(di, dj));
        match cells.iter_mut().find(|c| (c.0, c.1) == (di, dj)) {
            Some(cell) => cell.3 &= fits,
            None => cells.push((di, dj, e.kind, fits)),
        }
    }
    for di in -1..=2 {
        for dj in -1..=2 {
            let (and, val) = grid_codes(pattern, ll, di, dj);
            let Some(kind) = kind_of_grid(and, val) else {
                continue;
            };
            let fits = (content_at(di, dj) as u32) & and == val;
            match cells.iter_mut().find(|c| (c.0, c.1) == (di, dj)) {
                Some(cell) => cell.3 &= fits,
                None => cells.push((di, dj, kind, fits)),
            }
        }
    }
    cells.sort_by_key(|c| (c.0, c.1) != (0, 0));
    let mut found: Vec<Misfit> = cells
        .iter()
        .filter(|c| !c.3)
        .map(|&(di, dj, expected, _)| Misfit::Element {
            at: (anchor.0 + di, anchor.1 + dj),
            expected,
            found: content_at(di, dj),
        })
        .collect();
    let off_beyond = |side: Side| {
        cells.iter().any(|&(di, dj, _, _)| {
            let (i, j) = (anchor.0 + di, anchor.1 + dj);
            match side {
                Side::Top => i < 0,
                Side::Bottom => i >= n,
                Side::Left => j < 0,
                Side::Right => j >= n,
            }
        })
    };
    let extents = pattern.extents_for_board(n);
    let (ai, aj) = transform.apply(extents.mini, extents.minj);
    let (bi, bj) = transform.apply(extents.maxi, extents.maxj);
    let corners = [
        (anchor.0 + ai, anchor.1 + aj),
        (anchor.0 + bi, anchor.1 + bj),
    ];
    for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
        let beyond = corners.iter().any(|&(i, j)| match side {
            Side::Top => i < 0,
            Side::Bottom => i >= n,
            Side::Left => j < 0,
            Side::Right => j >= n,
        });
        if beyond && !off_beyond(side) {
            let edge = [
                (EdgeConstraints::NORTH, (-1, 0)),
                (EdgeConstraints::SOUTH, (1, 0)),
                (EdgeConstraints::EAST, (0, 1)),
                (EdgeConstraints::WEST, (0, -1)),
            ]
            .into_iter()
            .filter(|&(bit, _)| pattern.edge_constraints.has(bit))
            .map(|(_, (di, dj))| {
                let (ti, tj) = transform.apply(di, dj);
                Side::of_direction(ti, tj)
            })
            .rfind(|edge| edge.opposite() == side);
            found.push(Misfit::Range { side, edge });
        }
    }
    found
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::construct::{cut_pattern, pattern_from_elements};
    use crate::pattern::{Element, PatternDb};
    use crate::reference::ReferenceMatcher;
    use crate::scan::{ColorMode, ScanOptions, Scanner};
    use proptest::prelude::*;
    use std::borrow::Cow;

    /// A board of `size` lines from cell codes read row by row (1 black,
    /// 2 white, anything else empty): random boards for tests.
    pub(crate) fn board_from(size: usize, cells: &[u8]) -> PackedBoard {
        let mut board = PackedBoard::new(size).unwrap();
        for (k, &c) in cells.iter().enumerate().take(size * size) {
            let cell = match c % 4 {
                1 => Cell::Black,
                2 => Cell::White,
                _ => Cell::Empty,
            };
            board.set(Point::new((k / size) as u8, (k % size) as u8), cell);
        }
        board
    }

    #[test]
    fn a_cut_pattern_fits_where_cut_and_counts_each_changed_point() {
        let rows = [
            ".......", ".XO....", ".OX....", "...O...", ".......", ".......", ".......",
        ];
        let mut board = PackedBoard::from_rows(&rows).unwrap();
        let anchor = Point::new(1, 1);
        let pattern = cut_pattern(&board, Color::Black, anchor, (0, 3), (0, 3), 0).unwrap();
        let oriented = Oriented::new(&pattern, Transform::IDENTITY, 7);
        assert!(oriented.misfits(&board, Color::Black, (1, 1)).is_empty());
        board.set(Point::new(3, 3), Cell::Empty);
        board.set(Point::new(0, 0), Cell::Black);
        let misfits = oriented.misfits(&board, Color::Black, (1, 1));
        assert_eq!(misfits.len(), 2, "{misfits:?}");
        assert!(misfits.contains(&Misfit::Element {
            at: (3, 3),
            expected: ElementKind::Opponent,
            found: Content::Empty,
        }));
        assert_eq!(oriented.count_up_to(&board, Color::Black, (1, 1), 0), 1);
    }

    #[test]
    fn an_edge_pattern_off_the_edge_is_one_range_misfit() {
        // "O*" drawn against the top edge.
        let elements = vec![
            Element::new(0, 0, ElementKind::Own),
            Element::new(0, 1, ElementKind::Empty),
        ];
        let pattern = pattern_from_elements(
            "edge",
            elements,
            (0, 0, 0, 1),
            EdgeConstraints(EdgeConstraints::NORTH),
            8,
            Offset::new(0, 1),
            false,
        );
        let board = PackedBoard::from_rows(&[".....", ".....", ".O...", ".....", "....."]).unwrap();
        let oriented = Oriented::new(&pattern, Transform::IDENTITY, 5);
        let misfits = oriented.misfits(&board, Color::White, (2, 1));
        assert_eq!(
            misfits,
            vec![Misfit::Range {
                side: Side::Bottom,
                edge: Some(Side::Top)
            }]
        );
        assert_eq!(
            misfits,
            reference_misfits(&pattern, &board, Color::White, (2, 1), Transform::IDENTITY)
        );
    }

    fn random_pattern() -> impl Strategy<Value = Pattern> {
        (
            proptest::collection::vec((-1i8..4, -1i8..4, 0u8..5), 1..9),
            0u8..16,
            any::<bool>(),
            (-1i8..4, -1i8..4),
        )
            .prop_map(|(cells, edges, at_x, mv)| {
                let mut elements = vec![Element::new(
                    0,
                    0,
                    if at_x {
                        ElementKind::Opponent
                    } else {
                        ElementKind::Own
                    },
                )];
                for (di, dj, k) in cells {
                    if elements.iter().any(|e| e.offset == Offset::new(di, dj)) {
                        continue;
                    }
                    elements.push(Element::new(di, dj, ElementKind::ALL[k as usize]));
                }
                let mut p = pattern_from_elements(
                    "random",
                    elements,
                    (-1, -1, 3, 3),
                    EdgeConstraints(edges),
                    8,
                    Offset::new(mv.0, mv.1),
                    at_x,
                );
                // Drop the elements the grid checks, as mkpat's 3×3
                // dropping does, so that the grid read-back is exercised.
                let kept: Vec<Element> = p
                    .elements
                    .iter()
                    .copied()
                    .filter(|e| e.offset.di.abs() > 1 || e.offset.dj.abs() > 1)
                    .collect();
                p.elements = Cow::Owned(kept);
                p
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// No misfit ⟺ the reference matcher reports the placement; the
        /// fast count agrees with the plain reference; the full list is the
        /// reference's.
        #[test]
        fn misfits_agree_with_the_reference(
            pattern in random_pattern(),
            cells in proptest::collection::vec(0u8..4, 49),
            black in any::<bool>(),
        ) {
            let size = 7;
            let board = board_from(size, &cells);
            let color = if black { Color::Black } else { Color::White };
            let db = PatternDb { patterns: Cow::Owned(vec![pattern.clone()]), ..PatternDb::EMPTY };
            let matches = ReferenceMatcher::new(&db)
                .matches(&board, &ScanOptions::new(ColorMode::Color(color)));
            for t in Transform::ALL {
                let oriented = Oriented::new(&pattern, t, size);
                for ai in -3..size as i32 + 3 {
                    for aj in -3..size as i32 + 3 {
                        let plain = reference_misfits(&pattern, &board, color, (ai, aj), t);
                        let fast = oriented.misfits(&board, color, (ai, aj));
                        prop_assert_eq!(&fast, &plain);
                        let unfit: Vec<Misfit> = oriented
                            .placed_elements(&board, color, (ai, aj))
                            .into_iter()
                            .filter(|e| !e.fits)
                            .map(|e| Misfit::Element { at: e.at, expected: e.kind, found: e.found })
                            .collect();
                        let element_misfits: Vec<Misfit> = plain
                            .iter()
                            .copied()
                            .filter(|m| matches!(m, Misfit::Element { .. }))
                            .collect();
                        prop_assert_eq!(unfit, element_misfits);
                        for limit in 0..3 {
                            prop_assert_eq!(
                                oriented.count_up_to(&board, color, (ai, aj), limit),
                                plain.len().min(limit + 1)
                            );
                        }
                        let on_board = ai >= 0 && aj >= 0 && ai < size as i32 && aj < size as i32;
                        if on_board {
                            let anchor = Point::new(ai as u8, aj as u8);
                            let matched = matches.iter().any(|m| m.anchor == anchor && m.transform == t);
                            prop_assert_eq!(plain.is_empty(), matched, "{:?} {:?}", t, (ai, aj));
                        } else {
                            prop_assert!(!plain.is_empty());
                        }
                    }
                }
            }
        }

        /// Changing k points of a matching placement to contents their
        /// elements refuse gives exactly k misfits.
        #[test]
        fn k_changed_points_are_k_misfits(
            cells in proptest::collection::vec(0u8..4, 81),
            changes in proptest::collection::vec((0usize..16, 0u8..3), 0..5),
            ll in 0u8..8,
        ) {
            let size = 9;
            let mut board = board_from(size, &cells);
            let anchor = Point::new(4, 4);
            board.set(anchor, Cell::Black);
            let pattern = cut_pattern(&board, Color::Black, anchor, (3, 6), (3, 6), 0).unwrap();
            // The cut turned by `t` fits the turned board at the turned
            // anchor.
            let t = Transform::new(ll).unwrap();
            let turned = crate::construct::transformed_pattern(&pattern, t);
            let oriented = Oriented::new(&turned, Transform::IDENTITY, size);
            let turned_board = crate::construct::transformed_board(&board, t);
            let turned_anchor = crate::construct::transformed_point(anchor, t, size);
            let at = (turned_anchor.i as i32, turned_anchor.j as i32);
            prop_assert!(oriented.misfits(&turned_board, Color::Black, at).is_empty());
            let mut changed = std::collections::BTreeSet::new();
            let mut edited = turned_board.clone();
            for (k, new) in changes {
                let p = Point::new(3 + (k / 4) as u8, 3 + (k % 4) as u8);
                let p = crate::construct::transformed_point(p, t, size);
                let old = turned_board.at(p);
                let cell = [Cell::Empty, Cell::Black, Cell::White][new as usize];
                if cell != old {
                    edited.set(p, cell);
                    changed.insert(p);
                } else {
                    edited.set(p, old);
                    changed.remove(&p);
                }
            }
            let misfits = oriented.misfits(&edited, Color::Black, at);
            let points: std::collections::BTreeSet<Point> =
                misfits.iter().filter_map(Misfit::point).collect();
            prop_assert_eq!(points, changed);
        }
    }
}
