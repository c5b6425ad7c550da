//! The interface every scanning engine offers (matching-semantics §1–2):
//! colour modes, the dragon-status class check, goal restriction, and the
//! match record handed to the caller.

use crate::board::{Cell, Color, MAX_BOARD, PackedBoard, Point};
use crate::pattern::{Pattern, PatternClass, PatternDb};
use crate::transform::Transform;

/// Which colours patterns are matched for, and on which anchors
/// (matching-semantics §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColorMode {
    /// `O` = this colour; anchors on White stones, then on Black stones.
    Color(Color),
    /// [`ColorMode::Color`] for Black, then for White.
    BothColors,
    /// GNU Go's `ANCHOR_COLOR`: `O` = White with White anchors, then
    /// `O` = Black with Black anchors (only `O`-anchored patterns match).
    AnchorColor,
    /// GNU Go's `ANCHOR_OTHER`: `O` = White with Black anchors, then
    /// `O` = Black with White anchors (only `X`-anchored patterns match).
    AnchorOther,
}

impl ColorMode {
    /// The passes `(colour matched for, anchor stone colour)` in order.
    pub fn passes(self) -> &'static [(Color, Color)] {
        use Color::{Black as B, White as W};
        match self {
            ColorMode::Color(W) => &[(W, W), (W, B)],
            ColorMode::Color(B) => &[(B, W), (B, B)],
            ColorMode::BothColors => &[(B, W), (B, B), (W, W), (W, B)],
            ColorMode::AnchorColor => &[(W, W), (B, B)],
            ColorMode::AnchorOther => &[(W, B), (B, W)],
        }
    }
}

/// A dragon's status, as far as the class check is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DragonStatus {
    /// Dead.
    Dead,
    /// Alive.
    Alive,
    /// Critical (can live or die depending on who plays first).
    Critical,
    /// Not known.
    Unknown,
}

/// Whether the class test can reject a stone of this side at all: true if
/// some known status (dead, alive, critical) makes [`class_rejects`] true,
/// so that asking the stone's dragon status can decide the test.
pub fn class_can_reject(class: PatternClass, stone_is_own: bool) -> bool {
    [
        DragonStatus::Dead,
        DragonStatus::Alive,
        DragonStatus::Critical,
    ]
    .into_iter()
    .any(|status| class_rejects(class, stone_is_own, status))
}

/// The class test of matching-semantics table 2.2 for a stone of colour
/// `stone` (relative to the matched colour `color`) in a dragon of status
/// `status`: true if `class` rejects it.
pub const fn class_rejects(class: PatternClass, stone_is_own: bool, status: DragonStatus) -> bool {
    let c = class.0;
    if stone_is_own {
        match status {
            DragonStatus::Dead | DragonStatus::Critical => c & PatternClass::OWN_ALIVE != 0,
            DragonStatus::Alive => c & PatternClass::OWN_DEAD != 0,
            DragonStatus::Unknown => false,
        }
    } else {
        match status {
            DragonStatus::Dead => c & PatternClass::OPPONENT_ALIVE != 0,
            DragonStatus::Alive => c & PatternClass::OPPONENT_DEAD != 0,
            DragonStatus::Critical | DragonStatus::Unknown => false,
        }
    }
}

/// A set of board points (a goal), as a bit set.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    bits: Vec<u64>,
}

impl PointSet {
    /// The empty set.
    pub fn new() -> PointSet {
        PointSet {
            bits: vec![0; (MAX_BOARD * MAX_BOARD).div_ceil(64)],
        }
    }

    #[inline]
    fn index(p: Point) -> usize {
        p.i as usize * MAX_BOARD + p.j as usize
    }

    /// Adds `p`.
    pub fn insert(&mut self, p: Point) {
        let k = Self::index(p);
        self.bits[k / 64] |= 1 << (k % 64);
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let k = Self::index(p);
        self.bits
            .get(k / 64)
            .is_some_and(|w| w >> (k % 64) & 1 != 0)
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::new();
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl std::fmt::Debug for PointSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let points = (0..MAX_BOARD as u8)
            .flat_map(|i| (0..MAX_BOARD as u8).map(move |j| Point::new(i, j)))
            .filter(|&p| self.contains(p));
        f.debug_set().entries(points).finish()
    }
}

