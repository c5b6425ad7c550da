//! Compiling the whole GNU Go corpus: the 14 mkpat databases in their GNU Go
//! build modes plus the joseki corner database (7 SGF conversions, one
//! `-C` run). Inputs are read and converted once; the measurement is
//! parse + compile (DFA automata and the corner tree included; the AST is
//! consumed by `compile_owned`), and compile alone (`compile` on a kept AST,
//! which clones the constraint and action trees).
//!
//! `cargo bench -p mkpat --bench compile` runs criterion. With
//! `MKPAT_BENCH_ONCE=1` the binary compiles the corpus once and exits (the
//! driver for `valgrind --tool=callgrind`): instructions of parse + compile
//! with `--toggle-collect='compile::parse_and_compile'`, of its compile part
//! with `--toggle-collect='mkpat::compile::compile_owned'`.

use criterion::Criterion;
use mkpat::ast::File;
use mkpat::codegen::gnugo_build::{GNUGO_DATABASES, JOSEKI_SOURCES};
use mkpat::compile::dfa::hints::TransformationHints;
use mkpat::compile::{CompileOptions, compile, compile_owned};
use mkpat::ir::DbType;
use mkpat::options::parse_mkpat_args;
use mkpat::source::SourceSet;
use std::hint::black_box;

/// One database of the build: options, inputs (name, text) and hints.
struct Job {
    options: CompileOptions,
    sources: SourceSet,
    hints: TransformationHints,
}

/// Every database of GNU Go's build, read as its manifest command line says
/// (`mkpat::codegen::gnugo_build`), then the joseki corner database.
fn jobs() -> Vec<Job> {
    let shared = testkit::shared_dir().expect("the compile benchmark needs the GNU Go corpus");
    let dir = testkit::gnugo_patterns_dir(&shared);
    let read = |name: &str| testkit::read_text(&dir.join(name));
    let mut jobs: Vec<Job> = GNUGO_DATABASES
        .iter()
        .map(|db| {
            let options = parse_mkpat_args(db.args)
                .expect("the manifest's command lines parse")
                .options;
            let mut sources = SourceSet::new();
            for input in &options.inputs {
                sources.add(input.as_str(), read(input));
            }
            Job {
                options: CompileOptions::from_mkpat(&options),
                sources,
                hints: options
                    .dtr
                    .as_deref()
                    .map_or(TransformationHints::none(), |d| {
                        TransformationHints::parse(&read(d)).unwrap()
                    }),
            }
        })
        .collect();
    let mut sources = SourceSet::new();
    for (name, prefix) in JOSEKI_SOURCES {
        let sgf = read(&format!("{name}.sgf"));
        sources.add(
            format!("{name}.db"),
            joseki::sgf_to_db(prefix, &sgf).unwrap().text,
        );
    }
    jobs.push(Job {
        options: CompileOptions {
            db_type: DbType::Corner,
            prefix: "joseki".into(),
            ..CompileOptions::default()
        },
        sources,
        hints: TransformationHints::none(),
    });
    jobs
}

/// Parses and compiles every job; returns the number of patterns.
fn parse_and_compile(jobs: &[Job]) -> usize {
    jobs.iter()
        .map(|job| {
            let (files, _) = mkpat::parse::parse_stream(&job.sources);
            compile_owned(files, &job.options, &job.hints)
                .db
                .patterns
                .len()
        })
        .sum()
}

fn compile_only(jobs: &[Job], parsed: &[Vec<File>]) -> usize {
    jobs.iter()
        .zip(parsed)
        .map(|(job, files)| compile(files, &job.options, &job.hints).db.patterns.len())
        .sum()
}

// Unused where compile_mimalloc.rs includes this file as a module.
#[allow(dead_code)]
fn main() {
    run("corpus");
}

/// The benchmark, its criterion group named `group_name`.
pub fn run(group_name: &str) {
    let jobs = jobs();
    if std::env::var_os("MKPAT_BENCH_ONCE").is_some() {
        println!("{} patterns", parse_and_compile(&jobs));
        return;
    }
    if std::env::var_os("MKPAT_BENCH_PER_DB").is_some() {
        for job in &jobs {
            let start = std::time::Instant::now();
            let (files, _) = mkpat::parse::parse_stream(&job.sources);
            let parsed = start.elapsed();
            let db = compile_owned(files, &job.options, &job.hints).db;
            println!(
                "{:>15}: {:>5} patterns, parse {:>8.2?}, compile {:>8.2?}",
                job.options.prefix,
                db.patterns.len(),
                parsed,
                start.elapsed() - parsed
            );
        }
        return;
    }
    let parsed: Vec<Vec<File>> = jobs
        .iter()
        .map(|job| mkpat::parse::parse_stream(&job.sources).0)
        .collect();
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group(group_name);
    group.sample_size(20);
    group.bench_function("parse_and_compile_all_15", |b| {
        b.iter(|| black_box(parse_and_compile(black_box(&jobs))))
    });
    group.bench_function("compile_only_all_15", |b| {
        b.iter(|| black_box(compile_only(black_box(&jobs), black_box(&parsed))))
    });
    group.finish();
    criterion.final_summary();
}
