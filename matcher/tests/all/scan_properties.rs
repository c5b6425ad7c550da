//! Property tests of the scanning engines on random boards of random sizes
//! with random patterns:
//! - the grid matcher reports exactly what the reference matcher reports,
//!   in the same order, in every colour mode, with goals and class checks;
//! - turning board and pattern together never changes the placements;
//! - a pattern cut out of a board always matches that board.

use std::borrow::Cow;
use std::collections::BTreeMap;

use matcher::board::{Cell, Color, PackedBoard, Point};
use matcher::construct::{
    cut_pattern, pattern_from_elements, transformed_board, transformed_pattern, transformed_point,
};
use matcher::grid::GridMatcher;
use matcher::pattern::{DbKind, EdgeConstraints, Element, ElementKind, Offset, Pattern, PatternDb};
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, DragonStatus, PointSet, ScanOptions, Scanner};
use matcher::transform::Transform;
use proptest::prelude::*;

fn board_strategy() -> impl Strategy<Value = PackedBoard> {
    prop_oneof![4 => 1usize..=9, 2 => 10usize..=19, 1 => Just(25usize)]
        .prop_flat_map(|size| {
            let cells = proptest::collection::vec(
                prop_oneof![2 => Just(Cell::Empty), 1 => Just(Cell::Black), 1 => Just(Cell::White)],
                size * size,
            );
            (Just(size), cells)
        })
        .prop_map(|(size, cells)| {
            let mut board = PackedBoard::new(size).unwrap();
            for (k, cell) in cells.into_iter().enumerate() {
                board.set(Point::new((k / size) as u8, (k % size) as u8), cell);
            }
            board
        })
}

/// A kind for a non-anchor cell; `None` is `?` (no element).
fn cell_kind() -> impl Strategy<Value = Option<ElementKind>> {
    prop_oneof![
        6 => Just(None),
        3 => Just(Some(ElementKind::Empty)),
        1 => Just(Some(ElementKind::Opponent)),
        1 => Just(Some(ElementKind::Own)),
        1 => Just(Some(ElementKind::OpponentOrEmpty)),
        1 => Just(Some(ElementKind::OwnOrEmpty)),
        1 => Just(Some(ElementKind::Comma)),
        1 => Just(Some(ElementKind::Bang)),
    ]
}

/// A random pattern in a rectangle of up to 5×5 cells.
fn pattern_strategy(
    edge_bits: BoxedStrategy<u8>,
    trfnos: &'static [u8],
) -> impl Strategy<Value = Pattern> {
    (1usize..=5, 1usize..=5)
        .prop_flat_map(move |(rows, cols)| {
            (
                Just((rows, cols)),
                0..rows,
                0..cols,
                any::<bool>(),
                proptest::collection::vec(cell_kind(), rows * cols),
                0..rows * cols,
                proptest::sample::select(trfnos),
            )
        })
        .prop_flat_map(move |args| (Just(args), edge_bits.clone()))
        .prop_map(
            |(((rows, cols), ci, cj, x_anchor, kinds, move_cell, trfno), edges)| {
                let mut elements = Vec::new();
                for (k, kind) in kinds.into_iter().enumerate() {
                    let (i, j) = (k / cols, k % cols);
                    let kind = if (i, j) == (ci, cj) {
                        Some(if x_anchor {
                            ElementKind::Opponent
                        } else {
                            ElementKind::Own
                        })
                    } else {
                        kind
                    };
                    if let Some(kind) = kind {
                        elements.push(Element::new(i as i8 - ci as i8, j as i8 - cj as i8, kind));
                    }
                }
                let rel = |i: usize, j: usize| (i as i8 - ci as i8, j as i8 - cj as i8);
                let (mini, minj) = rel(0, 0);
                let (maxi, maxj) = rel(rows - 1, cols - 1);
                let (mi, mj) = rel(move_cell / cols, move_cell % cols);
                pattern_from_elements(
                    "random",
                    elements,
                    (mini, minj, maxi, maxj),
                    EdgeConstraints(edges),
                    trfno,
                    Offset::new(mi, mj),
                    x_anchor,
                )
            },
        )
}

/// Any edge bits.
fn any_edges() -> BoxedStrategy<u8> {
    prop_oneof![3 => Just(0u8), 1 => 0u8..16].boxed()
}

/// Edge bits without two opposite edges (whose GNU Go fix-up is not
/// symmetric: the pattern is pinned to the north / west edge).
fn one_sided_edges() -> BoxedStrategy<u8> {
    prop_oneof![3 => Just(0u8), 1 => proptest::sample::select(vec![1u8, 2, 4, 8, 1 | 4, 1 | 8, 2 | 4, 2 | 8])].boxed()
}

fn db_of(patterns: Vec<Pattern>) -> PatternDb {
    PatternDb {
        name: Cow::Borrowed("random"),
        patterns: Cow::Owned(patterns),
        fixed_anchor: false,
        kind: DbKind::General,
    }
}

