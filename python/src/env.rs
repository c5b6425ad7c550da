//! `tesuji.Env`: many Go games with Pgx's exact semantics (`goenv::Env`,
//! the same as `tesuji env replay`), stepped together, each step returning
//! a `State` of numpy arrays: observations `(B, N, N, 17)`, the legal
//! action mask `(B, N*N + 1)`, rewards by player id `(B, 2)`, terminated
//! and truncated flags, the player to move, step counts and boards.
//!
//! Every step allocates the state's arrays once and the environments write
//! into them directly (no intermediate buffer), with the GIL released;
//! batches of at least [`PARALLELISM`]`.min_batch` environments are split
//! over rayon's threads. With `auto_reset`, a game that ends is restarted
//! in the same step, as Pgx's `auto_reset` wrapper does: the state reports
//! that step's rewards and termination, and the new game's first position.

use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use goenv::batch::env_rng;
use goenv::{DEFAULT_KOMI, EnvConfig, PLANES, Rng, random_legal_action};

use crate::arrays::batch_integers;

/// When a batch is stepped on several threads.
#[derive(Debug, Clone, Copy)]
pub struct Parallelism {
    /// Smallest batch split over threads (smaller ones stay on the
    /// caller's thread: a step is far cheaper than a task hand-off).
    pub min_batch: usize,
    /// Fewest environments one rayon task steps.
    pub min_envs_per_task: usize,
}

/// The split used by every `Env`.
pub const PARALLELISM: Parallelism = Parallelism {
    min_batch: 128,
    min_envs_per_task: 64,
};

/// A batch of Go environments with Pgx's semantics (see the module docs).
#[pyclass(module = "tesuji")]
pub struct Env {
    config: EnvConfig,
    envs: Vec<goenv::Env>,
    rngs: Vec<Rng>,
    auto_reset: bool,
    observations: bool,
    /// `None`: rayon's global pool; `Some`: a pool of the asked size.
    pool: Option<rayon::ThreadPool>,
}

/// The arrays one step returns (see the module docs).
#[pyclass(module = "tesuji", frozen)]
pub struct State {
    /// `(B, N, N, 17)` bool, for the player to move (None when the
    /// environment was made with `observations=False`).
    #[pyo3(get)]
    observation: Option<Py<PyArray4<bool>>>,
    /// `(B, N*N + 1)` bool, pass last.
    #[pyo3(get)]
    legal_action_mask: Py<PyArray2<bool>>,
    /// `(B, 2)` float32, the last step's rewards by player id.
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    /// `(B,)` bool: the last step ended the game.
    #[pyo3(get)]
    terminated: Py<PyArray1<bool>>,
    /// `(B,)` bool, always false (Pgx's step limit terminates).
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
    /// `(B,)` int32, the player id to move.
    #[pyo3(get)]
    current_player: Py<PyArray1<i32>>,
    /// `(B,)` int32, steps taken in the current game.
    #[pyo3(get)]
    step_count: Py<PyArray1<i32>>,
    /// `(B, N, N)` int8: 1 black, -1 white, 0 empty.
    #[pyo3(get)]
    board: Py<PyArray3<i8>>,
}

/// One environment's part of the state's arrays.
struct Slot<'a> {
    observation: &'a mut [bool],
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    current_player: &'a mut i32,
    step_count: &'a mut i32,
    board: &'a mut [i8],
}

/// What a step does to each environment before its state is written.
#[derive(Clone, Copy)]
enum Advance<'a> {
    /// Start a new game (black player drawn by the environment's generator
    /// unless given).
    Reset(Option<&'a [u8]>),
    /// Step with these actions (already checked).
    Actions(&'a [usize]),
    /// Step with one legal action drawn by the environment's generator.
    Random,
}

impl Slot<'_> {
    fn write(self, env: &goenv::Env, rewards: [f32; 2], terminated: bool) {
        if !self.observation.is_empty() {
            env.write_observation(self.observation);
        }
        env.write_legal_mask(self.mask);
        self.rewards.copy_from_slice(&rewards);
        *self.terminated = terminated;
        *self.current_player = i32::from(env.current_player());
        *self.step_count = env.step_count() as i32;
        env.write_board(self.board);
    }
}

fn advance_one(
    i: usize,
    env: &mut goenv::Env,
    rng: &mut Rng,
    advance: Advance<'_>,
    auto_reset: bool,
    slot: Slot<'_>,
) {
    match advance {
        Advance::Reset(black) => {
            let player = black.map_or_else(|| rng.bit(), |b| b[i]);
            // 0 or 1 (checked by the caller, or a bit): cannot fail.
            let _ = env.reset(player);
        }
        // Checked in range by the caller: cannot fail.
        Advance::Actions(actions) => {
            let _ = env.step(actions[i]);
        }
        Advance::Random => {
            let action = random_legal_action(env, rng);
            let _ = env.step(action);
        }
    }
    let (rewards, terminated) = (env.rewards(), env.terminated());
    if auto_reset && terminated && !matches!(advance, Advance::Reset(_)) {
        let _ = env.reset(rng.bit());
    }
    slot.write(env, rewards, terminated);
}

