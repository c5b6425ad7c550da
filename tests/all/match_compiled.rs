//! The acceptance test of the matcher issue: each of the 14 GNU Go
//! databases is compiled by our own compiler in its "plain" variant (GNU Go's
//! options, `goal_elements` / `callback_data` neutralised, no DFA), the 60
//! public positions are loaded from their SGF files, and the raw matches of
//! both colours must equal `expected/matches/public/<db>.jsonl.gz` exactly,
//! as multisets.

use crate::common;

use mkpat::codegen::gnugo_build::GNUGO_DATABASES;

use std::path::PathBuf;

use loader::compile::{compile_for_matching, compile_gnugo_build, split_options};
use matcher::grid::GridMatcher;

/// A way to compile database files with mkpat options.
type Compiler = fn(&[PathBuf], &[String]) -> Result<matcher::pattern::PatternDb, String>;

/// Input files and plain mkpat options of each database
/// (`expected/mkpat/README.md`, "Plain commands").
fn plain_build(db: &str) -> (Vec<&'static str>, &'static str) {
    match db {
        "patterns" => (vec!["patterns.db", "patterns2.db"], "-b"),
        "attack" => (vec!["attack.db"], "-X"),
        "defense" => (vec!["defense.db"], ""),
        "conn" => (vec!["conn.db"], "-c"),
        "endgame" => (vec!["endgame.db"], "-b"),
        "influence" => (vec!["influence.db"], "-c"),
        "barriers" => (vec!["barriers.db"], "-c -b"),
        "aa_attackpats" => (vec!["aa_attackpats.db"], "-m -b"),
        "owl_attackpats" => (vec!["owl_attackpats.db"], "-m -b"),
        "owl_vital_apats" => (vec!["owl_vital_apats.db"], "-m -b"),
        "owl_defendpats" => (vec!["owl_defendpats.db"], "-m -b"),
        "fuseki" => (vec!["fuseki.db"], "-b"),
        "handicap" => (vec!["handicap.db"], "-b"),
        "oracle" => (vec!["oracle.db"], "-b"),
        other => panic!("unknown database {other}"),
    }
}

#[test]
fn compiled_plain_databases_reproduce_gnugo_raw_matches() {
    let shared = testkit::require_shared!();
    let patterns_dir = testkit::gnugo_patterns_dir(&shared);
    let positions: Vec<_> = common::public_positions(&shared)
        .into_iter()
        .map(|p| {
            let loaded = common::load(&p);
            (p.id, loaded)
        })
        .collect();
    assert_eq!(positions.len(), 60);
    let mut failures = String::new();
    let mut total = 0;
    for db_name in GNUGO_DATABASES.map(|db| db.name) {
        let (inputs, options) = plain_build(db_name);
        let files: Vec<PathBuf> = inputs.iter().map(|f| patterns_dir.join(f)).collect();
        let expected = common::expected_matches(&shared, db_name);
        // The plain variant is what GNU Go's raw matches were made with; the
        // GNU Go-build variant drops 3x3 elements the grid masks still test,
        // so it must find the same placements.
        let compilers: [(&str, Compiler); 2] = [
            ("plain", compile_for_matching),
            ("gnugo-build", compile_gnugo_build),
        ];
        for (variant, compiler) in compilers {
            let db = compiler(&files, &split_options(options))
                .unwrap_or_else(|e| panic!("compiling {db_name} ({variant}): {e}"));
            // Every scan of the plain tables is also run by the reference
            // matcher, which must agree match for match.
            let scanner = GridMatcher::new(&db).with_cross_check(variant == "plain");
            let mut actual = Vec::new();
            for (id, position) in &positions {
                actual.extend(common::scan_lines(&scanner, id, position));
            }
            actual.sort();
            total += actual.len();
            let difference = common::multiset_difference(&expected, &actual);
            if !difference.is_empty() {
                failures.push_str(&format!("{db_name} ({variant}): {difference}"));
            }
        }
    }
    assert!(total > 100_000, "suspiciously few matches: {total}");
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn compiled_tables_equal_gnugo_plain_tables_where_dumped() {
    let shared = testkit::require_shared!();
    let patterns_dir = testkit::gnugo_patterns_dir(&shared);
    let mut compared = 0;
    for db_name in GNUGO_DATABASES.map(|db| db.name) {
        let Some(gnugo) = common::gnugo_plain_db(&shared, db_name) else {
            continue;
        };
        let (inputs, options) = plain_build(db_name);
        let files: Vec<PathBuf> = inputs.iter().map(|f| patterns_dir.join(f)).collect();
        let ours = compile_for_matching(&files, &split_options(options)).unwrap();
        assert_eq!(ours.patterns.len(), gnugo.patterns.len(), "{db_name}");
        for (a, b) in ours.patterns.iter().zip(gnugo.patterns.iter()) {
            let what = format!("{db_name} {}", b.name);
            assert_eq!(a.name, b.name, "{what}");
            assert_eq!(a.elements, b.elements, "{what}");
            assert_eq!(
                (a.trfno, a.mini, a.minj, a.maxi, a.maxj, a.height, a.width),
                (b.trfno, b.mini, b.minj, b.maxi, b.maxj, b.height, b.width),
                "{what}"
            );
            assert_eq!(a.edge_constraints, b.edge_constraints, "{what}");
            assert_eq!(a.move_offset, b.move_offset, "{what}");
            assert_eq!(a.anchored_at_x, b.anchored_at_x, "{what}");
            assert_eq!((a.and_mask, a.val_mask), (b.and_mask, b.val_mask), "{what}");
            assert_eq!(a.class, b.class, "{what}");
        }
        compared += 1;
    }
    assert!(compared >= 9);
}
