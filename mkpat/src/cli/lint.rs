//! `mkpat lint FILE...`: everything `check` reports plus the lints of
//! `mkpat::lint` (style, symmetry, duplicates, never-matching patterns).

use std::process::ExitCode;

use super::Global;
use super::check::{Inputs, check_files};

/// Check databases and report lints as well: style (abbreviated value
/// names, unused labels, trailing blanks, label case), declared against
/// real symmetry, duplicate patterns (within a file and across the files of
/// one database), constraints that never hold, classes that cannot act or
/// reject every match, and diagrams no position contains.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
}

/// Runs the linter.
pub fn run(args: Args, global: &Global) -> ExitCode {
    check_files(&args.inputs, true, global)
}
