//! tesuji's engine layers above the tactical core (the `tactics` crate):
//! the engine's answers to the pattern constraints (`context`:
//! `matcher::Context` on a reader and its worms), dragons amalgamated
//! through `conn.db` (`dragons`), and the shapes check that judges the
//! shape databases' matches (`shapes`), and the front door a program
//! asks through (`front`: the databases, the per-position analysis,
//! proposals, explanations and [`Engine`]).
//!
//! There is no global state: every context owns its reader, board and
//! caches, so several can live in one process.

pub mod context;
pub mod dragons;
pub mod front;
pub mod shapes;

pub use context::EngineContext;
pub use front::{Databases, Engine};
