//! The end of the game in genmove with GNU Go's databases
//! (`docs/tuning/endgame.md`): a move that gains nothing (no territory, no
//! strategic effect) is not valued by its secondary or connection terms,
//! so genmove passes where GNU Go passes; the reinforcement patterns stay
//! silent while the mover has a living dragon.

use engine::front::Choice;
use engine::front::genmove::GenmoveParams;
use engine::valuation::ValuationParams;
use goban::Color;

use crate::regression_engine::{engine_at, gnugo_databases};

/// filllib:9 (`filllib1.sgf` before move 54, white): GNU Go's trace values
/// J2 and F1 (`attacks G1 (defenseless)`, unsafe) at nothing and passes;
/// with the secondary and connection terms they were 0.34.
#[test]
fn a_settled_position_is_passed_when_no_move_gains() {
    let shared = testkit::require_shared!();
    let databases = gnugo_databases(&shared);

    let mut engine = engine_at(&databases, &shared, "filllib1.sgf", Some(54));
    let generation = engine.generate_with(Color::White, &GenmoveParams::default());
    assert_eq!(generation.choice, Choice::Pass);

    let mut engine = engine_at(&databases, &shared, "filllib1.sgf", Some(54));
    let old = GenmoveParams {
        valuation: ValuationParams {
            extras_need_gain: false,
            ..ValuationParams::default()
        },
        ..GenmoveParams::default()
    };
    let generation = engine.generate_with(Color::White, &old);
    assert!(
        matches!(generation.choice, Choice::Play { .. }),
        "{:?}",
        generation.choice
    );
}

/// filllib:2 (`incident72.sgf` before move 255, white, whose dragons
/// live): GNU Go gives F7 no reason; the `Reinforce3` match there gave it
/// its minimum value 2.
#[test]
fn reinforcement_patterns_are_silent_while_the_mover_lives() {
    let shared = testkit::require_shared!();
    let databases = gnugo_databases(&shared);
    let geometry = goban::Geometry::square(19).expect("19×19");
    let f7 = geometry.parse_gtp("F7").expect("a vertex");

    let mut engine = engine_at(&databases, &shared, "incident72.sgf", Some(255));
    let generation = engine.generate_with(Color::White, &GenmoveParams::default());
    let value = generation.values.get(f7).map_or(0.0, |t| t.value);
    assert!(value <= 0.0, "F7 is valued {value}");
}
