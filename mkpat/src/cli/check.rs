//! `mkpat check FILE...`: parse and check databases, print diagnostics;
//! exit status 0 when there is no error, 1 otherwise. Each file is read in
//! its own language: `.db` patterns, or (by GNU Go's file names, or
//! `--language`) the eye shapes of `eyes.db` and the Monte-Carlo weights of
//! `mc_*.db`; a pattern database's name also implies GNU Go's build options
//! (`-c` for `conn.db`, `influence.db`, `barriers.db`) and, for `lint`, its
//! role in the engine.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use mkpat::check::{CheckOptions, check_file};
use mkpat::lint::LintOptions;
use mkpat::options::{FileLanguage, defaults_for_path};
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
    /// The language of `path`: this one, or for `Auto` the one its name
    /// implies.
    pub fn of(self, path: &Path) -> Language {
        match self {
            Language::Auto => match defaults_for_path(path).language {
                FileLanguage::Patterns => Language::Patterns,
                FileLanguage::Eyes => Language::Eyes,
                FileLanguage::Mc => Language::Mc,
            },
            other => other,
        }
    }
}

/// Whether every replacement character of a line-language file stands on
/// a `#` comment line.
fn replacements_only_in_comments(text: &str) -> bool {
    text.lines()
        .filter(|line| line.contains('\u{fffd}'))
        .all(|line| line.trim_start().starts_with('#'))
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
    let mut stream = StreamState::default();
    let mut parsed_files = Vec::new();
    for (id, path) in sources.ids().zip(&inputs.files) {
        match inputs.language.of(path) {
            Language::Eyes => diags.extend(mkpat::eyes::parse(&sources, id).1),
            Language::Mc => diags.extend(mkpat::mcpat::parse(&sources, id).1),
            Language::Patterns | Language::Auto => {
                if !inputs.stream {
                    stream = StreamState::default();
                }
                // GNU Go's build compiles conn.db, influence.db and
                // barriers.db with -c: their names imply it.
                let defaults = defaults_for_path(path);
                let options = CheckOptions {
                    connection_mode: inputs.connection || defaults.check.connection_mode,
                };
                let parsed = parse_file_in_stream(&sources, id, &mut stream);
                diags.extend(parsed.diagnostics);
                diags.extend(check_file(&parsed.file, &options));
                let lint_options = LintOptions::for_path(path);
                parsed_files.push((parsed.file, lint_options));
            }
        }
    }
    if with_lints {
        diags.extend(mkpat::lint::lint_files(&sources, &parsed_files));
    }
    // eyes.db and mc_*.db are never rewritten, so bytes that are not UTF-8
    // in their comments (mc_mogo_classic.db credits an author in Latin-1)
    // change nothing: only invalid bytes outside comments are reported.
    diags.retain(|d| {
        d.code != mkpat::diag::Code::InvalidUtf8
            || d.span.is_none_or(|span| {
                let path = &inputs.files[span.file.0 as usize];
                inputs.language.of(path) == Language::Patterns
                    || !replacements_only_in_comments(&sources.file(span.file).text)
            })
    });
    if global.report(&sources, &mut diags) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
