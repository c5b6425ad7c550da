//! Classes against diagrams (L0009, L0010) and impossible diagrams (L0011)
//! on small databases written here, each in the role GNU Go's file name
//! gives it (matching-semantics §5): the lint fires where the class cannot
//! work and stays quiet on the same pattern drawn so that it can.

use mkpat::diag::Code;
use mkpat::lint::{LintOptions, lint_files};
use mkpat::options::DatabaseRole;
use mkpat::source::SourceSet;

/// The codes the lints report for `text` read as a database of `role`.
fn lint_codes(text: &str, role: DatabaseRole) -> Vec<Code> {
    let mut sources = SourceSet::new();
    let id = sources.add("test.db", text.to_string());
    let parsed = mkpat::parse::parse_file(&sources, id);
    assert!(
        !parsed.diagnostics.iter().any(|d| d.is_error()),
        "{text}: {:?}",
        parsed.diagnostics
    );
    let options = LintOptions {
        role,
        database: None,
    };
    lint_files(&sources, &[(parsed.file, options)])
        .into_iter()
        .map(|d| d.code)
        .filter(|c| {
            matches!(
                c,
                Code::ClassNeverMatches | Code::ClassWithoutEffect | Code::ImpossibleDiagram
            )
        })
        .collect()
}

fn pattern(diagram: &str, classes: &str) -> String {
    format!("Pattern P\n\n{diagram}\n\n:8,{classes}\n")
}

#[test]
fn connection_class_c_needs_two_own_stones() {
    let one = pattern("O.X\n.*.", "C");
    let two = pattern("O.X\n.*O", "C");
    assert_eq!(
        lint_codes(&one, DatabaseRole::Connection),
        [Code::ClassNeverMatches]
    );
    assert!(lint_codes(&two, DatabaseRole::Connection).is_empty());
    // In a shapes database the same class only loses its move reason.
    assert_eq!(
        lint_codes(&one, DatabaseRole::Shapes),
        [Code::ClassWithoutEffect]
    );
    assert!(lint_codes(&two, DatabaseRole::Shapes).is_empty());
    // A database of no known role: no role-dependent lint.
    assert!(lint_codes(&one, DatabaseRole::Unknown).is_empty());
}

#[test]
fn shapes_class_b_aborts_gnugo_and_b_needs_two_opponent_stones() {
    let text = pattern("O.X\n.*X", "b");
    assert_eq!(
        lint_codes(&text, DatabaseRole::Shapes),
        [Code::ClassNeverMatches]
    );
    assert!(lint_codes(&text, DatabaseRole::Connection).is_empty());
    let cut = pattern("O.X\n.*.", "B");
    assert_eq!(
        lint_codes(&cut, DatabaseRole::Shapes),
        [Code::ClassWithoutEffect]
    );
    assert!(lint_codes(&pattern("X.X\n.*O", "B"), DatabaseRole::Shapes).is_empty());
}

#[test]
fn barrier_classes_need_blocking_points() {
    let none = pattern("X.O\n.*.", "A");
    let some = pattern("X,O\n.*.", "A");
    assert_eq!(
        lint_codes(&none, DatabaseRole::Influence),
        [Code::ClassNeverMatches]
    );
    assert!(lint_codes(&some, DatabaseRole::Influence).is_empty());
    let intrusion = "Pattern P\n\nX.O\n...\n\n:8,B\n";
    assert_eq!(
        lint_codes(intrusion, DatabaseRole::Influence),
        [Code::ClassWithoutEffect]
    );
    assert!(lint_codes("Pattern P\n\nX!O\n...\n\n:8,B\n", DatabaseRole::Influence).is_empty());
    // An influence source without a move.
    assert_eq!(
        lint_codes("Pattern P\n\nX.O\n...\n\n:8,E\n", DatabaseRole::Influence),
        [Code::ClassWithoutEffect]
    );
}

#[test]
fn dragon_status_classes_need_their_stones() {
    for (diagram, classes, fires) in [
        ("O..\n.*.", "X", true),
        ("O..\n.*x", "X", false),
        ("X..\n.*.", "O", true),
        ("X..\n.*o", "o", false),
        ("X..\n.*O", "OX", false),
        ("x..\n.*o", "Xx", false),
    ] {
        let codes = lint_codes(&pattern(diagram, classes), DatabaseRole::Unknown);
        assert_eq!(
            codes.contains(&Code::ClassWithoutEffect),
            fires,
            "{diagram} {classes}: {codes:?}"
        );
    }
}

#[test]
fn strings_without_liberties() {
    for (diagram, fires) in [
        // Corner, surrounded by O.
        ("|O..\n|XO*\n+---", true),
        // The same away from the edge has liberties outside the diagram.
        ("O..\nXO*", false),
        // A two-stone string closed in on every side.
        (".OO.\nOXXO\n.O*.", false),
        ("?OO?\nOXXO\n*OO?", true),
        // 'x' may be empty: a liberty.
        ("?OO?\nOXXx\n*OO?", false),
        ("?OO?\nOXX?\n*OO?", false),
        // North and south edges two lines apart: a 2x2 board.
        ("--\n.*\n..\n--", false),
        ("---\n.*.\n...\n---", true),
        ("|.*|\n|..|\n|..|", true),
        ("|.*.|\n|...|", false),
        ("+--+\n|.*|\n|..|\n+--+", false),
    ] {
        let codes = lint_codes(
            &format!("Pattern P\n\n{diagram}\n\n:8,-\n"),
            DatabaseRole::Unknown,
        );
        assert_eq!(
            codes.contains(&Code::ImpossibleDiagram),
            fires,
            "{diagram}: {codes:?}"
        );
    }
}
