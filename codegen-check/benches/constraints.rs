//! Constraint evaluation: generated functions against the interpreter, on
//! every pattern with code of the largest database compiled in (GNU Go's
//! patterns.db + patterns2.db when the corpus is present, else our own),
//! with the pseudo-random test Context (so reading costs nothing and the
//! figure is the evaluation overhead itself).
//!
//! `cargo bench -p codegen-check --bench constraints`

use std::path::Path;

use codegen_check::{DATABASES, MANIFEST};
use criterion::{Criterion, criterion_group, criterion_main};
use matcher::board::Point;
use matcher::constraint::test_double::PseudoRandomContext;
use matcher::constraint::{CodeTable, Phase, Site};
use matcher::transform::Transform;

fn evaluate_all(code: &CodeTable, count: usize, ctx: &mut PseudoRandomContext) -> i64 {
    let site = Site::new(Transform::IDENTITY, Point::new(9, 9));
    let mut sum = 0i64;
    for index in 0..count {
        if let Some(v) = code.run(index, ctx, site, Phase::Constraint) {
            sum += v as i64;
        }
    }
    ctx.log.clear();
    sum
}

fn bench(c: &mut Criterion) {
    let module = if DATABASES.iter().any(|(m, _, _)| *m == "gnugo::patterns") {
        "gnugo::patterns"
    } else {
        "own::tesuji"
    };
    let (_, db, generated) = DATABASES
        .iter()
        .find(|(m, _, _)| *m == module)
        .copied()
        .expect("database");
    let (_, args, base) = MANIFEST
        .iter()
        .find(|(m, _, _)| *m == module)
        .copied()
        .expect("manifest entry");
    let built = mkpat::codegen::driver::build(args, Path::new(base)).expect("compiles");
    let interpreted = built.runtime().expect("converts").code_table();
    let count = db.patterns.len();
    let mut group = c.benchmark_group(format!("constraints/{module}"));
    group.bench_function("generated", |b| {
        let mut ctx = PseudoRandomContext::new(1);
        b.iter(|| evaluate_all(generated, count, &mut ctx))
    });
    group.bench_function("interpreted", |b| {
        let mut ctx = PseudoRandomContext::new(1);
        b.iter(|| evaluate_all(&interpreted, count, &mut ctx))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
