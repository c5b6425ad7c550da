//! `mkpat lint FILE...`: everything `check` reports plus style lints.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Global;

/// Check databases and report style lints as well (abbreviated value
/// names, unused labels, trailing blanks, label case).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The databases.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Connection mode (GNU Go's -c): patterns may have no '*'.
    #[arg(short = 'c', long)]
    pub connection: bool,
}

/// Runs the linter.
pub fn run(args: Args, global: &Global) -> ExitCode {
    super::check::check_files(&args.files, args.connection, true, global)
}
