//! `tesuji rules replay CASES.jsonl|-`: replays KataGo rule test records
//! (the format of `expected/katago/README.md`) with the `rules` crate and
//! writes one JSON report per record, as each record is read. A bad record
//! is reported on standard error as `file:line: record NAME: field F:
//! cause` and the replay goes on with the next one; the exit status is
//! non-zero at the end when any record was bad.

use std::io::{BufRead, Write};

use clap::{Args, Subcommand};
use rules::cases::{Spelling, parse_record, replay};

use super::CliError;
use super::records::{BadRecords, for_each_line};

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
    let input: Box<dyn BufRead> = if args.cases == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let file = std::fs::File::open(&args.cases).map_err(|e| format!("{}: {e}", args.cases))?;
        Box::new(std::io::BufReader::new(file))
    };
    let spelling = if args.alt_moves {
        Spelling::Alternative
    } else {
        Spelling::Primary
    };
    let mut bad = BadRecords::new("tesuji rules replay");
    for_each_line(input, &args.cases, |number, line| {
        match line.map(|line| parse_record(line, number)) {
            Ok(Ok(record)) => {
                writeln!(out, "{}", replay(&record, spelling))?;
                bad.good(1);
            }
            Ok(Err(error)) => bad.report(format!("{}:{error}", args.cases)),
            Err(cause) => bad.report(format!("{}:{number}: {cause}", args.cases)),
        }
        Ok(())
    })?;
    bad.finish()
}
