//! Eye-shape matching (`eyes.db`, spec `joseki-and-fuseki.md` §3.3): an eye
//! space is a small graph of points; a pattern applies when there is a
//! bijection from its vertices to the points that keeps adjacency,
//! neighbour counts and marginal flags, with the edge counts of the
//! vertices the diagram puts on the edge or in the corner (an interior
//! vertex takes any point) and stones / empty points allowed by the
//! vertex flags.
//!
//! [`first_match`] tries patterns in database order with backtracking over
//! vertices in order; [`matches_brute_force`] tries every permutation and
//! is the reference for tests.

/// Vertex flag: the point may be empty.
pub const MAY_BE_EMPTY: u8 = 1;
/// Vertex flag: the point may hold a (dead) opponent stone.
pub const MAY_HOLD_STONE: u8 = 2;
/// Vertex flag: defence point.
pub const DEFENCE_POINT: u8 = 4;
/// Vertex flag: attack point.
pub const ATTACK_POINT: u8 = 8;

/// One vertex of an eye-shape pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EyeVertex {
    /// Diagram row.
    pub row: u8,
    /// Diagram column.
    pub col: u8,
    /// Marginal eye space.
    pub marginal: bool,
    /// 0 interior (any point), 1 edge, 2 corner (exactly this many board
    /// edges).
    pub edge: u8,
    /// [`MAY_BE_EMPTY`] | [`MAY_HOLD_STONE`] | [`DEFENCE_POINT`] | [`ATTACK_POINT`].
    pub flags: u8,
    /// Number of adjacent vertices.
    pub neighbour_count: u8,
    /// Adjacent vertices above, below, left, right (`None` if absent).
    pub neighbours: [Option<u8>; 4],
}

/// A compiled eye-shape pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyePattern {
    /// The pattern number (`Pattern N`).
    pub number: u32,
    /// Vertices in reading order.
    pub vertices: Vec<EyeVertex>,
    /// Number of marginal vertices.
    pub marginal_count: u8,
    /// Number of vertices with 1, 2 and 3 neighbours.
    pub neighbour_histogram: [u8; 3],
    /// The eye value `abcd` (each 0, 1 or 2).
    pub value: [u8; 4],
}

/// One point of an eye space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyePoint {
    /// Marginal eye space.
    pub marginal: bool,
    /// Number of board edges the point touches (0, 1, 2).
    pub edge: u8,
    /// Holds a (dead) opponent stone.
    pub has_stone: bool,
    /// Indices of adjacent eye points.
    pub neighbours: Vec<usize>,
}

/// An eye space: its points and their adjacency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyeSpace {
    /// The points.
    pub points: Vec<EyePoint>,
}

impl EyeSpace {
    /// Builds an eye space from board points `(i, j, marginal, has_stone)`
    /// on a board of `size` lines: adjacency is grid adjacency, the edge
    /// count is the number of board edges the point touches.
    pub fn from_board_points(points: &[(u8, u8, bool, bool)], size: u8) -> EyeSpace {
        let edge_count = |v: u8| u8::from(v == 0) + u8::from(v + 1 == size);
        let points = points
            .iter()
            .map(|&(i, j, marginal, has_stone)| EyePoint {
                marginal,
                edge: (edge_count(i) + edge_count(j)).min(2),
                has_stone,
                neighbours: points
                    .iter()
                    .enumerate()
                    .filter(|(_, (a, b, _, _))| (a.abs_diff(i) + b.abs_diff(j)) == 1)
                    .map(|(k, _)| k)
                    .collect(),
            })
            .collect();
        EyeSpace { points }
    }
}

/// Whether point `p` can take vertex `v` (local conditions only).
fn compatible(v: &EyeVertex, p: &EyePoint) -> bool {
    usize::from(v.neighbour_count) == p.neighbours.len()
        && v.marginal == p.marginal
        && edge_fits(v.edge, p.edge)
        && if p.has_stone {
            v.flags & MAY_HOLD_STONE != 0
        } else {
            v.flags & MAY_BE_EMPTY != 0
        }
}

/// Whether a point on `point_edges` board edges can take a vertex the
/// diagram puts on `vertex_edges`: an interior vertex takes any point; a
/// vertex on the edge (1) or in the corner (2) only a point on as many
/// edges (GNU Go's `eval_eye` on ld4's P19: the line `@..xXx` (60301,
/// 1122) and not the corner-bent 60082 (1112), whose edge vertex would
/// fall on the corner point).
fn edge_fits(vertex_edges: u8, point_edges: u8) -> bool {
    vertex_edges == 0 || point_edges == vertex_edges
}

/// Whether the sizes and the marginal count agree.
fn sizes_agree(pattern: &EyePattern, space: &EyeSpace) -> bool {
    pattern.vertices.len() == space.points.len()
        && usize::from(pattern.marginal_count) == space.points.iter().filter(|p| p.marginal).count()
}

/// A bijection vertex → point for `pattern` on `space`, found by
/// backtracking over vertices in order.
pub fn find_mapping(pattern: &EyePattern, space: &EyeSpace) -> Option<Vec<usize>> {
    if !sizes_agree(pattern, space) {
        return None;
    }
    let n = pattern.vertices.len();
    let mut mapping = vec![usize::MAX; n];
    let mut used = vec![false; n];
    fn extend(
        k: usize,
        pattern: &EyePattern,
        space: &EyeSpace,
        mapping: &mut Vec<usize>,
        used: &mut Vec<bool>,
    ) -> bool {
        if k == pattern.vertices.len() {
            return true;
        }
        let v = &pattern.vertices[k];
        for p in 0..space.points.len() {
            if used[p] || !compatible(v, &space.points[p]) {
                continue;
            }
            // Already-mapped neighbours must map to neighbours of p.
            let adjacent_ok = v.neighbours.iter().flatten().all(|&w| {
                let w = usize::from(w);
                w > k
                    || mapping[w] == usize::MAX
                    || space.points[p].neighbours.contains(&mapping[w])
            });
            if !adjacent_ok {
                continue;
            }
            mapping[k] = p;
            used[p] = true;
            if extend(k + 1, pattern, space, mapping, used) {
                return true;
            }
            used[p] = false;
            mapping[k] = usize::MAX;
        }
        false
    }
    extend(0, pattern, space, &mut mapping, &mut used).then_some(mapping)
}

