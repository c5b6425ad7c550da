//! The end of the game in genmove with GNU Go's databases
//! (`docs/tuning/endgame.md`): a move that gains nothing (no territory, no
//! strategic effect) is not valued by its secondary or connection terms,
//! so genmove passes where GNU Go passes; the reinforcement patterns stay
//! silent while the mover has a living dragon; with nothing valued, the
//! fill stage protects strings beside dead stones and backfills a string
//! a dame fill would endanger.

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

/// The fill stage's move with nothing valued, and the move without the
/// rule given by `change`.
fn fill_with_and_without(
    shared: &std::path::Path,
    game: &str,
    n: Option<u32>,
    color: Color,
    change: impl Fn(&mut GenmoveParams),
) -> (Choice, Choice) {
    let databases = gnugo_databases(shared);
    let mut engine = engine_at(&databases, shared, game, n);
    let with = engine
        .generate_with(color, &GenmoveParams::default())
        .choice;
    let mut old = GenmoveParams::default();
    change(&mut old);
    let mut engine = engine_at(&databases, shared, game, n);
    let without = engine.generate_with(color, &old).choice;
    (with, without)
}

fn vertex(name: &str) -> goban::Vertex {
    let geometry = goban::Geometry::square(9).expect("9×9");
    geometry.parse_gtp(name).expect("a vertex")
}

/// thrash:22 (`cgos/30527.sgf` before move 73, black): nothing is worth
/// playing; White J9 beside its dead H8 would atari Black's H9, so Black
/// fills G9 inside its own area (GNU Go: "Filling a liberty at G9").
#[test]
fn the_fill_stage_protects_a_stone_beside_dead_stones() {
    let shared = testkit::require_shared!();
    let (with, without) =
        fill_with_and_without(&shared, "cgos/30527.sgf", Some(73), Color::Black, |p| {
            p.fill.protect_next_to_opponent = false;
        });
    assert_eq!(with, Choice::FillLiberty(vertex("G9")));
    assert_eq!(without, Choice::Pass);
}

/// filllib:45 (`nngs/evand-gnugo-3.5.2gf1-200312150903.sgf`, black):
/// White's fill at the dame F9 would let him capture Black's F8 (four
/// liberties); G9, taking a liberty from White's dead H9, prevents it
/// (GNU Go: "backfilling dame found at G9 for string F8").
#[test]
fn the_fill_stage_backfills_a_string_a_dame_fill_would_endanger() {
    let shared = testkit::require_shared!();
    let game = "nngs/evand-gnugo-3.5.2gf1-200312150903.sgf";
    let (with, without) = fill_with_and_without(&shared, game, None, Color::Black, |p| {
        p.fill.protect_read_liberties = 0;
    });
    assert_eq!(with, Choice::FillLiberty(vertex("G9")));
    assert_eq!(without, Choice::Pass);
}

/// pub53 (`niki.sgf` before move 278, white): Black's Q14 would atari
/// White's Q15 beside Black's R14, which is in atari itself (White's to
/// capture): no protection inside own area, and GNU Go passes.
#[test]
fn no_protection_against_an_atari_beside_a_string_in_atari() {
    let shared = testkit::require_shared!();
    let databases = gnugo_databases(&shared);
    let (board, ko) =
        testkit::positions::layers_position(&shared, "shared/corpus/positions/niki.sgf", 278);
    let mut engine = engine::Engine::new(databases);
    engine.set_position(board, ko);
    let generation = engine.generate_with(Color::White, &GenmoveParams::default());
    assert_eq!(generation.choice, Choice::Pass);
}
