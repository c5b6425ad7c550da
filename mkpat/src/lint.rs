//! Style lints (`mkpat lint`): things GNU Go accepts that make a database
//! harder to read or easier to break.

use std::collections::BTreeSet;

use crate::ast::{Argument, ColonLine, Expr, ExprKind, File, Item, Pattern, Stmt, ValueArgument};
use crate::check::labels;
use crate::diag::{Code, Diagnostic};
use crate::source::SourceSet;

/// All lints of one file.
pub fn lint_file(sources: &SourceSet, file: &File) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    trailing_whitespace(sources, file, &mut diags);
    for item in &file.items {
        if let Item::Pattern(pattern) = item {
            lint_pattern(pattern, &mut diags);
        }
    }
    diags
}

fn trailing_whitespace(sources: &SourceSet, file: &File, diags: &mut Vec<Diagnostic>) {
    let text = &sources.file(file.file).text;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_end_matches([' ', '\t']);
        if trimmed.len() < body.len() {
            diags.push(
                Diagnostic::new(
                    Code::TrailingWhitespace,
                    sources.span(file.file, offset + trimmed.len(), offset + body.len()),
                    "trailing blanks",
                )
                .with_help("`mkpat fmt` removes them"),
            );
        }
        offset += line.len();
    }
}

fn lint_pattern(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let mut used = BTreeSet::new();
    if let ColonLine::Modern(colon) = &pattern.colon {
        for field in &colon.values {
            if let Some(key) = field.key
                && field.written.node != key.name()
            {
                diags.push(
                    Diagnostic::new(
                        Code::AbbreviatedValueName,
                        field.written.span,
                        format!(
                            "`{}` is an abbreviation of `{}`",
                            field.written.node,
                            key.name()
                        ),
                    )
                    .with_help(format!(
                        "write `{}`: GNU Go resolves abbreviations by the first matching field, which depends on the attribute map",
                        key.name()
                    )),
                );
            }
            if let ValueArgument::Label(label) = &field.argument {
                used.insert(label.node);
            }
        }
    }
    if let Some(expr) = pattern.constraint.as_ref().and_then(|c| c.code.as_ref()) {
        expr_labels(expr, &mut used);
    }
    if let Some(stmts) = pattern.action.as_ref().and_then(|a| a.code.as_ref()) {
        stmts.iter().for_each(|s| stmt_labels(s, &mut used));
    }
    let Some(constraint) = &pattern.constraint_diagram else {
        return;
    };
    for (label, (i, j)) in labels(constraint) {
        let span = constraint.rows[i].cell_span(j);
        if !used.contains(&label) {
            diags.push(
                Diagnostic::new(
                    Code::UnusedLabel,
                    span,
                    format!("label '{label}' is not used by any constraint, action or attribute"),
                )
                .with_help("remove the label (write the diagram character) or use it"),
            );
        }
        let Some(main) = pattern
            .diagram
            .rows
            .get(i)
            .and_then(|r| r.cells.as_bytes().get(j))
        else {
            continue;
        };
        let mismatch = match main {
            b'X' | b'Y' => label.is_ascii_lowercase(),
            b'O' | b'Q' | b'.' | b'*' | b',' | b'!' => label.is_ascii_uppercase(),
            _ => false,
        };
        if mismatch {
            diags.push(
                Diagnostic::new(
                    Code::LabelCase,
                    span,
                    format!(
                        "label '{label}' stands on '{}'; the convention is upper case on X stones, lower case elsewhere",
                        *main as char
                    ),
                )
                .with_help("the case of a label has no meaning to GNU Go; it only helps readers"),
            );
        }
    }
}

fn stmt_labels(stmt: &Stmt, used: &mut BTreeSet<char>) {
    match stmt {
        Stmt::Expr(e) | Stmt::Return(e) => expr_labels(e, used),
        Stmt::If {
            cond,
            then,
            otherwise,
            ..
        } => {
            expr_labels(cond, used);
            stmt_labels(then, used);
            if let Some(o) = otherwise {
                stmt_labels(o, used);
            }
        }
        Stmt::Block(stmts, _) => stmts.iter().for_each(|s| stmt_labels(s, used)),
    }
}

fn expr_labels(expr: &Expr, used: &mut BTreeSet<char>) {
    match &expr.kind {
        ExprKind::Call(call) => {
            for arg in &call.args {
                if let Argument::Label(c) = arg.node {
                    used.insert(c);
                }
            }
        }
        ExprKind::Unary(_, e) | ExprKind::Paren(e) => expr_labels(e, used),
        ExprKind::Binary(_, a, b) => {
            expr_labels(a, used);
            expr_labels(b, used);
        }
        ExprKind::Conditional(c, a, b) => {
            expr_labels(c, used);
            expr_labels(a, used);
            expr_labels(b, used);
        }
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Ident(_) => {}
    }
}
