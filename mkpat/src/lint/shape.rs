//! A pattern's geometry as the geometric lints see it: the main diagram as
//! a rectangle of element characters (`Q` read as `O`, `Y` as `X`: they
//! only choose the anchor), its board edges, and the constraint labels that
//! the pattern's code uses, at their points. The eight transformations act
//! on it as GNU Go's `T_k` act on offsets (compilation.md §7).

use std::collections::BTreeSet;

use matcher::transform::Transform;

use crate::ast::{Argument, Call, Edges, Expr, Pattern, ValueArgument, is_label};

/// The rectangle of a pattern, with the labels its code uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Rows of the diagram.
    pub rows: usize,
    /// Columns of the diagram.
    pub cols: usize,
    /// Element characters, row by row (`?` for "anything").
    pub cells: Vec<u8>,
    /// Edge bits (`Edges::NORTH` …).
    pub edges: u8,
    /// Labels used by the constraint, the action or a value field, row by
    /// row at every point that carries them; `0` where there is none.
    pub labels: Vec<u8>,
}

/// The direction of each edge bit as an offset `(di, dj)` from the pattern.
const EDGE_DIRECTIONS: [(u8, (i32, i32)); 4] = [
    (Edges::NORTH, (-1, 0)),
    (Edges::SOUTH, (1, 0)),
    (Edges::EAST, (0, 1)),
    (Edges::WEST, (0, -1)),
];

impl Shape {
    /// The shape of `pattern`, or `None` when its diagram is not a proper
    /// rectangle (the checker reports that) or its constraint diagram does
    /// not fit it.
    pub fn of(pattern: &Pattern) -> Option<Shape> {
        let diagram = &pattern.diagram;
        let rows = diagram.rows.len();
        let cols = diagram.rows.first()?.cells.len();
        if rows == 0 || cols == 0 || diagram.rows.iter().any(|r| r.cells.len() != cols) {
            return None;
        }
        let mut cells = Vec::with_capacity(rows * cols);
        for row in &diagram.rows {
            for b in row.cells.bytes() {
                cells.push(match b {
                    b'Q' => b'O',
                    b'Y' => b'X',
                    other => other,
                });
            }
        }
        let mut label_grid = vec![0u8; rows * cols];
        let used = used_labels(pattern);
        if let Some(constraint) = &pattern.constraint_diagram {
            if constraint.rows.len() != rows
                || constraint.rows.iter().any(|r| r.cells.len() != cols)
            {
                return None;
            }
            // A label written on several points (GNU Go reads the first)
            // marks them all: authors label every stone of a string so.
            for (i, row) in constraint.rows.iter().enumerate() {
                for (j, c) in row.cells.chars().enumerate() {
                    if used.contains(&c) && is_label(c) && c.is_ascii() {
                        label_grid[i * cols + j] = c as u8;
                    }
                }
            }
        }
        Some(Shape {
            rows,
            cols,
            cells,
            edges: diagram.edges.0,
            labels: label_grid,
        })
    }

    /// The element character at `(i, j)`.
    pub fn cell(&self, i: usize, j: usize) -> u8 {
        self.cells[i * self.cols + j]
    }

