//! `tesuji rules replay CASES.jsonl|-`: replays KataGo rule test records
//! (the format of `expected/katago/README.md`) with the `rules` crate and
//! writes one JSON report per record. Bad input stops with
//! `file:line: record NAME: field F: cause`.

use std::io::{Read, Write};

use clap::{Args, Subcommand};
use rules::cases::{Spelling, read_records, replay};

use super::CliError;

/// Arguments of `tesuji rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: RulesCommand,
}

/// The `rules` subcommands.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Replay rule test records and print one JSON line per record.
    Replay(ReplayArgs),
}

/// Arguments of `tesuji rules replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The records (JSON lines), or `-` for standard input.
    pub cases: String,
    /// Replay the `alt_move` spelling of steps that have one.
    #[arg(long)]
    pub alt_moves: bool,
}

/// Runs `tesuji rules`.
pub fn run(args: &RulesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        RulesCommand::Replay(replay_args) => run_replay(replay_args, out),
    }
}

fn run_replay(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = if args.cases == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("-: reading standard input: {e}"))?;
        text
    } else {
        std::fs::read_to_string(&args.cases).map_err(|e| format!("{}: {e}", args.cases))?
    };
    let records = read_records(&text).map_err(|e| format!("{}:{e}", args.cases))?;
    let spelling = if args.alt_moves {
        Spelling::Alternative
    } else {
        Spelling::Primary
    };
    for record in &records {
        let report = replay(record, spelling);
        writeln!(out, "{report}")?;
    }
    Ok(())
}
