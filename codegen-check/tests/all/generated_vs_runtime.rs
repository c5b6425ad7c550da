//! The generated path against the run-time path, for every database this
//! crate compiled (fixtures, our own, and the GNU Go corpus when present):
//!
//! * the generated `static` tables equal the tables compiled at run time;
//! * every constraint and action gives the same result and makes the same
//!   calls, generated or interpreted, against the pseudo-random test
//!   `Context`, for several seeds, every transformation and both phases;
//! * scanning the 60 public positions gives the same raw matches through
//!   both paths.

use crate::common;

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

/// The generated three-valued constraints against the interpreter's, with
/// doubles that lack some layers (so that calls go unknown), and the
/// generated `needs` tables against the programs'. Also: wherever the
/// three-valued result is known, it equals the two-valued result of the
/// same double with every layer.
#[test]
fn generated_three_valued_constraints_equal_interpreted_ones() {
    use matcher::constraint::Tri;
    use matcher::layer::{Layer, LayerSet};
    let layer_sets = [
        LayerSet::ALL,
        LayerSet::EMPTY,
        LayerSet::of(Layer::Board).with(Layer::Strings),
        LayerSet::of(Layer::Board)
            .with(Layer::Strings)
            .with(Layer::Tactics),
        LayerSet::of(Layer::Dragons).with(Layer::Influence),
    ];
    let (mut compared, mut known, mut unknown) = (0usize, 0usize, 0usize);
    for (module, args, base) in MANIFEST {
        let (db, code) = generated(module);
        let runtime = runtime(args, base);
        let interpreted = runtime.code_table();
        for index in 0..db.patterns.len() {
            assert_eq!(
                code.needs(index),
                interpreted.needs(index),
                "{module}: needs of {index}"
            );
            for seed in 0..2u64 {
                for transform in Transform::ALL {
                    for layers in layer_sets {
                        let site = Site::new(transform, Point::new(9, 9));
                        let mut a = PseudoRandomContext::new(seed * 1000 + index as u64)
                            .with_layers(layers);
                        let mut b = a.clone();
                        let ra = code.run_constraint_tri(index, &mut a, site);
                        let rb = interpreted.run_constraint_tri(index, &mut b, site);
                        let name = &db.patterns[index].name;
                        assert_eq!(
                            (ra, &a.log),
                            (rb, &b.log),
                            "{module}: pattern {name} seed {seed} ll {} layers {layers}",
                            transform.number()
                        );
                        let Some(tri) = ra else { continue };
                        compared += 1;
                        if let Some(value) = tri.to_int() {
                            known += 1;
                            let mut full = PseudoRandomContext::new(seed * 1000 + index as u64);
                            let two_valued = code.run(index, &mut full, site, Phase::Constraint);
                            // Patterns with an action and a constraint
                            // return the constraint in this phase.
                            assert_eq!(
                                two_valued,
                                Some(value),
                                "{module}: {name} ll {} layers {layers}",
                                transform.number()
                            );
                        } else {
                            unknown += 1;
                            assert!(
                                tri.needs().iter().all(|layer| !layers.contains(layer)),
                                "{module}: {name} needs a layer the double has"
                            );
                        }
                        if layers == LayerSet::ALL {
                            assert!(matches!(tri, Tri::Known(_)), "{module}: {name}");
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} evaluations compared");
    assert!(
        known > 100 && unknown > 100,
        "{known} known, {unknown} unknown"
    );
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
