//! tesuji's Python module, `tesuji`, built by maturin as an abi3 wheel.
//!
//! * [`env`]: `Env` and `State`, the Pgx-compatible batched Go environment
//!   (`goenv`) on numpy arrays, stepped without the GIL and, for large
//!   batches, on several threads.
//! * [`game`]: `Game`, KataGo's rules (`rules`) under any rule set given
//!   by name, short form or JSON.
//! * [`patterns`]: `PatternDatabase`, `.db` files compiled and matched on
//!   numpy boards exactly as `tesuji match` does, and `load_sgf`.
//! * [`engine`]: `Engine`, the engine's front door (`explain`, `propose`,
//!   `genmove`) with its answers as dicts.
//! * [`arrays`] and [`values`]: numpy inputs checked with clear errors,
//!   and JSON values turned into Python objects.
//!
//! Every error a caller can cause is a Python exception (`ValueError`,
//! `TypeError` or `tesuji.IllegalMoveError`) naming the argument and the
//! cause; nothing here panics on input.

use pyo3::prelude::*;

pub mod arrays;
pub mod engine;
pub mod env;
pub mod game;
pub mod patterns;
pub mod values;

/// Go (baduk) for Python: a Pgx-compatible batched environment on numpy,
/// KataGo's rules, GNU Go pattern matching and tesuji's engine.
#[pymodule]
fn tesuji(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<env::Env>()?;
    m.add_class::<env::State>()?;
    m.add_class::<game::Game>()?;
    m.add(
        "IllegalMoveError",
        m.py().get_type::<game::IllegalMoveError>(),
    )?;
    m.add_class::<patterns::PatternDatabase>()?;
    m.add_function(wrap_pyfunction!(patterns::load_sgf, m)?)?;
    m.add_class::<engine::Engine>()?;
    Ok(())
}
