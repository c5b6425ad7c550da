//! The human-readable dump: for each compiled pattern, its diagram with the
//! anchor and the move marked, what the compiler derived (extents, move,
//! classes, attributes, labels, cost, stored elements in order) and the eight
//! grid pre-filter masks drawn as 4×4 grids; for a corner database (`-C`),
//! the variation tree drawn as an indented tree. This is what a pattern
//! author reads to see what GNU Go's compiler makes of a pattern.

use super::json::{edge_names, printed_float};
use crate::compile::class_letters;
use crate::compile::masks::cell_shift;
use crate::ir::{
    AttributeValue, CompiledDb, CompiledPattern, CornerDb, CornerVariation, DbType, EAST, NORTH,
    Rel, SOUTH, WEST,
};
use std::fmt::Write;

/// The whole database.
pub fn render_db(db: &CompiledDb) -> String {
    let mut out = String::new();
    let kind = match db.db_type {
        DbType::General => "general (-p)",
        DbType::Connection => "connection (-c)",
        DbType::Corner => "corner (-C)",
        DbType::Dfa => "DFA (-D)",
        DbType::Fullboard => "full board (-f)",
    };
    let _ = writeln!(
        out,
        "database {}: {} patterns, {kind}{}",
        db.prefix,
        db.patterns.len(),
        if db.fixed_anchor {
            ", fixed anchor (-a)"
        } else {
            ""
        }
    );
    if let Some(dfa) = &db.dfa {
        let _ = writeln!(
            out,
            "automaton: {} states, {} index entries",
            dfa.states.len().saturating_sub(1),
            dfa.indexes.len()
        );
    }
    if let Some(corner) = &db.corner {
        out.push_str(&corner_summary(corner));
        out.push('\n');
        out.push_str(&corner_tree(db, corner));
    }
    for pattern in &db.patterns {
        out.push('\n');
        out.push_str(&render_pattern(db, pattern));
    }
    out
}

/// The corner database's header: sizes, then how many variations and
/// patterns sit at each depth of the tree (depth 1 = the top level).
pub fn corner_summary(corner: &CornerDb) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "variation tree: {} variations, {} at the top, max width {}, max height {}",
        corner.variations.len(),
        corner.num_top_variations,
        corner.max_width,
        corner.max_height
    );
    let mut variations_at: Vec<usize> = Vec::new();
    let mut patterns_at: Vec<usize> = Vec::new();
    walk_corner_tree(corner, |_, v, depth| {
        if variations_at.len() <= depth {
            variations_at.resize(depth + 1, 0);
            patterns_at.resize(depth + 1, 0);
        }
        variations_at[depth] += 1;
        patterns_at[depth] += usize::from(v.pattern.is_some());
    });
    let list = |counts: &[usize]| {
        counts
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "  variations per depth: {}", list(&variations_at));
    let _ = writeln!(out, "  patterns per depth:   {}", list(&patterns_at));
    out
}

/// Visits the variation tree depth first (children in array order), with
/// each node's index and depth (0 = top level). Indices outside the array
/// are skipped.
fn walk_corner_tree(corner: &CornerDb, mut visit: impl FnMut(usize, &CornerVariation, usize)) {
    let count = corner.variations.len();
    let mut stack: Vec<(usize, usize)> = (0..corner.num_top_variations.min(count))
        .rev()
        .map(|k| (k, 0))
        .collect();
    while let Some((index, depth)) = stack.pop() {
        let v = &corner.variations[index];
        visit(index, v, depth);
        if let Some(first) = v.first_child {
            let end = (first + v.num_children).min(count);
            // A child list never points back above its parent in a
            // well-formed tree; the bound keeps a corrupt one finite.
            if first > index {
                stack.extend((first..end).rev().map(|k| (k, depth + 1)));
            }
        }
    }
}

