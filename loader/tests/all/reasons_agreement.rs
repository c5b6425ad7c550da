//! The move reason generators against GNU Go 3.8's `move_reasons` on the
//! 60 public positions (`shared/expected/layers/moves.jsonl.gz`: the
//! reasons of GNU Go's top moves after `top_moves`), with GNU Go's
//! databases. Where GNU Go's best value is at most the endgame threshold,
//! genmove's endgame pass runs too (GNU Go's value decides it here, since
//! the valuation is not part of this test).
//!
//! Counted per record (one move): the same lines as a set, and in the
//! same order; per line: the share of GNU Go's lines we print (recall) and
//! of ours GNU Go prints (precision), in all and per kind (the line with
//! its vertices left out), per half (even / odd position index). Prints
//! the figures and asserts floors just under them.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use engine::Engine;
use engine::front::move_reasons::ReviewParams;
use goban::Color;
use serde_json::Value;

/// The largest board measured by default (the 18 positions of 9×9 and
/// smaller, a few seconds); `TESUJI_REASONS_ALL=1` measures all 60.
const CI_BOARD_SIZE: u64 = 9;

/// GNU Go's endgame pass threshold: the best value at most this.
const ENDGAME_THRESHOLD: f64 = 6.0;

/// A line's kind: the line with every vertex replaced by `%m`.
fn kind(line: &str) -> String {
    line.split(' ')
        .map(|word| {
            let mut chars = word.chars();
            let column = chars.next().is_some_and(|c| c.is_ascii_uppercase());
            let rest: String = chars.collect();
            let row =
                !rest.is_empty() && rest.len() <= 2 && rest.chars().all(|c| c.is_ascii_digit());
            if column && row { "%m" } else { word }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Line counts: [shared, ours, GNU Go's].
#[derive(Default, Debug, Clone, Copy)]
struct Lines {
    shared: usize,
    ours: usize,
    theirs: usize,
}

impl Lines {
    fn add(&mut self, ours: &[String], theirs: &[String]) {
        let mine: BTreeSet<&String> = ours.iter().collect();
        let gnugo: BTreeSet<&String> = theirs.iter().collect();
        self.shared += mine.intersection(&gnugo).count();
        self.ours += mine.len();
        self.theirs += gnugo.len();
    }

    fn recall(self) -> f64 {
        100.0 * self.shared as f64 / self.theirs.max(1) as f64
    }

    fn precision(self) -> f64 {
        100.0 * self.shared as f64 / self.ours.max(1) as f64
    }
}

/// Record counts: [same set, same order, records].
#[derive(Default, Debug, Clone, Copy)]
struct Records {
    same_set: usize,
    same_order: usize,
    all: usize,
}

#[test]
fn move_reasons_agree_with_gnugo() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let databases = Arc::new(loader::gnugo_dir::load(&dir).expect("GNU Go's databases"));
    let text = testkit::read_text(&shared.join("expected/layers/moves.jsonl.gz"));
    let mut lines = [Lines::default(); 2];
    let mut records = [Records::default(); 2];
    let mut kinds: BTreeMap<String, Lines> = BTreeMap::new();
    let everything = std::env::var_os("TESUJI_REASONS_ALL").is_some();
    for (index, line) in text.lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("moves json");
        let half = index % 2;
        let size = record["board_size"].as_u64().expect("board size");
        if !everything && size > CI_BOARD_SIZE {
            continue;
        }
        let (board, ko) = testkit::positions::layers_position(
            &shared,
            record["sgf"].as_str().expect("sgf"),
            record["move_number"].as_u64().expect("move number") as u32,
        );
        let geometry = board.geometry();
        let color = if record["color"] == "B" {
            Color::Black
        } else {
            Color::White
        };
        let mut engine = Engine::new(databases.clone());
        engine.set_position(board, ko);
        let mut store = engine.move_reasons(color);
        let best = record["top_moves"]["parsed"][0]["value"].as_f64();
        if best.is_some_and(|b| b <= ENDGAME_THRESHOLD) {
            engine.add_endgame_reasons(&mut store);
        }
        for answer in record["move_reasons"].as_array().expect("move_reasons") {
            let vertex = answer["cmd"]
                .as_str()
                .and_then(|c| c.strip_prefix("move_reasons "))
                .expect("move_reasons V");
            let at = geometry.parse_gtp(vertex).expect("vertex");
            let theirs: Vec<String> = answer["raw"]
                .as_str()
                .expect("raw")
                .lines()
                .map(str::to_string)
                .collect();
            let ours = store.lines(at);
            lines[half].add(&ours, &theirs);
            let r = &mut records[half];
            r.all += 1;
            let set = |l: &[String]| l.iter().cloned().collect::<BTreeSet<_>>();
            r.same_set += usize::from(set(&ours) == set(&theirs));
            r.same_order += usize::from(ours == theirs);
            let all: BTreeSet<String> = ours.iter().chain(&theirs).map(|l| kind(l)).collect();
            for k in all {
                let of = |l: &[String]| -> Vec<String> {
                    l.iter().filter(|x| kind(x) == k).cloned().collect()
                };
                let (o, t) = (of(&ours), of(&theirs));
                kinds.entry(k).or_default().add(&o, &t);
            }
            if std::env::var_os("TESUJI_REASONS_DIFF").is_some() && ours != theirs {
                println!(
                    "{} {vertex}\n  gnugo: {theirs:?}\n  ours:  {ours:?}",
                    record["pos"]
                );
            }
        }
    }
    for (name, half) in ["even", "odd"].iter().zip(0..) {
        let (l, r) = (lines[half], records[half]);
        println!(
            "{name}: recall {:.1}% precision {:.1}% ({}/{} of GNU Go's, {} ours); records same set {}/{} same order {}/{}",
            l.recall(),
            l.precision(),
            l.shared,
            l.theirs,
            l.ours,
            r.same_set,
            r.all,
            r.same_order,
            r.all
        );
    }
    for (k, l) in &kinds {
        println!(
            "  {k}: recall {:.1}% precision {:.1}% ({} shared, {} ours, {} GNU Go's)",
            l.recall(),
            l.precision(),
            l.shared,
            l.ours,
            l.theirs
        );
    }
    let all = Lines {
        shared: lines[0].shared + lines[1].shared,
        ours: lines[0].ours + lines[1].ours,
        theirs: lines[0].theirs + lines[1].theirs,
    };
    println!(
        "all: recall {:.1}% precision {:.1}%",
        all.recall(),
        all.precision()
    );
    // Floors just under the figures: (recall, precision) per half, even
    // then odd, for the default positions and for all 60.
    let floors = if everything {
        [(77.0, 89.5), (53.5, 81.5)]
    } else {
        [(76.5, 87.0), (69.5, 88.0)]
    };
    for (half, (recall, precision)) in floors.into_iter().enumerate() {
        assert!(
            lines[half].recall() >= recall && lines[half].precision() >= precision,
            "half {half}: recall {:.1}% (floor {recall}%), precision {:.1}% (floor {precision}%)",
            lines[half].recall(),
            lines[half].precision()
        );
    }
    let same = records[0].same_set + records[1].same_set;
    assert!(
        same >= if everything { 132 } else { 35 },
        "{same} records with the same lines"
    );
}

/// The shape databases' actions add their reasons: at pub59
/// (strategy35.sgf move 264, White) patterns2.db's `add_defend_both_move`
/// gives M16 GNU Go's `both defends R19 and defends N16`.
#[test]
fn shape_actions_add_defend_both_reasons() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let databases = Arc::new(loader::gnugo_dir::load(&dir).expect("GNU Go's databases"));
    let (board, ko) =
        testkit::positions::layers_position(&shared, "shared/corpus/positions/strategy35.sgf", 264);
    let geometry = board.geometry();
    let mut engine = Engine::new(databases);
    engine.set_position(board, ko);
    let store = engine.move_reasons(Color::White);
    let at = geometry.parse_gtp("M16").expect("vertex");
    let lines = store.lines(at);
    assert!(
        lines.contains(&"Move at M16 both defends R19 and defends N16".to_string()),
        "{lines:?}"
    );
}

/// The review's also step (`OwlReviewParams::also_other_dragons`): at
/// 13x13 test 4 (goliath-gnugo2.W+9.sgf move 30, White) K9 is the owl's
/// defence point of the critical J10; with the step it also owl-defends the
/// critical dragon next to J10 (GNU Go's trace: `Move at K9 also owl
/// defends J8`; our dragons there are smaller, the neighbour is L8),
/// without it K9 owl-defends J10 alone.
#[test]
fn the_also_step_tests_the_critical_neighbours_of_an_owl_target() {
    let shared = testkit::require_shared!();
    let dir = testkit::gnugo_patterns_dir(&shared);
    let databases = Arc::new(loader::gnugo_dir::load(&dir).expect("GNU Go's databases"));
    let (board, ko) = testkit::positions::regression_position(
        &shared,
        "mertin13x13/goliath-gnugo2.W+9.sgf",
        Some(30),
    );
    let at = board.geometry().parse_gtp("K9").expect("vertex");
    let mut engine = Engine::new(databases);
    engine.set_position(board, ko);
    for step in [false, true] {
        let mut params = ReviewParams::default();
        params.owl.also_other_dragons = step;
        engine.set_review_params(params);
        let lines = engine.move_reasons(Color::White).lines(at);
        let owl_defends: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("Move at K9 owl-defends "))
            .collect();
        assert!(
            lines.contains(&"Move at K9 owl-defends J10".to_string()),
            "{lines:?}"
        );
        assert_eq!(
            owl_defends.len(),
            if step { 2 } else { 1 },
            "also step {step}: {lines:?}"
        );
    }
}