impl Env {
    fn batch_size(&self) -> usize {
        self.envs.len()
    }

    /// Runs `advance` on every environment and returns the new state.
    fn run(&mut self, py: Python<'_>, advance: Advance<'_>) -> PyResult<State> {
        let b = self.batch_size();
        let n = self.config.size();
        let actions = self.config.num_actions();
        let obs_len = if self.observations { n * n * PLANES } else { 0 };
        let observation = self
            .observations
            .then(|| PyArray4::<bool>::zeros(py, [b, n, n, PLANES], false));
        let mask = PyArray2::<bool>::zeros(py, [b, actions], false);
        let rewards = PyArray2::<f32>::zeros(py, [b, 2], false);
        let terminated = PyArray1::<bool>::zeros(py, b, false);
        let truncated = PyArray1::<bool>::zeros(py, b, false);
        let current_player = PyArray1::<i32>::zeros(py, b, false);
        let step_count = PyArray1::<i32>::zeros(py, b, false);
        let board = PyArray3::<i8>::zeros(py, [b, n, n], false);
        {
            // SAFETY: the arrays were created above, are contiguous, and no
            // Python code can see them before this block ends.
            let not_contiguous = |e: numpy::AsSliceError| PyValueError::new_err(e.to_string());
            let mut no_observation = Vec::new();
            let obs_slice: &mut [bool] = match &observation {
                Some(o) => unsafe { o.as_slice_mut() }.map_err(not_contiguous)?,
                None => &mut no_observation[..],
            };
            let mask_slice = unsafe { mask.as_slice_mut() }.map_err(not_contiguous)?;
            let rewards_slice = unsafe { rewards.as_slice_mut() }.map_err(not_contiguous)?;
            let terminated_slice = unsafe { terminated.as_slice_mut() }.map_err(not_contiguous)?;
            let player_slice = unsafe { current_player.as_slice_mut() }.map_err(not_contiguous)?;
            let count_slice = unsafe { step_count.as_slice_mut() }.map_err(not_contiguous)?;
            let board_slice = unsafe { board.as_slice_mut() }.map_err(not_contiguous)?;
            let mut observations = obs_slice.chunks_exact_mut(obs_len.max(1));
            let slots: Vec<Slot<'_>> = mask_slice
                .chunks_exact_mut(actions)
                .zip(rewards_slice.chunks_exact_mut(2))
                .zip(terminated_slice.iter_mut())
                .zip(player_slice.iter_mut())
                .zip(count_slice.iter_mut())
                .zip(board_slice.chunks_exact_mut(n * n))
                .map(
                    |(((((mask, rewards), terminated), current_player), step_count), board)| Slot {
                        observation: if obs_len == 0 {
                            &mut []
                        } else {
                            observations.next().unwrap_or(&mut [])
                        },
                        mask,
                        rewards,
                        terminated,
                        current_player,
                        step_count,
                        board,
                    },
                )
                .collect();
            let auto_reset = self.auto_reset;
            let (envs, rngs, pool) = (&mut self.envs, &mut self.rngs, &self.pool);
            let parallel = b >= PARALLELISM.min_batch
                && pool.as_ref().is_none_or(|p| p.current_num_threads() > 1);
            py.detach(move || {
                if parallel {
                    let work = move || {
                        envs.par_iter_mut()
                            .zip(rngs.par_iter_mut())
                            .zip(slots.into_par_iter())
                            .enumerate()
                            .with_min_len(PARALLELISM.min_envs_per_task)
                            .for_each(|(i, ((env, rng), slot))| {
                                advance_one(i, env, rng, advance, auto_reset, slot)
                            })
                    };
                    match pool {
                        Some(pool) => pool.install(work),
                        None => work(),
                    }
                } else {
                    let each = envs.iter_mut().zip(rngs.iter_mut()).zip(slots);
                    for (i, ((env, rng), slot)) in each.enumerate() {
                        advance_one(i, env, rng, advance, auto_reset, slot);
                    }
                }
            });
        }
        Ok(State {
            observation: observation.map(Bound::unbind),
            legal_action_mask: mask.unbind(),
            rewards: rewards.unbind(),
            terminated: terminated.unbind(),
            truncated: truncated.unbind(),
            current_player: current_player.unbind(),
            step_count: step_count.unbind(),
            board: board.unbind(),
        })
    }
}

/// Reads the black players of a reset: one per environment, 0 or 1.
fn black_players(value: &Bound<'_, PyAny>, batch: usize) -> PyResult<Vec<u8>> {
    batch_integers(value, "black_player", batch)?
        .into_iter()
        .enumerate()
        .map(|(i, p)| match p {
            0 | 1 => Ok(p as u8),
            other => Err(PyValueError::new_err(format!(
                "black_player[{i}] = {other}: a player id is 0 or 1"
            ))),
        })
        .collect()
}

