//! The grid-filtered matcher: GNU Go's 4×4 merged-value pre-filter, made
//! cheaper by bucketing and bit sets.
//!
//! Every (pattern, transformation) placement is put in the buckets of the
//! 10-bit keys (the anchor and its four neighbours) its grid masks accept.
//! For an anchor the matcher reads the merged 32-bit window value once and
//! looks at one bucket; per bucket, each of the eleven other window cells
//! and each board value has a bit set of the candidates accepting it, so
//! and-ing eleven sets yields exactly the candidates passing GNU Go's grid
//! test, in GNU Go's order (pattern table order, then transformation).
//! These then pass a precomputed range test and the element tests the
//! window did not already decide. Tables that depend on the board size (the
//! edge fix-up of the extents) are built once per size, on first use.
//!
//! In debug builds every scan is repeated with the
//! [`ReferenceMatcher`](crate::reference::ReferenceMatcher) and the two
//! match lists must be identical, so whatever the filter rejects is
//! confirmed by the plain matcher.

use std::sync::OnceLock;

use crate::board::{Cell, Color, MAX_BOARD, PackedBoard, Point};
use crate::pattern::{ElementKind, PatternDb};
use crate::scan::{Match, ScanOptions, Scanner, anchor_admitted, goal_and_class_pass};
use crate::transform::Transform;

/// Row stride of the byte board used for element tests.
const STRIDE: i32 = 32;
/// Bits of the bucket key.
const KEY_BITS: u32 = 10;
/// Number of buckets.
const KEYS: usize = 1 << KEY_BITS;
/// Bit position of window cell `(di, dj)` in a merged value.
const fn cell_shift(di: i32, dj: i32) -> u32 {
    (30 - 8 * (di + 1) - 2 * (dj + 1)) as u32
}
/// Bit position of the anchor cell.
const ANCHOR_SHIFT: u32 = cell_shift(0, 0);

/// The bucket key of a merged value (or of a mask): cells (−1,0), (0,−1),
/// (0,0), (0,1) and (1,0).
#[inline]
const fn key_of(value: u32) -> usize {
    ((((value >> cell_shift(-1, 0)) & 3) << 8)
        | (((value >> cell_shift(0, 1)) & 0x3f) << 2)
        | ((value >> cell_shift(1, 0)) & 3)) as usize
}

/// The grid mask codes `(and, val)` of an element kind (compilation.md §8).
pub const fn mask_codes(kind: ElementKind) -> (u32, u32) {
    match kind {
        ElementKind::Empty | ElementKind::Comma | ElementKind::Obsolete | ElementKind::Bang => {
            (3, 0)
        }
        ElementKind::Opponent => (3, 2),
        ElementKind::Own => (3, 1),
        ElementKind::OpponentOrEmpty => (1, 0),
        ElementKind::OwnOrEmpty => (2, 0),
    }
}

/// The grid masks `(and_mask, val_mask)` of a pattern with these elements,
/// for each of the eight transformations (compilation.md §8, no hint).
pub fn grid_masks(elements: &[crate::pattern::Element]) -> ([u32; 8], [u32; 8]) {
    let mut and_masks = [0u32; 8];
    let mut val_masks = [0u32; 8];
    for transform in Transform::ALL {
        let ll = transform.number() as usize;
        for element in elements {
            let (ti, tj) = element.offset.transformed(transform);
            if (-1..=2).contains(&ti) && (-1..=2).contains(&tj) {
                let (and_code, val_code) = mask_codes(element.kind);
                and_masks[ll] |= and_code << cell_shift(ti, tj);
                val_masks[ll] |= val_code << cell_shift(ti, tj);
            }
        }
    }
    (and_masks, val_masks)
}

/// A set of anchors: bit `j` of row `i` for anchor `(i, j)`.
pub type AnchorRows = [u32; MAX_BOARD];

/// Index of a colour in per-colour tables.
#[inline]
const fn color_index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// One element test left after the window: a byte-board delta and the
/// board codes it accepts, per matched colour.
#[derive(Debug, Clone, Copy)]
struct Step {
    delta: i32,
    /// Bit `code` set if board code `code` fits; indexed by [`color_index`].
    accept: [u8; 2],
}

/// A pattern under one transformation, independent of the board size.
#[derive(Debug, Clone)]
struct Placement {
    pattern: u32,
    transform: Transform,
    and_mask: u32,
    val_mask: u32,
    /// The element tests the masks do not decide: `steps[first..end]`.
    steps_first: u32,
    steps_end: u32,
    /// Whether the pattern takes part in the dragon-status class check.
    has_status_class: bool,
    /// Bounding box `(min_i, max_i, min_j, max_j)` of the transformed
    /// stored elements: an element off the board never fits, so anchors
    /// putting one off the board are excluded with the range test.
    element_box: (i32, i32, i32, i32),
}

