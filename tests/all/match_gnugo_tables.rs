//! The matcher on GNU Go's own compiled tables: every database for which
//! `expected/mkpat/<db>.plain.json` exists is loaded into matcher patterns
//! and scanned on the 60 public positions (loaded from their SGF files);
//! the raw matches must equal `expected/matches/public/<db>.jsonl.gz` as
//! multisets, for both engines.

use crate::common;

use mkpat::codegen::gnugo_build::GNUGO_DATABASES;

use matcher::grid::GridMatcher;
use matcher::reference::ReferenceMatcher;
use matcher::scan::Scanner;

#[test]
fn grid_and_reference_matchers_reproduce_gnugo_raw_matches() {
    let shared = testkit::require_shared!();
    let positions: Vec<_> = common::public_positions(&shared)
        .into_iter()
        .map(|p| {
            let loaded = common::load(&p);
            (p.id, loaded)
        })
        .collect();
    assert_eq!(positions.len(), 60);
    let mut checked = 0;
    let mut failures = String::new();
    for db_name in GNUGO_DATABASES.map(|db| db.name) {
        let Some(db) = common::gnugo_plain_db(&shared, db_name) else {
            continue;
        };
        let expected = common::expected_matches(&shared, db_name);
        let grid = GridMatcher::new(&db).with_cross_check(false);
        let reference = ReferenceMatcher::new(&db);
        for (engine, scanner) in [("grid", &grid as &dyn Scanner), ("reference", &reference)] {
            let mut actual = Vec::new();
            for (id, position) in &positions {
                actual.extend(common::scan_lines(scanner, id, position));
            }
            actual.sort();
            let difference = common::multiset_difference(&expected, &actual);
            if !difference.is_empty() {
                failures.push_str(&format!("{db_name} ({engine}): {difference}"));
            }
        }
        checked += 1;
    }
    assert!(checked >= 9, "only {checked} GNU Go plain tables found");
    assert!(failures.is_empty(), "{failures}");
}
