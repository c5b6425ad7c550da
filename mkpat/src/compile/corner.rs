//! Corner mode (`-C`, compilation.md §13): the corner frame of a pattern and
//! the variation tree the corner matcher walks, flattened in GNU Go's order.

use crate::ast::ElementKind;
use crate::ir::{CornerDb, CornerVariation, EAST, NORTH, Rel, SOUTH, WEST};

/// The corner transformation `c` for an edge set with exactly two adjacent
/// edges (N+W 0, N+E 7, S+E 2, S+W 5); `None` otherwise.
pub fn corner_transformation(edges: u8) -> Option<u8> {
    match edges {
        e if e == NORTH | WEST => Some(0),
        e if e == NORTH | EAST => Some(7),
        e if e == SOUTH | EAST => Some(2),
        e if e == SOUTH | WEST => Some(5),
        _ => None,
    }
}

/// Frame coordinates of diagram cell `(i, j)` for corner transformation `c`.
pub fn frame(i: usize, j: usize, rows: usize, cols: usize, c: u8) -> Rel {
    let (i, j, maxi, maxj) = (i as i32, j as i32, rows as i32 - 1, cols as i32 - 1);
    match c {
        7 => Rel::new(i, maxj - j),
        2 => Rel::new(maxi - i, maxj - j),
        5 => Rel::new(maxi - i, j),
        _ => Rel::new(i, j),
    }
}

/// A stone in frame coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameStone {
    /// Position (x = distance from the horizontal edge, y = from the vertical one).
    pub at: Rel,
    /// `X` or `O`.
    pub color: ElementKind,
}

#[derive(Debug, Clone)]
struct Node {
    rel: Rel,
    xor_att: u8,
    num_stones: u32,
    children: Vec<usize>,
    pattern: Option<usize>,
}

/// Builds the variation tree one pattern at a time.
#[derive(Debug, Clone, Default)]
pub struct CornerTree {
    nodes: Vec<Node>,
    top: Vec<usize>,
    scratch: Scratch,
}

/// Buffers of [`CornerTree::add`], kept between patterns.
#[derive(Debug, Clone, Default)]
struct Scratch {
    list: Vec<FrameStone>,
    covered_by: Vec<u32>,
}

fn stone_value(at: Rel) -> i64 {
    let (x, y) = (at.di as i64, at.dj as i64);
    38 * (x + 1) * (y + 1) - 2 * (x - y).abs() + i64::from(x < y)
}

fn covers(small: Rel, big: Rel) -> bool {
    small.di <= big.di && small.dj <= big.dj
}

impl CornerTree {
    /// An empty tree.
    pub fn new() -> CornerTree {
        CornerTree::default()
    }

    fn find_child(&self, parent: Option<usize>, rel: Rel, xor_att: Option<u8>) -> Option<usize> {
        let list = match parent {
            None => &self.top,
            Some(p) => &self.nodes[p].children,
        };
        list.iter().copied().find(|&n| {
            self.nodes[n].rel == rel && xor_att.is_none_or(|x| self.nodes[n].xor_att == x)
        })
    }

