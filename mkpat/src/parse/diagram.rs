//! Main and constraint diagrams, one line at a time: edge lines, rows,
//! the `|` edges and their consistency rules (spec §4.2–§4.4, §7.1).

use super::lines::LineRef;
use crate::ast::{DIAGRAM_CHARS, Diagram, DiagramRow, Edges, Span, Text};
use crate::diag::{Code, Diagnostic};

/// Byte classes of diagram rows: bit 0 = diagram character, bit 1 = label.
static CELL_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let chars = DIAGRAM_CHARS.as_bytes();
    let mut i = 0;
    while i < chars.len() {
        table[chars[i] as usize] |= 1;
        i += 1;
    }
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        let lower = b.is_ascii_lowercase() && b != b'o' && b != b'x';
        let upper = b.is_ascii_uppercase() && b != b'O' && b != b'Q' && b != b'X' && b != b'Y';
        if lower || upper {
            table[c] |= 2;
        }
        c += 1;
    }
    table
};

/// Whether `c` may appear in a main diagram row.
pub fn is_diagram_char(c: u8) -> bool {
    CELL_CLASS[c as usize] & 1 != 0
}

/// Whether `c` may appear in a constraint diagram row (diagram character or label).
#[cfg(test)]
fn is_constraint_cell(c: u8) -> bool {
    CELL_CLASS[c as usize] != 0
}

/// Which of the two diagrams is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagramKind {
    /// The main diagram: strict edge rules.
    Main,
    /// The constraint diagram: labels allowed, edge lines skipped.
    Constraint,
}

/// A diagram being read.
#[derive(Debug)]
pub struct DiagramBuilder {
    kind: DiagramKind,
    rows: Vec<DiagramRow>,
    edges: Edges,
    north_line: bool,
    south_line: bool,
    width: Option<usize>,
    first: Span,
    last: Span,
    /// Whether an edge or shape error was reported (GNU Go discards the pattern).
    pub broken: bool,
}

impl DiagramBuilder {
    /// Starts a diagram at its first line.
    pub fn new(kind: DiagramKind, first: Span) -> DiagramBuilder {
        DiagramBuilder {
            kind,
            rows: Vec::with_capacity(8),
            edges: Edges::default(),
            north_line: false,
            south_line: false,
            width: None,
            first,
            last: first,
            broken: false,
        }
    }

    /// Number of rows read so far.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Reads one diagram line. `main_width` is the main diagram's width
    /// (for constraint diagrams).
    pub fn line(
        &mut self,
        line: &LineRef<'_>,
        main_width: Option<usize>,
        diags: &mut Vec<Diagnostic>,
    ) {
        self.last = line.span(0, line.text.len());
        let bytes = line.text.as_bytes();
        if matches!(bytes[0], b'-' | b'+') {
            self.edge_line(line, diags);
        } else {
            self.row(line, main_width, diags);
        }
    }

    fn error(&mut self, diags: &mut Vec<Diagnostic>, diag: Diagnostic) {
        if self.kind == DiagramKind::Main {
            self.broken = true;
            diags.push(diag);
        }
    }

    fn edge_line(&mut self, line: &LineRef<'_>, diags: &mut Vec<Diagnostic>) {
        let bytes = line.text.as_bytes();
        let west = bytes[0] == b'+';
        let dash_start = usize::from(west);
        let dashes = bytes[dash_start..]
            .iter()
            .take_while(|&&b| b == b'-')
            .count();
        let east = dashes > 0 && bytes.get(dash_start + dashes) == Some(&b'+');
        if dashes == 0 {
            self.error(
                diags,
                Diagnostic::new(
                    Code::EdgeLineWithoutDash,
                    line.span(0, line.text.len()),
                    "edge line without '-'",
                )
                .with_help("an edge line is '-' characters, with '+' for corners"),
            );
            return;
        }
        if self.rows.is_empty() {
            self.north_line = true;
            self.edges.0 |= Edges::NORTH;
            if west {
                self.edges.0 |= Edges::WEST;
            }
            if east {
                self.edges.0 |= Edges::EAST;
            }
            return;
        }
        if self.south_line && self.kind == DiagramKind::Main {
            self.error(
                diags,
                Diagnostic::new(
                    Code::RowAfterSouthEdge,
                    line.span(0, line.text.len()),
                    "a second south edge line",
                )
                .with_help("a diagram has at most one edge line below its rows"),
            );
            return;
        }
        self.south_line = true;
        self.edges.0 |= Edges::SOUTH;
        if self.kind == DiagramKind::Constraint {
            return;
        }
        if west && !self.edges.has(Edges::WEST) {
            self.error(
                diags,
                Diagnostic::new(
                    Code::WestEdgeInconsistent,
                    line.span(0, 1),
                    "south edge line starts with '+' but the rows have no west edge",
                )
                .with_help("start every row with '|' or drop the '+'"),
            );
        }
        if east && !self.edges.has(Edges::EAST) {
            self.error(
                diags,
                Diagnostic::new(
                    Code::EastEdgeInconsistent,
                    line.span(dash_start + dashes, dash_start + dashes + 1),
                    "south edge line ends with '+' but the rows have no east edge",
                )
                .with_help("end every row with '|' or drop the '+'"),
            );
        }
        if let Some(width) = self.width
            && dashes != width
        {
            self.error(
                diags,
                Diagnostic::new(
                    Code::SouthEdgeWidth,
                    line.span(dash_start, dash_start + dashes),
                    format!("south edge has {dashes} '-' but the rows are {width} wide"),
                )
                .with_label("GNU Go reports: not rectangular")
                .with_help(format!("write exactly {width} '-'")),
            );
        }
    }

