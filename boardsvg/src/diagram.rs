//! A pattern on its own: a [`Panel`] in [`Style::Diagram`] from the rows of
//! a GNU Go pattern diagram (edge characters `|`, `-`, `+` already taken
//! off, as `mkpat`'s parser gives them), which sides are board edges, and
//! the constraint diagram whose letters label points.

use crate::{Edges, MAX_GRID, Overlay, Panel, Point, Style, Symbol};

/// Why a diagram cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagramError {
    /// The diagram has no cells.
    Empty,
    /// The diagram is larger than [`MAX_GRID`] either way.
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
    },
    /// A cell holds a character that is no diagram character.
    UnknownCharacter {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        column: usize,
        /// The character.
        character: char,
    },
    /// A label of the constraint diagram lies outside the main diagram.
    LabelOutside {
        /// The label.
        label: char,
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        column: usize,
    },
}

impl std::fmt::Display for DiagramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiagramError::Empty => write!(f, "the pattern has an empty diagram"),
            DiagramError::TooLarge { rows, columns } => write!(
                f,
                "the diagram is {rows} x {columns}; at most {MAX_GRID} x {MAX_GRID} can be drawn"
            ),
            DiagramError::UnknownCharacter {
                row,
                column,
                character,
            } => write!(
                f,
                "diagram row {}, column {}: {character:?} is not a diagram character",
                row + 1,
                column + 1
            ),
            DiagramError::LabelOutside { label, row, column } => write!(
                f,
                "constraint diagram label {label:?} (row {}, column {}) lies outside the main diagram",
                row + 1,
                column + 1
            ),
        }
    }
}

impl std::error::Error for DiagramError {}

/// The panel of a pattern diagram: every cell drawn as its [`Symbol`]
/// (`X`/`O` as black/white stones), the move `*`, and every character of
/// the constraint diagram for which `is_label` holds as a label on its
/// point. The anchor is left unset (it depends on the compiler's
/// options); the title is empty.
pub fn pattern_panel<S: AsRef<str>>(
    rows: &[S],
    edges: Edges,
    constraint: Option<&[S]>,
    is_label: impl Fn(char) -> bool,
) -> Result<Panel, DiagramError> {
    let height = rows.len();
    let width = rows
        .iter()
        .map(|r| r.as_ref().chars().count())
        .max()
        .unwrap_or(0);
    if height == 0 || width == 0 {
        return Err(DiagramError::Empty);
    }
    if height > MAX_GRID || width > MAX_GRID {
        return Err(DiagramError::TooLarge {
            rows: height,
            columns: width,
        });
    }
    let mut overlay = Overlay {
        verdict: None,
        ..Overlay::default()
    };
    for (i, row) in rows.iter().enumerate() {
        for (j, character) in row.as_ref().chars().enumerate() {
            let symbol = Symbol::from_char(character).ok_or(DiagramError::UnknownCharacter {
                row: i,
                column: j,
                character,
            })?;
            let point = Point::new(i as u8, j as u8);
            overlay.elements.push((point, symbol));
            if symbol == Symbol::Move {
                overlay.move_point = Some(point);
            }
        }
    }
    for (i, row) in constraint.unwrap_or(&[]).iter().enumerate() {
        for (j, label) in row.as_ref().chars().enumerate() {
            if !is_label(label) {
                continue;
            }
            let inside = rows.get(i).is_some_and(|r| j < r.as_ref().chars().count());
            if !inside {
                return Err(DiagramError::LabelOutside {
                    label,
                    row: i,
                    column: j,
                });
            }
            overlay.labels.push((Point::new(i as u8, j as u8), label));
        }
    }
    Ok(Panel {
        title: Vec::new(),
        rows: height,
        columns: width,
        edges,
        coordinates: false,
        star_points: false,
        stones: Vec::new(),
        last_move: None,
        marked: Vec::new(),
        overlay: Some(overlay),
        style: Style::Diagram,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(c: char) -> bool {
        c.is_ascii_alphabetic() && !matches!(c, 'o' | 'x' | 'O' | 'X' | 'Q' | 'Y')
    }

    #[test]
    fn cells_move_and_labels() {
        let rows = ["?O?", "OX*", "..."];
        let constraint = ["?O?", "Oa*", "..b"];
        let panel = pattern_panel(&rows, Edges::NONE, Some(&constraint), letters).unwrap();
        let overlay = panel.overlay.unwrap();
        assert_eq!(overlay.elements.len(), 9);
        assert_eq!(overlay.move_point, Some(Point::new(1, 2)));
        assert_eq!(
            overlay.labels,
            [(Point::new(1, 1), 'a'), (Point::new(2, 2), 'b')]
        );
        assert_eq!(overlay.elements[4], (Point::new(1, 1), Symbol::Opponent));
    }

    #[test]
    fn bad_diagrams_are_errors() {
        let none: Option<&[&str]> = None;
        assert_eq!(
            pattern_panel::<&str>(&[], Edges::NONE, none, letters),
            Err(DiagramError::Empty)
        );
        let error = pattern_panel(&["?Z"], Edges::NONE, none, letters).unwrap_err();
        assert_eq!(
            error.to_string(),
            "diagram row 1, column 2: 'Z' is not a diagram character"
        );
        let error =
            pattern_panel(&["?."], Edges::NONE, Some(&["??", "a?"][..]), letters).unwrap_err();
        assert!(
            error.to_string().contains("outside the main diagram"),
            "{error}"
        );
        let wide = "?".repeat(MAX_GRID + 1);
        assert!(matches!(
            pattern_panel(&[wide.as_str()], Edges::NONE, none, letters),
            Err(DiagramError::TooLarge { .. })
        ));
    }
}
