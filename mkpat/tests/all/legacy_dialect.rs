//! The GNU Go 2.6 dialect on the project's own legacy database
//! (`tests/fixtures/legacy26.db`): it parses and checks clean, every colon
//! line is read as 2.6, the 2.6-only function `cutstone(x)` is accepted
//! there (and only there), lowers to the run-time program as the engine
//! builtin, and the formatter round-trips the file.

use std::path::Path;

use matcher::autohelper::EngineBuiltin;
use matcher::constraint::{Expr as RtExpr, Function};
use mkpat::ast::{Callee, ColonLine, Expr, ExprKind, File, Pattern};
use mkpat::check::{CheckOptions, check_file};
use mkpat::diag::{Code, Diagnostic};
use mkpat::source::SourceSet;

fn parse_text(name: &str, text: &str) -> (File, Vec<Diagnostic>) {
    let mut sources = SourceSet::new();
    let id = sources.add(name, text);
    let parsed = mkpat::parse::parse_file(&sources, id);
    let mut diags = parsed.diagnostics;
    diags.extend(check_file(&parsed.file, &CheckOptions::default()));
    (parsed.file, diags)
}

fn legacy_db() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/legacy26.db");
    std::fs::read_to_string(path).expect("legacy26.db")
}

fn patterns(file: &File) -> Vec<&Pattern> {
    file.patterns().collect()
}

/// The calls of an expression tree, in source order.
fn calls(expr: &Expr, out: &mut Vec<Callee>) {
    match &expr.kind {
        ExprKind::Call(call) => out.push(call.function),
        ExprKind::Unary(_, e) | ExprKind::Paren(e) => calls(e, out),
        ExprKind::Binary(_, a, b) => {
            calls(a, out);
            calls(b, out);
        }
        ExprKind::Conditional(c, a, b) => {
            calls(c, out);
            calls(a, out);
            calls(b, out);
        }
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Ident(_) => {}
    }
}

#[test]
fn legacy_database_parses_clean_with_2_6_colon_lines() {
    let (file, diags) = parse_text("legacy26.db", &legacy_db());
    assert!(diags.is_empty(), "{diags:?}");
    let pats = patterns(&file);
    let names: Vec<&str> = pats.iter().map(|p| p.name.node.as_str()).collect();
    assert_eq!(names, ["L1", "L2", "L3", "L4", "L5"]);
    assert!(
        pats.iter().all(|p| matches!(p.colon, ColonLine::Legacy(_))),
        "every colon line is 2.6"
    );
}

#[test]
fn cutstone_is_a_builtin_call_in_2_6_patterns() {
    let (file, diags) = parse_text("legacy26.db", &legacy_db());
    assert!(diags.is_empty(), "{diags:?}");
    let l5 = patterns(&file)
        .into_iter()
        .find(|p| p.name.node == "L5")
        .expect("pattern L5");
    let expr = l5
        .constraint
        .as_ref()
        .and_then(|c| c.code.as_ref())
        .expect("a parsed constraint");
    let mut found = Vec::new();
    calls(expr, &mut found);
    assert_eq!(found, [Callee::Builtin(EngineBuiltin::Cutstone)]);
}

#[test]
fn cutstone_in_a_3_x_pattern_is_an_error_and_nothing_else_is_reported() {
    let text = "Pattern M\n\n.X.\n.*O\n\n:8,-\n\n.A.\n.*b\n\n;cutstone(A)>0 && lib(b)>1\n";
    let (_, diags) = parse_text("m.db", text);
    let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::LegacyFunction], "{diags:?}");
    let span = diags[0].span.expect("a span");
    assert_eq!((span.line, span.col), (11, 2));
    // The same pattern with a 2.6 colon line is clean.
    let legacy = text.replace(":8,-", ":8,40");
    let (_, diags) = parse_text("l.db", &legacy);
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn cutstone_arity_is_checked_like_other_builtins() {
    let text = "Pattern L\n\n.X.\n.*O\n\n:8,40\n\n.A.\n.*b\n\n;cutstone(A,b)>0\n";
    let (_, diags) = parse_text("l.db", text);
    let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::TooManyArguments], "{diags:?}");
}

#[test]
fn cutstone_lowers_to_the_engine_builtin() {
    let (file, _) = parse_text("legacy26.db", &legacy_db());
    let l5 = patterns(&file)
        .into_iter()
        .find(|p| p.name.node == "L5")
        .expect("pattern L5");
    let expr = l5.constraint.as_ref().and_then(|c| c.code.as_ref());
    let labels = [matcher::constraint::LabelOffset {
        name: 'a',
        di: -1,
        dj: 0,
    }];
    let program = mkpat::codegen::lower::lower_program(&labels, expr, None).expect("lowers");
    let Some(RtExpr::Binary(_, left, _)) = program.constraint else {
        panic!("a comparison: {:?}", program.constraint);
    };
    assert!(
        matches!(
            &*left,
            RtExpr::Call(Function::Builtin(EngineBuiltin::Cutstone), args) if args.len() == 1
        ),
        "{left:?}"
    );
}

#[test]
fn formatter_round_trips_the_legacy_database() {
    let (file, _) = parse_text("legacy26.db", &legacy_db());
    let formatted = mkpat::fmt::format_file(&file);
    let (again, diags) = parse_text("legacy26.db", &formatted);
    assert!(diags.is_empty(), "{diags:?}\n{formatted}");
    assert_eq!(again, file);
    assert_eq!(mkpat::fmt::format_file(&again), formatted);
}