/// What to scan for.
#[derive(Clone, Copy)]
pub struct ScanOptions<'a> {
    /// Colours and anchors.
    pub mode: ColorMode,
    /// Goal points: when given, a placement must have a stored element on a
    /// stone in the goal (matching-semantics §2 steps 5–6).
    pub goal: Option<&'a PointSet>,
    /// Only anchors inside the goal (needs `goal`). `matchpat` passes the
    /// database's `fixed_anchor` flag here.
    pub anchor_in_goal: bool,
    /// Dragon status of the stone at a point: when given, the class check
    /// of table 2.2 runs for patterns with class `O`, `o`, `X` or `x`.
    pub dragon_status: Option<&'a dyn Fn(Point) -> DragonStatus>,
}

impl<'a> ScanOptions<'a> {
    /// Plain geometric matching in `mode`: no goal, no class check.
    pub fn new(mode: ColorMode) -> ScanOptions<'a> {
        ScanOptions {
            mode,
            goal: None,
            anchor_in_goal: false,
            dragon_status: None,
        }
    }

    /// What GNU Go's `matchpat(mode, db, goal)` asks for: the database's
    /// `fixed_anchor` flag restricts anchors to the goal.
    pub fn matchpat(mode: ColorMode, db: &PatternDb, goal: Option<&'a PointSet>) -> Self {
        ScanOptions {
            mode,
            goal,
            anchor_in_goal: db.fixed_anchor,
            dragon_status: None,
        }
    }

    /// With a goal.
    pub fn with_goal(mut self, goal: &'a PointSet, anchor_in_goal: bool) -> ScanOptions<'a> {
        self.goal = Some(goal);
        self.anchor_in_goal = anchor_in_goal;
        self
    }

    /// With the class check through `status`.
    pub fn with_dragon_status(mut self, status: &'a dyn Fn(Point) -> DragonStatus) -> Self {
        self.dragon_status = Some(status);
        self
    }
}

impl std::fmt::Debug for ScanOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScanOptions")
            .field("mode", &self.mode)
            .field("goal", &self.goal)
            .field("anchor_in_goal", &self.anchor_in_goal)
            .field("dragon_status", &self.dragon_status.is_some())
            .finish()
    }
}

/// One raw match: pattern `pattern` of the database placed with
/// transformation `transform` at `anchor`, matched for `color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Match {
    /// Index of the pattern in the database.
    pub pattern: usize,
    /// The colour `O` stands for.
    pub color: Color,
    /// The anchor point.
    pub anchor: Point,
    /// GNU Go's transformation number `ll`.
    pub transform: Transform,
    /// `anchor + T(move_offset)` if that is on the board (for `*`-less
    /// patterns this is GNU Go's quirky point, see
    /// [`Pattern::move_offset`]).
    pub move_point: Option<Point>,
}

/// `anchor + T(offset)` if on the board of `size` lines.
#[inline]
pub fn offset_point(
    anchor: Point,
    transform: Transform,
    offset: crate::pattern::Offset,
    size: usize,
) -> Option<Point> {
    let (di, dj) = offset.transformed(transform);
    let (i, j) = (anchor.i as i32 + di, anchor.j as i32 + dj);
    let n = size as i32;
    if i >= 0 && j >= 0 && i < n && j < n {
        Some(Point::new(i as u8, j as u8))
    } else {
        None
    }
}

impl Match {
    /// Builds the record, computing the move point.
    pub fn new(
        pattern_index: usize,
        pattern: &Pattern,
        color: Color,
        anchor: Point,
        transform: Transform,
        size: usize,
    ) -> Match {
        Match {
            pattern: pattern_index,
            color,
            anchor,
            transform,
            move_point: offset_point(anchor, transform, pattern.move_offset, size),
        }
    }
}

/// A scanning engine over one database.
pub trait Scanner {
    /// The database scanned.
    fn db(&self) -> &PatternDb;

