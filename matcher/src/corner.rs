//! Corner (joseki) matching over a variation tree (`matching-semantics.md`
//! §7, tree layout `compilation.md` §13).
//!
//! Patterns live in a *corner frame*: `x` = distance from the horizontal
//! edge, `y` = distance from the vertical edge, `(0, 0)` = the corner point.
//! Their stones are threaded into a tree of variations ordered so that every
//! stone's rectangle (from the corner) only holds stones placed before it;
//! at run time the number of stones in each such rectangle is read from a
//! prefix-count table, so a path of the tree matches exactly when the
//! rectangle of the pattern holds exactly the pattern's stones.
//!
//! [`CornerDb::build`] makes the tree from pattern specifications (a
//! runtime stand-in for the compiler's `-C` output, which can be loaded with
//! [`CornerDb::from_parts`]); [`CornerDb::find_matches`] walks it from the
//! four corners in eight orientations; [`find_matches_brute_force`] is the
//! plain reference. [`CornerTables`] is the same tree in the form the
//! compiler's generated code holds in `static`s (GNU Go's `corner_db`):
//! only what the walk needs, in borrowed-or-owned slices.

use std::borrow::Cow;

use crate::board::{Cell, Color, PackedBoard, Point};
use crate::fullboard::Side;
use crate::transform::Transform;

/// One corner pattern in its frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CornerPatternSpec {
    /// Pattern name.
    pub name: String,
    /// The far corner `(maxi, maxj)` of the pattern rectangle.
    pub far_corner: (u8, u8),
    /// The move.
    pub move_point: (u8, u8),
    /// The stones (`Own` = `O`, the player to move), in diagram reading order.
    pub stones: Vec<((u8, u8), Side)>,
    /// Symmetric about the corner diagonal (`/`): tried only for `k < 4`.
    pub symmetric: bool,
}

/// One node of the flattened variation tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CornerVariation {
    /// Frame point of the stone (or of the move, for a pattern's last node).
    pub offset: (u8, u8),
    /// 0 = same colour as the reference (first) stone, 3 = the other colour.
    pub xor_att: u8,
    /// Stones of the path inside the rectangle from the corner to `offset`.
    pub num_stones: u8,
    /// Index of the first child in the flattened array.
    pub first_child: u32,
    /// Number of children (contiguous).
    pub num_children: u32,
    /// Pattern reported at this node, if any.
    pub pattern: Option<u32>,
}

impl CornerVariation {
    /// A node literal (for generated tables): frame point `(x, y)`,
    /// colour relation, stone count, first child, number of children and
    /// attached pattern.
    pub const fn new(
        offset: (u8, u8),
        xor_att: u8,
        num_stones: u8,
        first_child: u32,
        num_children: u32,
        pattern: Option<u32>,
    ) -> CornerVariation {
        CornerVariation {
            offset,
            xor_att,
            num_stones,
            first_child,
            num_children,
            pattern,
        }
    }
}

/// What the corner walk needs of one pattern (the rest of GNU Go's
/// `corner_pattern` — name, class, attributes, code — is in the database's
/// ordinary pattern table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CornerShape {
    /// The far corner `(maxi, maxj)` of the pattern rectangle in the frame.
    pub far_corner: (u8, u8),
    /// Symmetric about the corner diagonal: tried only for `k < 4`.
    pub symmetric: bool,
}

impl CornerShape {
    /// A shape literal (for generated tables).
    pub const fn new(far_corner: (u8, u8), symmetric: bool) -> CornerShape {
        CornerShape {
            far_corner,
            symmetric,
        }
    }
}

/// A compiled corner database as generated code holds it (GNU Go's
/// `corner_db`): `static` slices when generated, owned ones when compiled
/// at run time; equal contents compare equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CornerTables {
    /// The database prefix.
    pub name: Cow<'static, str>,
    /// One shape per pattern of the database's pattern table, same order.
    pub shapes: Cow<'static, [CornerShape]>,
    /// The flattened tree; the top-level variations come first.
    pub variations: Cow<'static, [CornerVariation]>,
    /// Number of top-level variations.
    pub num_top: usize,
    /// `1 + max maxj` over the patterns.
    pub max_width: u8,
    /// `1 + max maxi` over the patterns.
    pub max_height: u8,
}

impl CornerTables {
    /// An empty tree (matches nothing), for struct update syntax.
    pub const EMPTY: CornerTables = CornerTables {
        name: Cow::Borrowed(""),
        shapes: Cow::Borrowed(&[]),
        variations: Cow::Borrowed(&[]),
        num_top: 0,
        max_width: 0,
        max_height: 0,
    };