    /// The image of the shape under `t`, moved back to start at `(0, 0)`.
    pub fn transformed(&self, t: Transform) -> Shape {
        let (rows, cols) = if swaps_axes(t) {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut cells = vec![b'?'; rows * cols];
        let mut label_grid = vec![0u8; rows * cols];
        let (oi, oj) = self.origin_shift(t);
        for i in 0..self.rows {
            for j in 0..self.cols {
                let (ti, tj) = t.apply(i as i32, j as i32);
                let index = (ti - oi) as usize * cols + (tj - oj) as usize;
                cells[index] = self.cell(i, j);
                label_grid[index] = self.labels[i * self.cols + j];
            }
        }
        Shape {
            rows,
            cols,
            cells,
            edges: transformed_edges(self.edges, t),
            labels: label_grid,
        }
    }

    /// Where the image of `(0, 0)..(rows-1, cols-1)` under `t` starts.
    fn origin_shift(&self, t: Transform) -> (i32, i32) {
        let (ai, aj) = t.apply(0, 0);
        let (bi, bj) = t.apply(self.rows as i32 - 1, self.cols as i32 - 1);
        (ai.min(bi), aj.min(bj))
    }

    /// Whether `t` maps the diagram (elements and edges, labels aside) onto
    /// itself, compared point by point without building the image.
    pub fn diagram_preserved_by(&self, t: Transform) -> bool {
        if swaps_axes(t) && self.rows != self.cols {
            return false;
        }
        if transformed_edges(self.edges, t) != self.edges {
            return false;
        }
        let (oi, oj) = self.origin_shift(t);
        (0..self.rows).all(|i| {
            (0..self.cols).all(|j| {
                let (ti, tj) = t.apply(i as i32, j as i32);
                self.cell((ti - oi) as usize, (tj - oj) as usize) == self.cell(i, j)
            })
        })
    }

    /// For a `t` that preserves the diagram: the renaming of labels it
    /// induces (label at a point ↦ label at the image point), or `None` when
    /// a used label's image point has no label or the map is not one to one.
    pub fn label_map(&self, t: Transform) -> Option<Vec<(char, char)>> {
        let (oi, oj) = self.origin_shift(t);
        let mut map: Vec<(char, char)> = Vec::new();
        for i in 0..self.rows {
            for j in 0..self.cols {
                let from = self.labels[i * self.cols + j];
                let (ti, tj) = t.apply(i as i32, j as i32);
                let to = self.labels[(ti - oi) as usize * self.cols + (tj - oj) as usize];
                if (from == 0) != (to == 0) {
                    return None;
                }
                if from != 0 && !map.contains(&(from as char, to as char)) {
                    map.push((from as char, to as char));
                }
            }
        }
        // One image per label, one label per image.
        let sources: BTreeSet<char> = map.iter().map(|&(from, _)| from).collect();
        let targets: BTreeSet<char> = map.iter().map(|&(_, to)| to).collect();
        (sources.len() == map.len() && targets.len() == map.len()).then_some(map)
    }

    /// The text of the shape (rows, edges, labels): equal texts are equal
    /// shapes.
    pub fn key(&self) -> String {
        let mut out = format!("{}x{}e{}:", self.rows, self.cols, self.edges);
        out.push_str(&String::from_utf8_lossy(&self.cells));
        out
    }
}

/// Whether `t` exchanges rows and columns.
pub fn swaps_axes(t: Transform) -> bool {
    t.matrix()[0][0] == 0
}

/// The edge bits of the image under `t`.
pub fn transformed_edges(edges: u8, t: Transform) -> u8 {
    let mut out = 0;
    for (bit, (di, dj)) in EDGE_DIRECTIONS {
        if edges & bit != 0 {
            let image = t.apply(di, dj);
            for (other, direction) in EDGE_DIRECTIONS {
                if direction == image {
                    out |= other;
                }
            }
        }
    }
    out
}

/// The labels a pattern's constraint, action and label-valued fields use.
pub fn used_labels(pattern: &Pattern) -> BTreeSet<char> {
    let mut used = BTreeSet::new();
    pattern.for_each_call(&mut |call, _| add_call_labels(call, &mut used));
    if let crate::ast::ColonLine::Modern(colon) = &pattern.colon {
        for field in &colon.values {
            if let ValueArgument::Label(label) = &field.argument {
                used.insert(label.node);
            }
        }
    }
    used
}

/// Adds the labels `expr` uses.
pub fn expr_labels(expr: &Expr, used: &mut BTreeSet<char>) {
    expr.for_each_call(&mut |call, _| add_call_labels(call, used));
}

/// Adds the labels a call's arguments name.
pub fn add_call_labels(call: &Call, used: &mut BTreeSet<char>) {
    used.extend(call.args.iter().filter_map(|arg| match arg.node {
        Argument::Label(c) => Some(c),
        Argument::Move | Argument::Tenuki => None,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_follow_the_transformations() {
        let t = |k| Transform::new(k).unwrap();
        // Rotating 90° clockwise takes the north edge to the east.
        assert_eq!(transformed_edges(Edges::NORTH, t(1)), Edges::EAST);
        assert_eq!(transformed_edges(Edges::WEST, t(7)), Edges::EAST);
        assert_eq!(transformed_edges(Edges::NORTH, t(5)), Edges::SOUTH);
        assert_eq!(transformed_edges(Edges::NORTH, t(6)), Edges::WEST);
        for k in 0..8 {
            assert_eq!(transformed_edges(15, t(k)), 15);
        }
    }
}
