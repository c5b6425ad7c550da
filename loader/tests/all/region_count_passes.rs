//! The region count's pattern passes
//! (`engine::front::genmove::TerritoryStandIn::pattern_passes`) with GNU
//! Go's databases: on `endgame2.sgf` before move 13 (endgame:213, White to
//! move) `barriers.db` holds Black's lower-left corner A1–G2 whole, as GNU
//! Go's and our GTP `initial_influence` do, so White's H1 takes little of
//! it; the count without the passes lets the corner's values fall towards
//! the gap at H1 and counts H1 five points.

use engine::front::genmove::{CountPatternPasses, GenmoveParams, TerritoryStandIn};
use goban::Color;

use crate::regression_engine::{engine_at, gnugo_databases};

/// White's territorial delta at H1 with the count's passes on or off.
fn h1_delta(shared: &std::path::Path, pattern_passes: CountPatternPasses) -> f32 {
    let databases = gnugo_databases(shared);
    let mut engine = engine_at(&databases, shared, "endgame2.sgf", Some(13));
    let params = GenmoveParams {
        territory: TerritoryStandIn {
            pattern_passes,
            ..TerritoryStandIn::default()
        },
        ..GenmoveParams::default()
    };
    let facts = engine.position_facts(Color::White, &params);
    let h1 = goban::Geometry::square(19)
        .expect("19×19")
        .parse_gtp("H1")
        .expect("a vertex");
    facts.territory_delta(h1)
}

/// GNU Go's trace: H1 `1.00 - change in territory`. Measured: 5.13
/// without the passes, 1.83 with them.
#[test]
fn the_barrier_pass_keeps_a_closed_corner_out_of_the_count() {
    let shared = testkit::require_shared!();
    let without = h1_delta(&shared, CountPatternPasses::None);
    let with = h1_delta(&shared, CountPatternPasses::Both);
    assert!(without > 4.0, "without the passes H1 counts {without}");
    assert!(with < 2.5, "with the passes H1 counts {with}");
}
