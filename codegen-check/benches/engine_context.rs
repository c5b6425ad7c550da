//! The engine's context evaluating every constraint of GNU Go's
//! `patterns.db` candidates on the 60 public positions (colour to move),
//! one context per position: with its per-position memo and without it.
//! Needs the corpus (`../shared`); without it the bench does nothing.
//!
//! `cargo bench -p codegen-check --bench engine_context`

#[path = "../tests/all/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::EngineContext;
use matcher::board::{Color, PackedBoard};
use matcher::constraint::{Site, Tri};
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

const MODULE: &str = "gnugo::patterns";

/// Each position's board with the sites and patterns of its candidates.
type Work = Vec<(PackedBoard, Color, Vec<(usize, Site)>)>;

fn candidates(
    db: &'static matcher::pattern::PatternDb,
    positions: &[(String, PackedBoard, Color)],
) -> Work {
    let scanner = ReferenceMatcher::new(db);
    positions
        .iter()
        .map(|(_, board, color)| {
            let options = ScanOptions::new(ColorMode::Color(*color));
            let sites = scanner
                .matches(board, &options)
                .into_iter()
                .filter_map(|m| Some((m.pattern, Site::new(m.transform, m.move_point?))))
                .collect();
            (board.clone(), *color, sites)
        })
        .collect()
}

/// Evaluates every candidate's constraint; returns how many are known.
fn evaluate(code: &matcher::constraint::CodeTable, work: &Work, memo: bool) -> usize {
    let mut known = 0;
    for (board, color, sites) in work {
        let mut ctx = EngineContext::new(&board.to_goban(), None, *color);
        ctx.set_memo_enabled(memo);
        for &(pattern, site) in sites {
            if let Some(Tri::Known(_)) = code.run_constraint_tri(pattern, &mut ctx, site) {
                known += 1;
            }
        }
    }
    known
}

fn bench(c: &mut Criterion) {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    if !codegen_check::DATABASES
        .iter()
        .any(|(m, _, _)| *m == MODULE)
    {
        return;
    }
    let (db, code) = common::generated(MODULE);
    let work = candidates(db, &common::positions_to_move(&shared));
    let mut group = c.benchmark_group("engine_context/patterns.db/60 positions");
    group.sample_size(10);
    group.bench_function("memo", |b| b.iter(|| evaluate(code, &work, true)));
    group.bench_function("no memo", |b| b.iter(|| evaluate(code, &work, false)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
