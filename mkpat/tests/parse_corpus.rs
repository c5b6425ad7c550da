//! The 15 mkpat-format databases of GNU Go 3.8 parse without errors, and
//! every `Pattern` line yields a pattern.

use mkpat::ast::Item;
use mkpat::check::{CheckOptions, check_file};
use mkpat::parse::parse_file;
use mkpat::source::SourceSet;

/// Every `.db` of the corpus written in the mkpat language (eyes.db and
/// mc_*.db use other languages).
fn corpus_databases(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus pattern directory")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.ends_with(".db") && name != "eyes.db" && !name.starts_with("mc_")
        })
        .collect();
    paths.sort();
    paths
}

/// GNU Go compiles conn.db, influence.db and barriers.db in connection
/// mode (`-c`), where patterns need no `*`.
pub fn corpus_options(path: &std::path::Path) -> CheckOptions {
    let stem = path.file_stem().unwrap().to_string_lossy();
    CheckOptions {
        connection_mode: matches!(stem.as_ref(), "conn" | "influence" | "barriers"),
    }
}

#[test]
fn corpus_parses_without_errors_and_counts_match() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let paths = corpus_databases(&dir);
    assert_eq!(paths.len(), 15, "expected 15 mkpat-format databases");
    for path in &paths {
        let text = testkit::read_text(path);
        let expected = text.lines().filter(|l| l.starts_with("Pattern")).count();
        let mut sources = SourceSet::new();
        let id = sources.add(path.display().to_string(), text);
        let parsed = parse_file(&sources, id);
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        let patterns = parsed
            .file
            .items
            .iter()
            .filter(|item| matches!(item, Item::Pattern(_)))
            .count();
        assert_eq!(patterns, expected, "{}", path.display());
        for item in &parsed.file.items {
            if let Item::Pattern(p) = item {
                if let Some(c) = &p.constraint {
                    assert!(c.code.is_some(), "{}: {}", path.display(), p.name.node);
                }
                if let Some(a) = &p.action {
                    assert!(a.code.is_some(), "{}: {}", path.display(), p.name.node);
                }
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
