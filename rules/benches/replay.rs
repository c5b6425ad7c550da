//! Replaying long games: a 19×19 record of 4,000 passes and one of 4,000
//! moves of random play (`examples/long_records.rs`), through
//! `rules::cases::replay` (every step's report: legal moves, probes, score)
//! and through plain play then undo of every move. The figures are in
//! `docs/cli.md` (`tesuji rules replay`).
//!
//! ```text
//! cargo bench -p rules --bench replay
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
use rules::cases::{Record, Spelling, parse_record, replay};

#[allow(dead_code)]
#[path = "../examples/long_records.rs"]
mod long_records;

fn records() -> Vec<(String, Record)> {
    long_records::long_records(4000)
        .iter()
        .map(|value| {
            let record = parse_record(&value.to_string(), 1).expect("a record");
            (value["name"].as_str().unwrap_or("?").to_string(), record)
        })
        .collect()
}

fn bench_replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for (name, record) in records() {
        group.bench_function(format!("report of {name}"), |b| {
            b.iter(|| replay(&record, Spelling::Primary))
        });
        let Record::Game(game_record) = &record else {
            continue;
        };
        group.bench_function(format!("play and undo {name}"), |b| {
            b.iter(|| {
                let mut game = rules::Game::new(
                    game_record.board.clone(),
                    game_record.rules,
                    game_record.to_move,
                );
                for step in &game_record.steps {
                    game.play(step.color, step.mv).expect("a legal move");
                }
                while game.undo() {}
                game
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
