//! Per-scan figures for the shape-database scan (patterns.db +
//! patterns2.db, `-b`, colour to move) on the 60 public positions: wall
//! time medians when run directly, instruction counts under callgrind.
//!
//! Time:          `cargo bench -p tesuji --bench scan_driver`
//! Instructions:  `benches/callgrind_scan.sh` (runs this driver with
//! `--once` under callgrind, one dump per measured scan, and prints the
//! medians).

mod support;

use std::hint::black_box;
use std::time::Instant;

use matcher::PackedBoard;
use matcher::grid::GridMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

/// One scan, kept out of line so callgrind can count exactly its cost.
#[inline(never)]
fn measured_scan(
    scanner: &GridMatcher<'_>,
    board: &PackedBoard,
    options: &ScanOptions<'_>,
) -> usize {
    let mut found = 0usize;
    scanner.scan(board, options, &mut |_| found += 1);
    found
}

fn main() {
    let once = std::env::args().any(|a| a == "--once");
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let db = support::shape_database(&shared);
    let scanner = GridMatcher::new(&db).with_cross_check(false);
    let positions = support::public_positions(&shared);
    // Warm-up: builds the per-size tables outside the measured calls.
    for p in &positions {
        let options = ScanOptions::new(ColorMode::Color(p.position.to_move));
        black_box(scanner.matches(&p.board, &options));
    }
    if once {
        for p in &positions {
            let options = ScanOptions::new(ColorMode::Color(p.position.to_move));
            black_box(measured_scan(&scanner, black_box(&p.board), &options));
        }
        return;
    }
    let repeats = 200;
    let mut all = Vec::new();
    let mut big = Vec::new();
    for p in &positions {
        let options = ScanOptions::new(ColorMode::Color(p.position.to_move));
        let start = Instant::now();
        for _ in 0..repeats {
            black_box(measured_scan(&scanner, black_box(&p.board), &options));
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / repeats as f64;
        all.push(micros);
        if p.board.size() == 19 {
            big.push(micros);
        }
    }
    println!(
        "patterns.db+patterns2.db (-b), colour to move, {} patterns",
        db.patterns.len()
    );
    println!(
        "median per scan, all {} positions: {:.1} µs",
        all.len(),
        testkit::median(&mut all)
    );
    println!(
        "median per scan, {} 19x19 positions: {:.1} µs",
        big.len(),
        testkit::median(&mut big)
    );
}
