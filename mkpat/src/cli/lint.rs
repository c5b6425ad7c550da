//! `mkpat lint FILE...`: everything `check` reports plus style lints.

use std::process::ExitCode;

use super::Global;
use super::check::{Inputs, check_files};

/// Check databases and report style lints as well (abbreviated value
/// names, unused labels, trailing blanks, label case).
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
}

/// Runs the linter.
pub fn run(args: Args, global: &Global) -> ExitCode {
    check_files(&args.inputs, true, global)
}
