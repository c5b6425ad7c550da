//! A Go environment with the exact semantics of Pgx's `pgx.go.Go` (2.6.0),
//! built on tesuji's board core, [`goban::Board`], and about a hundred times
//! faster than Pgx on one CPU core.
//!
//! * [`Env`]: one game. `N*N + 1` actions (pass last), the legal mask, the
//!   `(N, N, 17)` observation, rewards by player id, termination by two
//!   passes, positional superko (the mover loses) or the step limit, Pgx's
//!   area score, and Pgx's handling of illegal actions and of steps after
//!   the end.
//! * [`BatchEnv`]: many games stepped together, with structure-of-arrays
//!   outputs, automatic restarts, no allocation per step, and seeded random
//!   legal play ([`Rng`]).
//! * [`replay`]: runs records in the trace format and fills in every
//!   per-step and final field, in the traces' encoding.
//! * [`bench`]: the steps-per-second measurement behind `tesuji env bench`.
//!
//! ```
//! use goenv::{Env, EnvConfig, Rng, random_legal_action};
//!
//! let mut env = Env::new(EnvConfig::new(9)?, 0)?; // player 0 plays black
//! let mut rng = Rng::new(7);
//! while !env.terminated() {
//!     assert!(env.legal_mask()[81], "pass is always legal");
//!     let action = random_legal_action(&env, &mut rng);
//!     env.step(action)?;
//! }
//! let [black, white] = env.score();
//! assert_eq!(env.rewards()[0], -env.rewards()[1]);
//! println!("{black} to {white}, rewards {:?}, {:?}", env.rewards(), env.end_reasons().names());
//! # Ok::<(), goenv::EnvError>(())
//! ```

#![forbid(unsafe_code)]

pub mod batch;
pub mod bench;
pub mod env;
pub mod observation;
pub mod replay;
pub mod rng;
pub mod score;
pub mod superko;
pub mod vertex_set;

pub use batch::{BatchConfig, BatchEnv};
pub use env::{DEFAULT_KOMI, EndReasons, Env, EnvConfig, EnvError};
pub use observation::{HISTORY_LENGTH, PLANES, packed_hex};
pub use replay::{ReplayCounts, ReplayError, replay_reader, replay_record};
pub use rng::Rng;

/// Picks one of `env`'s legal actions uniformly at random (pass is one of
/// them), as the random games of the traces and the benchmarks do.
#[inline]
pub fn random_legal_action(env: &Env, rng: &mut Rng) -> usize {
    env.nth_legal_action(rng.below(env.legal_count()))
}
