//! Connection reading speed on fixed positions: the `connect` and
//! `disconnect` tests of GNU Go's `connection` suite
//! (`shared/regression/connection.tst`, read in place) that ask about a
//! position straight after its `loadsgf` (tests after `trymove`, `play`
//! or `popgo` are left out), each on a fresh [`Reader`] so that no answer
//! depends on another.
//!
//! Time:          `cargo bench -p tactics --bench connect` (criterion,
//! then a summary: median time per call and search nodes per second).
//! Instructions:  `tactics/benches/callgrind_connect.sh` (runs this bench
//! with `ENGINE_BENCH_ONCE` set, which answers every test once, under
//! callgrind, counting only `measured_search`). That mode also prints
//! every answer and the node counts, so two builds can be compared for
//! identical behaviour (`diff` of the printed lines).

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use tactics::connection::search::{ConnectionSearch, Question};
use tactics::{Code, Reader, ReadingResult};

use testkit::suite::{SuiteQuery as Test, connection_suite_queries as tests};

/// One search, kept out of line so callgrind can count exactly its cost.
/// Returns the answer and the search's nodes.
#[inline(never)]
fn measured_search(reader: &mut Reader, test: &Test) -> (ReadingResult, u64) {
    let mut search = ConnectionSearch::new(reader, test.a, test.b);
    let result = search.run(if test.connect {
        Question::Connect
    } else {
        Question::Disconnect
    });
    (result, search.nodes())
}

/// Answers every test on a fresh reader; returns the search nodes and
/// the tactical reader's nodes, and with `print` prints every answer.
fn search_all(tests: &[Test], print: bool) -> (u64, u64) {
    let (mut nodes, mut tactical) = (0, 0);
    for test in tests {
        let mut reader = Reader::new(test.board.clone(), test.ko);
        let (result, test_nodes) = black_box(measured_search(&mut reader, test));
        nodes += test_nodes;
        tactical += reader.total_nodes();
        if print {
            let geometry = test.board.geometry();
            let point = result.point.map_or("PASS".to_string(), |p| geometry.gtp(p));
            let answer = match result.code {
                Code::Fail => "0".to_string(),
                code => format!("{} {point}", code.gtp()),
            };
            println!(
                "answer: {} => {answer} ({test_nodes} nodes, {} tactical)",
                test.line,
                reader.total_nodes()
            );
        }
    }
    (nodes, tactical)
}

/// Median time per call (each call timed alone, best of `repeats`),
/// nodes and nodes per second.
fn summary(tests: &[Test], repeats: usize) {
    let mut times = Vec::new();
    let (mut nodes, mut seconds) = (0u64, 0.0);
    for test in tests {
        let mut best = f64::INFINITY;
        let mut test_nodes = 0;
        for _ in 0..repeats {
            let mut reader = Reader::new(test.board.clone(), test.ko);
            let started = Instant::now();
            let (_, n) = black_box(measured_search(&mut reader, test));
            best = best.min(started.elapsed().as_secs_f64());
            test_nodes = n;
        }
        times.push(best * 1e3);
        nodes += test_nodes;
        seconds += best;
    }
    println!(
        "{} tests, median {:.3} ms per call, total {:.3} s, {nodes} search nodes, {:.0} nodes/s",
        times.len(),
        testkit::median(&mut times),
        seconds,
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
        let (nodes, tactical) = search_all(&tests, true);
        println!(
            "nodes: {} tests, search {nodes}, tactical {tactical}",
            tests.len()
        );
        return;
    }
    let mut criterion = Criterion::default().sample_size(10).configure_from_args();
    criterion.bench_function(&format!("{} connection tests", tests.len()), |b| {
        b.iter(|| search_all(black_box(&tests), false))
    });
    criterion.final_summary();
    summary(&tests, 3);
}
