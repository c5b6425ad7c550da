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