/// The first pattern (in order) that applies to `space`, with its mapping.
pub fn first_match<'a>(
    patterns: &'a [EyePattern],
    space: &EyeSpace,
) -> Option<(&'a EyePattern, Vec<usize>)> {
    patterns
        .iter()
        .find_map(|pattern| find_mapping(pattern, space).map(|m| (pattern, m)))
}

/// Whether `mapping` (vertex → point) is a valid bijection for `pattern`.
pub fn is_valid_mapping(pattern: &EyePattern, space: &EyeSpace, mapping: &[usize]) -> bool {
    let n = pattern.vertices.len();
    if !sizes_agree(pattern, space) || mapping.len() != n {
        return false;
    }
    let mut seen = vec![false; n];
    for &p in mapping {
        if p >= n || seen[p] {
            return false;
        }
        seen[p] = true;
    }
    pattern.vertices.iter().enumerate().all(|(k, v)| {
        let p = &space.points[mapping[k]];
        compatible(v, p)
            && v.neighbours
                .iter()
                .flatten()
                .all(|&w| p.neighbours.contains(&mapping[usize::from(w)]))
    })
}

/// The reference: whether any permutation is a valid mapping (for small
/// spaces only; cost grows as n!).
pub fn matches_brute_force(pattern: &EyePattern, space: &EyeSpace) -> bool {
    if !sizes_agree(pattern, space) {
        return false;
    }
    let n = pattern.vertices.len();
    let mut permutation: Vec<usize> = (0..n).collect();
    // Heap's algorithm, iterative.
    let mut c = vec![0usize; n];
    if is_valid_mapping(pattern, space, &permutation) {
        return true;
    }
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                permutation.swap(0, i);
            } else {
                permutation.swap(c[i], i);
            }
            if is_valid_mapping(pattern, space, &permutation) {
                return true;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A straight line of `n` interior empty vertices.
    fn line_pattern(n: u8) -> EyePattern {
        let vertices: Vec<EyeVertex> = (0..n)
            .map(|k| {
                let left = k.checked_sub(1);
                let right = (k + 1 < n).then_some(k + 1);
                EyeVertex {
                    row: 0,
                    col: k,
                    marginal: false,
                    edge: 0,
                    flags: MAY_BE_EMPTY,
                    neighbour_count: u8::from(left.is_some()) + u8::from(right.is_some()),
                    neighbours: [None, None, left, right],
                }
            })
            .collect();
        let mut histogram = [0u8; 3];
        for v in &vertices {
            if (1..=3).contains(&v.neighbour_count) {
                histogram[v.neighbour_count as usize - 1] += 1;
            }
        }
        EyePattern {
            number: 1,
            vertices,
            marginal_count: 0,
            neighbour_histogram: histogram,
            value: [1, 1, 1, 1],
        }
    }

    #[test]
    fn line_matches_a_bent_line_but_not_a_square() {
        let pattern = line_pattern(4);
        let bent = EyeSpace::from_board_points(
            &[
                (5, 5, false, false),
                (5, 6, false, false),
                (6, 6, false, false),
                (7, 6, false, false),
            ],
            19,
        );
        let square = EyeSpace::from_board_points(
            &[
                (5, 5, false, false),
                (5, 6, false, false),
                (6, 5, false, false),
                (6, 6, false, false),
            ],
            19,
        );
        assert!(find_mapping(&pattern, &bent).is_some());
        assert!(matches_brute_force(&pattern, &bent));
        assert!(find_mapping(&pattern, &square).is_none());
        assert!(!matches_brute_force(&pattern, &square));
    }

    #[test]
    fn flags_and_edges_are_respected() {
        let pattern = line_pattern(2);
        let with_stone =
            EyeSpace::from_board_points(&[(5, 5, false, true), (5, 6, false, false)], 19);
        assert!(find_mapping(&pattern, &with_stone).is_none());
        let mut on_edge = line_pattern(2);
        on_edge.vertices[0].edge = 1;
        let interior =
            EyeSpace::from_board_points(&[(5, 5, false, false), (5, 6, false, false)], 19);
        let edge = EyeSpace::from_board_points(&[(0, 5, false, false), (0, 6, false, false)], 19);
        assert!(find_mapping(&on_edge, &interior).is_none());
        assert!(find_mapping(&on_edge, &edge).is_some());
        assert!(
            find_mapping(&pattern, &edge).is_some(),
            "an interior vertex takes an edge point"
        );
        // A vertex on one edge does not take the corner point.
        let corner = EyeSpace::from_board_points(&[(0, 0, false, false), (0, 1, false, false)], 19);
        assert!(find_mapping(&on_edge, &corner).is_some(), "the other end");
        let mut both_on_edge = line_pattern(2);
        both_on_edge.vertices[0].edge = 1;
        both_on_edge.vertices[1].edge = 1;
        assert!(find_mapping(&both_on_edge, &edge).is_some());
        assert!(find_mapping(&both_on_edge, &corner).is_none());
        let mut in_corner = both_on_edge.clone();
        in_corner.vertices[0].edge = 2;
        assert!(find_mapping(&in_corner, &corner).is_some());
    }
}
