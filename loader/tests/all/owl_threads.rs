//! The analysis's owl step gives the same answers on one thread and on
//! several (`OwlSchedule::Parallel`: every dragon on its own copy of the
//! reader, so neither the order nor the thread count can change an
//! answer), on public positions with dragons left open for the owl.
//! Prints how many dragons the shared-table schedule (GNU Go's cache
//! policy) answers differently on the same positions.

use std::sync::Arc;

use engine::front::{Analysis, OwlSchedule};
use engine::owl::OwlResult;
use serde_json::Value;

#[allow(dead_code)] // the shared helpers this test does not use
use crate::owl_cases;

/// The positions read (index in `dragons.jsonl.gz`): a 9×9, a 13×13 and a
/// 19×19 with several open dragons each.
const POSITIONS: [usize; 3] = [11, 22, 33];

/// What an owl answer says, without the node count (which a table shared
/// across dragons changes).
fn essence(r: &OwlResult) -> (tactics::Code, Option<goban::Vertex>, bool) {
    (r.code, r.point, r.certain)
}

type Answers = Vec<(
    goban::Vertex,
    (tactics::Code, Option<goban::Vertex>, bool),
    Option<(tactics::Code, Option<goban::Vertex>, bool)>,
)>;

fn answers(analysis: &Analysis) -> Answers {
    analysis
        .owl_answers()
        .iter()
        .map(|a| (a.origin, essence(&a.attack), a.defend.as_ref().map(essence)))
        .collect()
}

#[test]
fn one_thread_and_several_give_the_same_owl_answers() {
    let shared = testkit::require_shared!();
    let databases = Arc::new(owl_cases::engine_databases(&shared, true));
    let text = testkit::read_text(&shared.join("expected/layers/dragons.jsonl.gz"));
    let lines: Vec<&str> = text.lines().collect();
    let run = |threads: usize, schedule: OwlSchedule, index: usize| {
        let record: Value = serde_json::from_str(lines[index]).expect("json");
        let (board, ko) = owl_cases::record_position(&shared, &record);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        pool.install(|| {
            let mut engine = engine::Engine::new(Arc::clone(&databases));
            engine.set_owl_schedule(schedule);
            engine.set_position(board, ko);
            answers(engine.analysis())
        })
    };
    let mut read = 0;
    let mut differ_shared = 0;
    for index in POSITIONS {
        let one = run(1, OwlSchedule::Parallel, index);
        let several = run(4, OwlSchedule::Parallel, index);
        assert_eq!(one, several, "position {index}: 1 thread and 4 differ");
        let shared_table = run(1, OwlSchedule::Shared, index);
        assert_eq!(one.len(), shared_table.len(), "the same dragons are read");
        differ_shared += one
            .iter()
            .zip(&shared_table)
            .filter(|(a, b)| a != b)
            .count();
        read += one.len();
    }
    assert!(
        read >= 6,
        "the positions leave dragons open for the owl ({read})"
    );
    println!(
        "{read} dragons read by the owl; the shared-table schedule answers {differ_shared} differently"
    );
}
