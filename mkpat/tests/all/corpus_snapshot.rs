//! insta snapshots of the parsed corpus in a compact form: one line per
//! pattern with its number, size, edges, symmetry, classes, value fields,
//! helper/constraint/action presence and call counts. Names and code text
//! are left out on purpose (the corpus is GPL data and stays outside the
//! repository); the line order ties each line to its pattern.

use std::fmt::Write;

use mkpat::ast::{ColonLine, Edges, Expr, ExprKind, Item, Pattern, Stmt, ValueArgument};
use mkpat::parse::parse_file;
use mkpat::source::SourceSet;

fn count_calls(expr: &Expr) -> usize {
    match &expr.kind {
        ExprKind::Call(_) => 1,
        ExprKind::Unary(_, e) | ExprKind::Paren(e) => count_calls(e),
        ExprKind::Binary(_, a, b) => count_calls(a) + count_calls(b),
        ExprKind::Conditional(c, a, b) => count_calls(c) + count_calls(a) + count_calls(b),
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Ident(_) => 0,
    }
}

fn stmt_calls(stmt: &Stmt) -> usize {
    match stmt {
        Stmt::Expr(e) | Stmt::Return(e) => count_calls(e),
        Stmt::If {
            cond,
            then,
            otherwise,
            ..
        } => count_calls(cond) + stmt_calls(then) + otherwise.as_deref().map_or(0, stmt_calls),
        Stmt::Block(stmts, _) => stmts.iter().map(stmt_calls).sum(),
    }
}

fn edges(edges: Edges) -> String {
    [
        (Edges::NORTH, 'N'),
        (Edges::SOUTH, 'S'),
        (Edges::EAST, 'E'),
        (Edges::WEST, 'W'),
    ]
    .iter()
    .map(|&(bit, c)| if edges.has(bit) { c } else { '.' })
    .collect()
}

fn summary(index: usize, pattern: &Pattern) -> String {
    let diagram = &pattern.diagram;
    let rows = diagram.rows.len();
    let cols = diagram.rows.first().map_or(0, |r| r.cells.len());
    let mut line = format!(
        "{index:4} {rows}x{cols} {} sym={}",
        edges(diagram.edges),
        pattern.colon.symmetry().node
    );
    match &pattern.colon {
        ColonLine::Modern(colon) => {
            let _ = write!(line, " class={}", colon.classes.node.trim());
            for field in &colon.values {
                let key = field.key.map_or("?", |k| k.name());
                match &field.argument {
                    ValueArgument::Number { value, .. } => {
                        let _ = write!(line, " {key}={value}");
                    }
                    ValueArgument::Label(_) => {
                        let _ = write!(line, " {key}=@");
                    }
                }
            }
        }
        ColonLine::Legacy(_) => line.push_str(" legacy"),
    }
    if pattern.colon.helper().is_some() {
        line.push_str(" helper");
    }
    if let Some(cd) = &pattern.constraint_diagram {
        let labels = mkpat::check::labels(cd).len();
        let _ = write!(line, " labels={labels}");
    }
    if let Some(c) = &pattern.constraint {
        let calls = c.code.as_ref().map_or(0, count_calls);
        let _ = write!(line, " constraint(lines={},calls={calls})", c.lines.len());
    }
    if let Some(a) = &pattern.action {
        let calls: usize = a.code.iter().flatten().map(stmt_calls).sum();
        let _ = write!(line, " action(lines={},calls={calls})", a.lines.len());
    }
    if !pattern.comments.is_empty() {
        let _ = write!(line, " comments={}", pattern.comments.len());
    }
    line
}

#[test]
fn corpus_summary_snapshots() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let paths = testkit::mkpat_format_databases(&dir);
    assert_eq!(paths.len(), 15);
    for path in paths {
        let mut sources = SourceSet::new();
        let id = sources.add(path.display().to_string(), testkit::read_text(&path));
        let parsed = parse_file(&sources, id);
        let mut text = String::new();
        let mut index = 0;
        for item in &parsed.file.items {
            match item {
                Item::Pattern(pattern) => {
                    text.push_str(&summary(index, pattern));
                    text.push('\n');
                    index += 1;
                }
                Item::Command(command) => {
                    let _ = writeln!(text, "     command {:?}", command.kind);
                }
                Item::Comment(_) => {}
            }
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(stem, text);
    }
}
