//! The owl search with the tactical reader's stack-depth bands counted
//! from each read's own start (`OwlParams::reading_bands_from_call`), on
//! GNU Go's `ld_owl:182` (`games/life_and_death/tripod6.sgf`,
//! `owl_defend R3`, GNU Go 3.8 `2 S1`). Off, the root's line through S1
//! reads its tactical calls with the bands of their stack depth and the
//! defence at S1 comes out as a ko the defender needs a threat for (3),
//! while the same move asked on its own (`owl_does_defend S1`, a search
//! that starts after the move) gives the ko the defender takes first (2).
//! On, the line reads as that fresh search does.

use engine::owl::derived::owl_does_defend;
use engine::owl::{OwlInputs, OwlParams, owl_defend};
use goban::Vertex;
use tactics::Code;

use crate::regression_engine::{engine_at, gnugo_databases};

#[test]
fn the_owls_lines_read_as_fresh_searches_with_bands_from_each_call() {
    let shared = testkit::require_shared!();
    let databases = gnugo_databases(&shared);
    let mut engine = engine_at(&databases, &shared, "life_and_death/tripod6.sgf", None);
    let geometry = engine.current_board().geometry();
    let at = |gtp: &str| -> Vertex { geometry.parse_gtp(gtp).expect("a vertex") };
    let (r3, s1) = (at("R3"), at("S1"));
    let mut read = |on: bool| {
        engine
            .with_owl(&[r3], |ctx, inputs, dragons| {
                let inputs = OwlInputs {
                    params: OwlParams {
                        reading_bands_from_call: on,
                        ..inputs.params
                    },
                    ..inputs
                };
                let root = owl_defend(ctx, inputs, &dragons[0]);
                let alone = owl_does_defend(ctx, inputs, s1, &dragons[0]);
                (root.code, root.point, alone)
            })
            .expect("the owl databases")
    };
    assert_eq!(read(true), (Code::KoA, Some(s1), Code::KoA));
    assert_eq!(read(false), (Code::KoB, Some(s1), Code::KoA));
}
