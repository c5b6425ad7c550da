//! Element extraction from the main diagram, GNU Go's element sort (an
//! unstable comb sort whose tie order is part of the compiled form) and
//! element dropping under `goal_elements` / `callback_data`
//! (compilation.md §3, §9).

use crate::ast::{ElementKind, ElementSet};
use crate::ir::{DbType, Rel};

/// An element as read from the diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiagramElement {
    /// Row.
    pub i: usize,
    /// Column.
    pub j: usize,
    /// Kind.
    pub kind: ElementKind,
    /// The character written (`*`, `Q`, `Y` are kept distinct here).
    pub ch: char,
}

impl DiagramElement {
    /// The position relative to `anchor`.
    pub fn rel(&self, anchor: (usize, usize)) -> Rel {
        Rel::new(
            self.i as i32 - anchor.0 as i32,
            self.j as i32 - anchor.1 as i32,
        )
    }
}

/// Every element of the diagram in reading order (`?` and unknown
/// characters make none).
pub fn extract<S: AsRef<str>>(rows: &[S]) -> Vec<DiagramElement> {
    let mut out = Vec::new();
    extract_into(rows, &mut out);
    out
}

/// [`extract`] into a reused vector (cleared first).
pub fn extract_into<S: AsRef<str>>(rows: &[S], out: &mut Vec<DiagramElement>) {
    out.clear();
    let cells: usize = rows.iter().map(|r| r.as_ref().len()).sum();
    out.reserve(cells);
    for (i, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        if row.is_ascii() {
            // One byte per column.
            for (j, &byte) in row.as_bytes().iter().enumerate() {
                let ch = char::from(byte);
                if let Some(kind) = ElementKind::from_diagram_char(ch) {
                    out.push(DiagramElement { i, j, kind, ch });
                }
            }
        } else {
            for (j, ch) in row.chars().enumerate() {
                if let Some(kind) = ElementKind::from_diagram_char(ch) {
                    out.push(DiagramElement { i, j, kind, ch });
                }
            }
        }
    }
}

/// GNU Go's sort rank: `,` `!` `X` `O` `a` `x` `o` `.`.
pub fn rank(kind: ElementKind) -> u8 {
    match kind {
        ElementKind::Comma => 0,
        ElementKind::Bang => 1,
        ElementKind::Opponent => 2,
        ElementKind::Own => 3,
        ElementKind::Obsolete => 4,
        ElementKind::OpponentOrEmpty => 5,
        ElementKind::OwnOrEmpty => 6,
        ElementKind::Empty => 7,
    }
}

/// GNU Go's comb sort (gap shrinking by `(10·gap + 3) / 13`), which is not
/// stable: the order of equal keys it produces is reproduced exactly.
pub fn comb_sort<T>(items: &mut [T], mut key: impl FnMut(&T) -> u8) {
    let n = items.len();
    let mut gap = n;
    loop {
        gap = (10 * gap + 3) / 13;
        let mut swapped = false;
        if gap > 0 {
            for a in 0..n.saturating_sub(gap) {
                let b = a + gap;
                if key(&items[a]) > key(&items[b]) {
                    items.swap(a, b);
                    swapped = true;
                }
            }
        }
        if gap <= 1 && !swapped {
            break;
        }
    }
}

/// [`comb_sort`] of packed words `key << 16 | index` by their key (the top
/// 16 bits): the same swaps, done without branches. A swap happens when the
/// first key is greater, i.e. when the first word exceeds the second word
/// with its index bits all set.
pub fn comb_sort_packed(words: &mut [u32]) {
    let n = words.len();
    let mut gap = n;
    loop {
        gap = (10 * gap + 3) / 13;
        let mut swapped = false;
        if gap > 0 && gap < n {
            for a in 0..n - gap {
                let (x, y) = (words[a], words[a + gap]);
                let swap = x > (y | 0xffff);
                words[a] = if swap { y } else { x };
                words[a + gap] = if swap { x } else { y };
                swapped |= swap;
            }
        }
        if gap <= 1 && !swapped {
            break;
        }
    }
}

