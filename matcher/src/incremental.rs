//! Incremental scanning: the matches of one database in one colour mode
//! kept per anchor, so that after the board changes (a move, its
//! captures, a move taken back) only the anchors whose pattern extents
//! cover a changed point are scanned again.
//!
//! A placement at an anchor reads the anchor and the points under its
//! elements, nothing else (the range test depends on the board size
//! only). So the matches at anchor `a` can change only if some changed
//! point `c` has `c − a` among the *reach* of the database: the union of
//! the element offsets of every pattern under every transformation it is
//! tried with. The stored matches are the plain geometric ones; the goal
//! restriction and the class check depend on the caller's goal and
//! statuses and are applied when the matches are asked for, on the
//! current board, as a full scan applies them. The answer is the full
//! scan's list, in its order.

use crate::board::{MAX_BOARD, PackedBoard, Point};
use crate::grid::{AnchorRows, GridMatcher};
use crate::scan::{ColorMode, Match, ScanOptions, Scanner, anchor_admitted, goal_and_class_pass};

/// The matches of one database kept per anchor, brought up to date with
/// [`IncrementalMatches::update`].
#[derive(Debug)]
pub struct IncrementalMatches<'m, 'db> {
    /// The database's matcher.
    matcher: &'m GridMatcher<'db>,
    /// The colour mode matched in.
    mode: ColorMode,
    /// Offsets (from the anchor) of every point some placement reads.
    reach: Vec<(i32, i32)>,
    /// The board the stored matches are of.
    board: Option<PackedBoard>,
    /// Geometric matches per pass and anchor: `by_anchor[(pass * n + i) * n + j]`
    /// on a board of `n` lines.
    by_anchor: Vec<Vec<Match>>,
    /// Anchors scanned so far (full scans count every point).
    anchors_scanned: u64,
}

impl<'m, 'db> IncrementalMatches<'m, 'db> {
    /// An empty store for `matcher`'s database in `mode` (the first
    /// [`IncrementalMatches::update`] scans the whole board).
    pub fn new(matcher: &'m GridMatcher<'db>, mode: ColorMode) -> IncrementalMatches<'m, 'db> {
        let mut reach = vec![(0, 0)];
        for pattern in matcher.db().patterns.iter() {
            for ll in pattern.transformations() {
                let transform = crate::transform::Transform::ALL[ll as usize];
                reach.extend(
                    pattern
                        .elements
                        .iter()
                        .map(|e| e.offset.transformed(transform)),
                );
            }
        }
        reach.sort_unstable();
        reach.dedup();
        IncrementalMatches {
            matcher,
            mode,
            reach,
            board: None,
            by_anchor: Vec::new(),
            anchors_scanned: 0,
        }
    }

    /// The colour mode matched in.
    pub fn mode(&self) -> ColorMode {
        self.mode
    }

    /// Anchors scanned so far, over all updates.
    pub fn anchors_scanned(&self) -> u64 {
        self.anchors_scanned
    }

    /// Forgets the stored matches: the next update scans the whole board.
    pub fn forget(&mut self) {
        self.board = None;
    }

    /// Brings the stored matches up to `board`: a full scan the first
    /// time (or on another board size), else a scan of the anchors a
    /// changed point can affect.
    pub fn update(&mut self, board: &PackedBoard) {
        let n = board.size();
        let passes = self.mode.passes();
        let mut dirty: AnchorRows = [0; MAX_BOARD];
        match &self.board {
            Some(old) if old.size() == n => {
                let mut any = false;
                for c in old.changed_points(board) {
                    for &(di, dj) in &self.reach {
                        let (i, j) = (c.i as i32 - di, c.j as i32 - dj);
                        if board.contains(i, j) {
                            dirty[i as usize] |= 1 << j;
                            any = true;
                        }
                    }
                }
                if !any {
                    return;
                }
                for (i, &row) in dirty.iter().enumerate().take(n) {
                    for j in (0..n).filter(|&j| row >> j & 1 != 0) {
                        for pass in 0..passes.len() {
                            self.by_anchor[(pass * n + i) * n + j].clear();
                        }
                    }
                }
            }
            _ => {
                dirty.iter_mut().take(n).for_each(|row| *row = (1 << n) - 1);
                self.by_anchor = vec![Vec::new(); passes.len() * n * n];
            }
        }
        self.anchors_scanned += dirty
            .iter()
            .map(|row| u64::from(row.count_ones()))
            .sum::<u64>();
        let by_anchor = &mut self.by_anchor;
        self.matcher
            .scan_anchors(board, &ScanOptions::new(self.mode), &dirty, &mut |m| {
                let anchor_color = board.at(m.anchor).color();
                let pass = passes
                    .iter()
                    .position(|&(color, anchor)| color == m.color && Some(anchor) == anchor_color)
                    .expect("a match comes from one of the mode's passes");
                let (i, j) = (m.anchor.i as usize, m.anchor.j as usize);
                by_anchor[(pass * n + i) * n + j].push(m);
            });
        self.board = Some(board.clone());
    }