fn mode_strategy() -> impl Strategy<Value = ColorMode> {
    proptest::sample::select(vec![
        ColorMode::Color(Color::Black),
        ColorMode::Color(Color::White),
        ColorMode::BothColors,
        ColorMode::AnchorColor,
        ColorMode::AnchorOther,
    ])
}

fn status_of(p: Point) -> DragonStatus {
    [
        DragonStatus::Dead,
        DragonStatus::Alive,
        DragonStatus::Critical,
        DragonStatus::Unknown,
    ][(p.i as usize * 7 + p.j as usize * 3) % 4]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn grid_matcher_equals_reference_matcher(
        board in board_strategy(),
        patterns in proptest::collection::vec(pattern_strategy(any_edges(), &[8, 4, 2, 5]), 1..6),
        classes in proptest::collection::vec(0u32..16, 6),
        mode in mode_strategy(),
        goal_points in proptest::collection::vec((0u8..25, 0u8..25), 0..30),
        use_goal in any::<bool>(),
        anchor_in_goal in any::<bool>(),
        use_status in any::<bool>(),
        squeeze in any::<bool>(),
    ) {
        let patterns: Vec<Pattern> = patterns.into_iter().zip(classes).enumerate().map(|(k, (mut p, c))| {
            p.class = matcher::pattern::PatternClass(c);
            if squeeze && k % 2 == 1 {
                // Malformed on purpose: elements outside the declared
                // extents must still be tested like the reference does.
                (p.mini, p.minj, p.maxi, p.maxj, p.height, p.width) = (0, 0, 0, 0, 0, 0);
            }
            p
        }).collect();
        let db = db_of(patterns);
        let goal: PointSet = goal_points.into_iter().map(|(i, j)| Point::new(i, j)).collect();
        let mut options = ScanOptions::new(mode);
        if use_goal {
            options = options.with_goal(&goal, anchor_in_goal);
        }
        if use_status {
            options = options.with_dragon_status(&status_of);
        }
        let grid = GridMatcher::new(&db).with_cross_check(false);
        let fast = grid.matches(&board, &options);
        let reference = ReferenceMatcher::new(&db).matches(&board, &options);
        prop_assert_eq!(fast, reference);
    }

    #[test]
    fn turning_board_and_pattern_keeps_the_placements(
        board in board_strategy(),
        pattern in pattern_strategy(one_sided_edges(), &[8]),
        turn in 0u8..8,
        color in proptest::sample::select(vec![Color::Black, Color::White]),
    ) {
        let transform = Transform::ALL[turn as usize];
        let size = board.size();
        let original = db_of(vec![pattern.clone()]);
        let turned = db_of(vec![transformed_pattern(&pattern, transform)]);
        let turned_board = transformed_board(&board, transform);
        let options = ScanOptions::new(ColorMode::Color(color));
        let footprints = |db: &PatternDb, board: &PackedBoard, map: &dyn Fn(Point) -> Point| {
            let mut counts: BTreeMap<Vec<(Point, u8)>, usize> = BTreeMap::new();
            for m in GridMatcher::new(db).matches(board, &options) {
                let p = &db.patterns[m.pattern];
                let mut cells: Vec<(Point, u8)> = p.elements.iter().map(|e| {
                    let point = matcher::scan::offset_point(m.anchor, m.transform, e.offset, size).unwrap();
                    (map(point), e.kind.att())
                }).collect();
                cells.push((map(m.anchor), 100));
                if let Some(mv) = m.move_point {
                    cells.push((map(mv), 101));
                }
                cells.sort();
                *counts.entry(cells).or_default() += 1;
            }
            counts
        };
        let before = footprints(&original, &board, &|p| transformed_point(p, transform, size));
        let after = footprints(&turned, &turned_board, &|p| p);
        prop_assert_eq!(before, after);
    }

    #[test]
    fn a_pattern_cut_from_a_board_matches_it(
        board in board_strategy(),
        pick in any::<proptest::sample::Index>(),
        extent in (0i32..4, 0i32..4, 0i32..4, 0i32..4),
        keep_edges in 0u8..16,
        color in proptest::sample::select(vec![Color::Black, Color::White]),
    ) {
        let stones: Vec<Point> = board.points().filter(|&p| board.at(p).color().is_some()).collect();
        prop_assume!(!stones.is_empty());
        let anchor = stones[pick.index(stones.len())];
        let n = board.size() as i32;
        let (ai, aj) = (anchor.i as i32, anchor.j as i32);
        let rows = ((ai - extent.0).max(0), (ai + extent.1).min(n - 1));
        let cols = ((aj - extent.2).max(0), (aj + extent.3).min(n - 1));
        let pattern = cut_pattern(&board, color, anchor, rows, cols, keep_edges).unwrap();
        let db = db_of(vec![pattern]);
        let found = GridMatcher::new(&db).matches(&board, &ScanOptions::new(ColorMode::Color(color)));
        prop_assert!(
            found.iter().any(|m| m.anchor == anchor && m.transform == Transform::IDENTITY && m.move_point == Some(anchor)),
            "no identity match at the anchor: {found:?}"
        );
    }
}
