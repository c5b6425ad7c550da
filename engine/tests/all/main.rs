//! The integration tests of `engine`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod combination;
mod context;
mod context_props;
mod dragons;
mod eyes;
mod front;
mod layers;
mod strategic_size;
