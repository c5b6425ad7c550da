//! The canonical layout of a `.db` file, written from the AST.
//!
//! Layout: the corpus's own conventions — `Pattern NAME`, its comments, a
//! blank line, the diagram with regenerated edge lines, a blank line, the
//! colon line without blanks between fields, then (each after a blank line)
//! the constraint diagram and the `;`/`>` lines exactly as written, with
//! comments where they stood. Two blank lines separate patterns. Trailing
//! blanks, CRLF and missing final newlines disappear.
//!
//! Invariants (tested on the whole corpus): `parse(format(parse(x)))` equals
//! `parse(x)` (spans aside) and formatting is idempotent.

use std::fmt::Write;

use crate::ast::{
    Assistance, ColonLine, CommandKind, CommentSlot, Diagram, Edges, File, Item, LegacyColon,
    ModernColon, Pattern, PatternComment, ValueArgument,
};

/// Formats a parsed file.
pub fn format_file(file: &File) -> String {
    let mut out = String::new();
    let mut previous: Option<&Item> = None;
    for item in &file.items {
        if let Some(prev) = previous {
            out.push_str(separator(prev, item));
        }
        match item {
            Item::Comment(block) => {
                for line in &block.lines {
                    out.push_str(line);
                    out.push('\n');
                }
            }
            Item::Command(command) => {
                let keyword = match command.kind {
                    CommandKind::AttributeMap(_) => "attribute_map",
                    CommandKind::GoalElements(_) => "goal_elements",
                    CommandKind::CallbackData(_) => "callback_data",
                };
                let _ = writeln!(out, "{keyword} {}", command.argument.node);
            }
            Item::Pattern(pattern) => format_pattern(pattern, &mut out),
        }
        previous = Some(item);
    }
    out
}

/// Blank lines between two items.
fn separator(prev: &Item, next: &Item) -> &'static str {
    match (prev, next) {
        (Item::Pattern(_), _) => "\n\n",
        (Item::Comment(block), _) => {
            if next_line(next) == Some(last_line(block.span.line, &block.lines) + 1) {
                ""
            } else {
                "\n"
            }
        }
        (Item::Command(_), Item::Command(_)) => "",
        (Item::Command(_), _) => "\n",
    }
}

fn last_line(first: u32, lines: &[crate::ast::Text]) -> u32 {
    first + lines.len() as u32 - 1
}

fn next_line(item: &Item) -> Option<u32> {
    match item {
        Item::Comment(block) => Some(block.span.line),
        Item::Command(command) => Some(command.span.line),
        Item::Pattern(pattern) => Some(pattern.header_span.line),
    }
}

/// Formats one pattern (no surrounding blank lines).
pub fn format_pattern(pattern: &Pattern, out: &mut String) {
    let _ = writeln!(out, "Pattern {}", pattern.name.node);
    comments(pattern, CommentSlot::AfterHeader, out);
    out.push('\n');
    diagram(&pattern.diagram, out);
    comments(pattern, CommentSlot::AfterDiagram, out);
    out.push('\n');
    colon(&pattern.colon, out);
    out.push('\n');
    comments(pattern, CommentSlot::AfterColon, out);
    if let Some(constraint_diagram) = &pattern.constraint_diagram {
        out.push('\n');
        diagram(constraint_diagram, out);
        comments(pattern, CommentSlot::AfterConstraintDiagram, out);
    }
    if pattern.constraint.is_some() || pattern.action.is_some() {
        out.push('\n');
    }
    if let Some(block) = &pattern.constraint {
        code_lines(';', &block.lines, pattern, CommentSlot::InConstraint, out);
    }
    if let Some(block) = &pattern.action {
        code_lines('>', &block.lines, pattern, CommentSlot::InAction, out);
    }
}

fn slot_comments(pattern: &Pattern, slot: CommentSlot) -> impl Iterator<Item = &PatternComment> {
    pattern.comments.iter().filter(move |c| c.slot == slot)
}

fn comments(pattern: &Pattern, slot: CommentSlot, out: &mut String) {
    for comment in slot_comments(pattern, slot) {
        out.push_str(&comment.text.node);
        out.push('\n');
    }
}

