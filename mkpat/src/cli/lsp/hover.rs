//! Hover texts: on a call, the autohelper catalogue's entry for the
//! function; on a pattern's `Pattern` line, diagram or colon line, its
//! compiled form as `mkpat dump` shows it (anchor, move, symmetry and the
//! transformations tried, extents, classes, attributes) followed by the
//! functions its constraint and action call and the engine layers the
//! constraint needs.

use std::collections::BTreeSet;
use std::fmt::Write;

use matcher::autohelper::{ArgKind, AutohelperSpec};
use matcher::layer::Callee;
use mkpat::ast::{self, File, Pattern, Span};
use mkpat::codegen::runtime::RuntimeDb;
use mkpat::ir::CompiledDb;

use super::navigation::pattern_at;
use super::position::covers;

/// A pattern database compiled as GNU Go's build compiles a file of its
/// name (its options and `.dtr` hints), with the run-time form of its code
/// where it converts.
pub struct CompiledDocument {
    /// The compiled database.
    pub db: CompiledDb,
    /// The run-time tables and programs; `None` when the database does not
    /// convert (its code has errors).
    pub runtime: Option<RuntimeDb>,
}

/// The hover text (markdown) at a byte offset, and the span it describes.
pub fn hover(
    file: &File,
    offset: usize,
    compiled: impl FnOnce() -> Option<CompiledDocument>,
) -> Option<(String, Span)> {
    let pattern = pattern_at(file, offset)?;
    if let Some(found) = call_at(pattern, offset) {
        return Some(found);
    }
    let on_outline = [
        pattern.header_span,
        pattern.diagram.span,
        pattern.colon.span(),
    ]
    .into_iter()
    .any(|span| covers(span, offset));
    if !on_outline {
        return None;
    }
    let compiled = compiled()?;
    Some((pattern_text(pattern, &compiled)?, pattern.header_span))
}

/// The catalogue entry of the function whose name is at `offset`.
fn call_at(pattern: &Pattern, offset: usize) -> Option<(String, Span)> {
    let mut found = None;
    pattern.for_each_call(&mut |call, span| {
        let name = callee(call.function).name();
        let name_span = Span {
            end: span.start + name.len() as u32,
            ..span
        };
        if covers(name_span, offset) {
            found = Some((catalogue_entry(callee(call.function)), name_span));
        }
    });
    found
}

/// The run-time name of what a parsed call calls.
fn callee(function: ast::Callee) -> Callee {
    match function {
        ast::Callee::Autohelper(f) => Callee::Autohelper(f),
        ast::Callee::Builtin(b) => Callee::Builtin(b),
    }
}

/// How a catalogue function takes its arguments, in words.
fn arguments(args: ArgKind) -> String {
    match args {
        ArgKind::Fixed(0) => "no argument (parentheses optional)".to_string(),
        ArgKind::Fixed(1) => "1 label".to_string(),
        ArgKind::Fixed(n) => format!("{n} labels"),
        ArgKind::Variadic { targets } => format!(
            "moves (labels, `?` for tenuki) then {targets} target label{}, at most 20 in all",
            if targets == 1 { "" } else { "s" }
        ),
        ArgKind::PatternValue => "none: the pattern's own value".to_string(),
    }
}

/// The markdown of one catalogue entry (or engine builtin).
pub fn catalogue_entry(function: Callee) -> String {
    let mut out = format!("**`{}`**", function.name());
    match function {
        Callee::Autohelper(f) => {
            let spec: &AutohelperSpec = f.spec();
            let _ = write!(
                out,
                " — autohelper catalogue entry {} of {}\n\n\
                 - arguments: {}\n- cost estimate: {}\n- domain: {:?}\n- engine layer: {}",
                f as usize + 1,
                matcher::autohelper::CATALOGUE.len(),
                arguments(spec.args),
                spec.cost,
                spec.domain,
                function.layer()
            );
            if !spec.usable {
                out.push_str("\n- GNU Go 3.8 cannot compile a call of it");
            }
        }
        Callee::Builtin(b) => {
            let _ = write!(
                out,
                " — engine function outside the catalogue\n\n- arguments: {} label{}\n- engine layer: {}",
                b.arity(),
                if b.arity() == 1 { "" } else { "s" },
                function.layer()
            );
            if b.legacy_only() {
                out.push_str("\n- GNU Go 2.6 colon lines only");
            }
        }
        Callee::DoingScoring => {}
    }
    out
}

/// The compiled form of a pattern, its code's functions and layers.
fn pattern_text(pattern: &Pattern, compiled: &CompiledDocument) -> Option<String> {
    let index = compiled
        .db
        .patterns
        .iter()
        .position(|p| p.span.start == pattern.span.start);
    let Some(index) = index else {
        return Some(format!(
            "**Pattern {}** is not compiled (GNU Go drops it; `mkpat check` says why)",
            pattern.name.node
        ));
    };
    let mut out = format!(
        "```text\n{}```\n",
        mkpat::dump::text::render_pattern(&compiled.db, &compiled.db.patterns[index])
    );
    let mut constraint_calls = BTreeSet::new();
    if let Some(expr) = pattern.constraint.as_ref().and_then(|c| c.code.as_ref()) {
        expr.for_each_call(&mut |call, _| {
            constraint_calls.insert(callee(call.function).name());
        });
    }
    let mut action_calls = BTreeSet::new();
    if let Some(stmts) = pattern.action.as_ref().and_then(|a| a.code.as_ref()) {
        for stmt in stmts {
            stmt.for_each_call(&mut |call, _| {
                action_calls.insert(callee(call.function).name());
            });
        }
    }
    let list = |names: &BTreeSet<&str>| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !constraint_calls.is_empty() {
        let _ = writeln!(out, "\nconstraint calls: {}", list(&constraint_calls));
    }
    if !action_calls.is_empty() {
        let _ = writeln!(out, "\naction calls: {}", list(&action_calls));
    }
    let program = compiled
        .runtime
        .as_ref()
        .and_then(|runtime| runtime.programs.get(index))
        .and_then(Option::as_ref);
    if let Some(program) = program
        && program.constraint.is_some()
    {
        let needs = program.constraint_needs();
        let _ = writeln!(
            out,
            "\nengine layers the constraint needs: {}",
            if needs.is_empty() {
                "none".to_string()
            } else {
                needs.to_string().replace(',', ", ")
            }
        );
    }
    Some(out)
}
