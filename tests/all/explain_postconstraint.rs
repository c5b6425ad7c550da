//! `tesuji explain` against GNU Go's post-constraint matches
//! (`expected/postconstraint/`) on the 60 public positions, with GNU Go's
//! databases loaded at run time (`--patterns`), for the colour to move:
//!
//! * the micro-F1 of the accepted set, undecided counted once as accepted
//!   and once as rejected, with the board-only context and with the
//!   engine's context, and on the engine's analysed position (what
//!   `genmove` judges on: worm codes at the root, dragons, the class test
//!   where the statuses known without owl decide it, `engine::Engine`),
//!   printed with the stages that lose most and how many class tests are
//!   decided, and held above floors just below what the code reaches;
//! * insta snapshots of every candidate's verdict with the engine's
//!   context, one file per position, so that any change in what the engine
//!   accepts shows as a reviewable diff. GNU Go's text stays out of the
//!   repository: a line names the database, the pattern's index in it (not
//!   its name), `ll`, the move, the verdict, the stage and the needs.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::{Arc, OnceLock};

use common::context_for;
use engine::Engine;
use engine::front::explain::{ContextKind, Explained, explain_position};
use engine::shapes::{Outcome, Stage, Verdict};
use loader::gnugo_dir::{self as pattern_set, Databases};
use matcher::board::{Color, PackedBoard};

/// (db, pattern, ll, move).
type Key = common::PostConstraintKey;

/// One position's explained candidates.
struct Explanation {
    id: String,
    rows: Vec<Explained>,
}

/// Explains every public position for its colour to move.
fn explain_all(shared: &Path, set: &Databases, choice: ContextKind) -> Vec<Explanation> {
    common::public_positions(shared)
        .iter()
        .map(|p| {
            let position = common::load(p);
            let board = PackedBoard::try_from(&position.board).expect("square board");
            let color = position.to_move;
            let mut ctx = context_for(&position, color, choice);
            Explanation {
                id: p.id.clone(),
                rows: explain_position(set, &board, color, ctx.as_mut()),
            }
        })
        .collect()
}

/// Explains every public position for its colour to move on the engine's
/// analysed position ([`Engine::explain`]).
fn explain_analysed(shared: &Path, set: &Arc<Databases>) -> Vec<Explanation> {
    common::public_positions(shared)
        .iter()
        .map(|p| {
            let position = common::load(p);
            let ko = position
                .ko
                .and_then(|k| position.board.geometry().vertex(k));
            let mut engine = Engine::new(Arc::clone(set));
            engine.set_position(position.board.clone(), ko);
            Explanation {
                id: p.id.clone(),
                rows: engine.explain(position.to_move),
            }
        })
        .collect()
}

/// GNU Go's loaded databases and the three explanations, computed once
/// for the tests of this file.
struct Run {
    board: Vec<Explanation>,
    engine: Vec<Explanation>,
    analysed: Vec<Explanation>,
}

/// GNU Go's databases, loaded once for the tests of this file.
fn gnugo_set(shared: &Path) -> &'static Arc<Databases> {
    static SET: OnceLock<Arc<Databases>> = OnceLock::new();
    SET.get_or_init(|| {
        Arc::new(
            pattern_set::load(&testkit::gnugo_patterns_dir(shared)).expect("GNU Go's patterns"),
        )
    })
}

fn run(shared: &Path) -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let set = gnugo_set(shared);
        Run {
            board: explain_all(shared, set, ContextKind::Board),
            engine: explain_all(shared, set, ContextKind::Engine),
            analysed: explain_analysed(shared, set),
        }
    })
}

/// GNU Go's run on one position: its colour to move, its post-constraint
/// lines, and whether it ran the endgame pass (GNU Go matches endgame.db
/// only when its best move is small).
struct Expected {
    color: Color,
    keys: BTreeSet<Key>,
    ran_endgame: bool,
}

/// GNU Go's post-constraint lines per position, and its colour to move.
fn expected(shared: &Path) -> BTreeMap<String, Expected> {
    common::postconstraint(shared)
        .into_iter()
        .map(|(id, p)| {
            let expected = Expected {
                color: p.color,
                keys: p.keys.into_iter().collect(),
                ran_endgame: p.ran_endgame,
            };
            (id, expected)
        })
        .collect()
}

