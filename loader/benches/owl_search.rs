//! Owl reading speed on the public positions' dragons
//! (`shared/expected/layers/owl.jsonl.gz`, GNU Go's dragon stones, as
//! `loader/tests/owl_agreement.rs` reads them): `owl_attack` then
//! `owl_defend` of every dragon, on a fresh context per position, with
//! the owl patterns matched incrementally from node to node and with a
//! full rescan at every node.
//!
//! Time:          `cargo bench -p loader --bench owl_search` (criterion on
//! every 20th position, then a summary over every 4th: time, nodes and
//! nodes per second of each matching mode).
//! Instructions:  `loader/benches/callgrind_owl.sh` (runs this bench once
//! per mode with `ENGINE_BENCH_ONCE` set, on every `OWL_STEP`-th position,
//! 20 unless given, under callgrind, counting only the owl's pattern
//! matching, `IncrementalMatches::matches_on`).

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use engine::EngineContext;
use engine::owl::{OwlInputs, OwlMatchers, OwlMatching, owl_attack, owl_defend};
use goban::Color;
use matcher::PackedBoard;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

#[path = "../tests/all/owl_cases/mod.rs"]
mod owl_cases;

/// Reads every dragon of `positions`; returns the owl nodes.
fn read_all(positions: &[owl_cases::Position], inputs: OwlInputs<'_>) -> u64 {
    let mut nodes = 0;
    for position in positions {
        let mut ctx = EngineContext::new(&position.board, position.ko, Color::Black);
        for candidate in &position.candidates {
            nodes += black_box(owl_attack(&mut ctx, inputs, &candidate.stones)).nodes;
            nodes += black_box(owl_defend(&mut ctx, inputs, &candidate.stones)).nodes;
        }
    }
    nodes
}

fn with_matching(inputs: OwlInputs<'_>, matching: OwlMatching) -> OwlInputs<'_> {
    OwlInputs { matching, ..inputs }
}

const MODES: [(OwlMatching, &str); 2] = [
    (OwlMatching::Incremental, "incremental"),
    (OwlMatching::FullRescan, "full rescan"),
];

fn main() {
    let Some(shared) = testkit::shared_dir() else {
        eprintln!("no benchmark: the shared directory is missing");
        return;
    };
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let inputs = OwlInputs::new(&owl, &matchers, &graphs);
    if std::env::var_os("ENGINE_BENCH_ONCE").is_some() {
        let matching = match std::env::var("OWL_MATCHING").as_deref() {
            Ok("full") => OwlMatching::FullRescan,
            _ => OwlMatching::Incremental,
        };
        let step = std::env::var("OWL_STEP")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(20);
        let positions = owl_cases::positions(&shared, step);
        // The matchers' tables for the board size, built outside the
        // counted function.
        if let Some(first) = positions.first() {
            let board = PackedBoard::try_from(&first.board).expect("a board");
            for matcher in [&matchers.attack, &matchers.defend] {
                black_box(matcher.matches(&board, &ScanOptions::new(ColorMode::BothColors)));
            }
        }
        let nodes = read_all(&positions, with_matching(inputs, matching));
        println!("nodes: {nodes}");
        return;
    }
    let few = owl_cases::positions(&shared, 20);
    let dragons: usize = few.iter().map(|p| p.candidates.len()).sum();
    let mut criterion = Criterion::default().sample_size(10).configure_from_args();
    for (matching, name) in MODES {
        criterion.bench_function(
            &format!("owl attack+defend, {dragons} dragons, {name}"),
            |b| b.iter(|| read_all(black_box(&few), with_matching(inputs, matching))),
        );
    }
    criterion.final_summary();
    let quarter = owl_cases::positions(&shared, 4);
    let dragons: usize = quarter.iter().map(|p| p.candidates.len()).sum();
    for (matching, name) in MODES {
        let started = Instant::now();
        let nodes = read_all(&quarter, with_matching(inputs, matching));
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{name}: {} positions, {dragons} dragons, {seconds:.2} s, {nodes} nodes, {:.0} nodes/s",
            quarter.len(),
            nodes as f64 / seconds
        );
    }
}
