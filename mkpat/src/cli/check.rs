//! `mkpat check FILE...`: parse and check databases, print diagnostics;
//! exit status 0 when there is no error, 1 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use mkpat::check::{CheckOptions, check_file};

use super::Global;

/// Parse and check pattern databases (several files form one stream, as
/// with GNU Go's repeated -i).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The databases.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Connection mode (GNU Go's -c): patterns may have no '*'.
    #[arg(short = 'c', long)]
    pub connection: bool,
}

/// Runs the check.
pub fn run(args: Args, global: &Global) -> ExitCode {
    check_files(&args.files, args.connection, false, global)
}

/// Parses and checks `files` as one stream, adding style lints when
/// `with_lints`; reports the diagnostics and returns the exit status.
pub fn check_files(
    files: &[PathBuf],
    connection_mode: bool,
    with_lints: bool,
    global: &Global,
) -> ExitCode {
    let (sources, mut diags) = match super::load(files) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let options = CheckOptions { connection_mode };
    let (parsed, parse_diags) = mkpat::parse::parse_stream(&sources);
    diags.extend(parse_diags);
    for file in &parsed {
        diags.extend(check_file(file, &options));
        if with_lints {
            diags.extend(mkpat::lint::lint_file(&sources, file));
        }
    }
    if global.report(&sources, &mut diags) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
