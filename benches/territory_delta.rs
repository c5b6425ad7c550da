//! Criterion benchmark: the territorial value of a move
//! (`engine::influence`), what the valuation asks once per candidate move,
//! on the first five 19×19 public positions for the colour to move, at the
//! first ten empty points of each (board order):
//!
//! * `territory_delta_patterns_19x19` — `Engine::move_territory_deltas`
//!   (one call per position, its ten moves) with GNU Go's `influence.db`
//!   and `barriers.db` (the pattern passes and their constraints read on
//!   the board after the move; the analysis before the move is computed
//!   once, outside the timing);
//! * `territory_delta_plain_19x19` — `influence::move_territory_delta`,
//!   the stones alone (both influences computed per move).
//!
//! One iteration covers 50 moves: divide by 50 for one move.
//!
//! `cargo bench -p tesuji --bench territory_delta`

#[allow(dead_code)] // the scan benchmarks use the rest
mod support;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::influence::{InfluenceParams, MoveChange, move_territory_delta};
use engine::{Databases, Engine};
use goban::{Color, Vertex};
use loader::gnugo_dir::load_influence_patterns;

fn territory_delta(c: &mut Criterion) {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let (influence, barriers) =
        load_influence_patterns(&testkit::gnugo_patterns_dir(&shared)).expect("GNU Go's databases");
    let databases = Arc::new(Databases {
        influence: Some(influence),
        barriers: Some(barriers),
        ..Databases::default()
    });
    let cases: Vec<(goban::Board, Color, Vec<Vertex>)> = support::public_positions(&shared)
        .into_iter()
        .filter(|p| p.board.size() == 19)
        .take(5)
        .map(|p| {
            let board = p.position.board;
            let color = p.position.to_move;
            let moves = board
                .geometry()
                .board_vertices()
                .filter(|&v| board.cell(v).color().is_none() && !board.is_suicide(color, v))
                .take(10)
                .collect();
            (board, color, moves)
        })
        .collect();
    let mut engines: Vec<Engine> = cases
        .iter()
        .map(|(board, _, _)| {
            let mut engine = Engine::new(Arc::clone(&databases));
            engine.set_position(board.clone(), None);
            engine.analysis();
            engine
        })
        .collect();
    c.bench_function("territory_delta_patterns_19x19", |b| {
        b.iter(|| {
            for (engine, (_, color, moves)) in engines.iter_mut().zip(&cases) {
                let changes: Vec<MoveChange> = moves
                    .iter()
                    .map(|&at| MoveChange {
                        color: *color,
                        at,
                        captures: &[],
                        saves: &[],
                    })
                    .collect();
                black_box(engine.move_territory_deltas(&changes));
            }
        })
    });
    let params = InfluenceParams::default();
    c.bench_function("territory_delta_plain_19x19", |b| {
        b.iter(|| {
            for (board, color, moves) in &cases {
                for &at in moves {
                    let change = MoveChange {
                        color: *color,
                        at,
                        captures: &[],
                        saves: &[],
                    };
                    black_box(
                        move_territory_delta(board, &change, &|_| false, &params).expect("legal"),
                    );
                }
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = territory_delta
}
criterion_main!(benches);
