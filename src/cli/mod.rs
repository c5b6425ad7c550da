//! The `tesuji` command line: one module per subcommand. To add a
//! subcommand, add a module with an `Args` struct (clap `Args`) and a
//! `run(args, out) -> Result<(), CliError>` function, and one variant to
//! [`Command`].

pub mod annotate;
pub mod diagram;
pub mod env;
pub mod explain;
pub mod games;
pub mod gtp;
pub mod matching;
pub mod move_values;
pub mod propose;
pub mod records;
pub mod render;
pub mod rules;
pub mod stats;
pub mod style;

use std::io::Write;

use clap::{Parser, Subcommand};

/// tesuji: GNU Go pattern databases compiled into Rust matchers.
#[derive(Debug, Parser)]
#[command(name = "tesuji", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every raw pattern match (no constraints, no class check) on a
    /// position loaded from SGF.
    Match(matching::MatchArgs),
    /// Propose moves with the databases compiled into tesuji (our own
    /// `patterns/`), on an SGF position or a built-in demo position.
    Propose(propose::ProposeArgs),
    /// Every raw candidate match of the shape databases with the shapes
    /// check's verdict (accepted, rejected, undecided), the stage that
    /// decided it and the engine layers still needed.
    Explain(explain::ExplainArgs),
    /// An SVG picture of a position, with the patterns proposing a point
    /// (`--at`) or one pattern's placements (`--pattern`) laid over it.
    Render(render::RenderArgs),
    /// Pattern statistics over game collections: hits, verdicts, how
    /// often a pattern's move was played, move prediction (`stats merge`
    /// adds results of `--json` runs).
    Stats(stats::StatsArgs),
    /// Write a game back with each move's proposals as SGF labels and
    /// comments.
    Annotate(annotate::AnnotateArgs),
    /// KataGo's rules: replay rule test records.
    Rules(rules::RulesArgs),
    /// The Pgx-compatible Go environment: replay traces, measure speed.
    Env(env::EnvArgs),
    /// A GTP v2 server on standard input and output (GNU Go's answer
    /// formats, KataGo's rules commands).
    Gtp(gtp::GtpArgs),
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// A message for standard error.
    Message(String),
    /// Standard output was closed (e.g. piped into `head`): stop quietly.
    BrokenPipe,
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Message(message)
    }
}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> CliError {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Message(error.to_string())
        }
    }
}

/// Runs a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Match(args) => matching::run(&args, out),
        Command::Propose(args) => propose::run(&args, out),
        Command::Explain(args) => explain::run(&args, out),
        Command::Render(args) => render::run(&args, out),
        Command::Stats(args) => stats::run(&args, out),
        Command::Annotate(args) => annotate::run(&args, out),
        Command::Rules(args) => rules::run(&args, out),
        Command::Env(args) => env::run(&args, out),
        Command::Gtp(args) => gtp::run(&args, out),
    }
}
