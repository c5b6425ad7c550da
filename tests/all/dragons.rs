//! Agreement of the dragons amalgamated through GNU Go's `conn.db` with
//! GNU Go 3.8's dragons on the 60 positions of
//! `shared/expected/layers/dragons.jsonl.gz`:
//!
//! * pairs: for every pair of same-coloured strings, whether
//!   `same_dragon` answers as GNU Go's does;
//! * dragons: the share of GNU Go's dragons whose stone set is exactly one
//!   of ours, and of those whose origin is GNU Go's too;
//! * `cutstone2` (counted by conn.db's cut pass) against GNU Go's
//!   `worm_data` after its dragon examination (`worms.jsonl.gz`).
//!
//! Every [`UnknownPolicy`] choice for the cut pass and the connection pass
//! is measured with the engine's context, plus the default with the
//! board-only context and with GNU Go's worm codes (which isolates
//! amalgamation from tactical reading). The test prints the figures and
//! asserts floors just below them; with `DRAGONS_VERBOSE=1` it also lists
//! every wrong join with its pattern, every missing join, and per pattern
//! how many of its joins were right and wrong. conn.db is compiled at run
//! time with GNU Go's options through `load_connection_patterns`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use engine::EngineContext;
use engine::dragons::{BoardContexts, DragonOptions, UnknownPolicy, make_dragons};
use goban::{Color, Vertex};
use gtp::session::{Services, Session};
use loader::gnugo_dir::load_connection_patterns;
use serde_json::Value;
use tactics::{Code, Reader, Worm, compute_worms};

#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    pairs: usize,
    pairs_agree: usize,
    /// Pairs GNU Go joins and we keep apart.
    missing_joins: usize,
    /// Pairs we join and GNU Go keeps apart.
    extra_joins: usize,
    dragons: usize,
    dragons_exact: usize,
    origins_exact: usize,
    worms: usize,
    cutstone2_agree: usize,
    cutstone2_nonzero: usize,
    cutstone2_found: usize,
    /// Time spent in `make_dragons` (a note, never asserted).
    seconds: f64,
}

impl Tally {
    fn pair_share(&self) -> f64 {
        self.pairs_agree as f64 / self.pairs as f64
    }

    fn dragon_share(&self) -> f64 {
        self.dragons_exact as f64 / self.dragons as f64
    }
}

struct Case {
    id: String,
    position: sgf::Position,
    record: Value,
}

fn cases() -> Option<Vec<Case>> {
    let shared = testkit::shared_dir()?;
    let path = shared.join("expected/layers/dragons.jsonl.gz");
    let text = testkit::read_text(&path);
    let root = shared.parent().expect("shared has a parent").to_path_buf();
    Some(
        text.lines()
            .map(|line| {
                let record: Value = serde_json::from_str(line).expect("json line");
                let sgf = root.join(record["sgf"].as_str().expect("sgf"));
                let move_number = record["move_number"].as_u64().expect("move") as u32;
                let position = sgf::load_sgf_file(&sgf, Some(move_number)).expect("position loads");
                Case {
                    id: record["pos"].as_str().expect("pos").to_string(),
                    position,
                    record,
                }
            })
            .collect(),
    )
}

/// Which context answers conn.db's constraints.
#[derive(Debug, Clone, Copy)]
enum ContextKind {
    /// matcher's board-only context.
    BoardOnly,
    /// The engine's context (board, strings, tactics).
    Engine,
    /// The engine's context, with the worms' attack and defence codes
    /// replaced by GNU Go's (`worms.jsonl.gz`): isolates amalgamation
    /// from tactical reading.
    EngineWithGnugoWorms,
}

/// GNU Go's worms record of position `id` (`worms.jsonl.gz`).
fn gnugo_worms(id: &str) -> &'static Value {
    static GNUGO: std::sync::OnceLock<BTreeMap<String, Value>> = std::sync::OnceLock::new();
    let all = GNUGO.get_or_init(|| {
        let shared = testkit::shared_dir().expect("shared");
        let text = testkit::read_text(&shared.join("expected/layers/worms.jsonl.gz"));
        text.lines()
            .map(|line| {
                let record: Value = serde_json::from_str(line).expect("json line");
                (record["pos"].as_str().expect("pos").to_string(), record)
            })
            .collect()
    });
    &all[id]
}