/// Index bits of a [`comb_sort_short`] word: indices below 512 (a 19×19
/// diagram has 361 cells).
pub const SHORT_INDEX_BITS: u32 = 9;

/// The element indices `0..ranks.len()` in the order of GNU Go's comb sort
/// by rank (ties included), written to `order`.
pub fn gnugo_order(ranks: &[u8], order: &mut Vec<u32>) {
    order.clear();
    if ranks.len() < 1 << SHORT_INDEX_BITS {
        let mut words: Vec<i16> = Vec::with_capacity(ranks.len() + SHORT_PADDING);
        words.extend(
            ranks
                .iter()
                .enumerate()
                .map(|(k, &rank)| (i16::from(rank) << SHORT_INDEX_BITS) | k as i16),
        );
        comb_sort_short(&mut words);
        order.extend(words.iter().map(|&w| (w & SHORT_INDEX) as u32));
    } else {
        order.extend(
            ranks
                .iter()
                .enumerate()
                .map(|(k, &rank)| (u32::from(rank) << 16) | k as u32),
        );
        comb_sort_packed(order);
        for w in order.iter_mut() {
            *w &= 0xffff;
        }
    }
}

/// The rank-free bits of a [`comb_sort_short`] word.
const SHORT_INDEX: i16 = (1 << SHORT_INDEX_BITS) - 1;

/// Words of padding [`comb_sort_short`] appends while it runs: enough for a
/// block of comparisons to run past the end.
const SHORT_PADDING: usize = 16;

/// [`comb_sort`] of words `rank << 9 | index` (rank below 8, index below
/// 512, so every word is a non-negative `i16`) by rank: the same swaps.
///
/// Exact shortcuts:
/// * a pass with gap `g ≥ 8` runs in blocks of 8 consecutive comparisons,
///   which touch distinct words and read nothing another comparison of the
///   block writes, so they may run side by side (vectorised; narrower
///   blocks for smaller gaps compile to slower code than one at a time). The array is padded with [`i16::MAX`] words while the
///   sort runs, so the last block may run past the end: a comparison with a
///   padding word on the right never swaps;
/// * before each pass with a gap below 8, a sorted array ends the sort: no
///   later pass can swap anything, and the loop ends once the gap is 1.
pub fn comb_sort_short(words: &mut Vec<i16>) {
    let n = words.len();
    words.resize(n + SHORT_PADDING, i16::MAX);
    let mut gap = n;
    loop {
        gap = (10 * gap + 3) / 13;
        let mut swapped = false;
        if gap > 0 && gap < n {
            if gap < 8 && sorted_by_rank(&words[..n]) {
                break;
            }
            swapped = match gap {
                1 => pass_carried::<1>(words, n),
                2 => pass_carried::<2>(words, n),
                3 => pass_carried::<3>(words, n),
                4 => pass_carried::<4>(words, n),
                5 => pass_carried::<5>(words, n),
                6 => pass_carried::<6>(words, n),
                7 => pass_carried::<7>(words, n),
                _ => pass_blocks::<8>(words, n, gap),
            };
        }
        if gap <= 1 && !swapped {
            break;
        }
    }
    words.truncate(n);
}

/// One comb sort pass over `words[..n]` with gap `gap ≥ W`, in blocks of
/// `W` comparisons (`words` has at least `W` padding words after `n`);
/// whether anything was swapped.
fn pass_blocks<const W: usize>(words: &mut [i16], n: usize, gap: usize) -> bool {
    let mut swapped = false;
    let mut a = 0;
    while a < n - gap {
        let (low, high) = words.split_at_mut(a + gap);
        let (Ok(x), Ok(y)) = (
            <&mut [i16; W]>::try_from(&mut low[a..a + W]),
            <&mut [i16; W]>::try_from(&mut high[..W]),
        ) else {
            unreachable!("both windows hold W words")
        };
        swapped |= compare_exchange(x, y);
        a += W;
    }
    swapped
}