    /// Calls `on_match` for every placement, in GNU Go's order: passes of
    /// [`ColorMode::passes`], anchors in board order, patterns in table
    /// order, transformations ascending.
    fn scan(&self, board: &PackedBoard, options: &ScanOptions<'_>, on_match: &mut dyn FnMut(Match));

    /// All matches, in scan order.
    fn matches(&self, board: &PackedBoard, options: &ScanOptions<'_>) -> Vec<Match> {
        let mut found = Vec::new();
        self.scan(board, options, &mut |m| found.push(m));
        found
    }
}

/// The goal and class checks of matching-semantics §2 steps 5–6 for the
/// placement of `pattern` at `anchor` with `transform` (its elements are
/// assumed to fit): true if the placement survives them.
pub fn goal_and_class_pass(
    pattern: &Pattern,
    board: &PackedBoard,
    color: Color,
    anchor: Point,
    transform: Transform,
    options: &ScanOptions<'_>,
) -> bool {
    let status = options
        .dragon_status
        .filter(|_| pattern.class.0 & PatternClass::STATUS_BITS != 0);
    if options.goal.is_none() && status.is_none() {
        return true;
    }
    let mut goal_found = false;
    for element in pattern.elements.iter() {
        let Some(p) = offset_point(anchor, transform, element.offset, board.size()) else {
            continue;
        };
        let cell = board.at(p);
        let Some(stone) = cell.color() else { continue };
        if options.goal.is_some_and(|goal| goal.contains(p)) {
            goal_found = true;
        }
        if let Some(status) = status
            && class_rejects(pattern.class, stone == color, status(p))
        {
            return false;
        }
    }
    options.goal.is_none() || goal_found
}

/// Whether the anchor at `p` is admitted by the goal restriction.
#[inline]
pub(crate) fn anchor_admitted(options: &ScanOptions<'_>, p: Point) -> bool {
    match options.goal {
        Some(goal) if options.anchor_in_goal => goal.contains(p),
        _ => true,
    }
}

/// Whether `cell` holds a stone of colour `color`.
#[inline]
pub(crate) fn is_stone(cell: Cell, color: Color) -> bool {
    cell == color.stone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::construct::pattern_from_elements;
    use crate::pattern::{EdgeConstraints, Element, ElementKind, Offset};
    use crate::reference::ReferenceMatcher;

    #[test]
    fn class_table_of_matching_semantics() {
        use DragonStatus::*;
        let class = |letters: &str| {
            PatternClass(letters.chars().map(|c| PatternClass::bit(c).unwrap()).sum())
        };
        // Own stones: O rejects dead/critical, o rejects alive.
        for (status, o_big, o_small) in [
            (Dead, true, false),
            (Critical, true, false),
            (Alive, false, true),
            (Unknown, false, false),
        ] {
            assert_eq!(class_rejects(class("O"), true, status), o_big, "{status:?}");
            assert_eq!(
                class_rejects(class("o"), true, status),
                o_small,
                "{status:?}"
            );
            assert!(!class_rejects(class("O"), false, status));
        }
        // Opponent stones: X rejects dead, x rejects alive.
        for (status, x_big, x_small) in [
            (Dead, true, false),
            (Critical, false, false),
            (Alive, false, true),
            (Unknown, false, false),
        ] {
            assert_eq!(
                class_rejects(class("X"), false, status),
                x_big,
                "{status:?}"
            );
            assert_eq!(
                class_rejects(class("x"), false, status),
                x_small,
                "{status:?}"
            );
            assert!(!class_rejects(class("X"), true, status));
        }
        // "Oo" together leave only unknown own dragons.
        assert!(class_rejects(class("Oo"), true, Alive) && class_rejects(class("Oo"), true, Dead));
        assert!(!class_rejects(class("Oo"), true, Unknown));
    }

    /// `O` with an empty point to its right, anchored at the `O`, one
    /// orientation.
    fn two_point_db(class: u32) -> PatternDb {
        let elements = vec![
            Element::new(0, 0, ElementKind::Own),
            Element::new(0, 1, ElementKind::Empty),
        ];
        let mut pattern = pattern_from_elements(
            "OE",
            elements,
            (0, 0, 0, 1),
            EdgeConstraints::NONE,
            8,
            Offset::new(0, 1),
            false,
        );
        pattern.class = PatternClass(class);
        PatternDb {
            patterns: std::borrow::Cow::Owned(vec![pattern]),
            ..PatternDb::EMPTY
        }
    }

    #[test]
    fn goal_needs_a_pattern_stone_inside_it() {
        let mut board = PackedBoard::new(5).unwrap();
        board.set(Point::new(2, 2), Cell::Black);
        board.set(Point::new(0, 0), Cell::Black);
        let db = two_point_db(0);
        let scanner = ReferenceMatcher::new(&db);
        let all = scanner.matches(&board, &ScanOptions::new(ColorMode::Color(Color::Black)));
        // trfno 8: each of the four directions is found twice.
        assert_eq!(all.len(), 8 + 4);
        let goal: PointSet = [Point::new(2, 2), Point::new(2, 3)].into_iter().collect();
        let options = ScanOptions::new(ColorMode::Color(Color::Black)).with_goal(&goal, false);
        let in_goal = scanner.matches(&board, &options);
        assert_eq!(in_goal.len(), 8);
        assert!(in_goal.iter().all(|m| m.anchor == Point::new(2, 2)));
        // An empty goal point under an element does not count.
        let empty_goal: PointSet = [Point::new(0, 1)].into_iter().collect();
        let options =
            ScanOptions::new(ColorMode::Color(Color::Black)).with_goal(&empty_goal, false);
        assert!(scanner.matches(&board, &options).is_empty());
        // anchor_in_goal restricts anchors even with goal stones elsewhere.
        let far_goal: PointSet = [Point::new(0, 0), Point::new(2, 3)].into_iter().collect();
        let options = ScanOptions::new(ColorMode::Color(Color::Black)).with_goal(&far_goal, true);
        let anchored = scanner.matches(&board, &options);
        assert_eq!(anchored.len(), 4);
        assert!(anchored.iter().all(|m| m.anchor == Point::new(0, 0)));
    }

    #[test]
    fn class_check_uses_the_status_lookup() {
        let mut board = PackedBoard::new(5).unwrap();
        board.set(Point::new(2, 2), Cell::White);
        let db = two_point_db(PatternClass::OWN_ALIVE);
        let scanner = ReferenceMatcher::new(&db);
        let dead = |_: Point| DragonStatus::Dead;
        let alive = |_: Point| DragonStatus::Alive;
        let mode = ColorMode::Color(Color::White);
        let options = ScanOptions::new(mode).with_dragon_status(&dead);
        assert!(scanner.matches(&board, &options).is_empty());
        let options = ScanOptions::new(mode).with_dragon_status(&alive);
        assert_eq!(scanner.matches(&board, &options).len(), 8);
    }

    #[test]
    fn colour_modes_pick_anchors_and_colours() {
        let mut board = PackedBoard::new(5).unwrap();
        board.set(Point::new(1, 1), Cell::White);
        board.set(Point::new(3, 3), Cell::Black);
        let db = two_point_db(0);
        let scanner = ReferenceMatcher::new(&db);
        let colours = |mode| -> Vec<(Color, Point)> {
            let mut found: Vec<_> = scanner
                .matches(&board, &ScanOptions::new(mode))
                .into_iter()
                .map(|m| (m.color, m.anchor))
                .collect();
            found.dedup();
            found
        };
        let w = (Color::White, Point::new(1, 1));
        let b = (Color::Black, Point::new(3, 3));
        assert_eq!(colours(ColorMode::Color(Color::White)), vec![w]);
        assert_eq!(colours(ColorMode::BothColors), vec![b, w]);
        assert_eq!(colours(ColorMode::AnchorColor), vec![w, b]);
        assert_eq!(colours(ColorMode::AnchorOther), vec![]);
        let fixed = PatternDb {
            fixed_anchor: true,
            ..db.clone()
        };
        let goal: PointSet = [Point::new(3, 3)].into_iter().collect();
        let options = ScanOptions::matchpat(ColorMode::BothColors, &fixed, Some(&goal));
        assert!(options.anchor_in_goal);
    }
}
