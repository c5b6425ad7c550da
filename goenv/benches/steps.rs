//! Criterion benchmark: uniform random legal play (pass among the legal
//! actions, games restarting when they end) on one environment and on a
//! batch of 250, for 9×9 and 19×19, the batch with and without the
//! `(N, N, 17)` observations. One iteration is 1000 environment steps;
//! divide the time by 1000 for the time per step.
//!
//! `cargo bench -p goenv --bench steps`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use goenv::bench::play_random_steps;
use goenv::{BatchConfig, BatchEnv, Env, EnvConfig, Rng};

const STEPS: u64 = 1000;

fn single(c: &mut Criterion) {
    for size in [9, 19] {
        let config = EnvConfig::new(size).expect("a valid size");
        let mut rng = Rng::new(1);
        let mut env = Env::new(config, 0).expect("a valid configuration");
        c.bench_function(&format!("random_play_{size}x{size}_1000_steps"), |b| {
            b.iter(|| black_box(play_random_steps(&mut env, &mut rng, STEPS)))
        });
    }
}

fn batched(c: &mut Criterion) {
    for (size, observations) in [(9, false), (19, false), (9, true), (19, true)] {
        let mut batch = BatchEnv::new(BatchConfig {
            env: EnvConfig::new(size).expect("a valid size"),
            batch_size: 250,
            seed: 1,
            observations,
        })
        .expect("a valid configuration");
        let observed = if observations { "_observed" } else { "" };
        c.bench_function(
            &format!("batch250{observed}_random_play_{size}x{size}_1000_steps"),
            |b| {
                b.iter(|| {
                    for _ in 0..STEPS / 250 {
                        batch.step_random();
                    }
                    black_box(batch.games_finished())
                })
            },
        );
    }
}

criterion_group!(benches, single, batched);
criterion_main!(benches);