/// Replaces the worms' attack and defence codes by GNU Go's.
fn gnugo_worm_codes(id: &str, worms: &mut [Worm], geometry: goban::Geometry) {
    let code = |n: &Value| match n.as_u64().expect("code") {
        0 => Code::Fail,
        1 => Code::KoB,
        4 => Code::KoA,
        5 => Code::Win,
        other => panic!("not a reading code: {other}"),
    };
    for expected in gnugo_worms(id)["worms"].as_array().expect("worms") {
        let origin = geometry
            .parse_gtp(expected["origin"].as_str().expect("origin"))
            .expect("vertex");
        let data = &expected["worm_data"]["parsed"];
        if let Some(worm) = worms.iter_mut().find(|w| w.origin == origin) {
            worm.attack.code = code(&data["attack_code"]);
            worm.defense.code = code(&data["defense_code"]);
        }
    }
}

fn measure(cases: &[Case], kind: ContextKind, options: DragonOptions, verbose: bool) -> Tally {
    let shared = testkit::shared_dir().expect("shared");
    let conn =
        load_connection_patterns(&testkit::gnugo_patterns_dir(&shared)).expect("conn.db compiles");
    let mut tally = Tally::default();
    let mut blame: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for case in cases {
        let board = &case.position.board;
        let geometry = board.geometry();
        let ko = case.position.ko.and_then(|p| geometry.vertex(p));
        let mut reader = Reader::new(board.clone(), ko);
        let mut worms = compute_worms(&mut reader);
        if matches!(kind, ContextKind::EngineWithGnugoWorms) {
            gnugo_worm_codes(&case.id, &mut worms, geometry);
        }
        let started = std::time::Instant::now();
        let dragons = match kind {
            ContextKind::BoardOnly => {
                let mut contexts = BoardContexts::new(board);
                make_dragons(board, &worms, Some(&conn), &mut contexts, options)
            }
            ContextKind::Engine | ContextKind::EngineWithGnugoWorms => {
                let mut context = EngineContext::with_reader(reader, Color::Black);
                make_dragons(board, &worms, Some(&conn), &mut context, options)
            }
        };
        tally.seconds += started.elapsed().as_secs_f64();
        let vertex = |v: &Value| {
            geometry
                .parse_gtp(v.as_str().expect("vertex"))
                .expect("vertex")
        };
        // GNU Go's dragon of every stone.
        let mut gnugo_dragon: BTreeMap<Vertex, usize> = BTreeMap::new();
        for dragon in case.record["dragons"].as_array().expect("dragons") {
            let origin = vertex(&dragon["origin"]);
            let stones: BTreeSet<Vertex> = dragon["stones"]
                .as_array()
                .expect("stones")
                .iter()
                .map(vertex)
                .collect();
            for &s in &stones {
                gnugo_dragon.insert(s, origin.index());
            }
            tally.dragons += 1;
            let ours = dragons.dragon_of(origin).expect("a stone");
            if ours.stones.iter().copied().collect::<BTreeSet<_>>() == stones {
                tally.dragons_exact += 1;
                if ours.origin == origin {
                    tally.origins_exact += 1;
                }
            }
        }
        let changed = &gnugo_worms(&case.id)["worm_data_changed_after_dragons"];
        for worm in &worms {
            // GNU Go's cutstone2 is 0 before dragons are built; the values
            // that changed are listed.
            let expected = changed
                .get(geometry.gtp(worm.origin))
                .and_then(Value::as_str)
                .and_then(|raw| raw.lines().find(|l| l.starts_with("cutstone2 ")))
                .and_then(|l| l.split_whitespace().last())
                .map_or(0, |n| n.parse::<u32>().expect("count"));
            let ours = dragons.cutstone2(worm.origin);
            tally.worms += 1;
            tally.cutstone2_agree += usize::from(ours == expected);
            tally.cutstone2_nonzero += usize::from(expected > 0);
            tally.cutstone2_found += usize::from(expected > 0 && ours == expected);
            if verbose && ours != expected {
                eprintln!(
                    "{} cutstone2 {}: GNU Go {expected}, ours {ours}",
                    case.id,
                    geometry.gtp(worm.origin)
                );
            }
        }
        for join in dragons.joins() {
            let right = gnugo_dragon[&join.stones.0] == gnugo_dragon[&join.stones.1];
            let known = if join.assumed.is_empty() {
                "known"
            } else {
                "assumed"
            };
            let entry = blame
                .entry(format!("{} {known}", join.pattern))
                .or_default();
            if right {
                entry.0 += 1;
            } else {
                entry.1 += 1;
                if verbose {
                    eprintln!(
                        "{} wrong join by {} ({known}): {} {}",
                        case.id,
                        join.pattern,
                        geometry.gtp(join.stones.0),
                        geometry.gtp(join.stones.1)
                    );
                }
            }
        }
        for (k, a) in worms.iter().enumerate() {
            for b in &worms[k + 1..] {
                if a.color != b.color {
                    continue;
                }
                tally.pairs += 1;
                let theirs = gnugo_dragon[&a.origin] == gnugo_dragon[&b.origin];
                let ours = dragons.same_dragon(a.origin, b.origin);
                if theirs == ours {
                    tally.pairs_agree += 1;
                } else if theirs {
                    tally.missing_joins += 1;
                    if verbose {
                        eprintln!(
                            "{} missing join: {} (attack {:?}) {} (attack {:?})",
                            case.id,
                            geometry.gtp(a.origin),
                            a.attack.code,
                            geometry.gtp(b.origin),
                            b.attack.code
                        );
                    }
                } else {
                    tally.extra_joins += 1;
                }
            }
        }
    }
    if verbose {
        for (pattern, (right, wrong)) in &blame {
            eprintln!("{pattern:18} joins right {right:5} wrong {wrong:5}");
        }
    }
    tally
}