    fn row(&mut self, line: &LineRef<'_>, main_width: Option<usize>, diags: &mut Vec<Diagnostic>) {
        let bytes = line.text.as_bytes();
        let main = self.kind == DiagramKind::Main;
        if self.south_line && main {
            self.error(
                diags,
                Diagnostic::new(
                    Code::RowAfterSouthEdge,
                    line.span(0, line.text.len()),
                    "diagram row below the south edge line",
                )
                .with_help("the south edge line must be the last line of the diagram"),
            );
            return;
        }
        let west = bytes[0] == b'|';
        let cells_start = usize::from(west);
        let accepted = if main { 1 } else { 3 };
        let cells_len = bytes[cells_start..]
            .iter()
            .take_while(|&&b| CELL_CLASS[b as usize] & accepted != 0)
            .count();
        let cells_end = cells_start + cells_len;
        let east = bytes.get(cells_end) == Some(&b'|');
        let first_row = self.rows.is_empty();
        if main {
            self.side_edge(line, west, 0, first_row, Edges::WEST, diags);
            self.side_edge(line, east, cells_end, first_row, Edges::EAST, diags);
        } else {
            if west {
                self.edges.0 |= Edges::WEST;
            }
            if east {
                self.edges.0 |= Edges::EAST;
            }
        }
        let remark_start = cells_end + usize::from(east);
        if main {
            match self.width {
                None => self.width = Some(cells_len),
                Some(width) if width != cells_len => self.error(
                    diags,
                    Diagnostic::new(
                        Code::NotRectangular,
                        line.span(cells_start, cells_end.max(cells_start + 1)),
                        format!("row is {cells_len} wide but the first row is {width} wide"),
                    )
                    .with_label("GNU Go reports: not rectangular")
                    .with_help("every row needs the same number of diagram characters"),
                ),
                Some(_) => {}
            }
        } else if let Some(width) = main_width
            && width != cells_len
        {
            diags.push(
                Diagnostic::new(
                    Code::ConstraintWidth,
                    line.span(cells_start, cells_end.max(cells_start + 1)),
                    format!(
                        "constraint row is {cells_len} wide but the main diagram is {width} wide"
                    ),
                )
                .with_help("the constraint diagram must copy the main diagram's shape"),
            );
        }
        let remark = &line.text[remark_start..];
        self.rows.push(DiagramRow {
            cells: Text::from(&line.text[cells_start..cells_end]),
            remark: if remark.is_empty() {
                Text::default()
            } else {
                Text::from(remark)
            },
            span: self.last,
            cells_offset: cells_start as u32,
        });
    }

    /// Applies the main-diagram rule for a `|` edge on one side of a row.
    #[inline]
    fn side_edge(
        &mut self,
        line: &LineRef<'_>,
        present: bool,
        at: usize,
        first_row: bool,
        bit: u8,
        diags: &mut Vec<Diagnostic>,
    ) {
        let known = self.edges.has(bit);
        if present == known {
            return;
        }
        let (code, side) = if bit == Edges::WEST {
            (Code::WestEdgeInconsistent, "west")
        } else {
            (Code::EastEdgeInconsistent, "east")
        };
        if present && !known {
            if first_row && !self.north_line {
                self.edges.0 |= bit;
            } else {
                let why = if first_row {
                    "the north edge line has no '+' for this corner"
                } else {
                    "earlier rows have no '|' on this side"
                };
                self.error(
                    diags,
                    Diagnostic::new(
                        code,
                        line.span(at, at + 1),
                        format!("unexpected {side} edge '|': {why}"),
                    )
                    .with_help(format!(
                        "draw the {side} edge on every row (and '+' on edge lines), or on none"
                    )),
                );
            }
        } else if !present && known {
            let end = (at + 1).min(line.text.len()).max(at);
            self.error(
                diags,
                Diagnostic::new(
                    code,
                    line.span(at, end),
                    format!("row lacks the {side} edge '|'"),
                )
                .with_help(format!(
                    "the diagram draws the {side} edge, so every row needs '|' on that side"
                )),
            );
        }
    }

    /// The width of the rows (of the first row).
    pub fn width(&self) -> Option<usize> {
        self.width
    }

    /// The finished diagram.
    pub fn finish(self) -> Diagram {
        let span = Span {
            end: self.last.end,
            ..self.first
        };
        Diagram {
            rows: self.rows,
            edges: self.edges,
            span,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::is_label;

    #[test]
    fn cell_table_agrees_with_the_definitions() {
        for b in 0..=255u8 {
            assert_eq!(
                is_diagram_char(b),
                DIAGRAM_CHARS.as_bytes().contains(&b),
                "{b}"
            );
            assert_eq!(
                is_constraint_cell(b),
                DIAGRAM_CHARS.as_bytes().contains(&b) || is_label(b as char),
                "{b}"
            );
        }
    }
}
