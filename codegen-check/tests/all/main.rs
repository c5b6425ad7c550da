//! The integration tests of `codegen-check`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod common;

mod board_only_decisions;
mod corner_and_dfa;
mod generated_vs_runtime;
mod shapes_generated_vs_runtime;
