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
    /// Whether every step also wrote the `(N, N, 17)` observation.
    pub observations: bool,
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

/// Like [`play_random_steps`], writing the observation of every new state
/// into `observation` too.
pub fn play_random_steps_observed(
    env: &mut Env,
    rng: &mut Rng,
    steps: u64,
    observation: &mut [bool],
) -> u64 {
    let mut games = 0;
    for _ in 0..steps {
        games += play_random_steps(env, rng, 1);
        env.write_observation(observation);
    }
    games
}

/// Random play on one environment for about `duration`; with
/// `observations`, every step also writes the observation.
pub fn bench_single(
    config: EnvConfig,
    seed: u64,
    duration: Duration,
    observations: bool,
) -> Result<BenchReport, EnvError> {
    let mut rng = Rng::new(seed);
    let mut env = Env::new(config, rng.bit())?;
    let mut observation = vec![false; env.observation_len()];
    let (mut steps, mut games) = (0, 0);
    let start = Instant::now();
    while start.elapsed() < duration {
        games += if observations {
            play_random_steps_observed(&mut env, &mut rng, CHUNK, &mut observation)
        } else {
            play_random_steps(&mut env, &mut rng, CHUNK)
        };
        steps += CHUNK;
    }
    let measured = Measured {
        steps,
        games,
        elapsed: start.elapsed(),
    };
    Ok(report(config.size(), 1, observations, measured))
}

/// Random play on a batch of `batch` environments for about `duration`
/// (masks, rewards, terminated flags and boards published at every step,
/// observations too with `observations`).
pub fn bench_batch(
    config: EnvConfig,
    batch: usize,
    seed: u64,
    duration: Duration,
    observations: bool,
) -> Result<BenchReport, EnvError> {
    let mut envs = BatchEnv::new(BatchConfig {
        env: config,
        batch_size: batch,
        seed,
        observations,
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
    let measured = Measured {
        steps,
        games: envs.games_finished(),
        elapsed: start.elapsed(),
    };
    Ok(report(config.size(), batch, observations, measured))
}

/// Steps, games and time of a run.
struct Measured {
    steps: u64,
    games: u64,
    elapsed: Duration,
}

fn report(size: usize, batch: usize, observations: bool, measured: Measured) -> BenchReport {
    let seconds = measured.elapsed.as_secs_f64();
    BenchReport {
        size,
        batch,
        observations,
        steps: measured.steps,
        games: measured.games,
        seconds,
        steps_per_sec: measured.steps as f64 / seconds,
    }
}