/// A bucket entry: placement and the anchors allowed by the range test on
/// one board size (inclusive rows / columns).
#[derive(Debug, Clone, Copy)]
struct Candidate {
    placement: u32,
    i_min: u8,
    i_max: u8,
    j_min: u8,
    j_max: u8,
}

/// The buckets for one board size.
///
/// Bucket `k` holds every placement whose masks accept key `k` on the five
/// key cells. For the other eleven window cells it has, per cell and board
/// value, a bit set over its candidates (bit set = the candidate's masks
/// accept that value there); and-ing the eleven sets chosen by the board
/// leaves exactly the candidates that pass the full grid test.
#[derive(Debug)]
struct SizeTable {
    /// `candidates[bucket_start[k]..bucket_start[k + 1]]` is bucket `k`.
    bucket_start: Vec<u32>,
    candidates: Vec<Candidate>,
    /// Bucket `k`'s bit sets start at `bits[bits_start[k]]`: for other cell
    /// `c` and value `v`, words `(c * 4 + v) * words .. + words` where
    /// `words` = ceil(bucket length / 64).
    bits_start: Vec<u32>,
    bits: Vec<u64>,
}

/// The window cells that are not part of the key, as bit shifts.
const OTHER_SHIFTS: [u32; 11] = {
    let mut shifts = [0u32; 11];
    let mut n = 0;
    let mut di = -1;
    while di <= 2 {
        let mut dj = -1;
        while dj <= 2 {
            let in_key = (di == 0 && dj >= -1 && dj <= 1) || (dj == 0 && (di == -1 || di == 1));
            if !in_key {
                shifts[n] = cell_shift(di, dj);
                n += 1;
            }
            dj += 1;
        }
        di += 1;
    }
    shifts
};

/// The grid-filtered scanning engine over one database.
#[derive(Debug)]
pub struct GridMatcher<'db> {
    db: &'db PatternDb,
    placements: Vec<Placement>,
    steps: Vec<Step>,
    by_size: [OnceLock<SizeTable>; MAX_BOARD],
    /// Compare every scan with the reference matcher (debug builds).
    cross_check: bool,
}

