//! `tesuji stats`: raw hit counts over the 424 SGF files of the position
//! corpus against `tesuji match` on the same positions (every position of
//! a game: before each move N, `match --move N`, and the final one,
//! `match` without `--move`), the same JSON whatever the number of jobs,
//! exact merging of shards, interruption, and bad input.

use crate::cli_support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use cli_support::tesuji;
use engine::front::stats::tally::{Counting, Mode, StatsResult, Tally};
use engine::front::stats::{RunOptions, collect};
use loader::compile::compile_for_matching;
use loader::gnugo_dir::{self as pattern_set, Databases};
use loader::joseki_corner::{build_corner_db, expand_sources};
use matcher::PackedBoard;
use matcher::grid::GridMatcher;
use matcher::pattern::PatternDb;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use sgf::game::{Game, collect_sgf_files};

/// Per database, per pattern name, a count.
type Counts = BTreeMap<String, BTreeMap<String, u64>>;

fn run_stats(files: &[PathBuf], set: &Arc<Databases>, mode: Mode, jobs: usize) -> StatsResult {
    let result = run_with(
        files,
        set,
        RunOptions {
            mode,
            jobs,
            every: 1,
        },
    );
    assert!(!result.partial);
    result
}

/// `stats` over `files` with every option given.
fn run_with(files: &[PathBuf], set: &Arc<Databases>, options: RunOptions) -> StatsResult {
    let cancel = AtomicBool::new(false);
    let (tally, partial) = collect(files, set, options, &cancel, &|| {}).unwrap();
    tally.into_result(set, "test".into(), options.mode, options.every, partial)
}

fn hits(result: &StatsResult) -> Counts {
    result
        .by_pattern
        .iter()
        .map(|(db, patterns)| {
            let counts = patterns.iter().map(|(n, c)| (n.clone(), c.hits)).collect();
            (db.clone(), counts)
        })
        .collect()
}

/// Every position of `file` as `tesuji match` loads it: `--move N` for
/// each move N, then without `--move`.
fn match_positions(file: &Path) -> Vec<sgf::Position> {
    let last = sgf::load_sgf_file(file, None).unwrap();
    let mut positions: Vec<sgf::Position> = (1..=last.moves_played())
        .map(|n| sgf::load_sgf_file(file, Some(n)).unwrap())
        .collect();
    positions.push(last);
    positions
}

#[test]
fn raw_hits_over_the_corpus_equal_the_sum_of_tesuji_match() {
    let shared = testkit::require_shared!();
    let patterns_dir = testkit::gnugo_patterns_dir(&shared);
    let all = collect_sgf_files(&[testkit::positions_dir(&shared)]).unwrap();
    assert_eq!(all.len(), 424);
    // Every other game: both ways of counting stay exact on 212 real games.
    let files: Vec<PathBuf> = all.into_iter().step_by(2).collect();
    let set = Arc::new(pattern_set::load(&patterns_dir).unwrap());
    let result = run_stats(&files, &set, Mode::Raw, 2);
    assert_eq!(result.games, 212);
    assert!(result.skipped.is_empty(), "{:?}", result.skipped);

    // `tesuji match`'s way: the databases compiled for raw matching as
    // `--db … --mkpat …` compiles them, joseki from `--joseki DIR`.
    let grid = |names: &[&str]| {
        let paths: Vec<PathBuf> = names.iter().map(|n| patterns_dir.join(n)).collect();
        compile_for_matching(&paths, &["-b".to_string()]).unwrap()
    };
    let databases = [
        ("patterns", grid(&["patterns.db", "patterns2.db"])),
        ("fuseki", grid(&["fuseki.db"])),
        ("endgame", grid(&["endgame.db"])),
    ];
    let scanners: Vec<(&str, &PatternDb, GridMatcher)> = databases
        .iter()
        .map(|(name, db)| (*name, db, GridMatcher::new(db)))
        .collect();
    let corner =
        build_corner_db(&expand_sources(std::slice::from_ref(&patterns_dir)).unwrap()).unwrap();
    let mut expected: Counts = BTreeMap::new();
    let mut positions = 0;
    for file in &files {
        let replayed = Game::read(file).unwrap().positions().unwrap();
        let loaded = match_positions(file);
        assert_eq!(replayed.len(), loaded.len(), "{}", file.display());
        for (r, l) in replayed.iter().zip(&loaded) {
            assert_eq!(r.position, *l, "{}: position {}", file.display(), r.number);
        }
        for position in loaded {
            positions += 1;
            let board = PackedBoard::try_from(&position.board).unwrap();
            let color = position.to_move;
            for (name, db, scanner) in &scanners {
                let options = ScanOptions::new(ColorMode::Color(color));
                for m in scanner.matches(&board, &options) {
                    *expected
                        .entry(name.to_string())
                        .or_default()
                        .entry(db.patterns[m.pattern].name.to_string())
                        .or_default() += 1;
                }
            }
            for m in corner.find_matches(&board, color) {
                *expected
                    .entry("joseki_corner".into())
                    .or_default()
                    .entry(corner.patterns[m.pattern].name.to_string())
                    .or_default() += 1;
            }
        }
    }
    assert_eq!(result.positions, positions);
    let found = hits(&result);
    let total = |c: &Counts| c.values().flat_map(|p| p.values()).sum::<u64>();
    eprintln!(
        "{} positions, {} raw matches by tesuji match, {} by tesuji stats",
        positions,
        total(&expected),
        total(&found)
    );
    assert!(total(&expected) > 50_000);
    assert_eq!(found, expected);
}