    /// All corner matches for `to_move`, in GNU Go's order (`k`
    /// ascending, then tree order); the same walk as
    /// [`CornerDb::find_matches`].
    pub fn find_matches(&self, board: &PackedBoard, to_move: Color) -> Vec<CornerMatch> {
        let shape = |index: usize| self.shapes.get(index).copied();
        walk_tree(
            &TreeView {
                variations: &self.variations,
                num_top: self.num_top,
                max_width: self.max_width,
                max_height: self.max_height,
                shape: &shape,
            },
            board,
            to_move,
        )
    }
}

/// One corner match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CornerMatch {
    /// Index of the pattern in [`CornerDb::patterns`].
    pub pattern: usize,
    /// Corner and orientation `k` (0..8).
    pub k: u8,
    /// The board point of the move.
    pub move_point: Point,
}

/// A compiled corner database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CornerDb {
    /// Pattern specifications, in database order.
    pub patterns: Vec<CornerPatternSpec>,
    /// The flattened tree; the top-level variations come first.
    pub variations: Vec<CornerVariation>,
    /// Number of top-level variations.
    pub num_top: usize,
    /// `1 + max maxj` over the patterns.
    pub max_width: u8,
    /// `1 + max maxi` over the patterns.
    pub max_height: u8,
    /// Patterns left out of the tree because an identical one came first.
    pub duplicates: Vec<usize>,
}

/// Tree node while building.
struct BuildNode {
    offset: (u8, u8),
    xor_att: u8,
    num_stones: u8,
    children: Vec<usize>,
    pattern: Option<usize>,
}

/// `xor_att` of a stone of `side` relative to the reference colour.
fn relation_to(reference: Option<Side>, side: Side) -> u8 {
    match reference {
        Some(r) if r != side => 3,
        _ => 0,
    }
}

fn order_value((x, y): (u8, u8)) -> i32 {
    let (x, y) = (i32::from(x), i32::from(y));
    38 * (x + 1) * (y + 1) - 2 * (x - y).abs() + i32::from(x < y)
}

fn inside(p: (u8, u8), corner: (u8, u8)) -> bool {
    p.0 <= corner.0 && p.1 <= corner.1
}

/// The corner and the frame transformation of orientation `k` on a board
/// of `size` lines (board point = corner + T_k(x, y)).
pub fn corner_frame(k: u8, size: usize) -> ((i32, i32), Transform) {
    let n = size as i32 - 1;
    const CORNER_ROW: [i32; 8] = [0, 0, 1, 1, 1, 1, 0, 0];
    const CORNER_COL: [i32; 8] = [0, 1, 1, 0, 1, 0, 0, 1];
    let k = usize::from(k % 8);
    (
        (CORNER_ROW[k] * n, CORNER_COL[k] * n),
        Transform::new(k as u8).unwrap_or(Transform::IDENTITY),
    )
}

fn board_point(corner: (i32, i32), t: Transform, p: (u8, u8)) -> (i32, i32) {
    let (di, dj) = t.apply(i32::from(p.0), i32::from(p.1));
    (corner.0 + di, corner.1 + dj)
}

