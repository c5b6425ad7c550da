//! tesuji's engine layers above the tactical core (the `tactics` crate),
//! one folder per layer, after GNU Go 3.8's dependency chain (the order of
//! `matcher::layer::Layer`). Each module uses only the modules below it;
//! `tests/layers.rs` checks the `crate::` paths against this order, from
//! the bottom up:
//!
//! 1. `compose`: the foundation: a layer's [`Part`](compose::Part) of the
//!    constraint context (`matcher::Context`) and the composite that hands
//!    every question to the part that answers it; beside it `param_text`,
//!    the text form of the layers' parameters (`KEY=VALUE`).
//! 2. `board`: the board, strings and game-state parts (`matcher`'s
//!    board-only context for the colour `O`, the pattern value and komi),
//!    and the action log (actions recorded, not executed).
//! 3. `tactics`: the tactical part: a reader on the position with the root
//!    worms, tactical and connection reading, memoised.
//! 4. `dragons`: dragons amalgamated through `conn.db` (with the cut marks
//!    of the connection layer) and their part of the context.
//! 5. `eyes`: each colour's domain and eye spaces, and eye values through
//!    `eyes.db`'s graphs (no context part yet).
//! 6. `owl`: the owl search (life and death of whole dragons), with its
//!    part answering the owl-internal questions at a search node; with
//!    `eyes` the rest of `Layer::Dragons`. Above it, `combination`: the
//!    atari-atari search (combinations of forcing moves ending in a
//!    capture the defender cannot stop), on the owl's host (a reader and
//!    a context that follows its board).
//! 7. `influence`: GNU Go's influence function (`Layer::Influence`): the
//!    initial influence of both colours from the stones that are not dead,
//!    propagated in GNU Go's single-precision order.
//! 8. `reasons`: the move reason store (what each candidate move achieves
//!    and what patterns say of its value), filled by the generators of the
//!    front door and printed as GTP `move_reasons` does.
//! 9. `valuation`: each candidate move's value from its reasons (GNU
//!    Go's valuation), a pure function kept as a decomposition of terms.
//! 10. `engine_context`: [`EngineContext`], the composite of the parts that
//!     exist (callers find it, with what it reports, in [`context`]).
//! 11. `shapes`: the shapes check that judges the shape databases' matches,
//!     above every layer it asks (through any `matcher::Context`).
//! 12. `front`: the front door a program asks through: the databases
//!     ([`Databases`]), the per-position analysis computed once in layer
//!     order, proposals, explanations and [`Engine`].
//!
//! There is no global state: every context owns its reader, board and
//! caches, so several can live in one process.

pub mod compose;
pub mod param_text;

pub mod board;
pub mod tactics;

pub mod dragons;

pub mod eyes;

pub mod owl;

pub mod combination;

pub mod influence;

pub mod reasons;

pub mod valuation;

mod engine_context;

/// The engine's constraint context and what it reports.
pub mod context {
    pub use crate::engine_context::{EngineContext, MemoStats, RecordedAction};
}

pub mod shapes;

pub mod front;

pub use context::EngineContext;
pub use front::{Databases, Engine};
