//! The integration tests of `tesuji`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod cli_support;
mod common;

mod annotate;
mod codegen_snapshots;
mod dragons;
mod env_cli;
mod explain_at;
mod explain_cli;
mod explain_postconstraint;
mod gogui;
mod gtp;
mod gtp_patterns;
mod gtp_suites;
mod joseki_cli;
mod match_cli;
mod match_compiled;
mod match_gnugo_tables;
mod match_positions;
mod own_patterns;
mod propose;
mod render;
mod rules_cli;
mod stats;