#[pymethods]
impl Env {
    /// A batch of `batch_size` games on a `size` × `size` board with Pgx's
    /// defaults (komi 7.5, a limit of `2 * size * size` steps). `seed`
    /// seeds each environment's generator (black player of each new game,
    /// `step_random`'s moves); `auto_reset` restarts finished games in the
    /// same step; `observations=False` leaves `State.observation` None;
    /// `threads` sets the threads of large batches (None: all cores).
    #[new]
    #[pyo3(signature = (size = 19, batch_size = 1, *, komi = DEFAULT_KOMI, max_steps = None, seed = 0, auto_reset = false, observations = true, threads = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        size: usize,
        batch_size: usize,
        komi: f32,
        max_steps: Option<u32>,
        seed: u64,
        auto_reset: bool,
        observations: bool,
        threads: Option<usize>,
    ) -> PyResult<Env> {
        let mut config =
            EnvConfig::new(size).map_err(|e| PyValueError::new_err(format!("size: {e}")))?;
        config = config.with_komi(komi);
        if let Some(max_steps) = max_steps {
            config = config.with_max_steps(max_steps);
        }
        if batch_size == 0 {
            return Err(PyValueError::new_err("batch_size: must be at least 1"));
        }
        let pool = match threads {
            None => None,
            Some(0) => return Err(PyValueError::new_err("threads: must be at least 1")),
            Some(n) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?,
            ),
        };
        let mut rngs: Vec<Rng> = (0..batch_size).map(|i| env_rng(seed, i)).collect();
        let envs = rngs
            .iter_mut()
            .map(|rng| goenv::Env::new(config, rng.bit()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Env {
            config,
            envs,
            rngs,
            auto_reset,
            observations,
            pool,
        })
    }

    /// Lines of the board.
    #[getter]
    fn size(&self) -> usize {
        self.config.size()
    }

    /// Environments in the batch.
    #[getter(batch_size)]
    fn py_batch_size(&self) -> usize {
        self.batch_size()
    }

    /// Actions: `N*N` points (row-major) and pass, the last.
    #[getter]
    fn num_actions(&self) -> usize {
        self.config.num_actions()
    }

    /// Komi.
    #[getter]
    fn komi(&self) -> f32 {
        self.config.komi()
    }

    /// Steps after which a game ends.
    #[getter]
    fn max_steps(&self) -> u32 {
        self.config.max_steps()
    }

    /// Starts a new game in every environment (Pgx's `init`). `seed`
    /// reseeds the generators; `black_player` (an int for a batch of one,
    /// or one per environment, 0 or 1) fixes who plays black, otherwise
    /// each environment draws it.
    #[pyo3(signature = (seed = None, black_player = None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        black_player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let black = black_player
            .map(|value| black_players(value, self.batch_size()))
            .transpose()?;
        if let Some(seed) = seed {
            self.rngs = (0..self.batch_size()).map(|i| env_rng(seed, i)).collect();
        }
        self.run(py, Advance::Reset(black.as_deref()))
    }

    /// Steps every environment with its action (Pgx's `step`): an array
    /// of `batch_size` integers (an int for a batch of one), each a point
    /// `row * N + col` or `N*N` for pass. An illegal action loses the game
    /// (as in Pgx); an action outside `0..=N*N` is a ValueError and no
    /// environment moves.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<State> {
        let values = batch_integers(actions, "actions", self.batch_size())?;
        let pass = self.config.num_actions() - 1;
        let checked = values
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                usize::try_from(a)
                    .ok()
                    .filter(|&a| a <= pass)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "actions[{i}] = {a} is out of range (0..={pass}, {pass} is pass)"
                        ))
                    })
            })
            .collect::<PyResult<Vec<usize>>>()?;
        self.run(py, Advance::Actions(&checked))
    }

    /// Steps every environment with a legal action drawn uniformly by its
    /// own generator (pass included), as the traces' random games and
    /// `tesuji env bench` do.
    fn step_random(&mut self, py: Python<'_>) -> PyResult<State> {
        self.run(py, Advance::Random)
    }

    /// Pgx's area counts `[black, white]` of every board, `(B, 2)` int32.
    fn scores<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let flat: Vec<i32> = self
            .envs
            .iter_mut()
            .flat_map(|env| env.score().map(|s| s as i32))
            .collect();
        PyArray1::from_vec(py, flat).reshape([self.envs.len(), 2])
    }

    fn __repr__(&self) -> String {
        format!(
            "tesuji.Env(size={}, batch_size={}, komi={}, max_steps={}, auto_reset={}, observations={})",
            self.config.size(),
            self.batch_size(),
            self.config.komi(),
            self.config.max_steps(),
            if self.auto_reset { "True" } else { "False" },
            if self.observations { "True" } else { "False" },
        )
    }
}

#[pymethods]
impl State {
    fn __repr__(&self, py: Python<'_>) -> String {
        let shape = self.legal_action_mask.bind(py).shape().to_vec();
        format!(
            "tesuji.State(batch_size={}, num_actions={})",
            shape[0], shape[1]
        )
    }
}
