//! The integration tests of `joseki`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod cli_joseki;
mod corner_joseki;
mod corpus_fuseki;
mod corpus_joseki;
mod robustness_joseki;
mod snapshots_joseki;