fn key(row: &Explained) -> Key {
    (
        row.db.clone(),
        row.pattern.clone(),
        row.ll,
        row.move_point.clone(),
    )
}

/// Micro precision, recall and F1 of the accepted set (undecided counted
/// as accepted when `undecided_accepted`).
#[derive(Debug, Default, Clone, Copy)]
struct Score {
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Score {
    fn f1(self) -> f64 {
        let (tp, fp, fn_) = (self.tp as f64, self.fp as f64, self.fn_ as f64);
        if tp == 0.0 {
            0.0
        } else {
            2.0 * tp / (2.0 * tp + fp + fn_)
        }
    }
    fn precision(self) -> f64 {
        self.tp as f64 / (self.tp + self.fp).max(1) as f64
    }
    fn recall(self) -> f64 {
        self.tp as f64 / (self.tp + self.fn_).max(1) as f64
    }
}

/// A candidate's verdict: as `explain` gives it, or with the class test
/// passing (the design notes' staged ceiling assumes that until owl
/// exists), i.e. the Kleene conjunction of the other stages.
fn verdict(row: &Explained, class_passes: bool) -> Verdict {
    if !class_passes {
        return row.verdict;
    }
    let others = row.stages.iter().filter(|s| s.stage != Stage::Class);
    let mut verdict = Verdict::Accepted;
    for s in others {
        match s.outcome {
            Outcome::Fail => return Verdict::Rejected,
            Outcome::Unknown(_) => verdict = Verdict::Undecided,
            Outcome::Pass => {}
        }
    }
    verdict
}

fn score(
    explanations: &[Explanation],
    expected: &BTreeMap<String, Expected>,
    undecided_accepted: bool,
    class_passes: bool,
    passes_run: bool,
) -> Score {
    let mut s = Score::default();
    for e in explanations {
        let Some(Expected {
            keys: truth,
            ran_endgame,
            ..
        }) = expected.get(&e.id)
        else {
            continue;
        };
        let accepted: BTreeSet<Key> = e
            .rows
            .iter()
            .filter(|r| !passes_run || *ran_endgame || r.db != "endgame")
            .filter(|r| {
                let v = verdict(r, class_passes);
                v == Verdict::Accepted || (undecided_accepted && v == Verdict::Undecided)
            })
            .map(key)
            .collect();
        s.tp += accepted.intersection(truth).count();
        s.fp += accepted.difference(truth).count();
        s.fn_ += truth.difference(&accepted).count();
    }
    s
}

/// Where the errors come from: GNU Go's survivors we reject (by stage),
/// the candidates we accept that GNU Go rejects (by database), and the
/// undecided ones by stage and needs, split by GNU Go's answer.
fn losses(explanations: &[Explanation], expected: &BTreeMap<String, Expected>) -> String {
    let mut wrong_rejections: BTreeMap<&str, usize> = BTreeMap::new();
    let mut wrong_acceptances: BTreeMap<String, usize> = BTreeMap::new();
    let mut undecided: BTreeMap<(String, bool), usize> = BTreeMap::new();
    // For GNU Go's survivors that stay undecided: each stage still unknown.
    let mut unknown_stage: BTreeMap<&str, usize> = BTreeMap::new();
    for e in explanations {
        let Some(Expected { keys: truth, .. }) = expected.get(&e.id) else {
            continue;
        };
        for row in &e.rows {
            let survives = truth.contains(&key(row));
            match (row.verdict, survives) {
                (Verdict::Rejected, true) => {
                    *wrong_rejections.entry(row.stage.name()).or_default() += 1
                }
                (Verdict::Accepted, false) => {
                    *wrong_acceptances.entry(row.db.clone()).or_default() += 1
                }
                (Verdict::Undecided, _) => {
                    if survives {
                        for stage in &row.stages {
                            if matches!(stage.outcome, Outcome::Unknown(_)) {
                                *unknown_stage.entry(stage.stage.name()).or_default() += 1;
                            }
                        }
                    }
                    let label = format!("{} needs {}", row.stage.name(), row.needs.join("+"));
                    *undecided.entry((label, survives)).or_default() += 1;
                }
                _ => {}
            }
        }
    }
    let mut text = format!(
        "  GNU Go's survivors rejected, by stage: {wrong_rejections:?}\n  accepted, GNU Go rejects, by db: {wrong_acceptances:?}\n  GNU Go's survivors left undecided, by stage still unknown: {unknown_stage:?}\n  undecided (stage, needs; survives in GNU Go?):\n"
    );
    let mut rows: Vec<_> = undecided.into_iter().collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.1));
    for ((label, survives), n) in rows.into_iter().take(12) {
        text.push_str(&format!("    {n:6}  {label}  survives={survives}\n"));
    }
    text
}

