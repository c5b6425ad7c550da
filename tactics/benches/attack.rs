//! Reading speed on fixed positions: `attack` and `find_defense` of the
//! tests of GNU Go's `reading` suite (`shared/regression/reading.tst`,
//! read in place) that ask about a position straight after its `loadsgf`
//! (tests after `trymove`, `play` or a depth change are left out), each
//! on a fresh [`Reader`] so that no answer depends on another.
//!
//! Time:          `cargo bench -p tactics --bench attack` (criterion, then
//! a summary: median time per call and reading nodes per second).
//! Instructions:  `tactics/benches/callgrind_attack.sh` (runs this bench
//! with `ENGINE_BENCH_ONCE` set, which reads every test once, under
//! callgrind, counting only `measured_read`).

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use criterion::Criterion;
use goban::{Board, Vertex};
use tactics::{Reader, ReadingResult};

use testkit::suite::walk_suite;

/// Which reading a test asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Routine {
    Attack,
    Defend,
}

/// One test: the position, its simple-ko point, the string, the routine.
struct Test {
    board: Board,
    ko: Option<Vertex>,
    target: Vertex,
    routine: Routine,
}

/// The suite's tests on freshly loaded positions, in file order.
fn tests(shared: &Path) -> Vec<Test> {
    let mut found = Vec::new();
    walk_suite(shared, "reading.tst", |position, words, _line| {
        match words {
            [command @ ("attack" | "defend"), vertex, ..] => {
                let Some((board, ko)) = position else {
                    return true;
                };
                let Some(target) = board.geometry().parse_gtp(vertex) else {
                    return true;
                };
                let routine = if *command == "attack" {
                    Routine::Attack
                } else {
                    Routine::Defend
                };
                found.push(Test {
                    board: board.clone(),
                    ko: *ko,
                    target,
                    routine,
                });
                true
            }
            // Anything else changes the position or the depths.
            _ => false,
        }
    });
    found
}

/// One reading call, kept out of line so callgrind can count exactly its
/// cost.
#[inline(never)]
fn measured_read(reader: &mut Reader, test: &Test) -> ReadingResult {
    match test.routine {
        Routine::Attack => reader.attack(test.target),
        Routine::Defend => reader.find_defense(test.target),
    }
}

/// Reads every test of `routine` on a fresh reader; returns the nodes.
fn read_all(tests: &[Test], routine: Routine) -> u64 {
    let mut nodes = 0;
    for test in tests.iter().filter(|t| t.routine == routine) {
        let mut reader = Reader::new(test.board.clone(), test.ko);
        black_box(measured_read(&mut reader, test));
        nodes += reader.total_nodes();
    }
    nodes
}

/// Median time per call (each call timed alone, best of `repeats`),
/// nodes and nodes per second of `routine`.
fn summary(tests: &[Test], routine: Routine, repeats: usize) {
    let mut times = Vec::new();
    let (mut nodes, mut seconds) = (0u64, 0.0);
    for test in tests.iter().filter(|t| t.routine == routine) {
        let mut best = f64::INFINITY;
        let mut test_nodes = 0;
        for _ in 0..repeats {
            let mut reader = Reader::new(test.board.clone(), test.ko);
            let started = Instant::now();
            black_box(measured_read(&mut reader, test));
            best = best.min(started.elapsed().as_secs_f64());
            test_nodes = reader.total_nodes();
        }
        times.push(best * 1e3);
        nodes += test_nodes;
        seconds += best;
    }
    println!(
        "{routine:?}: {} tests, median {:.3} ms per call, {nodes} nodes, {:.0} nodes/s",
        times.len(),
        testkit::median(&mut times),
        nodes as f64 / seconds,
    );
}

fn main() {
    let Some(shared) = testkit::shared_dir() else {
        eprintln!("no tests: the shared directory is missing");
        return;
    };
    let tests = tests(&shared);
    if std::env::var_os("ENGINE_BENCH_ONCE").is_some() {
        let attack = read_all(&tests, Routine::Attack);
        let defend = read_all(&tests, Routine::Defend);
        println!("nodes: attack {attack}, defend {defend}");
        return;
    }
    let mut criterion = Criterion::default().sample_size(20).configure_from_args();
    for routine in [Routine::Attack, Routine::Defend] {
        let count = tests.iter().filter(|t| t.routine == routine).count();
        criterion.bench_function(&format!("{routine:?}, {count} reading tests"), |b| {
            b.iter(|| read_all(black_box(&tests), routine))
        });
    }
    criterion.final_summary();
    summary(&tests, Routine::Attack, 5);
    summary(&tests, Routine::Defend, 5);
}