/// Code lines with the comments of their slot interleaved by position.
fn code_lines(
    marker: char,
    lines: &[crate::ast::Spanned<crate::ast::Text>],
    pattern: &Pattern,
    slot: CommentSlot,
    out: &mut String,
) {
    let mut pending = slot_comments(pattern, slot).peekable();
    for line in lines {
        while let Some(comment) = pending.next_if(|c| c.text.span.start < line.span.start) {
            out.push_str(&comment.text.node);
            out.push('\n');
        }
        out.push(marker);
        out.push_str(&line.node);
        out.push('\n');
    }
    for comment in pending {
        out.push_str(&comment.text.node);
        out.push('\n');
    }
}

fn edge_line(edges: Edges, width: usize, out: &mut String) {
    if edges.has(Edges::WEST) {
        out.push('+');
    }
    out.push_str(&"-".repeat(width.max(1)));
    if edges.has(Edges::EAST) {
        out.push('+');
    }
    out.push('\n');
}

fn diagram(diagram: &Diagram, out: &mut String) {
    let width = diagram.rows.first().map_or(1, |r| r.cells.len());
    let edges = diagram.edges;
    if edges.has(Edges::NORTH) {
        edge_line(edges, width, out);
    }
    for row in &diagram.rows {
        if edges.has(Edges::WEST) {
            out.push('|');
        }
        out.push_str(&row.cells);
        if edges.has(Edges::EAST) {
            out.push('|');
        }
        out.push_str(&row.remark);
        out.push('\n');
    }
    if edges.has(Edges::SOUTH) {
        edge_line(edges, width, out);
    }
}

/// Writes a colon line (without the newline).
pub fn colon(colon: &ColonLine, out: &mut String) {
    match colon {
        ColonLine::Modern(colon) => modern(colon, out),
        ColonLine::Legacy(colon) => legacy(colon, out),
    }
}

fn modern(colon: &ModernColon, out: &mut String) {
    let _ = write!(out, ":{},{}", colon.symmetry.node, colon.classes.node);
    for field in &colon.values {
        let _ = match &field.argument {
            ValueArgument::Number { text, .. } => write!(out, ",{}({text})", field.written.node),
            ValueArgument::Label(label) => write!(out, ",{}({})", field.written.node, label.node),
        };
    }
    if let Some(helper) = &colon.helper {
        let _ = write!(out, ",{}", helper.node);
    } else if colon.helper_is_null {
        out.push_str(",NULL");
    } else {
        return;
    }
    // What GNU Go copies after the helper name is part of its compiled
    // output: the newline when the helper ends the line, else what precedes
    // the next `,` (kept by writing that `,`).
    match colon.helper_trailing_whitespace.as_deref() {
        Some(copied) if copied.ends_with('\n') => out.push_str(copied.trim_end_matches('\n')),
        Some(copied) => {
            out.push_str(copied);
            out.push(',');
        }
        None => out.push(','),
    }
}

fn legacy(colon: &LegacyColon, out: &mut String) {
    let _ = write!(out, ":{},{}", colon.symmetry.node, colon.weight.node.0);
    let helper = colon
        .helper
        .as_ref()
        .map(|h| h.node.as_str())
        .or(colon.helper_is_null.then_some("NULL"));
    let bonuses = &colon.bonuses[..colon.bonuses_written as usize];
    let needs_classes = !colon.classes.node.is_empty() || !bonuses.is_empty();
    let needs_assistance = needs_classes || colon.assistance.node != Assistance::None;
    if needs_assistance {
        let _ = match colon.assistance.node {
            Assistance::None => write!(out, ",0"),
            Assistance::Wind {
                ucutoff,
                uvalue,
                mycutoff,
                myvalue,
            } => write!(out, ",wind({ucutoff},{uvalue},{mycutoff},{myvalue})"),
            Assistance::Moyo { cutoff, value } => write!(out, ",moyo({cutoff},{value})"),
        };
    }
    if needs_classes {
        let _ = write!(out, ",{}", colon.classes.node);
    }
    for bonus in bonuses {
        let _ = write!(out, ",{bonus}");
    }
    if let Some(helper) = helper {
        let _ = write!(out, ",{helper}");
    }
}
