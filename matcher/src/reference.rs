//! The plain reference matcher: for every anchor, pattern and
//! transformation it tests the anchor colour, the range, the sixteen grid
//! cells one by one and every stored element, straight from the
//! definitions of matching-semantics §2. Slow and obviously right; every
//! faster engine is checked against it.

use crate::board::{Color, PackedBoard, Point};
use crate::pattern::{Pattern, PatternDb};
use crate::scan::{
    Match, ScanOptions, Scanner, anchor_admitted, goal_and_class_pass, is_stone, offset_point,
};
use crate::transform::Transform;

/// The element-by-element matcher.
#[derive(Debug, Clone)]
pub struct ReferenceMatcher<'db> {
    db: &'db PatternDb,
}

impl<'db> ReferenceMatcher<'db> {
    /// A matcher over `db`.
    pub fn new(db: &'db PatternDb) -> ReferenceMatcher<'db> {
        ReferenceMatcher { db }
    }
}

/// Whether the grid masks of `pattern` for `transform` accept the board
/// around `anchor`, testing each of the 16 window cells separately
/// (compilation.md §8, without the merged-value trick).
pub fn grid_cells_fit(
    pattern: &Pattern,
    board: &PackedBoard,
    color: Color,
    anchor: Point,
    transform: Transform,
) -> bool {
    let ll = transform.number() as usize;
    let (and_mask, val_mask) = (pattern.and_mask[ll], pattern.val_mask[ll]);
    for di in -1..=2 {
        for dj in -1..=2 {
            let shift = 30 - 8 * (di + 1) - 2 * (dj + 1);
            let and_code = (and_mask >> shift) & 3;
            let val_code = (val_mask >> shift) & 3;
            let content = board
                .cell(anchor.i as i32 + di, anchor.j as i32 + dj)
                .relative_to(color);
            if (content as u32) & and_code != val_code {
                return false;
            }
        }
    }
    true
}

/// Whether `pattern` placed at `anchor` with `transform` fits the board for
/// `color`: range (after the board-size fix-up) and every stored element.
/// The anchor colour and the grid masks are not tested here.
pub fn placement_fits(
    pattern: &Pattern,
    board: &PackedBoard,
    color: Color,
    anchor: Point,
    transform: Transform,
) -> bool {
    let size = board.size();
    let extents = pattern.extents_for_board(size as i32);
    let n = size as i32;
    for (i, j) in [(extents.mini, extents.minj), (extents.maxi, extents.maxj)] {
        let (ti, tj) = transform.apply(i, j);
        let (bi, bj) = (anchor.i as i32 + ti, anchor.j as i32 + tj);
        if bi < 0 || bj < 0 || bi >= n || bj >= n {
            return false;
        }
    }
    pattern.elements.iter().all(|element| {
        match offset_point(anchor, transform, element.offset, size) {
            Some(p) => element.kind.accepts(board.at(p).relative_to(color)),
            // Cannot happen for a well-formed pattern (elements lie inside
            // the extents); an element off the board never fits.
            None => false,
        }
    })
}

/// Whether the anchor of `pattern` may be a stone of colour `anchor_color`
/// when matching for `color`.
#[inline]
pub fn anchor_color_fits(pattern: &Pattern, color: Color, anchor_color: Color) -> bool {
    (anchor_color != color) == pattern.anchored_at_x
}

impl Scanner for ReferenceMatcher<'_> {
    fn db(&self) -> &PatternDb {
        self.db
    }

    fn scan(
        &self,
        board: &PackedBoard,
        options: &ScanOptions<'_>,
        on_match: &mut dyn FnMut(Match),
    ) {
        for &(color, anchor_color) in options.mode.passes() {
            for anchor in board.points() {
                if !is_stone(board.at(anchor), anchor_color) || !anchor_admitted(options, anchor) {
                    continue;
                }
                for (index, pattern) in self.db.patterns.iter().enumerate() {
                    if !anchor_color_fits(pattern, color, anchor_color) {
                        continue;
                    }
                    for ll in pattern.transformations() {
                        let transform = Transform::ALL[ll as usize];
                        if grid_cells_fit(pattern, board, color, anchor, transform)
                            && placement_fits(pattern, board, color, anchor, transform)
                            && goal_and_class_pass(
                                pattern, board, color, anchor, transform, options,
                            )
                        {
                            on_match(Match::new(
                                index,
                                pattern,
                                color,
                                anchor,
                                transform,
                                board.size(),
                            ));
                        }
                    }
                }
            }
        }
    }
}
