//! Many environments stepped together, with everything a caller reads laid
//! out as structure of arrays (masks, rewards, terminated flags, boards, and
//! observations when asked for), no allocation per step, and automatic
//! restarts.
//!
//! Restarts happen in the same step: when environment `i` ends, its
//! `rewards` and `terminated` entries report that last step, and its game
//! is restarted at once, so its mask, board and observation already show
//! the new game's first position. Each environment owns an [`Rng`] (seeded
//! from the batch seed and its index) that draws the black player of each
//! new game and, in [`BatchEnv::step_random`], its moves.

use crate::env::{Env, EnvConfig, EnvError};
use crate::observation::PLANES;
use crate::random_legal_action;
use crate::rng::Rng;

/// How a batch is built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BatchConfig {
    /// Every environment's configuration.
    pub env: EnvConfig,
    /// Number of environments.
    pub batch_size: usize,
    /// Seed of the per-environment generators.
    pub seed: u64,
    /// Whether to keep the observations array up to date (it costs
    /// `N*N*17` writes per environment and step).
    pub observations: bool,
}

/// The generator of environment `index` in a batch seeded with `seed`.
pub fn env_rng(seed: u64, index: usize) -> Rng {
    Rng::new(seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// A batch of environments (see the module docs).
#[derive(Debug, Clone)]
pub struct BatchEnv {
    config: BatchConfig,
    envs: Vec<Env>,
    rngs: Vec<Rng>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    boards: Vec<i8>,
    observations: Vec<bool>,
    games_finished: u64,
}

impl BatchEnv {
    /// A batch of new games.
    pub fn new(config: BatchConfig) -> Result<BatchEnv, EnvError> {
        let size = config.env.size();
        let (actions, points) = (config.env.num_actions(), size * size);
        let b = config.batch_size;
        let mut rngs: Vec<Rng> = (0..b).map(|i| env_rng(config.seed, i)).collect();
        let envs = rngs
            .iter_mut()
            .map(|rng| Env::new(config.env, rng.bit()))
            .collect::<Result<Vec<_>, _>>()?;
        let mut batch = BatchEnv {
            config,
            envs,
            rngs,
            masks: vec![false; b * actions],
            rewards: vec![0.0; b * 2],
            terminated: vec![false; b],
            boards: vec![0; b * points],
            observations: vec![
                false;
                if config.observations {
                    b * points * PLANES
                } else {
                    0
                }
            ],
            games_finished: 0,
        };
        for i in 0..b {
            batch.publish(i);
        }
        Ok(batch)
    }

    /// About how many bytes a batch of `config` takes, at most: the
    /// environments (board, position set, board history, scratch) and the
    /// published arrays, with room for the allocator's rounding. Checked
    /// against the real peak in `tests/batch_memory.rs`; `tesuji env bench`
    /// refuses a batch whose estimate is over its memory budget.
    pub fn estimated_bytes(config: &BatchConfig) -> usize {
        Self::estimated_bytes_per_env(config).saturating_mul(config.batch_size)
    }

    /// [`BatchEnv::estimated_bytes`] of one environment.
    pub fn estimated_bytes_per_env(config: &BatchConfig) -> usize {
        let size = config.env.size();
        let points = size * size;
        // The padded array of a square board (a border line on each side,
        // as goban lays it out).
        let vertices = (size + 2) * (size + 2) + 1;
        let words = vertices.div_ceil(64);
        // Cells, then head, next, size and liberty count (u16), then the
        // liberty bitsets.
        let board = vertices * (1 + 4 * 2 + words * 8);
        let slots =
            ((config.env.max_steps().min(1 << 20) as usize + 1).max(16) * 2).next_power_of_two();
        let positions = slots * (8 + 4);
        let history = vertices * 2;
        let tables = 2 * points + 2 * vertices;
        let scratch = vertices * 3;
        let published = config.env.num_actions() + 2 * 4 + 1 + points;
        let observations = if config.observations {
            points * PLANES
        } else {
            0
        };
        let env = size_of::<Env>()
            + size_of::<Rng>()
            + board
            + positions
            + history
            + tables
            + scratch
            + published
            + observations;
        // Allocator rounding and the vectors' spare capacity.
        env + env / 4 + 256
    }

    /// Number of environments.
    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// Whether the batch holds no environment.
    pub fn is_empty(&self) -> bool {
        self.envs.is_empty()
    }

    /// The configuration.
    pub fn config(&self) -> &BatchConfig {
        &self.config
    }

    /// Environment `i` (for reading).
    pub fn env(&self, i: usize) -> &Env {
        &self.envs[i]
    }

    /// Legal masks, `batch × (N*N + 1)`.
    pub fn masks(&self) -> &[bool] {
        &self.masks
    }

    /// Rewards of the last step by player id, `batch × 2`.
    pub fn rewards(&self) -> &[f32] {
        &self.rewards
    }

    /// Whether the last step ended each game (its game has restarted since).
    pub fn terminated(&self) -> &[bool] {
        &self.terminated
    }

    /// Boards, `batch × N*N`: 1 black, -1 white, 0 empty.
    pub fn boards(&self) -> &[i8] {
        &self.boards
    }

    /// Observations, `batch × N × N × 17`, when the batch keeps them.
    pub fn observations(&self) -> Option<&[bool]> {
        self.config.observations.then_some(&self.observations[..])
    }

    /// Games finished since the batch was made.
    pub fn games_finished(&self) -> u64 {
        self.games_finished
    }

    /// Steps every environment `i` with `actions[i]`. Checks every action
    /// first: on an error nothing has moved.
    pub fn step(&mut self, actions: &[usize]) -> Result<(), EnvError> {
        let pass = self.config.env.num_actions() - 1;
        if actions.len() != self.envs.len() {
            return Err(EnvError::ActionCount {
                given: actions.len(),
                batch: self.envs.len(),
            });
        }
        if let Some(&action) = actions.iter().find(|&&a| a > pass) {
            return Err(EnvError::ActionOutOfRange { action, pass });
        }
        for (i, &action) in actions.iter().enumerate() {
            self.envs[i].step(action)?;
            self.finish_step(i);
        }
        Ok(())
    }

    /// Steps every environment with one of its legal actions drawn
    /// uniformly by its own generator.
    pub fn step_random(&mut self) {
        for i in 0..self.envs.len() {
            let action = random_legal_action(&self.envs[i], &mut self.rngs[i]);
            // A legal action is in range: the step cannot fail.
            let _ = self.envs[i].step(action);
            self.finish_step(i);
        }
    }

    fn finish_step(&mut self, i: usize) {
        let env = &mut self.envs[i];
        let rewards = env.rewards();
        self.rewards[2 * i..2 * i + 2].copy_from_slice(&rewards);
        let terminated = env.terminated();
        self.terminated[i] = terminated;
        if terminated {
            self.games_finished += 1;
            let black_player = self.rngs[i].bit();
            // 0 or 1: the reset cannot fail.
            let _ = env.reset(black_player);
        }
        self.publish(i);
    }

    /// Copies environment `i`'s mask, board and observation into the arrays.
    fn publish(&mut self, i: usize) {
        let env = &self.envs[i];
        let actions = env.num_actions();
        env.write_legal_mask(&mut self.masks[i * actions..(i + 1) * actions]);
        let points = actions - 1;
        env.write_board(&mut self.boards[i * points..(i + 1) * points]);
        if self.config.observations {
            let len = points * PLANES;
            env.write_observation(&mut self.observations[i * len..(i + 1) * len]);
        }
    }
}