impl<'db> GridMatcher<'db> {
    /// Prepares `db` for scanning.
    pub fn new(db: &'db PatternDb) -> GridMatcher<'db> {
        let mut placements = Vec::new();
        let mut steps = Vec::new();
        for (index, pattern) in db.patterns.iter().enumerate() {
            let required_anchor = if pattern.anchored_at_x { 2 } else { 1 };
            for ll in pattern.transformations() {
                let transform = Transform::ALL[ll as usize];
                let (mut and_mask, mut val_mask) =
                    (pattern.and_mask[ll as usize], pattern.val_mask[ll as usize]);
                let anchor_and = (and_mask >> ANCHOR_SHIFT) & 3;
                let anchor_val = (val_mask >> ANCHOR_SHIFT) & 3;
                if required_anchor & anchor_and != anchor_val {
                    continue; // the masks contradict the anchor colour
                }
                and_mask |= 3 << ANCHOR_SHIFT;
                val_mask = (val_mask & !(3 << ANCHOR_SHIFT)) | (required_anchor << ANCHOR_SHIFT);
                if val_mask & !and_mask != 0 {
                    continue; // unsatisfiable masks
                }
                let mut element_box = (0, 0, 0, 0);
                for element in pattern.elements.iter() {
                    let (ti, tj) = element.offset.transformed(transform);
                    element_box = (
                        element_box.0.min(ti),
                        element_box.1.max(ti),
                        element_box.2.min(tj),
                        element_box.3.max(tj),
                    );
                }
                let steps_first = steps.len() as u32;
                for element in pattern.elements.iter() {
                    let (ti, tj) = element.offset.transformed(transform);
                    let in_window = (-1..=2).contains(&ti) && (-1..=2).contains(&tj);
                    if in_window {
                        let shift = cell_shift(ti, tj);
                        let codes = ((and_mask >> shift) & 3, (val_mask >> shift) & 3);
                        if codes == mask_codes(element.kind) {
                            continue; // decided by the window test
                        }
                    }
                    let mut accept = [0u8; 2];
                    for color in [Color::Black, Color::White] {
                        for code in 0..3u8 {
                            let content = Cell::from_code(code as u64).relative_to(color);
                            if element.kind.accepts(content) {
                                accept[color_index(color)] |= 1 << code;
                            }
                        }
                    }
                    steps.push(Step {
                        delta: ti * STRIDE + tj,
                        accept,
                    });
                }
                placements.push(Placement {
                    pattern: index as u32,
                    transform,
                    and_mask,
                    val_mask,
                    steps_first,
                    steps_end: steps.len() as u32,
                    element_box,
                    has_status_class: pattern.class.0 & crate::pattern::PatternClass::STATUS_BITS
                        != 0,
                });
            }
        }
        GridMatcher {
            db,
            placements,
            steps,
            by_size: std::array::from_fn(|_| OnceLock::new()),
            cross_check: cfg!(debug_assertions),
        }
    }

    /// Turns the debug-build comparison with the reference matcher on or
    /// off (it is on by default in debug builds, off in release builds).
    pub fn with_cross_check(mut self, on: bool) -> Self {
        self.cross_check = on;
        self
    }

    /// Number of (pattern, transformation) placements.
    pub fn placement_count(&self) -> usize {
        self.placements.len()
    }

    fn size_table(&self, size: usize) -> &SizeTable {
        self.by_size[size - 1].get_or_init(|| self.build_size_table(size))
    }

    fn build_size_table(&self, size: usize) -> SizeTable {
        let n = size as i32;
        let mut entries: Vec<(usize, Candidate)> = Vec::new();
        for (index, placement) in self.placements.iter().enumerate() {
            let pattern = &self.db.patterns[placement.pattern as usize];
            let extents = pattern.extents_for_board(n);
            let (ai, aj) = placement.transform.apply(extents.mini, extents.minj);
            let (bi, bj) = placement.transform.apply(extents.maxi, extents.maxj);
            // Anchors for which both corners and every element are on the
            // board.
            let (lo_i, hi_i, lo_j, hi_j) = placement.element_box;
            let i_min = 0.max(-ai).max(-bi).max(-lo_i);
            let i_max = (n - 1).min(n - 1 - ai).min(n - 1 - bi).min(n - 1 - hi_i);
            let j_min = 0.max(-aj).max(-bj).max(-lo_j);
            let j_max = (n - 1).min(n - 1 - aj).min(n - 1 - bj).min(n - 1 - hi_j);
            if i_min > i_max || j_min > j_max {
                continue;
            }
            let candidate = Candidate {
                placement: index as u32,
                i_min: i_min as u8,
                i_max: i_max as u8,
                j_min: j_min as u8,
                j_max: j_max as u8,
            };
            let key_and = key_of(placement.and_mask);
            let key_val = key_of(placement.val_mask);
            let free = !key_and & (KEYS - 1);
            let mut subset = free;
            loop {
                entries.push((key_val | subset, candidate));
                if subset == 0 {
                    break;
                }
                subset = (subset - 1) & free;
            }
        }
        // Stable sort by key keeps (pattern, transformation) order per bucket.
        entries.sort_by_key(|&(key, _)| key);
        let mut bucket_start = vec![0u32; KEYS + 1];
        for &(key, _) in &entries {
            bucket_start[key + 1] += 1;
        }
        for k in 0..KEYS {
            bucket_start[k + 1] += bucket_start[k];
        }
        let candidates: Vec<Candidate> = entries.into_iter().map(|(_, c)| c).collect();
        let mut bits_start = vec![0u32; KEYS + 1];
        let mut bits: Vec<u64> = Vec::new();
        for key in 0..KEYS {
            let bucket = &candidates[bucket_start[key] as usize..bucket_start[key + 1] as usize];
            let words = bucket.len().div_ceil(64);
            let base = bits.len();
            bits.resize(base + OTHER_SHIFTS.len() * 4 * words, 0);
            for (n, candidate) in bucket.iter().enumerate() {
                let placement = &self.placements[candidate.placement as usize];
                for (c, &shift) in OTHER_SHIFTS.iter().enumerate() {
                    let and_code = (placement.and_mask >> shift) & 3;
                    let val_code = (placement.val_mask >> shift) & 3;
                    for value in 0..4u32 {
                        if value & and_code == val_code {
                            bits[base + (c * 4 + value as usize) * words + n / 64] |= 1 << (n % 64);
                        }
                    }
                }
            }
            bits_start[key + 1] = bits.len() as u32;
        }
        SizeTable {
            bucket_start,
            candidates,
            bits_start,
            bits,
        }
    }

    /// Scans the anchors of `anchors` only (bit `j` of `anchors[i]` for
    /// anchor `(i, j)`), in the order of a full scan restricted to them:
    /// what an incremental scan ([`crate::incremental`]) rescans after the
    /// board changed.
    pub fn scan_anchors(
        &self,
        board: &PackedBoard,
        options: &ScanOptions<'_>,
        anchors: &AnchorRows,
        on_match: &mut dyn FnMut(Match),
    ) {
        if !self.cross_check {
            self.scan_fast(board, options, Some(anchors), on_match);
            return;
        }
        let mut found = Vec::new();
        self.scan_fast(board, options, Some(anchors), &mut |m| {
            found.push(m);
            on_match(m);
        });
        let reference: Vec<Match> = crate::reference::ReferenceMatcher::new(self.db)
            .matches(board, options)
            .into_iter()
            .filter(|m| anchors[m.anchor.i as usize] >> m.anchor.j & 1 != 0)
            .collect();
        assert_eq!(
            found, reference,
            "grid matcher disagrees with the reference matcher"
        );
    }

    /// Scans without the debug comparison (all anchors, or those of
    /// `anchors`).
    fn scan_fast(
        &self,
        board: &PackedBoard,
        options: &ScanOptions<'_>,
        anchors: Option<&AnchorRows>,
        on_match: &mut dyn FnMut(Match),
    ) {
        let size = board.size();
        let table = self.size_table(size);
        let mut cells = [3u8; (STRIDE as usize) * MAX_BOARD];
        for p in board.points() {
            cells[p.i as usize * STRIDE as usize + p.j as usize] = board.at(p) as u8;
        }
        let slow_checks = options.goal.is_some() || options.dragon_status.is_some();
        for &(color, anchor_color) in options.mode.passes() {
            let anchor_cell = anchor_color.stone() as u8;
            let ci = color_index(color);
            for i in 0..size {
                let row_anchors = anchors.map_or(u32::MAX, |rows| rows[i]);
                if row_anchors == 0 {
                    continue;
                }
                for j in 0..size {
                    let here = i * STRIDE as usize + j;
                    if cells[here] != anchor_cell || row_anchors >> j & 1 == 0 {
                        continue;
                    }
                    let anchor = Point::new(i as u8, j as u8);
                    if !anchor_admitted(options, anchor) {
                        continue;
                    }
                    let merged = board.merged_value(i, j, color);
                    let key = key_of(merged);
                    let bucket = &table.candidates
                        [table.bucket_start[key] as usize..table.bucket_start[key + 1] as usize];
                    if bucket.is_empty() {
                        continue;
                    }
                    let words = bucket.len().div_ceil(64);
                    let base = table.bits_start[key] as usize;
                    let sets: [&[u64]; 11] = std::array::from_fn(|c| {
                        let value = ((merged >> OTHER_SHIFTS[c]) & 3) as usize;
                        let start = base + (c * 4 + value) * words;
                        &table.bits[start..start + words]
                    });
                    let (iu, ju) = (i as u8, j as u8);
                    for word in 0..words {
                        let mut survivors = sets.iter().fold(!0u64, |acc, set| acc & set[word]);
                        while survivors != 0 {
                            let candidate =
                                &bucket[word * 64 + survivors.trailing_zeros() as usize];
                            survivors &= survivors - 1;
                            if iu < candidate.i_min
                                || iu > candidate.i_max
                                || ju < candidate.j_min
                                || ju > candidate.j_max
                            {
                                continue;
                            }
                            let placement = &self.placements[candidate.placement as usize];
                            let steps = &self.steps
                                [placement.steps_first as usize..placement.steps_end as usize];
                            let fits = steps.iter().all(|step| {
                                let code = cells[(here as i32 + step.delta) as usize];
                                step.accept[ci] >> code & 1 != 0
                            });
                            if !fits {
                                continue;
                            }
                            let pattern = &self.db.patterns[placement.pattern as usize];
                            if slow_checks
                                && (options.goal.is_some() || placement.has_status_class)
                                && !goal_and_class_pass(
                                    pattern,
                                    board,
                                    color,
                                    anchor,
                                    placement.transform,
                                    options,
                                )
                            {
                                continue;
                            }
                            on_match(Match::new(
                                placement.pattern as usize,
                                pattern,
                                color,
                                anchor,
                                placement.transform,
                                size,
                            ));
                        }
                    }
                }
            }
        }
    }
}

impl Scanner for GridMatcher<'_> {
    fn db(&self) -> &PatternDb {
        self.db
    }

    fn scan(
        &self,
        board: &PackedBoard,
        options: &ScanOptions<'_>,
        on_match: &mut dyn FnMut(Match),
    ) {
        if !self.cross_check {
            self.scan_fast(board, options, None, on_match);
            return;
        }
        let mut found = Vec::new();
        self.scan_fast(board, options, None, &mut |m| {
            found.push(m);
            on_match(m);
        });
        let reference = crate::reference::ReferenceMatcher::new(self.db).matches(board, options);
        assert_eq!(
            found, reference,
            "grid matcher disagrees with the reference matcher"
        );
    }
}
