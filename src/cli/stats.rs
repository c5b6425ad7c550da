//! `tesuji stats`: pattern statistics over game collections. For every
//! position of every game (`sgf::game`: the position before each move,
//! and the final one), the raw candidates of each pattern for the colour
//! to move, their shapes-check verdicts (unless `--raw`), whether their
//! move was the move played, and where the move played ranks among the
//! proposals (the counting is the engine's, `engine::front::stats`; this
//! module reads the command line, draws the progress and writes the
//! result).
//!
//! Games run in parallel (rayon, `--jobs`, never more threads than cores
//! or games); the counts are integers added
//! up in any order, so the output does not depend on the number of jobs.
//! A progress bar with an ETA is drawn on standard error when it is a
//! terminal. Ctrl-C stops starting games and abandons the ones under way:
//! the result holds the games finished so far and says `partial` (a second
//! Ctrl-C exits at once). A file that cannot be read or replayed (a
//! listed file that is missing among them) is reported on standard error
//! with its cause, listed under `skipped` (in the JSON and at the end of
//! the summary), and the run goes on; the exit status is then non-zero, after the result is
//! written. `tesuji stats merge` adds results written with `--json`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use clap::{Args, Subcommand};
use engine::front::stats::tally::{self, Mode, Skipped, StatsResult};
use engine::front::stats::{RunOptions, collect};

use super::games::{PatternChoice, collect_sgf_files};
use super::{CliError, style};

/// Arguments of `tesuji stats`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct StatsArgs {
    /// `merge`: add results written with `--json`.
    #[command(subcommand)]
    pub action: Option<StatsAction>,
    /// SGF files, or directories searched recursively for `*.sgf`.
    #[arg(value_name = "GAMES", required_unless_present = "files_from")]
    pub games: Vec<PathBuf>,
    /// A file listing more games, one path per line (a shard of a larger
    /// collection).
    #[arg(long, value_name = "LIST")]
    pub files_from: Option<PathBuf>,
    /// The patterns to count.
    #[command(flatten)]
    pub patterns: PatternChoice,
    /// Raw matches only (no shapes check): the fast mode.
    #[arg(long, conflicts_with = "valued")]
    pub raw: bool,
    /// Move prediction ranks the moves as `genmove` does (the engine's
    /// move reasons and values, about a second per 19×19 position) instead
    /// of by pattern value; pair it with `--every` on large collections.
    #[arg(long)]
    pub valued: bool,
    /// Count a sample: each game's positions 1, 1 + N, 1 + 2N, … (1: all).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub every: u32,
    /// Games run at once (default and most: one per core, and never more
    /// than there are games).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Write the mergeable result as JSON instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Patterns listed in the summary, most hits first (0: all).
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub top: usize,
}

/// `tesuji stats merge`.
#[derive(Debug, Subcommand)]
pub enum StatsAction {
    /// Add results of `tesuji stats --json` (shards of one collection, run
    /// on many machines) into one, exactly as one run over all the games.
    Merge(MergeArgs),
}

/// Arguments of `tesuji stats merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Results written by `tesuji stats --json` (or by an earlier merge).
    #[arg(value_name = "RESULT.json", required = true)]
    pub results: Vec<PathBuf>,
    /// Write the merged result as JSON instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Patterns listed in the summary, most hits first (0: all).
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub top: usize,
}

/// Runs `tesuji stats` (or `tesuji stats merge`).
pub fn run(args: &StatsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(StatsAction::Merge(merge)) = &args.action {
        return run_merge(merge, out);
    }
    if args.jobs == Some(0) {
        return Err(CliError::Message("--jobs must be at least 1".into()));
    }
    let mut paths = args.games.clone();
    if let Some(list) = &args.files_from {
        let text = std::fs::read_to_string(list)
            .map_err(|e| format!("{}: cannot read: {e}", list.display()))?;
        paths.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(PathBuf::from),
        );
    }
    let (files, unreadable) = games_and_unreadable(&paths);
    let jobs = useful_jobs(args.jobs, files.len());
    let set = args.patterns.load()?;
    if args.every == 0 {
        return Err(CliError::Message("--every must be at least 1".into()));
    }
    let mode = match (args.raw, args.valued) {
        (true, _) => Mode::Raw,
        (false, true) => Mode::Valued,
        (false, false) => Mode::Full,
    };
    let every = args.every;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    // A second handler cannot be installed in the same process (tests run
    // several commands): the first one keeps its flag.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let bar = progress_bar(files.len() as u64);
    let started = Instant::now();
    let set = Arc::new(set);
    let options = RunOptions { mode, jobs, every };
    let (mut tally, partial) = collect(&files, &set, options, &cancel, &|| bar.inc(1))?;
    let total = files.len() + unreadable.len();
    tally.skipped.extend(unreadable);
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let result = tally.into_result(&set, args.patterns.describe(), mode, every, partial);
    for skipped in &result.skipped {
        eprintln!("tesuji stats: skipped {}", skipped.cause);
    }
    eprintln!(
        "tesuji stats: {} games, {} positions in {seconds:.2} s ({:.1} games/s, {:.0} positions/s, {jobs} jobs)",
        result.games,
        result.positions,
        result.games as f64 / seconds.max(1e-9),
        result.positions as f64 / seconds.max(1e-9),
    );
    write_result(&result, args.json, args.top, out)?;
    finish(&result, total)
}

