//! The formatter keeps the AST (spans aside) and is idempotent, on the
//! whole corpus and on our own fixtures.

use mkpat::fmt::format_file;
use mkpat::parse::parse_file;
use mkpat::source::SourceSet;

fn roundtrip(name: &str, text: String) {
    let mut sources = SourceSet::new();
    let original = sources.add(name, text);
    let parsed = parse_file(&sources, original);
    assert!(
        parsed.diagnostics.iter().all(|d| !d.is_error()),
        "{name}: {:#?}",
        parsed.diagnostics
    );
    let formatted = format_file(&parsed.file);
    let mut again = SourceSet::new();
    let id = again.add(name, formatted.clone());
    let reparsed = parse_file(&again, id);
    assert!(
        reparsed.diagnostics.iter().all(|d| !d.is_error()),
        "{name} (formatted): {:#?}",
        reparsed.diagnostics
    );
    for (a, b) in parsed.file.items.iter().zip(&reparsed.file.items) {
        assert_eq!(a, b, "{name}: item changed by formatting");
    }
    assert_eq!(
        parsed.file, reparsed.file,
        "{name}: AST changed by formatting"
    );
    assert_eq!(
        format_file(&reparsed.file),
        formatted,
        "{name}: fmt is not idempotent"
    );
}

#[test]
fn corpus_roundtrips_through_the_formatter() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let paths = testkit::mkpat_format_databases(&dir);
    assert_eq!(paths.len(), 15);
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        roundtrip(&name, testkit::read_text(&path));
    }
}

#[test]
fn own_fixtures_roundtrip_through_the_formatter() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("fixture directory") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "db") {
            let text = std::fs::read_to_string(&path).expect("fixture");
            roundtrip(&path.display().to_string(), text);
            count += 1;
        }
    }
    assert!(count >= 2, "expected our own fixture databases");
}

/// What GNU Go copies after the helper name (`helper_trailing_whitespace`)
/// survives formatting: fields the parser ignores after the helper, a colon
/// line without a final newline, a `NULL` helper, and the usual last field.
#[test]
fn helper_copied_text_survives_formatting() {
    let diagram = "Pattern A\n\n.X.\n.*O\n\n";
    for colon in [
        ":8,50pushd(1,2),-\n",
        ":8,O,my_helper ,extra\n",
        ":8,O,my_helper",
        ":8,O,NULL",
        ":8,O,NULL,x\n",
        ":8,O,my_helper\n",
    ] {
        let text = format!("{diagram}{colon}");
        let mut sources = SourceSet::new();
        let id = sources.add("a.db", text.clone());
        let before = parse_file(&sources, id);
        roundtrip(colon, text);
        let formatted = format_file(&before.file);
        assert!(
            formatted.ends_with('\n'),
            "{colon:?}: formatted output ends its last line"
        );
    }
}

/// Fuzz find: constraint-diagram rows with and without the west edge `|`.
/// The formatter writes every row with its edges; the rows keep their cells,
/// and where a row's cells start in the line is a position, not structure.
#[test]
fn constraint_rows_with_mixed_edge_bars_survive_formatting() {
    let text = "Pattern A\n\n|..X\n|.*O\n|...\n\n:8,-\n\n|..a\n.*O\n|...|\n\n;lib(a)>1\n";
    roundtrip("mixed_bars.db", text.to_string());
    let mut sources = SourceSet::new();
    let id = sources.add("mixed_bars.db", text);
    let formatted = format_file(&parse_file(&sources, id).file);
    assert!(
        formatted.contains("\n|..a|\n|.*O|\n|...|\n"),
        "every constraint row gets the diagram's edges:\n{formatted}"
    );
}