#[test]
fn post_constraint_f1_against_gnugo() {
    let shared = testkit::require_shared!();
    let expected = expected(&shared);
    assert_eq!(expected.len(), 60);
    let run = run(&shared);
    let mut figures = Vec::new();
    for (name, explanations) in [
        ("board-only", &run.board),
        ("engine", &run.engine),
        ("engine, analysed", &run.analysed),
    ] {
        for e in explanations {
            let color = expected[&e.id].color;
            assert!(
                e.rows.iter().all(|r| r.color == color.letter().to_string()),
                "{}: explained for the colour GNU Go moved",
                e.id
            );
        }
        let accept = score(explanations, &expected, true, false, false);
        let reject = score(explanations, &expected, false, false, false);
        let ceiling_accept = score(explanations, &expected, true, true, false);
        let ceiling_reject = score(explanations, &expected, false, true, false);
        let passes_accept = score(explanations, &expected, true, false, true);
        let passes_reject = score(explanations, &expected, false, false, true);
        let candidates: usize = explanations.iter().map(|e| e.rows.len()).sum();
        let mut by_db: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for e in explanations.iter() {
            let ran_endgame = expected[&e.id].ran_endgame;
            for r in &e.rows {
                let entry = by_db.entry(r.db.as_str()).or_default();
                entry.0 += 1;
                entry.1 += usize::from(ran_endgame || r.db != "endgame");
            }
        }
        println!("{name}: candidates by db (all, with GNU Go's passes): {by_db:?}");
        let count = |v: Verdict| -> usize {
            explanations
                .iter()
                .map(|e| e.rows.iter().filter(|r| r.verdict == v).count())
                .sum()
        };
        let class_run: usize = explanations
            .iter()
            .map(|e| {
                e.rows
                    .iter()
                    .filter(|r| r.stages.iter().any(|s| s.stage == Stage::Class))
                    .count()
            })
            .sum();
        let class_decided: usize = explanations
            .iter()
            .map(|e| {
                e.rows
                    .iter()
                    .filter(|r| {
                        r.stages.iter().any(|s| {
                            s.stage == Stage::Class && !matches!(s.outcome, Outcome::Unknown(_))
                        })
                    })
                    .count()
            })
            .sum();
        println!(
            "{name}: class test decided on {class_decided} of the {class_run} candidates it runs on"
        );
        println!(
            "{name}: {candidates} candidates, {} accepted, {} rejected, {} undecided\n  F1 undecided→accepted {:.3} (P {:.3} R {:.3}) | undecided→rejected {:.3} (P {:.3} R {:.3})\n  with the class test passing (the design's ceiling rule): F1 {:.3} | {:.3}\n  endgame.db only where GNU Go ran its endgame pass: F1 {:.3} | {:.3}\n{}",
            count(Verdict::Accepted),
            count(Verdict::Rejected),
            count(Verdict::Undecided),
            accept.f1(),
            accept.precision(),
            accept.recall(),
            reject.f1(),
            reject.precision(),
            reject.recall(),
            ceiling_accept.f1(),
            ceiling_reject.f1(),
            passes_accept.f1(),
            passes_reject.f1(),
            losses(explanations, &expected)
        );
        figures.push((name, accept.f1(), reject.f1()));
        figures.push((name, ceiling_accept.f1(), ceiling_reject.f1()));
        figures.push((name, passes_accept.f1(), passes_reject.f1()));
    }
    // Floors just below the figures reached: board-only 0.520 | 0.002
    // (0.520 | 0.002 with the class test passing; 0.580 | 0.002 with
    // endgame.db only where GNU Go ran it), engine (tactical, combined
    // and connection reading) 0.665 | 0.838 (0.665 | 0.832; 0.721 | 0.838),
    // engine on the analysed position (owl statuses from GNU Go's owl
    // databases, area and moyo from the influence, the dragon-layer
    // autohelpers and thrash_around_helper from the statuses and dragon
    // data) 0.839 | 0.882 (0.726 | 0.750; 0.892 | 0.942); with the
    // influence's pattern passes too, 0.843 | 0.886; the class
    // test decided on all 21,284 candidates it runs on. ("Class passing" is
    // no ceiling there: a candidate the class test rejects ran no later
    // stage, so passing it accepts it outright.)
    let floors = [
        ("board-only", 0.515, 0.0),
        ("board-only, class passing", 0.515, 0.0),
        ("board-only, GNU Go's passes", 0.575, 0.0),
        ("engine", 0.66, 0.83),
        ("engine, class passing", 0.66, 0.825),
        ("engine, GNU Go's passes", 0.715, 0.83),
        ("engine, analysed", 0.835, 0.88),
        ("engine, analysed, class passing", 0.72, 0.745),
        ("engine, analysed, GNU Go's passes", 0.885, 0.94),
    ];
    for ((name, accept, reject), (_, accept_floor, reject_floor)) in figures.iter().zip(floors) {
        assert!(
            *accept >= accept_floor && *reject >= reject_floor,
            "{name}: F1 {accept:.3} | {reject:.3} below the floors {accept_floor} | {reject_floor}"
        );
    }
}