/// The games under `paths` (files, and `*.sgf` under directories), and
/// the paths that could not be read or listed, as skipped files with
/// their cause: a missing file is skipped like an unreadable game.
fn games_and_unreadable(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Skipped>) {
    let mut files = Vec::new();
    let mut unreadable = Vec::new();
    for path in paths {
        match collect_sgf_files(std::slice::from_ref(path)) {
            Ok(found) => files.extend(found),
            Err(cause) => unreadable.push(Skipped {
                file: path.display().to_string(),
                cause,
            }),
        }
    }
    files.sort();
    files.dedup();
    (files, unreadable)
}

/// Threads that can help: the number asked for (default: one per core),
/// but never more than the cores nor than the games.
fn useful_jobs(asked: Option<usize>, games: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    asked.unwrap_or(cores).min(cores).min(games).max(1)
}

/// The exit: an error after the result is written when games were skipped
/// or the run was interrupted.
fn finish(result: &StatsResult, total: usize) -> Result<(), CliError> {
    let mut problems = Vec::new();
    if result.partial {
        problems.push(format!(
            "interrupted: {} of {total} games counted",
            result.games
        ));
    }
    if result.skipped_games > 0 {
        problems.push(format!("{} of {total} games skipped", result.skipped_games));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(CliError::Message(problems.join("; ")))
    }
}

/// A progress bar on standard error when it is a terminal (hidden
/// otherwise); coloured unless `NO_COLOR` is set.
fn progress_bar(games: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let template = if no_color {
        "{bar:40} {pos}/{len} games, {per_sec} [{elapsed} < {eta}]"
    } else {
        "{bar:40.cyan/blue} {pos}/{len} games, {per_sec} [{elapsed} < {eta}]"
    };
    let bar = indicatif::ProgressBar::new(games);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

fn run_merge(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut merged: Option<StatsResult> = None;
    for path in &args.results {
        let result = read_result(path)?;
        merged = Some(match merged {
            None => result,
            Some(sum) => sum
                .merge(result)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        });
    }
    let Some(merged) = merged else {
        return Err(CliError::Message("no results to merge".into()));
    };
    write_result(&merged, args.json, args.top, out)?;
    Ok(())
}

/// Reads a result written by `tesuji stats --json`.
pub fn read_result(path: &Path) -> Result<StatsResult, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let result: StatsResult = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}: not a result of tesuji stats --json: {e}",
            path.display()
        )
    })?;
    if result.format != tally::FORMAT {
        return Err(format!(
            "{}: format {} (this tesuji reads format {})",
            path.display(),
            result.format,
            tally::FORMAT
        ));
    }
    Ok(result)
}

fn write_result(
    result: &StatsResult,
    json: bool,
    top: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if json {
        let text = serde_json::to_string_pretty(result).map_err(|e| e.to_string())?;
        writeln!(out, "{text}")?;
    } else {
        write_summary(result, top, out)?;
    }
    out.flush()?;
    Ok(())
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The summary for people: totals, move prediction, then the patterns
/// with the most hits.
fn write_summary(result: &StatsResult, top: usize, out: &mut dyn Write) -> Result<(), CliError> {
    let bold = style::color_enabled();
    let mode = match result.mode {
        Mode::Raw => "raw matches".to_string(),
        Mode::Full => "shapes check".to_string(),
        Mode::Valued => "shapes check, moves ranked by value".to_string(),
    };
    let mode = match result.every {
        1 => mode,
        n => format!("{mode}, every {n}th position"),
    };
    writeln!(
        out,
        "{}",
        style::bold(
            &format!(
                "{} games ({} skipped), {} positions, {mode}, patterns: {}{}",
                result.games,
                result.skipped_games,
                result.positions,
                result.patterns,
                if result.partial { " (partial)" } else { "" }
            ),
            bold
        )
    )?;
    let p = &result.prediction;
    writeln!(
        out,
        "move prediction over {} moves played ({} passes apart): top-1 {} ({}), top-5 {} ({}), proposed {} ({}), nothing proposed {}",
        p.moves,
        result.passes,
        p.top1,
        percent(p.top1, p.moves),
        p.top5,
        percent(p.top5, p.moves),
        p.proposed,
        percent(p.proposed, p.moves),
        p.no_proposal
    )?;
    let mut rows: Vec<(&str, &str, &tally::PatternCounts)> = result
        .by_pattern
        .iter()
        .flat_map(|(db, patterns)| {
            patterns
                .iter()
                .map(move |(name, c)| (db.as_str(), name.as_str(), c))
        })
        .collect();
    rows.sort_by(|a, b| b.2.hits.cmp(&a.2.hits).then((a.0, a.1).cmp(&(b.0, b.1))));
    if top > 0 {
        rows.truncate(top);
    }
    let header = [
        "db",
        "pattern",
        "hits",
        "accepted",
        "undecided",
        "played",
        "proposed=played",
    ];
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|(db, name, c)| {
            [
                db.to_string(),
                name.to_string(),
                c.hits.to_string(),
                c.accepted.to_string(),
                c.undecided.to_string(),
                c.played.to_string(),
                c.proposed_played.to_string(),
            ]
        })
        .collect();
    style::write_columns(out, header, &cells, bold)?;
    if !result.skipped.is_empty() {
        writeln!(out, "skipped:")?;
        for skipped in &result.skipped {
            if skipped.cause.starts_with(&skipped.file) {
                writeln!(out, "  {}", skipped.cause)?;
            } else {
                writeln!(out, "  {}: {}", skipped.file, skipped.cause)?;
            }
        }
    }
    Ok(())
}
