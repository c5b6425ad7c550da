//! `tesuji env`: the Pgx-compatible Go environment of the `goenv` crate.
//!
//! * `tesuji env replay FILE.jsonl|-`: replays records in the Pgx trace
//!   format (gzip'd input accepted) and writes each back with every
//!   per-step and final field filled in; a bad record (an action after
//!   the end of its game among them) is reported on standard error with
//!   its line and field, the others are still written, and the exit
//!   status is non-zero at the end.
//! * `tesuji env bench --size N [--seconds S] [--batch B]
//!   [--memory-budget-mib M] [--observations] [--json]`: steps per second
//!   of uniform random legal play on one thread, for about `S` seconds
//!   whatever the batch; a batch over the memory budget (1024 MiB unless
//!   told) is refused before anything is built.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use goenv::EnvConfig;
use goenv::bench::{BatchBenchError, bench_batch, bench_single};
use goenv::replay::{ReplayStreamError, open_trace, replay_reader};

use super::CliError;
use super::records::BadRecords;

/// Arguments of `tesuji env`.
#[derive(Debug, Args)]
pub struct EnvArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: EnvCommand,
}

/// The `tesuji env` subcommands.
#[derive(Debug, Subcommand)]
pub enum EnvCommand {
    /// Replay trace records (size, komi, max_steps, black_player, actions,
    /// obs keys) and write them back with legal masks, boards, rewards,
    /// end reasons, scores, final board and observations filled in.
    Replay(ReplayArgs),
    /// Measure steps per second of random legal play (one thread).
    Bench(BenchArgs),
}

/// Arguments of `tesuji env replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// JSON-lines file (plain or gzip'd), or `-` for standard input.
    pub file: PathBuf,
}

/// Arguments of `tesuji env bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Board size.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u64).range(1..=25))]
    pub size: u64,
    /// How long to measure.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Step this many environments together (a `BatchEnv`) instead of one;
    /// refused when the batch would take more than `--memory-budget-mib`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: Option<u64>,
    /// The most memory a `--batch` may take, in MiB (estimated per
    /// environment before anything is built).
    #[arg(long, value_name = "MIB", default_value_t = (goenv::bench::DEFAULT_BATCH_BUDGET_BYTES >> 20) as u64, value_parser = clap::value_parser!(u64).range(1..=(1 << 30)))]
    pub memory_budget_mib: u64,
    /// Also write the `(N, N, 17)` observation at every step.
    #[arg(long)]
    pub observations: bool,
    /// Seed of the random play.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print `{"steps_per_sec": ...}` and the other figures as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tesuji env`.
pub fn run(args: &EnvArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        EnvCommand::Replay(args) => replay(args, out),
        EnvCommand::Bench(args) => bench(args, out),
    }
}

fn replay(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let name = args.file.display().to_string();
    let input = open_trace(&args.file).map_err(|e| format!("{name}: {e}"))?;
    let mut bad = BadRecords::new("tesuji env replay");
    let counts = replay_reader(input, out, &mut |error| {
        bad.report(format!("{name}: {error}"))
    })
    .map_err(|e| match e {
        ReplayStreamError::Write(error) => CliError::from(error),
        other => CliError::Message(format!("{name}: {other}")),
    })?;
    bad.good(counts.written);
    bad.finish()
}

fn bench(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        return Err(format!("--seconds {}: must be a positive number", args.seconds).into());
    }
    let config = EnvConfig::new(args.size as usize).map_err(|e| e.to_string())?;
    let duration = Duration::from_secs_f64(args.seconds);
    let report = match args.batch {
        None => bench_single(config, args.seed, duration, args.observations)
            .map_err(|e| e.to_string())?,
        Some(batch) => bench_batch(
            config,
            usize::try_from(batch).unwrap_or(usize::MAX),
            args.seed,
            duration,
            args.observations,
            (args.memory_budget_mib as usize).saturating_mul(1 << 20),
        )
        .map_err(|e| match e {
            BatchBenchError::OverBudget(over) => {
                format!(
                    "--batch {batch}: {over} (--memory-budget-mib {})",
                    args.memory_budget_mib
                )
            }
            other => other.to_string(),
        })?,
    };
    if args.json {
        let json = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        writeln!(out, "{json}")?;
    } else {
        writeln!(
            out,
            "{}x{} random legal play, batch {}{}: {:.0} steps/s ({} steps, {} games, {:.2} s)",
            report.size,
            report.size,
            report.batch,
            if report.observations {
                ", observations"
            } else {
                ""
            },
            report.steps_per_sec,
            report.steps,
            report.games,
            report.seconds
        )?;
    }
    Ok(())
}
