//! The generated path against the run-time path, for every database this
//! crate compiled (fixtures, our own, and the GNU Go corpus when present):
//!
//! * the generated `static` tables equal the tables compiled at run time;
//! * every constraint and action gives the same result and makes the same
//!   calls, generated or interpreted, against the pseudo-random test
//!   `Context`, for several seeds, every transformation and both phases;
//! * scanning the 60 public positions gives the same raw matches through
//!   both paths.

mod common;

use codegen_check::{CORPUS_COMPILED, DATABASES, MANIFEST};
use common::{generated, positions, runtime};
use matcher::board::Point;
use matcher::constraint::test_double::PseudoRandomContext;
use matcher::constraint::{Phase, Site};
use matcher::reference::ReferenceMatcher;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use matcher::transform::Transform;

#[test]
fn every_compiled_module_is_listed() {
    assert_eq!(MANIFEST.len(), DATABASES.len());
    assert!(MANIFEST.len() >= 8);
    if CORPUS_COMPILED {
        assert_eq!(
            MANIFEST
                .iter()
                .filter(|(m, _, _)| m.starts_with("gnugo::"))
                .count(),
            15,
            "14 mkpat databases plus the joseki corner database"
        );
    } else {
        eprintln!("*** GNU Go corpus absent: only fixtures and our own database were compared ***");
    }
}

#[test]
fn generated_tables_equal_run_time_tables() {
    for (module, args, base) in MANIFEST {
        let (db, _) = generated(module);
        let runtime = runtime(args, base);
        assert_eq!(runtime.db.patterns.len(), db.patterns.len(), "{module}");
        for (a, b) in runtime.db.patterns.iter().zip(db.patterns.iter()) {
            assert_eq!(a, b, "{module}: pattern {}", a.name);
        }
        assert_eq!(&runtime.db, db, "{module}");
    }
}

#[test]
fn generated_code_equals_interpreted_code() {
    let mut compared = 0usize;
    for (module, args, base) in MANIFEST {
        let (db, code) = generated(module);
        let interpreted = runtime(args, base).code_table();
        for index in 0..db.patterns.len() {
            assert_eq!(
                code.has_code(index),
                interpreted.has_code(index),
                "{module}: {index}"
            );
            if !code.has_code(index) {
                continue;
            }
            for seed in 0..4u64 {
                for transform in Transform::ALL {
                    for phase in [Phase::Constraint, Phase::Action] {
                        let site = Site::new(transform, Point::new(9, 9));
                        let mut a = PseudoRandomContext::new(seed * 1000 + index as u64);
                        let mut b = a.clone();
                        let ra = code.run(index, &mut a, site, phase);
                        let rb = interpreted.run(index, &mut b, site, phase);
                        assert_eq!(
                            (ra, &a.log),
                            (rb, &b.log),
                            "{module}: pattern {} seed {seed} ll {} {phase:?}",
                            db.patterns[index].name,
                            transform.number()
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} evaluations compared");
}

#[test]
fn scanning_public_positions_gives_the_same_raw_matches_through_both_paths() {
    let shared = testkit::require_shared!();
    // A build-time constant checked against the corpus found at run time.
    #[allow(clippy::assertions_on_constants)]
    {
        assert!(
            CORPUS_COMPILED,
            "the corpus is present but was not compiled in"
        );
    }
    let positions = positions(&shared);
    assert_eq!(positions.len(), 60);
    let options = ScanOptions::new(ColorMode::BothColors);
    let mut total = 0usize;
    // The corner database has its own matcher (variation tree), not a scan.
    let scanned = MANIFEST
        .iter()
        .filter(|(m, _, _)| m.starts_with("gnugo::") && *m != "gnugo::joseki");
    for (module, args, base) in scanned {
        let (db, _) = generated(module);
        let runtime = runtime(args, base);
        let (generated_scanner, runtime_scanner) = (
            ReferenceMatcher::new(db),
            ReferenceMatcher::new(&runtime.db),
        );
        for (id, board) in &positions {
            let a = generated_scanner.matches(board, &options);
            let b = runtime_scanner.matches(board, &options);
            assert_eq!(a, b, "{module} on {id}");
            total += a.len();
        }
    }
    assert!(
        total > 10_000,
        "only {total} matches: the scan found suspiciously little"
    );
}
