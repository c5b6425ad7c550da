//! The combination (atari-atari) search on small positions: a double
//! atari is found at its point, with the defences that stop it; the same
//! shape with the cut already mended has no combination; the limits hold.

use std::sync::Arc;

use engine::combination::CombinationParams;
use engine::{Databases, Engine};
use goban::{Board, Color};

/// 9×9: white E5 (liberties E4, F5) and white D4 (liberties E4, D3) meet
/// diagonally at E4; black E6, D5 and C4 press on them. Neither white
/// string can be captured on its own, but black E4 ataris both.
const DOUBLE_ATARI: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "....X....",
    "...XO....",
    "..XO.....",
    ".........",
    ".........",
    ".........",
];

fn engine_on(rows: &[&str]) -> Engine {
    let mut engine = Engine::new(Arc::new(Databases::default()));
    engine.set_position(Board::from_rows(rows).expect("a board"), None);
    engine
}

fn gtp(v: goban::Vertex) -> String {
    goban::Geometry::square(9).expect("9×9").gtp(v)
}

#[test]
fn a_double_atari_is_found_at_its_point() {
    let mut engine = engine_on(&DOUBLE_ATARI);
    let found = engine
        .combination_attack(Color::Black, CombinationParams::default())
        .expect("black E4 ataris two strings");
    assert_eq!(gtp(found.attack), "E4");
    let mut threatened: Vec<String> = found.threatened.iter().map(|&v| gtp(v)).collect();
    threatened.sort();
    assert_eq!(threatened, ["D4", "E5"]);
}

#[test]
fn each_defence_point_stops_the_combination() {
    let mut engine = engine_on(&DOUBLE_ATARI);
    let defences = engine.combination_defence(Color::Black, CombinationParams::default());
    let names: Vec<String> = defences.iter().map(|&v| gtp(v)).collect();
    assert!(names.contains(&"E4".to_string()), "{names:?}");
    let board = engine.current_board().clone();
    for &d in &defences {
        let mut after = board.clone();
        after.play(Color::White, d);
        let mut e = Engine::new(Arc::new(Databases::default()));
        e.set_position(after, None);
        assert!(
            e.combination_attack(Color::Black, CombinationParams::default())
                .is_none(),
            "white {} should stop the combination",
            gtp(d)
        );
    }
}

#[test]
fn with_the_cut_mended_there_is_no_combination() {
    let mut rows = DOUBLE_ATARI;
    rows[5] = "..XOO....";
    let mut engine = engine_on(&rows);
    assert!(
        engine
            .combination_attack(Color::Black, CombinationParams::default())
            .is_none()
    );
    assert!(
        engine
            .combination_defence(Color::Black, CombinationParams::default())
            .is_empty()
    );
}

#[test]
fn no_depth_means_no_combination() {
    let mut engine = engine_on(&DOUBLE_ATARI);
    let params = CombinationParams {
        max_depth: 0,
        ..CombinationParams::default()
    };
    assert!(engine.combination_attack(Color::Black, params).is_none());
}

#[test]
fn a_move_is_judged_against_the_combinations_before_it() {
    let mut engine = engine_on(&DOUBLE_ATARI);
    let params = CombinationParams::default();
    let geometry = goban::Geometry::square(9).expect("9×9");
    let at = |name: &str| geometry.parse_gtp(name).expect("a vertex");
    // White E4 mends the cut: nothing for black after it.
    assert!(
        engine
            .combination_after(Color::White, at("E4"), params)
            .is_none()
    );
    // White A1 leaves black's double atari on the board...
    let after = engine
        .combination_after(Color::White, at("A1"), params)
        .expect("black E4 still ataris two strings");
    assert_eq!(gtp(after.attack), "E4");
    // ...but it was there before the move, so the move opens nothing new.
    assert!(
        engine
            .combination_safety(Color::White, at("A1"), params)
            .is_none()
    );
    // What it wins: twice the effective size of the smaller string taken.
    assert!(engine.combination_value(&after) > 0.0);
}

#[test]
fn the_parameters_are_set_by_name() {
    let mut params = CombinationParams::default();
    params.set("max_depth", "4").expect("a number");
    params.set("targets", "alive").expect("a rule");
    params.set("stone_safety", "legal").expect("a safety");
    params.set("order", "smallest_target").expect("an order");
    params.set("threat_reach", "2").expect("a reach");
    params.set("goal_reach", "none").expect("no reach");
    assert_eq!(params.max_depth, 4);
    assert_eq!(params.targets, engine::combination::TargetRule::Alive);
    assert_eq!(params.stone_safety, engine::combination::StoneSafety::Legal);
    assert_eq!(params.order, engine::combination::MoveOrder::SmallestTarget);
    assert_eq!(params.threat_reach, Some(2));
    assert_eq!(params.goal_reach, None);
    assert!(params.set("max_depth", "deep").is_err());
    assert!(params.set("no_such_field", "1").is_err());
}

#[test]
fn the_limits_that_keep_threats_near_still_find_a_double_atari() {
    let mut engine = engine_on(&DOUBLE_ATARI);
    let params = CombinationParams {
        threat_reach: Some(1),
        goal_reach: Some(2),
        order: engine::combination::MoveOrder::SmallestTarget,
        stone_safety: engine::combination::StoneSafety::Legal,
        ..CombinationParams::default()
    };
    let found = engine
        .combination_attack(Color::Black, params)
        .expect("black E4 ataris two strings next to it");
    assert_eq!(gtp(found.attack), "E4");
}

#[test]
fn without_owl_no_dragon_is_known_alive_and_nothing_is_a_target() {
    let mut engine = engine_on(&DOUBLE_ATARI);
    let params = CombinationParams {
        targets: engine::combination::TargetRule::Alive,
        ..CombinationParams::default()
    };
    assert!(engine.combination_attack(Color::Black, params).is_none());
}