impl CornerDb {
    /// Builds the variation tree (stone choice rules of `compilation.md`
    /// §13.2; a child is shared when offset, colour relation and stone
    /// count agree).
    pub fn build(patterns: Vec<CornerPatternSpec>) -> CornerDb {
        let mut nodes: Vec<BuildNode> = Vec::new();
        let mut top: Vec<usize> = Vec::new();
        let mut duplicates = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            let mut stones = pattern.stones.clone();
            let mut reference: Option<Side> = None;
            let mut path: Option<usize> = None;
            for step in 0..stones.len() {
                let siblings: &[usize] = match path {
                    None => &top,
                    Some(node) => &nodes[node].children,
                };
                let relation = |side: Side| relation_to(reference, side);
                let candidates: Vec<usize> = (step..stones.len())
                    .filter(|&s| {
                        (step..stones.len()).all(|t| t == s || !inside(stones[t].0, stones[s].0))
                    })
                    .collect();
                let coincides = |s: usize| {
                    siblings.iter().any(|&c| {
                        nodes[c].offset == stones[s].0
                            && (path.is_none() || nodes[c].xor_att == relation(stones[s].1))
                    })
                };
                let eligible: Vec<usize> = if candidates.iter().any(|&s| coincides(s)) {
                    candidates.into_iter().filter(|&s| coincides(s)).collect()
                } else {
                    candidates
                };
                let mut best = eligible[0];
                for &s in &eligible {
                    if order_value(stones[s].0) > order_value(stones[best].0) {
                        best = s;
                    }
                }
                stones.swap(step, best);
                let (point, side) = stones[step];
                if reference.is_none() {
                    reference = Some(side);
                }
                let xor_att = relation_to(reference, side);
                let num_stones =
                    1 + stones[..step].iter().filter(|s| inside(s.0, point)).count() as u8;
                path = Some(child(
                    &mut nodes, &mut top, path, point, xor_att, num_stones,
                ));
            }
            let xor_att = if reference == Some(Side::Own) { 0 } else { 3 };
            let num_stones = 1 + stones
                .iter()
                .filter(|s| inside(s.0, pattern.move_point))
                .count() as u8;
            let node = child(
                &mut nodes,
                &mut top,
                path,
                pattern.move_point,
                xor_att,
                num_stones,
            );
            if nodes[node].pattern.is_some() {
                duplicates.push(index);
            } else {
                nodes[node].pattern = Some(index);
            }
        }
        let mut variations = Vec::with_capacity(nodes.len());
        flatten(&nodes, &top, &mut variations);
        CornerDb {
            max_width: patterns
                .iter()
                .map(|p| p.far_corner.1 + 1)
                .max()
                .unwrap_or(0),
            max_height: patterns
                .iter()
                .map(|p| p.far_corner.0 + 1)
                .max()
                .unwrap_or(0),
            num_top: top.len(),
            patterns,
            variations,
            duplicates,
        }
    }

    /// Wraps an already flattened tree (e.g. generated by the compiler).
    pub fn from_parts(
        patterns: Vec<CornerPatternSpec>,
        variations: Vec<CornerVariation>,
        num_top: usize,
    ) -> CornerDb {
        CornerDb {
            max_width: patterns
                .iter()
                .map(|p| p.far_corner.1 + 1)
                .max()
                .unwrap_or(0),
            max_height: patterns
                .iter()
                .map(|p| p.far_corner.0 + 1)
                .max()
                .unwrap_or(0),
            patterns,
            variations,
            num_top,
            duplicates: Vec::new(),
        }
    }

    /// All corner matches for `to_move`, in GNU Go's order: `k` ascending,
    /// then tree order.
    pub fn find_matches(&self, board: &PackedBoard, to_move: Color) -> Vec<CornerMatch> {
        let shape = |index: usize| {
            self.patterns.get(index).map(|p| CornerShape {
                far_corner: p.far_corner,
                symmetric: p.symmetric,
            })
        };
        walk_tree(
            &TreeView {
                variations: &self.variations,
                num_top: self.num_top,
                max_width: self.max_width,
                max_height: self.max_height,
                shape: &shape,
            },
            board,
            to_move,
        )
    }

    /// The tree in the form generated code holds (shapes taken from the
    /// specifications; duplicates are not part of it).
    pub fn tables(&self, name: &str) -> CornerTables {
        CornerTables {
            name: Cow::Owned(name.to_string()),
            shapes: Cow::Owned(
                self.patterns
                    .iter()
                    .map(|p| CornerShape::new(p.far_corner, p.symmetric))
                    .collect(),
            ),
            variations: Cow::Owned(self.variations.clone()),
            num_top: self.num_top,
            max_width: self.max_width,
            max_height: self.max_height,
        }
    }
}

/// What the walk reads of a tree, whichever type holds it.
struct TreeView<'a> {
    variations: &'a [CornerVariation],
    num_top: usize,
    max_width: u8,
    max_height: u8,
    shape: &'a dyn Fn(usize) -> Option<CornerShape>,
}

