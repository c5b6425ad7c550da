//! The integration tests of `rules`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod katago_cases;
mod properties;
mod reader;
