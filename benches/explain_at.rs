//! Criterion benchmark: `tesuji explain --at` on GNU Go's databases
//! (`--patterns`), on the 30 19×19 public positions for the colour to move,
//! at the point of each position's first raw candidate (a busy point):
//!
//! * `near_miss_index_19x19` — building the oriented element sets of every
//!   pattern (once per run and board size);
//! * `one_off_at_point_19x19` — the "one element off" search at one point
//!   (every pattern × transformation placed with its move there);
//! * `explain_at_board_19x19` / `explain_at_engine_19x19` — the whole
//!   report at one point (scan, shapes check, one-off search) with the
//!   board-only and the engine's context (tactical reading).
//!
//! One iteration covers all 30 positions: divide by 30 for one point.
//!
//! `cargo bench -p tesuji --bench explain_at`

#[allow(dead_code)] // the scan benchmarks use the rest
mod support;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::front::explain::ContextKind;
use engine::front::why_not::{NearMissIndex, explain_at};
use loader::gnugo_dir as pattern_set;

fn explain(c: &mut Criterion) {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let set = pattern_set::load(&testkit::gnugo_patterns_dir(&shared)).expect("GNU Go's patterns");
    let positions: Vec<_> = support::public_positions(&shared)
        .into_iter()
        .filter(|p| p.board.size() == 19)
        .map(|p| {
            let color = p.position.to_move;
            let point = set
                .candidates(&p.board, color)
                .first()
                .map(|c| c.move_point)
                .expect("a candidate");
            (p, color, point)
        })
        .collect();
    c.bench_function("near_miss_index_19x19", |b| {
        b.iter(|| black_box(NearMissIndex::new(&set, 19)))
    });
    let index = NearMissIndex::new(&set, 19);
    c.bench_function("one_off_at_point_19x19", |b| {
        b.iter(|| {
            let mut found = 0;
            for (p, color, point) in &positions {
                found += index.at(&set, &p.board, *color, *point, 1).len();
            }
            black_box(found)
        })
    });
    for (name, choice) in [
        ("explain_at_board_19x19", ContextKind::Board),
        ("explain_at_engine_19x19", ContextKind::Engine),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| {
                let mut found = 0;
                for (p, color, point) in &positions {
                    let mut ctx = context_for(&p.position, *color, choice);
                    let report = explain_at(&set, &index, &p.board, *color, ctx.as_mut(), *point);
                    found += report.proposing.len() + report.one_off.len();
                }
                black_box(found)
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = explain
}
criterion_main!(benches);

/// A context of kind `kind` for `color` on `position` (the engine's reads
/// its simple-ko point).
pub fn context_for(
    position: &sgf::Position,
    color: matcher::board::Color,
    kind: engine::front::explain::ContextKind,
) -> Box<dyn matcher::context::Context + '_> {
    let ko = position
        .ko
        .and_then(|p| position.board.geometry().vertex(p));
    engine::front::explain::context_for(&position.board, ko, color, kind)
}
