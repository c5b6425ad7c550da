//! Parse + check of the 15 mkpat-format corpus databases (about 520 KB),
//! each with the check options GNU Go's build implies.
//!
//! * `cargo bench -p mkpat --bench parse`: criterion.
//! * `MKPAT_BENCH_ONCE=1 valgrind --tool=callgrind --toggle-collect='parse::parse_and_check' <bench binary>`:
//!   instructions of one parse + check of the corpus.
//! * `MKPAT_BENCH_CPU_RUNS=200 <bench binary>`: median and minimum of the
//!   thread's on-CPU time (`CLOCK_THREAD_CPUTIME_ID`, through the `cpu-time`
//!   crate) over that many runs, which a loaded machine distorts less than
//!   wall-clock time.

use std::hint::black_box;

use criterion::Criterion;
use mkpat::check::{CheckOptions, check_file};
use mkpat::codegen::gnugo_build::database_reading;
use mkpat::source::SourceSet;

/// The corpus databases and the check options GNU Go's build implies.
fn corpus() -> (SourceSet, Vec<CheckOptions>) {
    let shared = testkit::shared_dir().expect("the parse benchmark needs the GNU Go corpus");
    let mut sources = SourceSet::new();
    let mut options = Vec::new();
    for path in testkit::mkpat_format_databases(&testkit::gnugo_patterns_dir(&shared)) {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        options.push(
            database_reading(&name).map_or_else(CheckOptions::default, |db| db.check_options()),
        );
        sources.add(path.display().to_string(), testkit::read_text(&path));
    }
    (sources, options)
}

/// Parses and checks every file; returns (patterns, diagnostics).
#[inline(never)]
fn parse_and_check(sources: &SourceSet, options: &[CheckOptions]) -> (usize, usize) {
    let mut patterns = 0;
    let mut diagnostics = 0;
    for (id, options) in sources.ids().zip(options) {
        let parsed = mkpat::parse::parse_file(sources, id);
        diagnostics += parsed.diagnostics.len() + check_file(&parsed.file, options).len();
        patterns += parsed.file.patterns().count();
    }
    (patterns, diagnostics)
}

fn main() {
    let (sources, options) = corpus();
    if std::env::var_os("MKPAT_BENCH_ONCE").is_some() {
        let (patterns, diagnostics) = parse_and_check(&sources, &options);
        println!(
            "{} files, {patterns} patterns, {diagnostics} diagnostics",
            sources.len()
        );
        return;
    }
    if let Some(runs) = std::env::var("MKPAT_BENCH_CPU_RUNS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0)
    {
        let mut samples: Vec<u128> = (0..runs)
            .map(|_| {
                let before = cpu_time::ThreadTime::now();
                black_box(parse_and_check(&sources, &options));
                before.elapsed().as_nanos()
            })
            .collect();
        samples.sort_unstable();
        println!(
            "parse+check: median {:.2} ms, min {:.2} ms on-CPU over {runs} runs",
            samples[runs / 2] as f64 / 1e6,
            samples[0] as f64 / 1e6
        );
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    criterion.bench_function("parse+check corpus", |b| {
        b.iter(|| parse_and_check(black_box(&sources), black_box(&options)))
    });
    criterion.final_summary();
}
