//! Constraint-diagram labels (db-format §7.2) and their offsets relative to
//! the move (compilation.md §10).

use crate::ast::{Diagram, is_label};
use crate::ir::{LabelOffset, Rel};

/// The label letters in GNU Go's declaration order: `a`…`z` without `o` and
/// `x`, then `A`…`Z` without `O`, `Q`, `X`, `Y`.
pub fn declaration_order() -> impl Iterator<Item = char> {
    ('a'..='z').chain('A'..='Z').filter(|&c| is_label(c))
}

/// Each label's first position (reading order) in the constraint diagram.
pub fn label_positions(diagram: &Diagram) -> Vec<(char, (usize, usize))> {
    // Labels are ASCII letters: bit `c - 'A'` of `seen` records letter `c`,
    // `found` their first positions in reading order.
    let mut seen = 0u64;
    let mut found: Vec<(char, (usize, usize))> = Vec::new();
    for (i, row) in diagram.rows.iter().enumerate() {
        for (j, c) in row.cells.chars().enumerate() {
            if is_label(c) {
                let bit = 1u64 << (c as u32 - 'A' as u32);
                if seen & bit == 0 {
                    seen |= bit;
                    found.push((c, (i, j)));
                }
            }
        }
    }
    // Declaration order: lower case first, each case alphabetically.
    found.sort_unstable_by_key(|&(c, _)| (c.is_ascii_uppercase(), c));
    found
}

/// Label offsets: `T_L(label − anchor − move_rel)`.
pub fn label_offsets(
    positions: &[(char, (usize, usize))],
    anchor: (usize, usize),
    move_rel: Rel,
    label_transform: u8,
) -> Vec<LabelOffset> {
    positions
        .iter()
        .map(|&(name, at)| {
            let from_anchor =
                Rel::new(at.0 as i32 - anchor.0 as i32, at.1 as i32 - anchor.1 as i32);
            LabelOffset {
                name,
                diagram: at,
                from_anchor,
                offset: from_anchor.minus(move_rel).transformed(label_transform),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{DiagramRow, Edges, Span};

    fn diagram(rows: &[&str]) -> Diagram {
        Diagram {
            rows: rows
                .iter()
                .map(|r| DiagramRow {
                    cells: (*r).into(),
                    remark: Default::default(),
                    span: Span::default(),
                    cells_offset: 0,
                })
                .collect(),
            edges: Edges(0),
            span: Span::default(),
        }
    }

    #[test]
    fn first_occurrence_in_declaration_order() {
        let d = diagram(&["?X..", "a*Bo", "xocB"]);
        let labels = label_positions(&d);
        assert_eq!(labels, vec![('a', (1, 0)), ('c', (2, 2)), ('B', (1, 2))]);
        let offs = label_offsets(&labels, (1, 0), Rel::new(0, 1), 0);
        assert_eq!(offs[0].offset, Rel::new(0, -1));
        assert_eq!(offs[1].offset, Rel::new(1, 1));
        // A hint turns the offsets.
        let turned = label_offsets(&labels, (1, 0), Rel::new(0, 1), 1);
        assert_eq!(turned[1].offset, Rel::new(1, -1));
    }

    proptest::proptest! {
        #[test]
        fn positions_follow_declaration_order(
            rows in proptest::collection::vec("[a-zA-Z.?*]{1,6}", 1..6),
        ) {
            let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
            let d = diagram(&refs);
            // Reference: each letter in declaration order, its first cell.
            let expected: Vec<(char, (usize, usize))> = declaration_order()
                .filter_map(|letter| {
                    rows.iter().enumerate().find_map(|(i, row)| {
                        row.chars().position(|c| c == letter).map(|j| (letter, (i, j)))
                    })
                })
                .collect();
            proptest::prop_assert_eq!(label_positions(&d), expected);
        }
    }

    #[test]
    fn order_excludes_stone_letters() {
        let order: String = declaration_order().collect();
        assert!(!order.contains(['o', 'x', 'O', 'Q', 'X', 'Y']));
        assert_eq!(order.len(), 24 + 22);
        assert!(order.starts_with("abc") && order.ends_with("WZ"));
    }
}
