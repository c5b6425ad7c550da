//! The sgf crate's integration tests, one binary with a module per subject.

mod loadsgf;
mod replay;