    fn child(&mut self, parent: Option<usize>, rel: Rel, xor_att: u8, num_stones: u32) -> usize {
        let colour_matters = parent.is_some();
        if let Some(found) = self.find_child(parent, rel, colour_matters.then_some(xor_att)) {
            return found;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            rel,
            xor_att,
            num_stones,
            children: Vec::new(),
            pattern: None,
        });
        match parent {
            None => self.top.push(id),
            Some(p) => self.nodes[p].children.push(id),
        }
        id
    }

    /// Adds a pattern (its stones and move in frame coordinates). Returns the
    /// pattern already attached at the same variation when this one is a
    /// duplicate (it is then not added).
    ///
    /// The stones are placed one at a time: among the not yet placed stones
    /// that no other unplaced stone covers (the candidates), those that
    /// continue an existing variation are preferred, and among the preferred
    /// the first with the highest [`stone_value`] is taken.
    pub fn add(
        &mut self,
        stones: &[FrameStone],
        move_at: Rel,
        pattern: usize,
    ) -> Result<(), usize> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let result = self.add_with(stones, move_at, pattern, &mut scratch);
        self.scratch = scratch;
        result
    }

    fn add_with(
        &mut self,
        stones: &[FrameStone],
        move_at: Rel,
        pattern: usize,
        scratch: &mut Scratch,
    ) -> Result<(), usize> {
        let list = &mut scratch.list;
        list.clear();
        list.extend_from_slice(stones);
        let n = list.len();
        // How many other not yet placed stones cover each stone (every
        // stone covers itself once).
        let covered_by = &mut scratch.covered_by;
        covered_by.clear();
        covered_by.extend(list.iter().map(|s| {
            list.iter()
                .map(|t| u32::from(covers(t.at, s.at)))
                .sum::<u32>()
                - 1
        }));
        let mut parent: Option<usize> = None;
        let mut reference = None;
        for k in 0..n {
            let reference_colour = reference.unwrap_or(list[k].color);
            // The first candidate of highest value, overall and among those
            // continuing an existing variation.
            let mut best_any: Option<(usize, i64)> = None;
            let mut best_existing: Option<(usize, i64)> = None;
            for s in k..n {
                if covered_by[s] != 0 {
                    continue;
                }
                let value = stone_value(list[s].at);
                if best_any.is_none_or(|(_, v)| value > v) {
                    best_any = Some((s, value));
                }
                if best_existing.is_some_and(|(_, v)| value <= v) {
                    continue; // cannot become the best existing one
                }
                let xor = if list[s].color == reference_colour {
                    0
                } else {
                    3
                };
                let colour = parent.is_some().then_some(xor);
                if self.find_child(parent, list[s].at, colour).is_some() {
                    best_existing = Some((s, value));
                }
            }
            let best = match best_existing.or(best_any) {
                Some((s, _)) => s,
                None => unreachable!("some unplaced stone is covered by no other"),
            };
            list.swap(k, best);
            covered_by.swap(k, best);
            let stone = list[k];
            for (other, count) in list[k + 1..].iter().zip(&mut covered_by[k + 1..]) {
                *count -= u32::from(covers(stone.at, other.at));
            }
            let reference_colour = *reference.get_or_insert(stone.color);
            let xor_att = if stone.color == reference_colour {
                0
            } else {
                3
            };
            let num_stones = 1 + list[..k].iter().filter(|s| covers(s.at, stone.at)).count() as u32;
            parent = Some(self.child(parent, stone.at, xor_att, num_stones));
        }
        let xor_att = match reference {
            Some(ElementKind::Opponent) => 3,
            _ => 0,
        };
        let num_stones = 1 + list.iter().filter(|s| covers(s.at, move_at)).count() as u32;
        let node = self.child(parent, move_at, xor_att, num_stones);
        if let Some(existing) = self.nodes[node].pattern {
            return Err(existing);
        }
        self.nodes[node].pattern = Some(pattern);
        Ok(())
    }

    /// The flattened variation array (compilation.md §13.4).
    pub fn flatten(&self, max_width: i32, max_height: i32) -> CornerDb {
        let mut number = vec![0usize; self.nodes.len()];
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut first_child = vec![0usize; self.nodes.len()];
        self.number_list(&self.top, &mut number, &mut order, &mut first_child);
        let variations = order
            .iter()
            .map(|&n| {
                let node = &self.nodes[n];
                CornerVariation {
                    rel: node.rel,
                    xor_att: node.xor_att,
                    num_stones: node.num_stones,
                    num_children: node.children.len(),
                    first_child: (!node.children.is_empty()).then_some(first_child[n]),
                    pattern: node.pattern,
                }
            })
            .collect();
        CornerDb {
            max_width,
            max_height,
            num_top_variations: self.top.len(),
            variations,
        }
    }

    fn number_list(
        &self,
        list: &[usize],
        number: &mut [usize],
        order: &mut Vec<usize>,
        first_child: &mut [usize],
    ) {
        for &n in list {
            number[n] = order.len();
            order.push(n);
        }
        for &n in list.iter().rev() {
            first_child[n] = order.len();
            self.number_list(&self.nodes[n].children, number, order, first_child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stones(rows: &[&str], c: u8) -> (Vec<FrameStone>, Rel) {
        let (r, w) = (rows.len(), rows[0].len());
        let mut out = Vec::new();
        let mut mv = Rel::default();
        for (i, row) in rows.iter().enumerate() {
            for (j, ch) in row.chars().enumerate() {
                let at = frame(i, j, r, w, c);
                match ch {
                    'X' => out.push(FrameStone {
                        at,
                        color: ElementKind::Opponent,
                    }),
                    'O' => out.push(FrameStone {
                        at,
                        color: ElementKind::Own,
                    }),
                    '*' => mv = at,
                    _ => {}
                }
            }
        }
        (out, mv)
    }

    #[test]
    fn worked_example_of_13_4() {
        let mut tree = CornerTree::new();
        let j1 = ["......", "......", ".O*...", ".XXO..", "......", "......"];
        let j2 = [".....", "...X.", "..*..", ".....", ".O..."];
        let j3 = ["....", "..O.", ".*..", "...."];
        for (k, rows) in [&j1[..], &j2[..], &j3[..]].into_iter().enumerate() {
            let (s, m) = stones(rows, 7);
            tree.add(&s, m, k).unwrap();
        }
        let db = tree.flatten(0, 0);
        type Row = (i32, i32, u8, u32, Option<usize>, Option<usize>);
        let got: Vec<Row> = db
            .variations
            .iter()
            .map(|v| {
                (
                    v.rel.di,
                    v.rel.dj,
                    v.xor_att,
                    v.num_stones,
                    v.first_child,
                    v.pattern,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (2, 4, 0, 1, Some(5), None),
                (1, 1, 0, 1, Some(2), None),
                (4, 3, 3, 2, Some(4), None),
                (2, 2, 0, 2, None, Some(2)),
                (2, 2, 3, 2, None, Some(1)),
                (3, 2, 0, 1, Some(6), None),
                (3, 3, 3, 2, Some(7), None),
                (3, 4, 3, 4, Some(8), None),
                (2, 3, 0, 1, None, Some(0)),
            ]
        );
        assert_eq!(db.num_top_variations, 2);
        // The same pattern again is a duplicate of pattern 0.
        let (s, m) = stones(&j1, 7);
        assert_eq!(tree.add(&s, m, 3), Err(0));
    }

    /// Reference [`CornerTree::add`]: candidate and preferred lists built
    /// in full, the best taken from the preferred list when it is not empty.
    fn add_reference(
        tree: &mut CornerTree,
        stones: &[FrameStone],
        move_at: Rel,
        pattern: usize,
    ) -> Result<(), usize> {
        let mut list: Vec<FrameStone> = stones.to_vec();
        let mut parent: Option<usize> = None;
        let mut reference = None;
        for k in 0..list.len() {
            let remaining = list[k..].to_vec();
            let candidates: Vec<usize> = (0..remaining.len())
                .filter(|&s| {
                    !(0..remaining.len())
                        .any(|t| t != s && covers(remaining[t].at, remaining[s].at))
                })
                .collect();
            let reference_colour = reference.unwrap_or(remaining[0].color);
            let on_existing: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&s| {
                    let xor = if remaining[s].color == reference_colour {
                        0
                    } else {
                        3
                    };
                    let colour = parent.is_some().then_some(xor);
                    tree.find_child(parent, remaining[s].at, colour).is_some()
                })
                .collect();
            let eligible = if on_existing.is_empty() {
                &candidates
            } else {
                &on_existing
            };
            let mut best = eligible[0];
            for &s in &eligible[1..] {
                if stone_value(remaining[s].at) > stone_value(remaining[best].at) {
                    best = s;
                }
            }
            list.swap(k, k + best);
            let stone = list[k];
            let reference_colour = *reference.get_or_insert(stone.color);
            let xor_att = if stone.color == reference_colour {
                0
            } else {
                3
            };
            let num_stones = 1 + list[..k].iter().filter(|s| covers(s.at, stone.at)).count() as u32;
            parent = Some(tree.child(parent, stone.at, xor_att, num_stones));
        }
        let xor_att = match reference {
            Some(ElementKind::Opponent) => 3,
            _ => 0,
        };
        let num_stones = 1 + list.iter().filter(|s| covers(s.at, move_at)).count() as u32;
        let node = tree.child(parent, move_at, xor_att, num_stones);
        if let Some(existing) = tree.nodes[node].pattern {
            return Err(existing);
        }
        tree.nodes[node].pattern = Some(pattern);
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn add_agrees_with_the_reference(
            patterns in proptest::collection::vec(
                (proptest::collection::vec((0i32..6, 0i32..6, proptest::bool::ANY), 0..10), 0i32..6, 0i32..6),
                1..40,
            ),
        ) {
            let mut fast = CornerTree::new();
            let mut reference = CornerTree::new();
            for (k, (stones, mi, mj)) in patterns.iter().enumerate() {
                let mut seen = std::collections::BTreeSet::new();
                let stones: Vec<FrameStone> = stones
                    .iter()
                    .filter(|&&(i, j, _)| seen.insert((i, j)))
                    .map(|&(i, j, x)| FrameStone {
                        at: Rel::new(i, j),
                        color: if x { ElementKind::Opponent } else { ElementKind::Own },
                    })
                    .collect();
                let move_at = Rel::new(*mi, *mj);
                proptest::prop_assert_eq!(
                    fast.add(&stones, move_at, k),
                    add_reference(&mut reference, &stones, move_at, k)
                );
            }
            proptest::prop_assert_eq!(fast.flatten(0, 0), reference.flatten(0, 0));
        }
    }

    #[test]
    fn corner_transformations() {
        assert_eq!(corner_transformation(NORTH | WEST), Some(0));
        assert_eq!(corner_transformation(NORTH | EAST), Some(7));
        assert_eq!(corner_transformation(SOUTH | EAST), Some(2));
        assert_eq!(corner_transformation(SOUTH | WEST), Some(5));
        assert_eq!(corner_transformation(NORTH), None);
        assert_eq!(corner_transformation(NORTH | SOUTH), None);
        assert_eq!(frame(0, 0, 3, 4, 7), Rel::new(0, 3));
        assert_eq!(frame(0, 0, 3, 4, 2), Rel::new(2, 3));
    }
}