/// The variation tree, one line per variation, indented by depth: array
/// index, position in the corner frame, colour relative to the pattern's
/// first stone, the stone count GNU Go checks (stones in the rectangle from
/// the corner to this point), the number of children and the pattern the
/// variation completes.
pub fn corner_tree(db: &CompiledDb, corner: &CornerDb) -> String {
    let mut out = String::from(
        "corner variation tree (x = rows from the corner, y = columns from the corner;\n\
         colour relative to the first stone; stones = pattern stones in the rectangle\n\
         from the corner to the point):\n",
    );
    walk_corner_tree(corner, |index, v, depth| {
        let _ = write!(
            out,
            "{:indent$}#{index} {} {}, stones {}",
            "",
            rel(v.rel),
            if v.xor_att == 0 { "same" } else { "other" },
            v.num_stones,
            indent = 2 + 2 * depth
        );
        match v.num_children {
            0 => {}
            1 => out.push_str(", 1 child"),
            n => {
                let _ = write!(out, ", {n} children");
            }
        }
        if let Some(p) = v.pattern {
            let name = db.patterns.get(p).map_or("?", |p| p.name.as_str());
            let _ = write!(out, " -> {name} (#{p})");
            if depth == 0 {
                // A pattern without stones: the matcher never checks the
                // top level for patterns (compilation.md §13.3).
                out.push_str(", never matched (no stones)");
            }
        }
        out.push('\n');
    });
    out
}

/// One pattern.
pub fn render_pattern(db: &CompiledDb, p: &CompiledPattern) -> String {
    let mut out = String::new();
    let anchor_kind = p
        .diagram
        .get(p.anchor.0)
        .and_then(|row| row.chars().nth(p.anchor.1))
        .unwrap_or('?');
    let _ = writeln!(out, "Pattern {} (#{})", p.name, p.index);
    out.push_str(&diagram(p));
    let _ = writeln!(
        out,
        "  [{anchor_kind}] anchor at row {}, column {}{}",
        p.anchor.0,
        p.anchor.1,
        if db.db_type == DbType::Corner {
            " (corner mode: top-left cell)"
        } else {
            ""
        }
    );
    match p.star {
        Some(_) => {
            let _ = writeln!(
                out,
                "  <*> move {} from the anchor (offset {})",
                rel(p.move_offset),
                p.move_offset.gnugo()
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  no move; GNU Go stores the anchor's diagram position {} as move offset {}",
                rel(p.move_offset),
                p.move_offset.gnugo()
            );
        }
    }
    let _ = writeln!(
        out,
        "  symmetry '{}' -> trfno {} ({})",
        p.symmetry,
        p.trfno,
        if p.trfno == 5 {
            "transformations 2..5".to_string()
        } else {
            format!("transformations 0..{}", p.trfno.saturating_sub(1))
        }
    );
    let edges = edge_names(p.edge_constraints);
    let _ = writeln!(
        out,
        "  extents: rows {}..{}, columns {}..{} (height {}, width {}), edges: {}",
        p.mini,
        p.maxi,
        p.minj,
        p.maxj,
        p.height(),
        p.width(),
        if edges.is_empty() {
            "none".to_string()
        } else {
            edges.join(" ")
        }
    );
    let letters = class_letters(p.class);
    let _ = writeln!(
        out,
        "  class: {} ({:#x}), value {:.6}",
        if letters.is_empty() { "-" } else { &letters },
        p.class,
        printed_float(p.value)
    );
    if let Some(attributes) = &p.attributes
        && !attributes.is_empty()
    {
        let list: Vec<String> = attributes
            .iter()
            .map(|a| match a.value {
                AttributeValue::Value(v) => format!("{} {:.6}", a.kind.gnugo_name(), v),
                AttributeValue::Offset(r) => {
                    format!("{} at {} from the move", a.kind.gnugo_name(), rel(r))
                }
            })
            .collect();
        let _ = writeln!(out, "  attributes: {}", list.join(", "));
    }
    if let Some(helper) = &p.helper {
        let _ = writeln!(out, "  helper: {helper}");
    }
    if p.autohelper_flag != 0 {
        let mut parts = Vec::new();
        if p.has_constraint() {
            parts.push(format!(
                "constraint (cost {:.6})",
                printed_float(p.constraint_cost)
            ));
        }
        if p.has_action() {
            parts.push("action".to_string());
        }
        let _ = writeln!(out, "  autohelper: {}", parts.join(", "));
    }
    if !p.labels.is_empty() {
        let list: Vec<String> = p
            .labels
            .iter()
            .map(|l| format!("{} {}", l.name, rel(l.offset)))
            .collect();
        let _ = writeln!(out, "  labels (from the move): {}", list.join(", "));
    }
    if db.db_type == DbType::Dfa {
        let _ = writeln!(out, "  transformation hint: {}", p.transformation_hint);
        if let Some(s) = &p.dfa_string {
            let _ = writeln!(out, "  DFA string: {}", String::from_utf8_lossy(s));
        }
    }
    if let Some(corner) = &p.corner {
        let _ = writeln!(
            out,
            "  corner: transformation {}, far corner {}, {}{}",
            corner.transformation,
            rel(corner.second_corner),
            if corner.symmetric {
                "symmetric"
            } else {
                "not symmetric"
            },
            if corner.reachable {
                ""
            } else {
                ", UNREACHABLE"
            }
        );
    } else {
        let stored: Vec<String> = p
            .elements
            .iter()
            .map(|e| format!("{}{}", e.kind.symbol(), rel(e.rel)))
            .collect();
        let _ = writeln!(
            out,
            "  elements ({} stored of {}): {}",
            p.patlen(),
            p.sorted_elements.len(),
            if stored.is_empty() {
                "none".to_string()
            } else {
                stored.join(" ")
            }
        );
        out.push_str(&masks(p));
    }
    out
}

