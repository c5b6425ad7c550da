//! Criterion benchmark: a full-board scan of GNU Go's shape database
//! (patterns.db + patterns2.db, `-b`) for the colour to move, on the 60
//! public positions and on the 30 19×19 ones. One iteration scans every
//! position of the set once; divide by the set size for the time per scan.
//!
//! `cargo bench -p tesuji --bench scan`

mod support;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use matcher::grid::GridMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};

fn scans(c: &mut Criterion) {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let db = support::shape_database(&shared);
    let scanner = GridMatcher::new(&db).with_cross_check(false);
    let positions = support::public_positions(&shared);
    let big: Vec<_> = positions.iter().filter(|p| p.board.size() == 19).collect();
    let all: Vec<_> = positions.iter().collect();
    for (name, set) in [("shapes_all60", &all), ("shapes_19x19", &big)] {
        c.bench_function(name, |b| {
            b.iter(|| {
                let mut found = 0usize;
                for p in set.iter() {
                    let options = ScanOptions::new(ColorMode::Color(p.position.to_move));
                    scanner.scan(black_box(&p.board), &options, &mut |_| found += 1);
                }
                black_box(found)
            })
        });
    }
}

criterion_group!(benches, scans);
criterion_main!(benches);