#[test]
fn dragons_agree_with_gnugo() {
    let Some(cases) = cases() else {
        testkit::require_shared!();
        return;
    };
    let verbose = std::env::var_os("DRAGONS_VERBOSE").is_some();
    use ContextKind::{BoardOnly, Engine, EngineWithGnugoWorms};
    use UnknownPolicy::{Accept, Reject};
    // Floors just below the figures measured with connection reading in the
    // engine context (`disconnect_helper` answered), which makes the unknown
    // policies matter little. Since the connection distances cross
    // capturable cutting stones, the policies that reject unknown
    // connections find 86.2% of the dragons exact (87.1% before; the
    // default policy 87.8%, 88.1% before, with more pairs right: 96.2%
    // against 95.3%). Since the cutter's candidates near the root of the
    // connection search lie on paths a little longer than the cheapest
    // (`WIDE_CUT_MARGIN`), the default policy finds 90.0% of the dragons
    // exact with 96.3% of the pairs, the reject-unknown-connections
    // policies 87.9% with 95.1%, and GNU Go's worms 90.8% with 96.4%.
    // With the connecter's captures on its paths and wide cuts within
    // four plies: 90.7% with 96.4%, 89.0% with 95.3%, and 91.5% with
    // 96.5%; with its ataris near the root where the strings are far apart
    // (`FAR_ATARI_PLIES`): 90.7% with 97.0%, 89.0% with 95.8%, and 91.7%
    // with 97.0%. Together with the reader's new generators of the same
    // day (semeai chains, own extensions), one dragon fewer is exact:
    // 90.5% with 97.0%, 88.8% with 95.8%, 91.7% with 97.0%; board only
    // (whose worms' attack codes the reader gives) 77.9% with 91.4%.
    // With the connection search's cutter looking one step off the
    // cheapest path up to ply 7 (`NARROW_CUT_PLIES`) and its node limit at
    // 10,000: the default policy 91.7% exact (540 of 589, was 537) with
    // 97.0% of the pairs (unchanged), GNU Go's worms 93.0% (548, was 545)
    // with 97.1%; the policies that reject unknown connections 89.8% exact
    // (529, was 527) but 94.7% of the pairs (was 95.7%: 987 joins missing
    // against 755; the window's doing, the node limit alone changes
    // nothing), so their pair floor is 0.944.
    for (kind, cuts, connections, pair_floor, dragon_floor) in [
        (Engine, Reject, Accept, 0.968, 0.900),
        (Engine, Accept, Accept, 0.968, 0.900),
        (Engine, Reject, Reject, 0.944, 0.885),
        (Engine, Accept, Reject, 0.944, 0.885),
        (EngineWithGnugoWorms, Reject, Accept, 0.968, 0.915),
        (BoardOnly, Reject, Accept, 0.910, 0.775),
    ] {
        let options = DragonOptions {
            unknown_cuts: cuts,
            unknown_connections: connections,
        };
        let policy =
            format!("{kind:?} context, unknown cuts {cuts:?}, unknown connections {connections:?}");
        let tally = measure(&cases, kind, options, verbose);
        println!(
            "{policy}: same_dragon pairs {}/{} = {:.1}% ({} joins missing, {} extra); \
             dragons exact {}/{} = {:.1}% (origin too: {}); cutstone2 {}/{} worms \
             ({} of GNU Go's {} non-zero); make_dragons {:.1} ms per position",
            tally.pairs_agree,
            tally.pairs,
            100.0 * tally.pair_share(),
            tally.missing_joins,
            tally.extra_joins,
            tally.dragons_exact,
            tally.dragons,
            100.0 * tally.dragon_share(),
            tally.origins_exact,
            tally.cutstone2_agree,
            tally.worms,
            tally.cutstone2_found,
            tally.cutstone2_nonzero,
            1000.0 * tally.seconds / cases.len() as f64,
        );
        assert!(tally.pair_share() >= pair_floor, "{policy}: {tally:?}");
        assert!(tally.dragon_share() >= dragon_floor, "{policy}: {tally:?}");
        if !matches!(kind, BoardOnly) {
            // All of GNU Go's 10 non-zero cutstone2 counts, at most 1 worm wrong.
            assert!(tally.cutstone2_found >= 10, "{policy}: {tally:?}");
            assert!(
                tally.cutstone2_agree + 1 >= tally.worms,
                "{policy}: {tally:?}"
            );
        }
    }
}