    /// The matches on the board of the last update under `options` (its
    /// mode must be this store's): what a full scan of that board with
    /// `options` returns, in the same order.
    pub fn matches(&self, options: &ScanOptions<'_>) -> Vec<Match> {
        assert_eq!(
            options.mode, self.mode,
            "matches asked in another colour mode"
        );
        let Some(board) = &self.board else {
            return Vec::new();
        };
        let db = self.matcher.db();
        self.by_anchor
            .iter()
            .flatten()
            .filter(|m| {
                anchor_admitted(options, m.anchor)
                    && goal_and_class_pass(
                        &db.patterns[m.pattern],
                        board,
                        m.color,
                        m.anchor,
                        m.transform,
                        options,
                    )
            })
            .copied()
            .collect()
    }

    /// Updates to `board` and returns its matches under `options` (kept
    /// out of line so that callgrind can count the owl's matching).
    #[inline(never)]
    pub fn matches_on(&mut self, board: &PackedBoard, options: &ScanOptions<'_>) -> Vec<Match> {
        self.update(board);
        self.matches(options)
    }

    /// The anchor points a change at `c` can affect.
    pub fn affected_anchors(&self, c: Point, size: usize) -> impl Iterator<Item = Point> + '_ {
        self.reach.iter().filter_map(move |&(di, dj)| {
            let (i, j) = (c.i as i32 - di, c.j as i32 - dj);
            (i >= 0 && j >= 0 && i < size as i32 && j < size as i32)
                .then(|| Point::new(i as u8, j as u8))
        })
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use proptest::prelude::*;

    use super::*;
    use crate::board::{Cell, Color};
    use crate::construct::cut_pattern;
    use crate::misfit::tests::board_from;
    use crate::pattern::PatternDb;
    use crate::scan::PointSet;

    /// Small windows cut around the stones of `board`: patterns that match
    /// there and, after changes, elsewhere or nowhere.
    fn cut_db(board: &PackedBoard) -> PatternDb {
        let n = board.size() as i32;
        let mut patterns = Vec::new();
        for p in board.points() {
            if board.at(p).color().is_none() || patterns.len() >= 12 {
                continue;
            }
            let (i, j) = (p.i as i32, p.j as i32);
            let rows = ((i - 1).max(0), (i + (patterns.len() as i32 % 3)).min(n - 1));
            let cols = ((j - 1).max(0), (j + 1).min(n - 1));
            let color = if patterns.len() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            patterns.extend(cut_pattern(board, color, p, rows, cols, 0));
        }
        PatternDb {
            patterns: Cow::Owned(patterns),
            ..PatternDb::EMPTY
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// After every change, and after changes taken back, the
        /// incremental matches are the full scan's, with and without a goal.
        #[test]
        fn incremental_equals_full_scan(
            size in 5usize..10,
            cells in proptest::collection::vec(0u8..4, 100),
            changes in proptest::collection::vec((0usize..100, 0u8..3), 1..12),
            both in any::<bool>(),
        ) {
            let start = board_from(size, &cells);
            let db = cut_db(&start);
            let matcher = GridMatcher::new(&db);
            let mode = if both { ColorMode::BothColors } else { ColorMode::Color(Color::Black) };
            let mut store = IncrementalMatches::new(&matcher, mode);
            let goal: PointSet = start.points().filter(|p| (p.i + p.j) % 3 == 0).collect();
            let mut history = vec![start.clone()];
            let mut board = start;
            for &(k, c) in &changes {
                let p = Point::new(((k / size) % size) as u8, (k % size) as u8);
                board.set(p, [Cell::Empty, Cell::Black, Cell::White][c as usize]);
                history.push(board.clone());
            }
            // Forward, then back (as moves taken back).
            let order = history.iter().chain(history.iter().rev());
            for b in order {
                for options in [ScanOptions::new(mode), ScanOptions::new(mode).with_goal(&goal, false)] {
                    let full = matcher.matches(b, &options);
                    prop_assert_eq!(store.matches_on(b, &options), full);
                }
            }
        }
    }

    #[test]
    fn an_unchanged_board_scans_nothing_again() {
        let board = board_from(7, &[1, 2, 0, 1, 0, 0, 2, 1, 1, 2, 0, 0, 1, 2]);
        let db = cut_db(&board);
        let matcher = GridMatcher::new(&db);
        let mut store = IncrementalMatches::new(&matcher, ColorMode::BothColors);
        store.update(&board);
        assert_eq!(store.anchors_scanned(), 49);
        store.update(&board);
        assert_eq!(store.anchors_scanned(), 49);
        let mut moved = board.clone();
        moved.set(Point::new(6, 6), Cell::Black);
        store.update(&moved);
        let affected = store.affected_anchors(Point::new(6, 6), 7).count() as u64;
        assert_eq!(store.anchors_scanned(), 49 + affected);
        assert!(affected < 49);
    }
}
