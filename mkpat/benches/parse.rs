//! Parse + check of the 15 mkpat-format corpus databases (about 500 KB).
//! Run: `cargo bench -p mkpat --bench parse`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mkpat::check::{CheckOptions, check_file};
use mkpat::source::SourceSet;

fn corpus() -> Option<SourceSet> {
    let shared = testkit::shared_dir()?;
    let dir = testkit::gnugo_patterns_dir(&shared);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".db") && name != "eyes.db" && !name.starts_with("mc_")
        })
        .collect();
    paths.sort();
    let mut sources = SourceSet::new();
    for path in paths {
        sources.add(path.display().to_string(), testkit::read_text(&path));
    }
    Some(sources)
}

fn parse_and_check(sources: &SourceSet) -> usize {
    let mut count = 0;
    for id in sources.ids() {
        let parsed = mkpat::parse::parse_file(sources, id);
        let connection = ["conn.db", "influence.db", "barriers.db"]
            .iter()
            .any(|n| sources.file(id).name.ends_with(n));
        let options = CheckOptions {
            connection_mode: connection,
        };
        count += parsed.diagnostics.len() + check_file(&parsed.file, &options).len();
        count += parsed.file.items.len();
    }
    count
}

fn bench(c: &mut Criterion) {
    let Some(sources) = corpus() else {
        return;
    };
    c.bench_function("parse+check corpus", |b| {
        b.iter(|| parse_and_check(black_box(&sources)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
