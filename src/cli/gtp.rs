//! `tesuji gtp`: the `gtp` crate's server on standard input and output
//! (GNU Go 3.8's answer formats and error strings, KataGo's
//! `kata-set-rules` / `kata-get-rules`, `genmove` on the engine's analysed
//! position, GoGui's analyze commands), with SGF files and GNU Go's
//! handicap points from the file system (`gtp::session::SgfFiles`) and the
//! databases of the run (embedded, or GNU Go's directory compiled at
//! start-up).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use rules::Rules;

use gtp::ServeError;
use gtp::session::{Session, SgfFiles};

use super::CliError;
use loader::gnugo_dir as pattern_set;

/// Arguments of `tesuji gtp`.
#[derive(Debug, Args)]
pub struct GtpArgs {
    /// The rules to start with: a KataGo preset name (`tromp-taylor`,
    /// `chinese`, `japanese`, …), a short form or a JSON object; default
    /// GNU Go's own (`gnugo`: simple ko, no suicide, area scoring) with
    /// komi 5.5.
    #[arg(long)]
    pub rules: Option<String>,
    /// GNU Go's pattern directory: genmove's proposals come from its shape
    /// databases, compiled at start-up with GNU Go's options (default: the
    /// databases compiled into tesuji).
    #[arg(long, value_name = "DIR")]
    pub patterns: Option<PathBuf>,
}

/// Runs the server until `quit` or the end of the input.
pub fn run(args: &GtpArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = match &args.rules {
        Some(text) => Rules::parse(text).map_err(|e| format!("--rules: {e}"))?,
        None => Session::default_rules(),
    };
    // The pattern databases of the run (embedded, or GNU Go's directory
    // given with `--patterns`) are the engine's.
    let databases = pattern_set::from_option(args.patterns.as_deref())?;
    let mut session = Session::with_databases(&SgfFiles, rules, Arc::new(databases));
    gtp::serve(&mut session, std::io::stdin().lock(), out).map_err(|e| match e {
        ServeError::Read(e) => CliError::Message(format!("reading standard input: {e}")),
        ServeError::Write(e) => CliError::from(e),
    })
}
