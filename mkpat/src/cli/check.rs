//! `mkpat check FILE...`: parse and check databases, print diagnostics;
//! exit status 0 when there is no error, 1 otherwise. Each file is read in
//! its own language: `.db` patterns, or (by GNU Go's file names, or
//! `--language`) the eye shapes of `eyes.db` and the Monte-Carlo weights of
//! `mc_*.db`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use mkpat::check::{CheckOptions, check_file};
use mkpat::parse::{StreamState, parse_file_in_stream};

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
    /// Connection mode (GNU Go's -c): patterns may have no '*'.
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
    /// By file name, as GNU Go's build: `eyes.db` eye shapes, `mc_*.db`
    /// Monte-Carlo weights, anything else patterns.
    Auto,
    /// The `.db` pattern language (mkpat).
    Patterns,
    /// The eye-shape language of `eyes.db` (mkeyes).
    Eyes,
    /// The Monte-Carlo weight language of `mc_*.db` (mkmcpat).
    Mc,
}

impl Language {
    /// The language of `path`: this one, or for `Auto` the one its name
    /// implies.
    fn of(self, path: &Path) -> Language {
        if self != Language::Auto {
            return self;
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name == "eyes.db" {
            Language::Eyes
        } else if name.starts_with("mc_") && name.ends_with(".db") {
            Language::Mc
        } else {
            Language::Patterns
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
    let options = CheckOptions {
        connection_mode: inputs.connection,
    };
    let mut stream = StreamState::default();
    for (id, path) in sources.ids().zip(&inputs.files) {
        match inputs.language.of(path) {
            Language::Eyes => diags.extend(mkpat::eyes::parse(&sources, id).1),
            Language::Mc => diags.extend(mkpat::mcpat::parse(&sources, id).1),
            Language::Patterns | Language::Auto => {
                if !inputs.stream {
                    stream = StreamState::default();
                }
                let parsed = parse_file_in_stream(&sources, id, &mut stream);
                diags.extend(parsed.diagnostics);
                diags.extend(check_file(&parsed.file, &options));
                if with_lints {
                    diags.extend(mkpat::lint::lint_file(&sources, &parsed.file));
                }
            }
        }
    }
    if global.report(&sources, &mut diags) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
