//! The 15 mkpat-format databases of GNU Go 3.8 parse without errors, and
//! every `Pattern` line yields a pattern.

use mkpat::check::{CheckOptions, check_file};
use mkpat::codegen::gnugo_build::database_reading;
use mkpat::parse::parse_file;
use mkpat::source::SourceSet;

/// The check options GNU Go's build implies for a corpus file: conn.db,
/// influence.db and barriers.db are compiled in connection mode (`-c`),
/// where patterns need no `*`.
fn corpus_options(path: &std::path::Path) -> CheckOptions {
    let name = path.file_name().unwrap().to_string_lossy();
    database_reading(&name)
        .unwrap_or_else(|| panic!("{name} is in no GNU Go build line"))
        .check_options()
}

#[test]
fn corpus_parses_without_errors_and_counts_match() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let paths = testkit::mkpat_format_databases(&dir);
    assert_eq!(paths.len(), 15, "expected 15 mkpat-format databases");
    for path in &paths {
        let text = testkit::read_text(path);
        let expected = text.lines().filter(|l| l.starts_with("Pattern")).count();
        let mut sources = SourceSet::new();
        let id = sources.add(path.display().to_string(), text);
        let parsed = parse_file(&sources, id);
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        assert_eq!(
            parsed.file.patterns().count(),
            expected,
            "{}",
            path.display()
        );
        for p in parsed.file.patterns() {
            if let Some(c) = &p.constraint {
                assert!(c.code.is_some(), "{}: {}", path.display(), p.name.node);
            }
            if let Some(a) = &p.action {
                assert!(a.code.is_some(), "{}: {}", path.display(), p.name.node);
            }
        }
        let warnings: Vec<_> = parsed
            .diagnostics
            .iter()
            .filter(|d| !d.is_error())
            .collect();
        assert!(warnings.is_empty(), "{}: {warnings:#?}", path.display());
        let checked = check_file(&parsed.file, &corpus_options(path));
        assert!(checked.is_empty(), "{}: {checked:#?}", path.display());
    }
}