/// The corner walk of [`CornerDb::find_matches`] over any tree. Malformed
/// trees (indices out of range) lose the broken branches instead of
/// panicking.
fn walk_tree(tree: &TreeView<'_>, board: &PackedBoard, to_move: Color) -> Vec<CornerMatch> {
    let mut out = Vec::new();
    let (h, w) = (usize::from(tree.max_height), usize::from(tree.max_width));
    let mut counts = vec![u32::MAX; h * w];
    let top = tree
        .variations
        .get(..tree.num_top)
        .unwrap_or(tree.variations);
    for k in 0..8u8 {
        let (corner, t) = corner_frame(k, board.size());
        // Prefix counts of stones in the frame; off-board = never equal.
        for x in 0..h {
            for y in 0..w {
                let (i, j) = board_point(corner, t, (x as u8, y as u8));
                counts[x * w + y] = if board.contains(i, j) {
                    let here = u32::from(board.cell(i, j).color().is_some());
                    let up = if x > 0 { counts[(x - 1) * w + y] } else { 0 };
                    let left = if y > 0 { counts[x * w + y - 1] } else { 0 };
                    let diag = if x > 0 && y > 0 {
                        counts[(x - 1) * w + y - 1]
                    } else {
                        0
                    };
                    if up == u32::MAX || left == u32::MAX {
                        u32::MAX
                    } else {
                        up + left - diag + here
                    }
                } else {
                    u32::MAX
                };
            }
        }
        let walk = Walk {
            tree,
            board,
            to_move,
            k,
            corner,
            t,
            counts: &counts,
            width: w,
            height: h,
        };
        for v in top {
            let (i, j) = board_point(corner, t, v.offset);
            if walk.count(v.offset) == 1
                && let Some(reference) = board.cell(i, j).color()
            {
                walk.descend(v, reference, 1, &mut out);
            }
        }
    }
    out
}

fn child(
    nodes: &mut Vec<BuildNode>,
    top: &mut Vec<usize>,
    parent: Option<usize>,
    offset: (u8, u8),
    xor_att: u8,
    num_stones: u8,
) -> usize {
    let siblings = match parent {
        None => &*top,
        Some(p) => &nodes[p].children,
    };
    let top_level = parent.is_none();
    if let Some(&found) = siblings.iter().find(|&&c| {
        let n = &nodes[c];
        n.offset == offset && n.num_stones == num_stones && (top_level || n.xor_att == xor_att)
    }) {
        return found;
    }
    nodes.push(BuildNode {
        offset,
        xor_att: if top_level { 0 } else { xor_att },
        num_stones,
        children: Vec::new(),
        pattern: None,
    });
    let id = nodes.len() - 1;
    match parent {
        None => top.push(id),
        Some(p) => nodes[p].children.push(id),
    }
    id
}

/// Numbers a sibling list consecutively, then the children lists of its
/// members from the last member to the first (GNU Go's layout).
fn flatten(nodes: &[BuildNode], list: &[usize], out: &mut Vec<CornerVariation>) {
    let base = out.len();
    for &id in list {
        let n = &nodes[id];
        out.push(CornerVariation {
            offset: n.offset,
            xor_att: n.xor_att,
            num_stones: n.num_stones,
            first_child: 0,
            num_children: n.children.len() as u32,
            pattern: n.pattern.map(|p| p as u32),
        });
    }
    for (position, &id) in list.iter().enumerate().rev() {
        if !nodes[id].children.is_empty() {
            out[base + position].first_child = out.len() as u32;
            flatten(nodes, &nodes[id].children, out);
        }
    }
}

/// State of one orientation's walk.
struct Walk<'a> {
    tree: &'a TreeView<'a>,
    board: &'a PackedBoard,
    to_move: Color,
    k: u8,
    corner: (i32, i32),
    t: Transform,
    counts: &'a [u32],
    width: usize,
    height: usize,
}

impl Walk<'_> {
    /// Stones in the rectangle from the corner to `p` (`u32::MAX`, never
    /// equal to a pattern's count, when it leaves the board or the table).
    fn count(&self, p: (u8, u8)) -> u32 {
        let (x, y) = (usize::from(p.0), usize::from(p.1));
        if x >= self.height || y >= self.width {
            return u32::MAX;
        }
        self.counts[x * self.width + y]
    }

    fn descend(
        &self,
        node: &CornerVariation,
        reference: Color,
        stones: u32,
        out: &mut Vec<CornerMatch>,
    ) {
        let first = node.first_child as usize;
        let children = first
            .checked_add(node.num_children as usize)
            .and_then(|end| self.tree.variations.get(first..end))
            .unwrap_or(&[]);
        for v in children {
            let colour = if v.xor_att == 0 {
                reference
            } else {
                reference.other()
            };
            if let Some(index) = v.pattern
                && colour == self.to_move
                && let Some(pattern) = (self.tree.shape)(index as usize)
                && self.count(pattern.far_corner) == stones
                && (!pattern.symmetric || self.k < 4)
            {
                let (i, j) = board_point(self.corner, self.t, v.offset);
                out.push(CornerMatch {
                    pattern: index as usize,
                    k: self.k,
                    move_point: Point::new(i as u8, j as u8),
                });
                continue;
            }
            let (i, j) = board_point(self.corner, self.t, v.offset);
            if v.num_children > 0
                && self.count(v.offset) == u32::from(v.num_stones)
                && self.board.cell(i, j) == colour.stone()
            {
                self.descend(v, reference, stones + 1, out);
            }
        }
    }
}

