//! Agreement of the dragons amalgamated through GNU Go's `conn.db` with
//! GNU Go 3.8's dragons on the 60 positions of
//! `shared/expected/layers/dragons.jsonl.gz`:
//!
//! * pairs: for every pair of same-coloured strings, whether
//!   `same_dragon` answers as GNU Go's does;
//! * dragons: the share of GNU Go's dragons whose stone set is exactly one
//!   of ours, and of those whose origin is GNU Go's too.
//!
//! Both [`UnknownPolicy`] choices are measured; the test prints the
//! figures (and, with `DRAGONS_VERBOSE=1`, every disagreeing pair with the
//! patterns that joined it or the decisions that kept it apart) and
//! asserts floors just below them. conn.db is compiled at run time with
//! GNU Go's options through `load_connection_patterns`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;

use engine::dragons::{
    BoardContexts, DragonOptions, Dragons, Outcome, UnknownPolicy, make_dragons,
};
use engine::{Reader, compute_worms};
use goban::{Color, Vertex};
use serde_json::Value;
use tesuji::cli::pattern_db::load_connection_patterns;

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
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&path).expect("dragons file"))
        .read_to_string(&mut text)
        .expect("gzip text");
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

fn measure(cases: &[Case], options: DragonOptions, verbose: bool) -> Tally {
    let shared = testkit::shared_dir().expect("shared");
    let conn =
        load_connection_patterns(&testkit::gnugo_patterns_dir(&shared)).expect("conn.db compiles");
    let mut tally = Tally::default();
    let mut blame: BTreeMap<String, usize> = BTreeMap::new();
    for case in cases {
        let board = &case.position.board;
        let geometry = board.geometry();
        let ko = case.position.ko.and_then(|p| geometry.vertex(p));
        let mut reader = Reader::new(board.clone(), ko);
        let worms = compute_worms(&mut reader);
        let mut contexts = BoardContexts::new(board);
        let dragons = make_dragons(board, &worms, Some(&conn), &mut contexts, options);
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
                    continue;
                }
                if theirs {
                    tally.missing_joins += 1;
                } else {
                    tally.extra_joins += 1;
                }
                if verbose {
                    let why = explain(&dragons, a.origin, b.origin, ours);
                    *blame.entry(why.clone()).or_default() += 1;
                    eprintln!(
                        "{} {} {} {}: GNU Go {} ours {} ({why})",
                        case.id,
                        color_name(a.color),
                        geometry.gtp(a.origin),
                        geometry.gtp(b.origin),
                        theirs,
                        ours,
                    );
                }
            }
        }
    }
    if verbose {
        for (why, count) in &blame {
            eprintln!("{count:5} {why}");
        }
    }
    tally
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// For a pair we join wrongly: the patterns whose joins built our dragon.
/// For a pair we keep apart wrongly: the outcomes of decisions of patterns
/// that could have joined (any connection decision of that colour not
/// accepted).
fn explain(dragons: &Dragons, a: Vertex, b: Vertex, joined: bool) -> String {
    if joined {
        let stones = dragons.stones(a);
        let patterns: BTreeSet<&str> = dragons
            .joins()
            .iter()
            .filter(|j| stones.contains(&j.stones.0))
            .map(|j| j.pattern.as_str())
            .collect();
        format!("joined by {patterns:?}")
    } else {
        let color = dragons.dragon_of(a).expect("stone").color;
        let _ = b;
        let outcomes: BTreeSet<String> = dragons
            .decisions()
            .iter()
            .filter(|d| d.color == color && !matches!(d.outcome, Outcome::Cut | Outcome::Connected))
            .map(|d| format!("{}:{:?}", d.pattern, d.outcome))
            .filter(|s| !s.contains("OneDragon"))
            .take(0)
            .collect();
        format!("not joined {outcomes:?}")
    }
}

#[test]
fn dragons_agree_with_gnugo() {
    let Some(cases) = cases() else {
        testkit::require_shared!();
        return;
    };
    let verbose = std::env::var_os("DRAGONS_VERBOSE").is_some();
    for (policy, pair_floor, dragon_floor) in [
        (UnknownPolicy::Accept, 0.0, 0.0),
        (UnknownPolicy::Reject, 0.0, 0.0),
    ] {
        let tally = measure(&cases, DragonOptions { unknown: policy }, verbose);
        println!(
            "unknown → {policy:?}: same_dragon pairs {}/{} = {:.1}% ({} joins missing, {} extra); \
             dragons exact {}/{} = {:.1}% (origin too: {})",
            tally.pairs_agree,
            tally.pairs,
            100.0 * tally.pair_share(),
            tally.missing_joins,
            tally.extra_joins,
            tally.dragons_exact,
            tally.dragons,
            100.0 * tally.dragon_share(),
            tally.origins_exact,
        );
        assert!(tally.pair_share() >= pair_floor, "{policy:?}: {tally:?}");
        assert!(
            tally.dragon_share() >= dragon_floor,
            "{policy:?}: {tally:?}"
        );
    }
}
