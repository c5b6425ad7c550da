//! The joseki converter on GNU Go's seven joseki SGF files: byte-identical
//! output (header comment aside) for the four with expected outputs, and
//! the pattern counts of the spec table for all seven.

use std::path::Path;

/// Drops the leading comment block (GNU Go's licence / our header).
fn without_header(text: &str) -> String {
    text.lines()
        .skip_while(|line| line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect()
}

fn convert(shared: &Path, name: &str, prefix: &str) -> joseki::Conversion {
    let path = testkit::gnugo_patterns_dir(shared).join(format!("{name}.sgf"));
    let text = testkit::read_text(&path);
    joseki::sgf_to_db(prefix, &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn byte_identical_to_gnugo_joseki_output() {
    let shared = testkit::require_shared!();
    for (name, prefix) in [
        ("sansan", "JS"),
        ("takamoku", "JT"),
        ("mokuhazushi", "JM"),
        ("hoshi_other", "JHO"),
    ] {
        let ours = convert(&shared, name, prefix);
        assert!(ours.text.starts_with(joseki::convert::HEADER));
        let expected =
            testkit::read_text(&testkit::expected_dir(&shared).join(format!("joseki/{name}.db")));
        let (ours_body, expected_body) = (without_header(&ours.text), without_header(&expected));
        if ours_body != expected_body {
            let line = ours_body
                .lines()
                .zip(expected_body.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "{name}: output differs from GNU Go's at body line {}",
                line + 1
            );
        }
        assert!(ours.warnings.is_empty(), "{name}: {:?}", ours.warnings);
    }
}

/// GNU Go's seven joseki files, their name prefixes and pattern counts (the
/// spec's table).
const PATTERN_COUNTS: [(&str, &str, usize); 7] = [
    ("gogo", "JG", 107),
    ("hoshi_keima", "JHK", 733),
    ("hoshi_other", "JHO", 242),
    ("komoku", "JK", 449),
    ("sansan", "JS", 11),
    ("mokuhazushi", "JM", 13),
    ("takamoku", "JT", 67),
];

#[test]
fn pattern_counts_match_spec_table() {
    let shared = testkit::require_shared!();
    for (name, prefix, count) in PATTERN_COUNTS {
        let ours = convert(&shared, name, prefix);
        assert_eq!(ours.patterns.len(), count, "{name}");
        assert_eq!(ours.text.matches("\nPattern ").count(), count, "{name}");
        assert_eq!(
            ours.patterns.last().unwrap().name,
            format!("{prefix}{count}")
        );
        assert!(ours.warnings.is_empty(), "{name}: {:?}", ours.warnings);
    }
}

#[test]
fn all_seven_conversions_parse_cleanly_with_mkpat() {
    let shared = testkit::require_shared!();
    for (name, prefix, count) in PATTERN_COUNTS {
        let path = testkit::gnugo_patterns_dir(&shared).join(format!("{name}.sgf"));
        let ast = joseki::sgf_to_ast(prefix, &testkit::read_text(&path), &format!("{name}.db"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let errors: Vec<_> = ast.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let names: Vec<String> = ast.patterns().map(|p| p.name.node.to_string()).collect();
        assert_eq!(names.len(), count, "{name}");
        assert_eq!(names[0], format!("{prefix}1"));
        assert_eq!(names[count - 1], format!("{prefix}{count}"));
        // The AST holds the conversion's patterns, in order.
        for (pattern, info) in ast.patterns().zip(&ast.conversion.patterns) {
            assert_eq!(pattern.name.node, info.name);
        }
    }
}
