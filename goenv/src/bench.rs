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

/// The memory budget of a benchmark batch unless told otherwise: 1 GiB.
pub const DEFAULT_BATCH_BUDGET_BYTES: usize = 1 << 30;

/// A batch too large for its memory budget.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a batch of {batch} {size}x{size} environments takes about {needed_mib} MiB ({per_env} bytes each), over the memory budget of {budget_mib} MiB; at most {fits} fit"
)]
pub struct OverBudget {
    /// Environments asked for.
    pub batch: usize,
    /// Board size.
    pub size: usize,
    /// The estimate of one environment, in bytes.
    pub per_env: usize,
    /// The estimate of the batch, in MiB.
    pub needed_mib: usize,
    /// The budget, in MiB.
    pub budget_mib: usize,
    /// Environments that fit in the budget.
    pub fits: usize,
}

/// Checks that a batch fits `budget_bytes` ([`BatchEnv::estimated_bytes`]).
pub fn check_batch_budget(config: &BatchConfig, budget_bytes: usize) -> Result<(), OverBudget> {
    let per_env = BatchEnv::estimated_bytes_per_env(config);
    let needed = BatchEnv::estimated_bytes(config);
    if needed <= budget_bytes {
        return Ok(());
    }
    Err(OverBudget {
        batch: config.batch_size,
        size: config.env.size(),
        per_env,
        needed_mib: needed.div_ceil(1 << 20),
        budget_mib: budget_bytes >> 20,
        fits: budget_bytes / per_env,
    })
}

/// Why a batch benchmark did not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BatchBenchError {
    /// The environments could not be built.
    #[error(transparent)]
    Env(#[from] EnvError),
    /// The batch is over the memory budget.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// Random play on a batch of `batch` environments for about `duration`
/// (masks, rewards, terminated flags and boards published at every step,
/// observations too with `observations`), refused when its estimate is
/// over `budget_bytes`. The clock starts before the batch is built, and
/// is read after every round of the batch, so the run ends within one
/// round of `duration` whatever the batch size (the rate counts the
/// stepping time only).
pub fn bench_batch(
    config: EnvConfig,
    batch: usize,
    seed: u64,
    duration: Duration,
    observations: bool,
    budget_bytes: usize,
) -> Result<BenchReport, BatchBenchError> {
    let batch_config = BatchConfig {
        env: config,
        batch_size: batch,
        seed,
        observations,
    };
    check_batch_budget(&batch_config, budget_bytes)?;
    let deadline = Instant::now() + duration;
    let mut envs = BatchEnv::new(batch_config)?;
    let mut steps = 0;
    let start = Instant::now();
    loop {
        envs.step_random();
        steps += batch as u64;
        if Instant::now() >= deadline {
            break;
        }
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
