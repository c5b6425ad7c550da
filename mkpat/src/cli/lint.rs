//! `mkpat lint FILE...`: everything `check` reports plus style lints.

use std::path::PathBuf;
use std::process::ExitCode;

use mkpat::check::{CheckOptions, check_file};

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
    let (sources, mut diags) = match super::load(&args.files) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let options = CheckOptions {
        connection_mode: args.connection,
    };
    let (files, parse_diags) = mkpat::parse::parse_stream(&sources);
    diags.extend(parse_diags);
    for file in &files {
        diags.extend(check_file(file, &options));
        diags.extend(mkpat::lint::lint_file(&sources, file));
    }
    if global.report(&sources, &mut diags) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