fn rel(r: Rel) -> String {
    format!("({},{})", r.di, r.dj)
}

/// The diagram with edges; each cell three characters wide, the anchor in
/// brackets and the move in angle brackets.
fn diagram(p: &CompiledPattern) -> String {
    let mut out = String::new();
    let west = p.edge_constraints & WEST != 0;
    let east = p.edge_constraints & EAST != 0;
    let edge_line = || {
        format!(
            "    {}{}{}\n",
            if west { "+" } else { "" },
            "-".repeat(3 * p.cols),
            if east { "+" } else { "" }
        )
    };
    if p.edge_constraints & NORTH != 0 {
        out.push_str(&edge_line());
    }
    for (i, row) in p.diagram.iter().enumerate() {
        out.push_str("    ");
        if west {
            out.push('|');
        }
        for (j, c) in row.chars().enumerate() {
            if (i, j) == p.anchor {
                let _ = write!(out, "[{c}]");
            } else if p.star == Some((i, j)) {
                let _ = write!(out, "<{c}>");
            } else {
                let _ = write!(out, " {c} ");
            }
        }
        if east {
            out.push('|');
        }
        out.push('\n');
    }
    if p.edge_constraints & SOUTH != 0 {
        out.push_str(&edge_line());
    }
    out
}

/// The character a grid cell's `(and, val)` codes stand for.
fn mask_char(and: u32, val: u32) -> char {
    match (and, val) {
        (0, _) => '?',
        (3, 0) => '.',
        (3, 1) => 'O',
        (3, 2) => 'X',
        (1, 0) => 'x',
        (2, 0) => 'o',
        _ => '!',
    }
}

/// The eight masks as 4×4 grids side by side (rows −1..2, columns −1..2 of
/// the transformed pattern around the anchor), then their hex values.
fn masks(p: &CompiledPattern) -> String {
    let mut out = String::from("  grid masks (rows/columns -1..2 around the anchor):\n");
    out.push_str("   ");
    for k in 0..8 {
        let _ = write!(out, "  T{k}  ");
    }
    out.push('\n');
    for di in -1..=2 {
        out.push_str("   ");
        for k in 0..8 {
            out.push(' ');
            for dj in -1..=2 {
                let shift = cell_shift(Rel::new(di, dj)).unwrap_or(0);
                let and = (p.and_mask[k] >> shift) & 3;
                let val = (p.val_mask[k] >> shift) & 3;
                out.push(mask_char(and, val));
            }
            out.push(' ');
        }
        out.push('\n');
    }
    for k in 0..8 {
        let _ = writeln!(
            out,
            "    T{k} and {:#010x} val {:#010x}",
            p.and_mask[k], p.val_mask[k]
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_characters() {
        assert_eq!(mask_char(3, 2), 'X');
        assert_eq!(mask_char(3, 1), 'O');
        assert_eq!(mask_char(1, 0), 'x');
        assert_eq!(mask_char(2, 0), 'o');
        assert_eq!(mask_char(3, 0), '.');
        assert_eq!(mask_char(0, 0), '?');
    }
}