/// One comb sort pass over `words[..n]` with gap `G < 8`. The comparisons
/// of a pass form `G` chains (positions `r, r + G, r + 2G, …`) along which
/// a word is carried while it keeps being swapped forward; the carried
/// words stay in registers, so each comparison loads and stores one word.
/// Comparisons run on past `n - G` into the padding (at least `2G` words),
/// where they never swap and drop the carried words back in place.
fn pass_carried<const G: usize>(words: &mut [i16], n: usize) -> bool {
    let mut carried = [0i16; G];
    carried.copy_from_slice(&words[..G]);
    let mut swapped = false;
    let mut a = 0;
    while a < n {
        let mut ahead = [0i16; G];
        ahead.copy_from_slice(&words[a + G..a + 2 * G]);
        let Ok(here) = <&mut [i16; G]>::try_from(&mut words[a..a + G]) else {
            unreachable!("a chain's worth of words")
        };
        for i in 0..G {
            let (x, y) = (carried[i], ahead[i]);
            let swap = x > (y | SHORT_INDEX);
            here[i] = if swap { y } else { x };
            carried[i] = if swap { x } else { y };
            swapped |= swap;
        }
        a += G;
    }
    swapped
}

/// Lane by lane: swaps `x[i]` and `y[i]` when `x[i]`'s rank is greater;
/// whether any lane swapped. Written on local copies so that it compiles to
/// vector instructions.
fn compare_exchange<const W: usize>(x: &mut [i16; W], y: &mut [i16; W]) -> bool {
    let (xs, ys) = (*x, *y);
    let mut new_x = [0i16; W];
    let mut new_y = [0i16; W];
    let mut masks = [0i16; W];
    for i in 0..W {
        let mask = if xs[i] > (ys[i] | SHORT_INDEX) { -1 } else { 0 };
        let diff = (xs[i] ^ ys[i]) & mask;
        new_x[i] = xs[i] ^ diff;
        new_y[i] = ys[i] ^ diff;
        masks[i] = mask;
    }
    *x = new_x;
    *y = new_y;
    masks.iter().fold(0, |any, &m| any | m) != 0
}

/// Whether `rank << 9 | index` words are in non-decreasing rank order.
fn sorted_by_rank(words: &[i16]) -> bool {
    let Some(last) = words.len().checked_sub(1) else {
        return true;
    };
    let mut bad = 0i16;
    for (x, y) in words[..last].iter().zip(&words[1..]) {
        bad |= -i16::from(*x > (*y | SHORT_INDEX));
    }
    bad == 0
}

/// Which element kinds are still needed after a match: the global state set
/// by `goal_elements` and `callback_data` (db-format §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementFilter {
    /// Needed for goal checking.
    pub goal_needed: ElementSet,
    /// Needed by the callback.
    pub callback_needed: ElementSet,
}

impl Default for ElementFilter {
    /// Before any command every kind is needed.
    fn default() -> Self {
        ElementFilter {
            goal_needed: ElementSet(0xff),
            callback_needed: ElementSet(0xff),
        }
    }
}

impl ElementFilter {
    /// Applies `goal_elements SPEC` (`.` also re-enables `,` and `!`).
    pub fn set_goal(&mut self, spec: ElementSet) {
        let mut set = spec;
        if spec.contains(ElementKind::Empty) {
            set = set.with(ElementKind::Comma).with(ElementKind::Bang);
        }
        self.goal_needed = set;
    }

    /// Applies `callback_data SPEC`.
    pub fn set_callback(&mut self, spec: ElementSet) {
        self.callback_needed = spec;
    }

