//! Parses and checks the corpus databases once: a small driver for
//! `valgrind --tool=callgrind` instruction counts.
//!
//! `cargo build --release -p mkpat --example parse_corpus &&
//!  valgrind --tool=callgrind target/release/examples/parse_corpus`

use mkpat::check::{CheckOptions, check_file};
use mkpat::source::SourceSet;

fn main() {
    let shared = testkit::shared_dir().expect("the GNU Go corpus (../shared)");
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".db") && name != "eyes.db" && !name.starts_with("mc_")
        })
        .collect();
    paths.sort();
    let mut sources = SourceSet::new();
    for path in &paths {
        sources.add(path.display().to_string(), testkit::read_text(path));
    }
    let mut patterns = 0;
    let mut diagnostics = 0;
    for id in sources.ids() {
        let parsed = mkpat::parse::parse_file(&sources, id);
        diagnostics += parsed.diagnostics.len();
        diagnostics += check_file(
            &parsed.file,
            &CheckOptions {
                connection_mode: true,
            },
        )
        .len();
        patterns += parsed
            .file
            .items
            .iter()
            .filter(|i| matches!(i, mkpat::ast::Item::Pattern(_)))
            .count();
    }
    println!(
        "{} files, {patterns} patterns, {diagnostics} diagnostics",
        sources.len()
    );
}
