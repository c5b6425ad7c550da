//! `mkpat check FILE...`: parse and check databases, print diagnostics;
//! exit status 0 when there is no error, 1 otherwise. Each file is read in
//! its own language: `.db` patterns, or (by GNU Go's file names, or
//! `--language`) the eye shapes of `eyes.db` and the Monte-Carlo weights of
//! `mc_*.db`; a pattern database's name also implies GNU Go's build options
//! (`-c` for `conn.db`, `influence.db`, `barriers.db`) and, for `lint`, its
//! role in the engine.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use mkpat::diagnose::{DiagnoseOptions, diagnose};
use mkpat::options::FileLanguage;

use super::Global;

/// Parse and check pattern databases (each file on its own; `--stream`
/// reads them as one stream, as GNU Go's repeated -i does).
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
}

/// The files to check and how to read them (shared with `lint`).
#[derive(clap::Args, Debug)]
pub struct Inputs {
    /// The databases.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Connection mode (GNU Go's -c): patterns may have no '*'. Implied for
    /// the databases GNU Go's build compiles with -c (conn.db, influence.db,
    /// barriers.db).
    #[arg(short = 'c', long)]
    pub connection: bool,
    /// Read the pattern databases as one stream, the way GNU Go's mkpat
    /// reads repeated -i: the attribute map and pattern names carry over
    /// from one file to the next.
    #[arg(long)]
    pub stream: bool,
    /// The language of the files.
    #[arg(long, value_enum, default_value_t = Language::Auto)]
    pub language: Language,
}

/// The languages GNU Go writes databases in.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// By file name, as GNU Go's build (`mkpat::options::defaults_for_path`):
    /// `eyes.db` eye shapes, `mc_*.db` Monte-Carlo weights, anything else
    /// patterns.
    Auto,
    /// The `.db` pattern language (mkpat).
    Patterns,
    /// The eye-shape language of `eyes.db` (mkeyes).
    Eyes,
    /// The Monte-Carlo weight language of `mc_*.db` (mkmcpat).
    Mc,
}

impl Language {
    /// The language every file is read in; `None` for `Auto` (each file's
    /// name decides).
    pub fn forced(self) -> Option<FileLanguage> {
        match self {
            Language::Auto => None,
            Language::Patterns => Some(FileLanguage::Patterns),
            Language::Eyes => Some(FileLanguage::Eyes),
            Language::Mc => Some(FileLanguage::Mc),
        }
    }
}

/// Runs the check.
pub fn run(args: Args, global: &Global) -> ExitCode {
    check_files(&args.inputs, false, global)
}

/// Parses and checks the files, adding style lints (`.db` files only) when
/// `with_lints`; reports the diagnostics and returns the exit status.
pub fn check_files(inputs: &Inputs, with_lints: bool, global: &Global) -> ExitCode {
    let (sources, mut diags) = match super::load(&inputs.files) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let options = DiagnoseOptions {
        connection: inputs.connection,
        stream: inputs.stream,
        language: inputs.language.forced(),
        lints: with_lints,
    };
    diagnose(&sources, &options, &mut diags);
    if global.report(&sources, &mut diags) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