/// The session services for GNU Go's regression suites: `loadsgf` reads
/// the suites' games relative to the regression folder.
struct RegressionFiles(std::path::PathBuf);

impl Services for RegressionFiles {
    fn load_sgf(&self, file: &str, stop: &sgf::StopAt) -> Result<sgf::Position, String> {
        sgf::load_sgf_file_at(&self.0.join(file), stop).map_err(|e| e.to_string())
    }

    fn fixed_handicap(&self, size: usize, stones: u32) -> Vec<goban::Point> {
        sgf::fixed_handicap_points(size, stones)
    }
}

/// GNU Go's regression rule for one expected answer (`#? [RE]`), for the
/// plain alternatives the `same_dragon` tests use: `A|B` matches either,
/// a leading `!` negates.
fn regression_answer_matches(expect: &str, answer: &str) -> bool {
    let (negated, alternatives) = match expect.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, expect),
    };
    alternatives.split('|').any(|a| a == answer) != negated
}

/// Every `same_dragon` test of GNU Go's regression suites (`connection`,
/// `nando`), run on a GTP session with conn.db, against the expected
/// answers and GNU Go's own results (`gnugo-baseline.json`), for each
/// unknown policy. Floors just below the figures measured. Since the
/// connection search's connecter captures the strings in atari on its
/// paths, every policy passes one test fewer (36 / 36 / 37 / 37 before):
/// `nando:5`, a test GNU Go fails, where we now answer as GNU Go does; the
/// tests GNU Go passes are passed as before (all but `connection:8`, `9`).
/// Since the reader's deep break-chain fallback ataris the chain holding
/// the attacker's last move, one fewer again (35 / 35 / 36 / 36 before):
/// `nando:29`, which GNU Go fails too, answered `1` as GNU Go does.
#[test]
fn same_dragon_regression_tests() {
    let shared = testkit::require_shared!();
    use UnknownPolicy::{Accept, Reject};
    for (cuts, connections, floor) in [
        (Reject, Accept, 34),
        (Accept, Accept, 34),
        (Reject, Reject, 35),
        (Accept, Reject, 35),
    ] {
        let options = DragonOptions {
            unknown_cuts: cuts,
            unknown_connections: connections,
        };
        let passed = same_dragon_regressions(&shared, options);
        assert!(
            passed >= floor,
            "unknown cuts {cuts:?}, connections {connections:?}: {passed}"
        );
    }
}