    /// Whether an element of `kind` may be omitted from a pattern of class
    /// `class` (conditions 1–3 of compilation.md §9.2).
    pub fn discardable(&self, kind: ElementKind, class: u32, fixed_anchor: bool) -> bool {
        const CLASS_O: u32 = 0x1;
        const CLASS_LOWER_O: u32 = 0x2;
        const CLASS_X: u32 = 0x4;
        const CLASS_LOWER_X: u32 = 0x8;
        let unneeded = (fixed_anchor || !self.goal_needed.contains(kind))
            && !self.callback_needed.contains(kind);
        let x_kept = class & (CLASS_X | CLASS_LOWER_X) != 0
            && matches!(kind, ElementKind::Opponent | ElementKind::OpponentOrEmpty);
        let o_kept = class & (CLASS_O | CLASS_LOWER_O) != 0
            && matches!(kind, ElementKind::Own | ElementKind::OwnOrEmpty);
        unneeded && !x_kept && !o_kept
    }
}

/// Whether a discardable element at `rel` (relative to the anchor, before
/// any hint) is actually dropped in mode `db_type` (condition 4).
pub fn dropped_in_mode(db_type: DbType, rel: Rel) -> bool {
    match db_type {
        DbType::General | DbType::Connection => rel.di.abs() <= 1 && rel.dj.abs() <= 1,
        DbType::Dfa => true,
        DbType::Corner | DbType::Fullboard => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn kinds(text: &str) -> Vec<ElementKind> {
        text.chars()
            .map(|c| ElementKind::from_diagram_char(c).unwrap())
            .collect()
    }

    #[test]
    fn extraction_skips_question_marks_and_keeps_reading_order() {
        let els = extract(&["?X..", "O*Oo", "xo.,"]);
        assert_eq!(els.len(), 11);
        assert_eq!(
            (els[0].i, els[0].j, els[0].kind),
            (0, 1, ElementKind::Opponent)
        );
        assert_eq!((els[4].i, els[4].j, els[4].ch), (1, 1, '*'));
        assert_eq!(els[4].kind, ElementKind::Empty);
    }

    #[test]
    fn non_ascii_cells_count_as_one_column() {
        let els = extract(&["é.X", "O"]);
        let at: Vec<(usize, usize, char)> = els.iter().map(|e| (e.i, e.j, e.ch)).collect();
        assert_eq!(at, vec![(0, 1, '.'), (0, 2, 'X'), (1, 0, 'O')]);
    }

    #[test]
    fn sort_example_of_db_format_10() {
        // The two `o` elements come out as (2,1) before (1,3).
        let mut els = extract(&["?X..", "O*Oo", "xo.,"]);
        comb_sort(&mut els, |e| rank(e.kind));
        let os: Vec<(usize, usize)> = els
            .iter()
            .filter(|e| e.kind == ElementKind::OwnOrEmpty)
            .map(|e| (e.i, e.j))
            .collect();
        assert_eq!(os, vec![(2, 1), (1, 3)]);
        assert_eq!(els[0].kind, ElementKind::Comma);
    }

    #[test]
    fn comb_sort_is_not_stable() {
        // Indices tag equal keys; a stable sort would keep 0 before 1.
        let mut items: Vec<(u8, usize)> = vec![(1, 0), (1, 1), (0, 2)];
        comb_sort(&mut items, |x| x.0);
        assert_eq!(items, vec![(0, 2), (1, 1), (1, 0)]);
    }

    proptest! {
        #[test]
        fn comb_sort_sorts_and_permutes(keys in proptest::collection::vec(0u8..8, 0..60)) {
            let mut items: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            comb_sort(&mut items, |x| x.0);
            let sorted: Vec<u8> = items.iter().map(|x| x.0).collect();
            let mut reference = keys.clone();
            reference.sort();
            prop_assert_eq!(sorted, reference);
            let mut ids: Vec<usize> = items.iter().map(|x| x.1).collect();
            ids.sort();
            prop_assert_eq!(ids, (0..keys.len()).collect::<Vec<_>>());
        }
    }

    proptest! {
        #[test]
        fn packed_comb_sort_swaps_like_comb_sort(keys in proptest::collection::vec(0u32..8, 0..120)) {
            let mut words: Vec<u32> = keys.iter().enumerate().map(|(k, &key)| key << 16 | k as u32).collect();
            let mut reference = words.clone();
            comb_sort(&mut reference, |&w| (w >> 16) as u8);
            comb_sort_packed(&mut words);
            prop_assert_eq!(words, reference);
        }
    }

    proptest! {
        #[test]
        fn short_comb_sort_swaps_like_comb_sort(
            keys in proptest::collection::vec(
                proptest::prop_oneof![0u8..8, 0u8..2, Just(7u8)],
                0..400,
            ),
        ) {
            let mut reference: Vec<(u8, u32)> = keys.iter().copied().zip(0..).collect();
            comb_sort(&mut reference, |x| x.0);
            let mut order = Vec::new();
            gnugo_order(&keys, &mut order);
            let expected: Vec<u32> = reference.iter().map(|x| x.1).collect();
            prop_assert_eq!(order, expected);
        }
    }

    #[test]
    fn large_inputs_take_the_wide_path() {
        let keys: Vec<u8> = (0..700u32).map(|k| (k * 7 % 8) as u8).collect();
        let mut reference: Vec<(u8, u32)> = keys.iter().copied().zip(0..).collect();
        comb_sort(&mut reference, |x| x.0);
        let mut order = Vec::new();
        gnugo_order(&keys, &mut order);
        assert_eq!(order, reference.iter().map(|x| x.1).collect::<Vec<_>>());
    }

    #[test]
    fn sortedness_check_sees_every_pair() {
        for n in [1usize, 2, 63, 64, 65, 130] {
            for bad in 0..n.saturating_sub(1) {
                let mut words: Vec<i16> =
                    (0..n as i16).map(|k| (1 << SHORT_INDEX_BITS) | k).collect();
                assert!(sorted_by_rank(&words));
                words[bad] = (2 << SHORT_INDEX_BITS) | bad as i16;
                assert!(!sorted_by_rank(&words), "n {n}, bad {bad}");
            }
        }
    }

    #[test]
    fn dropping_rules() {
        let mut filter = ElementFilter::default();
        for kind in kinds(".XOxo,!") {
            assert!(
                !filter.discardable(kind, 0, false),
                "nothing before commands"
            );
        }
        filter.set_goal(ElementSet(0));
        filter.set_callback(ElementSet(0).with(ElementKind::Opponent));
        assert!(filter.discardable(ElementKind::Own, 0, false));
        assert!(!filter.discardable(ElementKind::Opponent, 0, false));
        // Class O keeps O and o elements, class x keeps X and x.
        assert!(!filter.discardable(ElementKind::Own, 0x1, false));
        assert!(!filter.discardable(ElementKind::OwnOrEmpty, 0x2, false));
        assert!(!filter.discardable(ElementKind::OpponentOrEmpty, 0x8, false));
        assert!(filter.discardable(ElementKind::OpponentOrEmpty, 0x1, false));
        // goal_elements `.` keeps `,` and `!` too; -a ignores goal needs.
        filter.set_goal(ElementSet(0).with(ElementKind::Empty));
        assert!(!filter.discardable(ElementKind::Bang, 0, false));
        assert!(!filter.discardable(ElementKind::Comma, 0, false));
        assert!(filter.discardable(ElementKind::Comma, 0, true));
        // Mode rule: 3x3 square in -p/-c, everywhere in -D, never in -C/-f.
        assert!(dropped_in_mode(DbType::General, Rel::new(1, -1)));
        assert!(!dropped_in_mode(DbType::Connection, Rel::new(2, 0)));
        assert!(dropped_in_mode(DbType::Dfa, Rel::new(5, 5)));
        assert!(!dropped_in_mode(DbType::Fullboard, Rel::new(0, 1)));
    }
}