#[test]
fn match_itself_agrees_on_a_few_positions() {
    let shared = testkit::require_shared!();
    let patterns_dir = testkit::gnugo_patterns_dir(&shared);
    let set = Arc::new(pattern_set::load(&patterns_dir).unwrap());
    let file = testkit::positions_dir(&shared).join("9x9-4.sgf");
    let game = Game::read(&file).unwrap();
    let mut compared = 0;
    for number in [1, 7, 20, game.position_count() as u32] {
        let position = game.position(number).unwrap();
        let result = {
            let mut tally = Tally::new(&set);
            tally.add_position(&set.prepare(), &position, Counting::Raw);
            tally.into_result(&set, "test".into(), Mode::Raw, 1, false)
        };
        let mut command = tesuji();
        command.arg("match").arg(&file);
        if number as usize <= game.moves.len() {
            command.args(["--move", &number.to_string()]);
        }
        let output = command
            .arg("--db")
            .arg(patterns_dir.join("patterns.db"))
            .arg("--db")
            .arg(patterns_dir.join("patterns2.db"))
            .args(["--mkpat=-b", "--json"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut expected: BTreeMap<String, u64> = BTreeMap::new();
        for line in String::from_utf8(output.stdout).unwrap().lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            *expected
                .entry(record["pattern"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        let found: BTreeMap<String, u64> = result
            .by_pattern
            .get("patterns")
            .map(|p| p.iter().map(|(n, c)| (n.clone(), c.hits)).collect())
            .unwrap_or_default();
        compared += expected.values().sum::<u64>();
        assert_eq!(found, expected, "position {number}");
    }
    assert!(compared > 20, "{compared}");
}

fn some_games(shared: &Path, every: usize) -> Vec<PathBuf> {
    let files = collect_sgf_files(&[testkit::positions_dir(shared)]).unwrap();
    files.into_iter().step_by(every).collect()
}

#[test]
fn one_and_two_jobs_give_the_same_json_and_shards_merge_exactly() {
    let shared = testkit::require_shared!();
    let set = Arc::new(pattern_set::load(&testkit::gnugo_patterns_dir(&shared)).unwrap());
    let files = some_games(&shared, 10);
    let one = run_stats(&files, &set, Mode::Raw, 1);
    let two = run_stats(&files, &set, Mode::Raw, 2);
    assert_eq!(
        serde_json::to_string_pretty(&one).unwrap(),
        serde_json::to_string_pretty(&two).unwrap()
    );
    assert!(one.prediction.moves > 1000);
    // Shards in any order merge into the whole.
    let shards: Vec<StatsResult> = files
        .chunks(files.len() / 3 + 1)
        .map(|chunk| run_stats(chunk, &set, Mode::Raw, 2))
        .collect();
    let merged = shards
        .into_iter()
        .rev()
        .reduce(|a, b| a.merge(b).unwrap())
        .unwrap();
    assert_eq!(merged, one);
    // Through JSON too.
    let text = serde_json::to_string(&merged).unwrap();
    let back: StatsResult = serde_json::from_str(&text).unwrap();
    assert_eq!(back, one);
}

#[test]
fn full_mode_is_deterministic_and_counts_every_verdict() {
    let shared = testkit::require_shared!();
    let set = Arc::new(pattern_set::load(&testkit::gnugo_patterns_dir(&shared)).unwrap());
    let dir = testkit::positions_dir(&shared);
    let files: Vec<PathBuf> = ["9x9-1.sgf", "9x9-4.sgf", "seki09.sgf"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    let one = run_stats(&files, &set, Mode::Full, 1);
    let two = run_stats(&files, &set, Mode::Full, 2);
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&two).unwrap()
    );
    let raw = run_stats(&files, &set, Mode::Raw, 2);
    assert_eq!(hits(&one), hits(&raw));
    let mut rejected = 0;
    for (db, patterns) in &one.by_pattern {
        for (name, c) in patterns {
            assert_eq!(c.hits, c.accepted + c.undecided + c.rejected, "{db}/{name}");
            assert!(c.proposed_played <= c.played, "{db}/{name}");
            rejected += c.rejected;
        }
    }
    assert!(rejected > 0);
    // The shapes check only removes proposals.
    assert!(one.prediction.proposed <= raw.prediction.proposed);
    assert!(one.prediction.top5 <= one.prediction.proposed);
    assert!(one.prediction.top1 <= one.prediction.top5);
}

/// `stats` over `files` on 2 jobs, every `every`th position.
fn run_sampled(files: &[PathBuf], set: &Arc<Databases>, mode: Mode, every: u32) -> StatsResult {
    run_with(
        files,
        set,
        RunOptions {
            mode,
            jobs: 2,
            every,
        },
    )
}

#[test]
fn valued_mode_ranks_as_genmove_on_a_sample_of_positions() {
    let shared = testkit::require_shared!();
    // The embedded databases: the plumbing is the same, the valuing faster.
    let set = Arc::new(pattern_set::embedded());
    let dir = testkit::positions_dir(&shared);
    let files: Vec<PathBuf> = ["9x9-1.sgf", "9x9-4.sgf"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    let every = 4;
    let valued = run_sampled(&files, &set, Mode::Valued, every);
    let full = run_sampled(&files, &set, Mode::Full, every);
    // The sample: positions 1, 5, 9, … of each game.
    let mut reference = engine::Engine::new(Arc::clone(&set));
    let (mut positions, mut moves, mut top1, mut top5) = (0, 0, 0, 0);
    for file in &files {
        let game = Game::read(file).unwrap();
        for number in (1..=game.position_count() as u32).step_by(every as usize) {
            positions += 1;
            let position = game.position(number).unwrap();
            let Some(sgf::game::Played::Point(played)) = position.played else {
                continue;
            };
            let board = &position.position.board;
            let ko = position
                .position
                .ko
                .and_then(|p| board.geometry().vertex(p));
            reference.set_position(board.clone(), ko);
            let ranked = reference.genmove(position.position.to_move);
            moves += 1;
            top1 += u64::from(ranked.first() == Some(&played));
            top5 += u64::from(ranked.iter().take(5).any(|&p| p == played));
        }
    }
    assert_eq!(valued.positions, positions);
    assert_eq!(valued.prediction.moves, moves);
    assert_eq!(
        (valued.prediction.top1, valued.prediction.top5),
        (top1, top5)
    );
    assert!(top1 > 0, "genmove never found the move played");
    // The pattern counts are the full mode's; only the ranking differs.
    assert_eq!(valued.by_pattern, full.by_pattern);
    assert_ne!(valued.prediction, full.prediction);
    // Results of other samples or modes are not added.
    let all = run_sampled(&files[..1], &set, Mode::Full, 1);
    assert!(all.positions > full.positions);
    assert!(full.clone().merge(all).is_err());
    assert!(full.merge(valued.clone()).is_err());
    let back: StatsResult = serde_json::from_str(&serde_json::to_string(&valued).unwrap()).unwrap();
    assert_eq!(back, valued);
}

#[test]
fn an_interrupted_run_counts_whole_games_only() {
    let shared = testkit::require_shared!();
    let set = Arc::new(pattern_set::embedded());
    let files = some_games(&shared, 20);
    let cancel = AtomicBool::new(false);
    let done = AtomicUsize::new(0);
    let (tally, partial) = collect(
        &files,
        &set,
        RunOptions {
            mode: Mode::Raw,
            jobs: 1,
            every: 1,
        },
        &cancel,
        &|| {
            if done.fetch_add(1, Ordering::SeqCst) == 2 {
                cancel.store(true, Ordering::SeqCst);
            }
        },
    )
    .unwrap();
    assert!(partial);
    let games = tally.games as usize + tally.skipped.len();
    assert!((3..files.len()).contains(&games), "{games}");
    // The games counted are whole: as many positions as their games have.
    let result = tally.into_result(&set, "test".into(), Mode::Raw, 1, partial);
    assert!(result.partial);
    let whole = run_stats(&files, &set, Mode::Raw, 1);
    assert!(result.positions < whole.positions);
    let counted: u64 = files
        .iter()
        .map(|f| Game::read(f).unwrap().position_count() as u64)
        .scan(0, |sum, n| {
            *sum += n;
            Some(*sum)
        })
        .find(|&sum| sum == result.positions)
        .expect("the positions of whole games (one job runs them in order)");
    assert_eq!(counted, result.positions);
}

#[test]
fn cli_valued_sample_and_its_bad_options() {
    let shared = testkit::require_shared!();
    let game = testkit::positions_dir(&shared).join("9x9-1.sgf");
    let output = tesuji()
        .args(["stats", "--valued", "--every", "10"])
        .arg(&game)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("moves ranked by value, every 10th position"),
        "{stdout}"
    );
    for (args, cause) in [
        (&["--every", "0"][..], "--every must be at least 1"),
        (&["--raw", "--valued"][..], "cannot be used with"),
    ] {
        let output = tesuji()
            .arg("stats")
            .args(args)
            .arg(&game)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(cause), "{args:?}: {stderr}");
    }
}

#[test]
fn cli_skips_unreadable_games_reports_them_and_fails_at_the_end() {
    let shared = testkit::require_shared!();
    let dir = std::env::temp_dir().join(format!("tesuji-stats-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::copy(
        testkit::positions_dir(&shared).join("9x9-1.sgf"),
        dir.join("sub/good.sgf"),
    )
    .unwrap();
    std::fs::write(dir.join("broken.sgf"), "(;SZ[9];B[ee];W[ee])").unwrap();
    std::fs::write(dir.join("garbage.sgf"), "this is not SGF").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
    let output = tesuji()
        .args(["stats", "--raw", "--json", "--jobs", "2"])
        .arg(&dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("broken.sgf") && stderr.contains("occupied"),
        "{stderr}"
    );
    assert!(stderr.contains("garbage.sgf"), "{stderr}");
    assert!(stderr.contains("2 of 3 games skipped"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let result: StatsResult = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result.games, 1);
    assert_eq!(result.skipped.len(), 2);
    assert!(result.skipped[0].file.ends_with("broken.sgf"));
    assert!(result.positions > 10);
}

#[test]
fn cli_skips_a_missing_listed_file_still_writes_the_result_and_caps_the_jobs() {
    let shared = testkit::require_shared!();
    let good = testkit::positions_dir(&shared).join("9x9-1.sgf");
    let missing = "/no/such/game.sgf";
    for json in [true, false] {
        let mut command = tesuji();
        command.args(["stats", "--raw", "--jobs", "100000"]);
        if json {
            command.arg("--json");
        }
        let output = command.arg(&good).arg(missing).output().unwrap();
        assert!(!output.status.success(), "a skipped file fails the exit");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("skipped /no/such/game.sgf: cannot read"),
            "{stderr}"
        );
        assert!(stderr.contains("1 of 2 games skipped"), "{stderr}");
        // One game: one thread helps, whatever --jobs asks for.
        assert!(stderr.contains(", 1 jobs)"), "{stderr}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        if json {
            let result: StatsResult = serde_json::from_str(&stdout).unwrap();
            assert_eq!(result.games, 1);
            assert_eq!(result.skipped.len(), 1);
            assert_eq!(result.skipped[0].file, missing);
            assert!(result.positions > 10);
        } else {
            assert!(stdout.starts_with("1 games (1 skipped)"), "{stdout}");
            assert!(
                stdout.contains("skipped:\n  /no/such/game.sgf: cannot read"),
                "{stdout}"
            );
        }
    }
}

#[test]
fn cli_bad_input_is_a_clear_error() {
    let output = tesuji()
        .args(["stats", "--raw", "/no/such/collection"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/no/such/collection"), "{stderr}");
    let output = tesuji()
        .args(["stats", "--jobs", "0", "--raw", "."])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let dir = std::env::temp_dir().join(format!("tesuji-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.json"), "{}").unwrap();
    let output = tesuji()
        .args(["stats", "merge"])
        .arg(dir.join("bad.json"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("bad.json") && stderr.contains("not a result"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cli_merge_adds_shards_and_refuses_mixed_modes() {
    let shared = testkit::require_shared!();
    let positions = testkit::positions_dir(&shared);
    let dir = std::env::temp_dir().join(format!("tesuji-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str], games: &[&str], out: &str| {
        let output = tesuji()
            .arg("stats")
            .args(args)
            .args(games.iter().map(|g| positions.join(g)))
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::write(dir.join(out), &output.stdout).unwrap();
        output.stdout
    };
    let games = ["9x9-1.sgf", "9x9-2.sgf", "9x9-3.sgf"];
    let whole = run(&["--raw", "--json"], &games, "whole.json");
    run(&["--raw", "--json", "--jobs", "1"], &games[..1], "a.json");
    run(&["--raw", "--json"], &games[1..], "b.json");
    run(&["--json"], &games[..1], "full.json");
    let merged = tesuji()
        .args(["stats", "merge", "--json"])
        .args([dir.join("b.json"), dir.join("a.json")])
        .output()
        .unwrap();
    assert!(merged.status.success());
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&whole)
    );
    let mixed = tesuji()
        .args(["stats", "merge"])
        .args([dir.join("a.json"), dir.join("full.json")])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(!mixed.status.success());
    let stderr = String::from_utf8_lossy(&mixed.stderr);
    assert!(stderr.contains("cannot be merged"), "{stderr}");
}

#[test]
fn cli_ctrl_c_writes_a_partial_result_of_whole_games() {
    let shared = testkit::require_shared!();
    let child = tesuji()
        .args(["stats", "--json", "--jobs", "2"])
        .arg(testkit::positions_dir(&shared))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The embedded set needs no loading: the handler is in place at once,
    // and the full run over the corpus takes far longer than this.
    std::thread::sleep(std::time::Duration::from_secs(3));
    let signal = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signal.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    let result: StatsResult = serde_json::from_slice(&output.stdout).unwrap();
    assert!(result.partial);
    assert!(result.games < 424, "{}", result.games);
    // Whole games only: the positions are those of the games counted.
    assert!(result.positions >= result.games);
}
