//! The integration tests of `tactics`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod combined_reading;
mod connection;
mod connections_agreement;
mod reading;
mod tuning_tables;
mod unconditional_edge_seki;
mod unconditional_props;
mod unconditional_regression;
mod unconditional_seki;
mod worms_agreement;
