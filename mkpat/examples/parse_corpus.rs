//! Parses and checks the corpus databases: a small driver for
//! `valgrind --tool=callgrind` instruction counts, and (with an iteration
//! count argument) a CPU-time measurement that a loaded machine does not
//! distort as much as wall-clock time: the thread's CPU clock
//! (`CLOCK_THREAD_CPUTIME_ID`, through the `cpu-time` crate), which is exact
//! to the nanosecond. (`/proc/thread-self/schedstat`, used before, is only
//! brought up to date at scheduler ticks, so single runs read as multiples
//! of the 4 ms tick.)
//!
//! `cargo build --release -p mkpat --example parse_corpus &&
//!  valgrind --tool=callgrind target/release/examples/parse_corpus` and
//! `target/release/examples/parse_corpus 200`.

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
    let iterations: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    if iterations > 0 {
        let mut samples = Vec::with_capacity(iterations);
        for _ in 0..iterations {
            let before = cpu_time::ThreadTime::now();
            std::hint::black_box(parse_and_check(&sources));
            samples.push(before.elapsed().as_nanos() as u64);
        }
        samples.sort_unstable();
        println!(
            "parse+check: median {:.2} ms, min {:.2} ms on-CPU over {iterations} runs",
            samples[iterations / 2] as f64 / 1e6,
            samples[0] as f64 / 1e6
        );
        return;
    }
    let (patterns, diagnostics) = parse_and_check(&sources);
    println!(
        "{} files, {patterns} patterns, {diagnostics} diagnostics",
        sources.len()
    );
}

fn parse_and_check(sources: &SourceSet) -> (usize, usize) {
    let mut patterns = 0;
    let mut diagnostics = 0;
    for id in sources.ids() {
        let parsed = mkpat::parse::parse_file(sources, id);
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
    (patterns, diagnostics)
}
