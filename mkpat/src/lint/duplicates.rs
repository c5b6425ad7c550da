//! Duplicate patterns (lint L0007): two patterns with the same diagram,
//! edges, move, constraint labels and constraint up to one of the eight
//! transformations (and up to the names of the labels and the order of
//! commutative operands), within a file or across the files given together.
//! Both match at the same places and accept the same moves, so the later
//! one only repeats work (or, if its classes or values differ, splits one
//! idea over two patterns).

use std::collections::BTreeMap;

use matcher::transform::Transform;

use super::canon;
use super::shape::{Shape, expr_labels};
use crate::ast::{File, Pattern, Span};
use crate::diag::{Code, Diagnostic};
use crate::source::SourceSet;

/// The canonical form of a pattern: equal forms are duplicates.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CanonicalForm {
    /// Diagram, edges, constraint labels (renamed) and constraint text of
    /// the transformation giving the smallest text.
    pub key: String,
    /// The transformation that gives it.
    pub transform: u8,
    /// The action and colon line under the same renaming (not part of the
    /// key; compared to tell exact duplicates from near ones).
    pub rest: String,
}

/// The canonical form of `pattern`, or `None` when its diagram is malformed.
pub fn canonical_form(pattern: &Pattern) -> Option<CanonicalForm> {
    let shape = Shape::of(pattern)?;
    let mut constraint_labels = std::collections::BTreeSet::new();
    let constraint = pattern.constraint.as_ref().and_then(|c| c.code.as_ref());
    if let Some(expr) = constraint {
        expr_labels(expr, &mut constraint_labels);
    }
    let mut best: Option<CanonicalForm> = None;
    for t in Transform::ALL {
        let image = shape.transformed(t);
        // Constraint labels are named a, b, … in reading order, the other
        // used labels A, B, ….
        let mut names: Vec<(char, char)> = Vec::new();
        let (mut lower, mut upper) = (b'a', b'A');
        for &label in image.labels.iter().filter(|&&l| l != 0) {
            let label = label as char;
            if names.iter().any(|&(from, _)| from == label) {
                continue;
            }
            if constraint_labels.contains(&label) {
                names.push((label, lower as char));
                lower += 1;
            } else {
                names.push((label, upper as char));
                upper += 1;
            }
        }
        let rename = |c: char| names.iter().find(|(from, _)| *from == c).map(|&(_, to)| to);
        let mut key = image.key();
        key.push('|');
        for &label in &image.labels {
            key.push(match rename(label as char) {
                Some(c) if label != 0 && c.is_ascii_lowercase() => c,
                _ => '.',
            });
        }
        key.push('|');
        if let Some(expr) = constraint {
            key.push_str(&canon::expr_text(expr, &rename));
        } else if pattern.constraint.is_some() {
            // Constraint text that did not parse: compare it as written.
            key.push_str(
                &pattern
                    .constraint
                    .as_ref()
                    .map(|c| c.text())
                    .unwrap_or_default(),
            );
        }
        let mut rest = String::new();
        if let Some(action) = &pattern.action {
            match &action.code {
                Some(stmts) => rest.push_str(&canon::stmts_text(stmts, &rename)),
                None => rest.push_str(&action.text()),
            }
        }
        rest.push('|');
        let mut colon = String::new();
        crate::fmt::colon(&pattern.colon, &mut colon);
        // The symmetry character is not part of what the pattern says.
        rest.push_str(colon.get(2..).unwrap_or_default());
        let form = CanonicalForm {
            key,
            transform: t.number(),
            rest,
        };
        if best.as_ref().is_none_or(|b| form.key < b.key) {
            best = Some(form);
        }
    }
    best
}

/// Reports every pattern that duplicates an earlier one of `files` (in
/// order, a file's patterns in source order).
pub fn lint(sources: &SourceSet, files: &[&File], diags: &mut Vec<Diagnostic>) {
    let mut first: BTreeMap<String, (&Pattern, CanonicalForm)> = BTreeMap::new();
    for file in files {
        for pattern in file.patterns() {
            let Some(form) = canonical_form(pattern) else {
                continue;
            };
            match first.get(&form.key) {
                None => {
                    first.insert(form.key.clone(), (pattern, form));
                }
                Some((earlier, earlier_form)) => {
                    diags.push(duplicate(sources, pattern, &form, earlier, earlier_form));
                }
            }
        }
    }
}

fn duplicate(
    sources: &SourceSet,
    pattern: &Pattern,
    form: &CanonicalForm,
    earlier: &Pattern,
    earlier_form: &CanonicalForm,
) -> Diagnostic {
    let relation = Transform::new(form.transform)
        .zip(Transform::new(earlier_form.transform))
        .map(|(this, that)| this.inverse().after(that))
        .unwrap_or(Transform::IDENTITY);
    let how = if relation == Transform::IDENTITY {
        "as drawn".to_string()
    } else {
        format!("under transformation {}", relation.number())
    };
    let rest = if form.rest == earlier_form.rest {
        "classes, values, helper and action are the same too: the later pattern only repeats work"
    } else {
        "their classes, values, helper or action differ: one idea split over two patterns"
    };
    Diagnostic::new(
        Code::DuplicatePattern,
        pattern.name.span,
        format!(
            "pattern {} has the same diagram, move and constraint as pattern {} ({}) {how}; {rest}",
            pattern.name.node,
            earlier.name.node,
            place(sources, pattern.name.span, earlier.name.span)
        ),
    )
    .with_help(format!(
        "remove one of them, or merge {} into {}",
        pattern.name.node, earlier.name.node
    ))
    .with_related(earlier.name.span, "the earlier pattern")
}

/// Where `span` is, said from a diagnostic at `from`: the line, or the
/// file and line when it is in another file.
fn place(sources: &SourceSet, from: Span, span: Span) -> String {
    if span.file == from.file {
        format!("line {}", span.line)
    } else {
        format!("{}:{}", sources.file(span.file).name, span.line)
    }
}
