//! genmove's combination blunder check (GNU Go's "Combination attack
//! appears") on GNU Go's `blunder:4` position (`games/blunder4.sgf`,
//! white to move): white B7 lets black in with a combination (GNU Go's
//! trace: `B E4 W F3 B C5`, subtracting 6), so it is lowered and not
//! played; without the check it is the engine's move.

use engine::front::Choice;
use engine::front::genmove::GenmoveParams;
use goban::Color;

use crate::regression_engine::{engine_at, gnugo_databases};

#[test]
fn a_move_that_lets_the_opponent_combine_is_a_blunder() {
    let shared = testkit::require_shared!();
    let databases = gnugo_databases(&shared);
    let geometry = goban::Geometry::square(9).expect("9×9");
    let b7 = geometry.parse_gtp("B7").expect("a vertex");

    let mut engine = engine_at(&databases, &shared, "blunder4.sgf", None);
    let checked = engine.generate_with(Color::White, &GenmoveParams::default());
    let lowered = checked
        .blunders
        .iter()
        .find(|b| b.at == b7)
        .expect("B7 is found a blunder");
    assert!(lowered.why.contains("combination"), "{}", lowered.why);
    assert!(lowered.amount > 0.0);
    assert!(!matches!(checked.choice, Choice::Play { at, .. } if at == b7));

    let mut engine = engine_at(&databases, &shared, "blunder4.sgf", None);
    let unchecked = GenmoveParams {
        combination_blunder: None,
        ..GenmoveParams::default()
    };
    let generation = engine.generate_with(Color::White, &unchecked);
    assert!(
        generation
            .blunders
            .iter()
            .all(|b| !b.why.contains("combination"))
    );
}

/// GNU Go's `atari_atari:16` (`games/atari_atari06.sgf`, white to move,
/// GNU Go answers K3): W O18 takes N18, but black retakes at N18. Counted
/// as a win at once it is a false combination; answered by the retake it
/// is not.
#[test]
fn a_capture_that_is_retaken_is_no_combination() {
    use engine::combination::CombinationParams;
    let shared = testkit::require_shared!();
    let databases = gnugo_databases(&shared);
    let geometry = goban::Geometry::square(19).expect("19×19");
    let o18 = geometry.parse_gtp("O18").expect("a vertex");
    let mut engine = engine_at(&databases, &shared, "atari_atari06.sgf", None);
    let counted = CombinationParams {
        retake_answers: false,
        ..CombinationParams::answers()
    };
    let found = engine.combination_attack(Color::White, counted);
    assert_eq!(found.map(|c| c.attack), Some(o18));
    let found = engine.combination_attack(Color::White, CombinationParams::answers());
    assert_ne!(found.map(|c| c.attack), Some(o18));
}