#[test]
fn every_gnugo_survivor_is_a_raw_candidate() {
    // The candidates are the matcher's: every post-constraint line must be
    // among them, or the verdicts could not find it.
    let shared = testkit::require_shared!();
    let expected = expected(&shared);
    let run = run(&shared);
    let mut missing = Vec::new();
    for e in &run.engine {
        let candidates: BTreeSet<Key> = e.rows.iter().map(key).collect();
        for k in expected[&e.id].keys.difference(&candidates) {
            missing.push(format!("{} {k:?}", e.id));
        }
    }
    assert!(
        missing.is_empty(),
        "{} missing: {:?}",
        missing.len(),
        &missing[..missing.len().min(10)]
    );
}

#[test]
fn verdict_snapshots() {
    let shared = testkit::require_shared!();
    let run = run(&shared);
    for (n, e) in run.engine.iter().enumerate() {
        let text: String = e
            .rows
            .iter()
            .map(|r| {
                format!(
                    "{} #{} ll={} {} {} {} {}\n",
                    r.db,
                    r.index,
                    r.ll,
                    r.move_point,
                    r.verdict.name(),
                    r.stage.name(),
                    r.needs.join("+")
                )
            })
            .collect();
        insta::assert_snapshot!(format!("position_{n:02}"), text);
    }
}

/// The move reasons with the repeated readings remembered
/// (`Readings::Remembered`, what genmove uses) equal the plain computation
/// that reads every question each time, on the smaller public positions
/// (the 19×19 ones cost seconds each).
#[test]
fn remembered_readings_give_the_same_move_reasons() {
    use engine::front::move_reasons::Readings;
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let set = gnugo_set(&shared);
    let positions: Vec<_> = common::public_positions(&shared)
        .iter()
        .map(common::load)
        .filter(|p| p.board.geometry().width() < 19)
        .take(4)
        .collect();
    assert_eq!(positions.len(), 4, "too few small public positions");
    let mut reasons = 0;
    for position in &positions {
        let ko = position
            .ko
            .and_then(|k| position.board.geometry().vertex(k));
        let [remembered, plain] = [Readings::Remembered, Readings::EveryTime].map(|readings| {
            let mut engine = Engine::new(Arc::clone(set));
            engine.set_position(position.board.clone(), ko);
            engine.fresh_move_reasons(position.to_move, readings)
        });
        reasons += plain.iter().count();
        assert_eq!(remembered, plain);
    }
    assert!(reasons > 0, "no move reasons compared");
}
