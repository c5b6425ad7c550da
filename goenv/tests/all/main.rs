//! The integration tests of `goenv`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod common;

mod batch;
mod corner_cases;
mod observation;
mod reference;
mod traces;
