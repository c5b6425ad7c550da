//! Steps per second of uniform random legal play (pass among the legal
//! actions), games restarting when they end, on one thread, with the legal
//! mask computed at every step as Pgx does: the measurement behind
//! `tesuji env bench`, the criterion bench and the callgrind driver.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::batch::{BatchConfig, BatchEnv};
use crate::env::{Env, EnvConfig, EnvError};
use crate::random_legal_action;
use crate::rng::Rng;

/// What a benchmark run measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchReport {
    /// Board size.
    pub size: usize,
    /// Environments stepped together (1 for a single [`Env`]).
    pub batch: usize,
    /// Environment steps taken.
    pub steps: u64,
    /// Games finished.
    pub games: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// `steps / seconds`.
    pub steps_per_sec: f64,
}

/// Plays random games on one [`Env`] for `steps` steps; returns the games
/// finished. Deterministic for a seed.
pub fn play_random_steps(env: &mut Env, rng: &mut Rng, steps: u64) -> u64 {
    let mut games = 0;
    for _ in 0..steps {
        let action = random_legal_action(env, rng);
        // A legal action is in range: the step cannot fail.
        let _ = env.step(action);
        if env.terminated() {
            games += 1;
            let black_player = rng.bit();
            let _ = env.reset(black_player);
        }
    }
    games
}

const CHUNK: u64 = 4096;

/// Random play on one environment for about `duration`.
pub fn bench_single(
    config: EnvConfig,
    seed: u64,
    duration: Duration,
) -> Result<BenchReport, EnvError> {
    let mut rng = Rng::new(seed);
    let mut env = Env::new(config, rng.bit())?;
    let (mut steps, mut games) = (0, 0);
    let start = Instant::now();
    while start.elapsed() < duration {
        games += play_random_steps(&mut env, &mut rng, CHUNK);
        steps += CHUNK;
    }
    Ok(report(config.size(), 1, steps, games, start.elapsed()))
}

/// Random play on a batch of `batch` environments for about `duration`.
pub fn bench_batch(
    config: EnvConfig,
    batch: usize,
    seed: u64,
    duration: Duration,
) -> Result<BenchReport, EnvError> {
    let mut envs = BatchEnv::new(BatchConfig {
        env: config,
        batch_size: batch,
        seed,
        observations: false,
    })?;
    let mut steps = 0;
    let rounds = (CHUNK / batch.max(1) as u64).max(1);
    let start = Instant::now();
    while start.elapsed() < duration {
        for _ in 0..rounds {
            envs.step_random();
        }
        steps += rounds * batch as u64;
    }
    Ok(report(
        config.size(),
        batch,
        steps,
        envs.games_finished(),
        start.elapsed(),
    ))
}

fn report(size: usize, batch: usize, steps: u64, games: u64, elapsed: Duration) -> BenchReport {
    let seconds = elapsed.as_secs_f64();
    BenchReport {
        size,
        batch,
        steps,
        games,
        seconds,
        steps_per_sec: steps as f64 / seconds,
    }
}