/// Runs the `same_dragon` regression tests with `options`; prints the
/// figures and answers how many pass.
fn same_dragon_regressions(shared: &std::path::Path, options: DragonOptions) -> usize {
    let regression = shared.join("regression");
    let baseline: Value =
        serde_json::from_str(&testkit::read_text(&regression.join("gnugo-baseline.json")))
            .expect("baseline");
    let conn = Arc::new(
        load_connection_patterns(&testkit::gnugo_patterns_dir(shared)).expect("conn.db compiles"),
    );
    let services = RegressionFiles(regression.clone());
    let (mut total, mut passed, mut gnugo_passed) = (0, 0, 0);
    let mut lost = Vec::new();
    for suite in ["connection", "nando"] {
        let gnugo: BTreeMap<u64, bool> = baseline["suites"]
            .as_array()
            .expect("suites")
            .iter()
            .filter(|s| s["suite"] == suite)
            .flat_map(|s| s["tests"].as_array().expect("tests"))
            .map(|t| (t["num"].as_u64().expect("num"), t["status"] == "pass"))
            .collect();
        let mut session = Session::new(&services, Session::default_rules());
        session.set_connection_patterns(Some(Arc::clone(&conn)));
        session.set_dragon_options(options);
        let text = testkit::read_text(&regression.join(format!("{suite}.tst")));
        let mut pending: Option<(u64, String)> = None;
        for line in text.lines() {
            if let Some(expect) = line.strip_prefix("#? [") {
                let Some((number, answer)) = pending.take() else {
                    continue;
                };
                let expect = expect.split(']').next().expect("expected answer");
                total += 1;
                let ok = regression_answer_matches(expect, &answer);
                passed += usize::from(ok);
                let gnugo_ok = gnugo.get(&number).copied().unwrap_or(false);
                gnugo_passed += usize::from(gnugo_ok);
                if gnugo_ok && !ok {
                    lost.push(format!("{suite}:{number}"));
                }
                continue;
            }
            let mut words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            if words.is_empty() || words[0].starts_with('#') {
                continue;
            }
            let number = words[0].parse::<u64>().ok();
            if number.is_some() {
                words.remove(0);
            }
            let name = words.remove(0);
            let setup = ["loadsgf", "play", "trymove", "popgo", "boardsize", "komi"];
            if name == "same_dragon" {
                let answer = session
                    .execute(&name, &words)
                    .unwrap_or_else(|e| format!("? {e}"));
                if std::env::var_os("DRAGONS_VERBOSE").is_some() {
                    eprintln!("{suite} {number:?} {name} {words:?} -> {answer}");
                }
                pending = number.map(|n| (n, answer));
            } else if setup.contains(&name.as_str()) {
                session
                    .execute(&name, &words)
                    .unwrap_or_else(|e| panic!("{suite}: {line}: {e}"));
            }
        }
    }
    println!(
        "same_dragon regression tests (connection, nando), unknown cuts {:?}, unknown \
         connections {:?}: {passed} of {total} pass (GNU Go {gnugo_passed}); GNU Go passes \
         and we fail: {lost:?}",
        options.unknown_cuts, options.unknown_connections
    );
    assert!(total >= 40, "{total} tests found");
    passed
}
