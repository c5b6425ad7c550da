//! Pattern statistics over game collections (`tesuji stats`): for every
//! position of every game ([`sgf::game`]: the position before each move,
//! and the final one), the raw candidates of each pattern for the colour
//! to move, their shapes-check verdicts (unless [`Mode::Raw`]), whether
//! their move was the move played, and where the move played ranks among
//! the proposals or, with [`Mode::Valued`], among the moves the engine's
//! move generation values ([`tally`]). [`RunOptions::every`] counts a
//! sample of each game's positions.
//!
//! [`collect`] runs games in parallel (rayon); the counts are integers
//! added up in any order, so the result does not depend on the number of
//! jobs. Cancelling stops starting games and abandons the ones under way:
//! the tally holds the games finished so far. A file that cannot be read
//! or replayed is listed under `skipped` with its cause, and the run goes
//! on.

pub mod tally;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use sgf::game::Game;

use crate::front::databases::{Databases, PreparedDatabases};
use crate::front::engine::Engine;
use tally::{Counting, Mode, Skipped, Tally};

/// How a run goes.
#[derive(Debug, Clone, Copy)]
pub struct RunOptions {
    /// Raw, full or valued.
    pub mode: Mode,
    /// Threads (at least 1).
    pub jobs: usize,
    /// Count each game's positions 1, 1 + `every`, 1 + 2 × `every`, … (at
    /// least 1; 1 counts them all).
    pub every: u32,
}

/// Counts `files` with `set`, in parallel. Stops starting games once
/// `cancel` is set, abandoning the games under way; `on_game` runs after
/// each game (counted or skipped). Returns the tally and whether it was
/// cut short.
pub fn collect(
    files: &[PathBuf],
    set: &Arc<Databases>,
    options: RunOptions,
    cancel: &AtomicBool,
    on_game: &(dyn Fn() + Sync),
) -> Result<(Tally, bool), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", options.jobs))?;
    let prepared = set.prepare();
    let tally = pool.install(|| {
        files
            .par_iter()
            .map(|file| {
                let tally = count_game(file, set, &prepared, options, cancel);
                if tally.is_some() {
                    on_game();
                }
                tally.unwrap_or_else(|| Tally::new(set))
            })
            .reduce(|| Tally::new(set), Tally::merge)
    });
    let finished = tally.games as usize + tally.skipped.len();
    Ok((tally, finished < files.len()))
}

/// The tally of one game: `Some` with the game counted or skipped, `None`
/// when `cancel` was set before it ended.
fn count_game(
    file: &Path,
    databases: &Arc<Databases>,
    prepared: &PreparedDatabases,
    options: RunOptions,
    cancel: &AtomicBool,
) -> Option<Tally> {
    let set = prepared.set();
    let mut engine = (options.mode == Mode::Valued).then(|| Engine::new(Arc::clone(databases)));
    let every = options.every.max(1);
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let mut tally = Tally::new(set);
    let skip = |cause: String| {
        let mut tally = Tally::new(set);
        tally.skipped.push(Skipped {
            file: file.display().to_string(),
            cause,
        });
        tally
    };
    let game = match Game::read(file) {
        Ok(game) => game,
        Err(cause) => return Some(skip(cause)),
    };
    let mut interrupted = false;
    let replayed = game.for_each_position(&mut |position| {
        interrupted = interrupted || cancel.load(Ordering::Relaxed);
        if !interrupted && (position.number - 1) % every == 0 {
            let counting = match (options.mode, engine.as_mut()) {
                (Mode::Raw, _) => Counting::Raw,
                (Mode::Valued, Some(engine)) => Counting::Valued(engine),
                _ => Counting::Full,
            };
            tally.add_position(prepared, &position, counting);
        }
    });
    if let Err(cause) = replayed {
        return Some(skip(cause));
    }
    if interrupted {
        return None;
    }
    tally.games = 1;
    Some(tally)
}