/// The plain reference: every pattern (except `skip`) at every corner and
/// orientation, compared cell by cell (the rectangle must lie on the board
/// and hold exactly the pattern's stones). Sorted by pattern, then `k`.
pub fn find_matches_brute_force(
    patterns: &[CornerPatternSpec],
    skip: &[usize],
    board: &PackedBoard,
    to_move: Color,
) -> Vec<CornerMatch> {
    let mut out = Vec::new();
    for (index, pattern) in patterns.iter().enumerate() {
        if skip.contains(&index) {
            continue;
        }
        for k in 0..8u8 {
            if pattern.symmetric && k >= 4 {
                continue;
            }
            let (corner, t) = corner_frame(k, board.size());
            let exact = (0..=pattern.far_corner.0).all(|x| {
                (0..=pattern.far_corner.1).all(|y| {
                    let (i, j) = board_point(corner, t, (x, y));
                    if !board.contains(i, j) {
                        return false;
                    }
                    let expected = match pattern.stones.iter().find(|s| s.0 == (x, y)) {
                        Some((_, Side::Own)) => to_move.stone(),
                        Some((_, Side::Opponent)) => to_move.other().stone(),
                        None => Cell::Empty,
                    };
                    board.cell(i, j) == expected
                })
            });
            if exact && !pattern.stones.is_empty() {
                let (i, j) = board_point(corner, t, pattern.move_point);
                out.push(CornerMatch {
                    pattern: index,
                    k,
                    move_point: Point::new(i as u8, j as u8),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(
        name: &str,
        far: (u8, u8),
        mv: (u8, u8),
        stones: &[((u8, u8), Side)],
        symmetric: bool,
    ) -> CornerPatternSpec {
        CornerPatternSpec {
            name: name.into(),
            far_corner: far,
            move_point: mv,
            stones: stones.to_vec(),
            symmetric,
        }
    }

    /// The three patterns of the spec's flattening example (compilation.md
    /// §13.4), stones in reading order, in the corner frame.
    fn example() -> Vec<CornerPatternSpec> {
        use Side::{Opponent as X, Own as O};
        vec![
            spec(
                "J1",
                (5, 5),
                (2, 3),
                &[((2, 4), O), ((3, 4), X), ((3, 3), X), ((3, 2), O)],
                false,
            ),
            spec("J2", (4, 4), (2, 2), &[((1, 1), X), ((4, 3), O)], false),
            spec("J3", (3, 3), (2, 2), &[((1, 1), O)], true),
        ]
    }

    #[test]
    fn flattening_follows_the_spec_example() {
        let db = CornerDb::build(example());
        type Row = ((u8, u8), u8, u8, u32, Option<u32>);
        let rows: Vec<Row> = db
            .variations
            .iter()
            .map(|v| (v.offset, v.xor_att, v.num_stones, v.first_child, v.pattern))
            .collect();
        assert_eq!(db.num_top, 2);
        assert_eq!(
            rows,
            vec![
                ((2, 4), 0, 1, 5, None),
                ((1, 1), 0, 1, 2, None),
                ((4, 3), 3, 2, 4, None),
                ((2, 2), 0, 2, 0, Some(2)),
                ((2, 2), 3, 2, 0, Some(1)),
                ((3, 2), 0, 1, 6, None),
                ((3, 3), 3, 2, 7, None),
                ((3, 4), 3, 4, 8, None),
                ((2, 3), 0, 1, 0, Some(0)),
            ]
        );
    }

    #[test]
    fn matches_agree_with_brute_force_on_a_constructed_board() {
        let patterns = example();
        let db = CornerDb::build(patterns.clone());
        // Place J2 at k = 1 (north-east corner) for white to move.
        let mut board = PackedBoard::new(19).unwrap();
        let (corner, t) = corner_frame(1, 19);
        for &(p, side) in &patterns[1].stones {
            let (i, j) = board_point(corner, t, p);
            let colour = if side == Side::Own {
                Color::White
            } else {
                Color::Black
            };
            board.set(Point::new(i as u8, j as u8), colour.stone());
        }
        let mut fast = db.find_matches(&board, Color::White);
        let slow = find_matches_brute_force(&patterns, &db.duplicates, &board, Color::White);
        assert!(slow.iter().any(|m| m.pattern == 1 && m.k == 1));
        fast.sort();
        assert_eq!(fast, slow);
        assert!(
            db.find_matches(&board, Color::Black)
                .iter()
                .all(|m| m.pattern != 1)
        );
    }
}
