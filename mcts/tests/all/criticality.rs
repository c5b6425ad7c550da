//! Coulom's criticality: the tallies give a point whose owner wins the
//! playouts its share above chance, and the tree's bonus priors go to the
//! most critical points of the fight that decides the game.

use std::sync::Arc;

use goban::{Board, Color, Point};
use mcts::search::{Limits, Position, SearchParams, Searcher};
use mcts::{CriticalityRule, CriticalityTally, PlayoutBoard, Policy};

fn board(rows: &[&str]) -> PlayoutBoard {
    PlayoutBoard::from_board(&Board::from_rows(rows).unwrap(), Color::Black, None).unwrap()
}

#[test]
fn the_owner_of_a_critical_point_wins() {
    // (0, 0) is Black's in the game Black wins, White's in the one White
    // wins; (4, 4) is Black's in both.
    let black_won = board(&["X....", ".....", ".....", ".....", "....X"]);
    let white_won = board(&["O....", ".....", ".....", ".....", "....X"]);
    let mut tally = CriticalityTally::new();
    assert_eq!(tally.criticality(black_won.index(0, 0)), 0.0);
    tally.add(&black_won, 2);
    tally.add(&white_won, 0);
    assert_eq!(tally.playouts(), 2);
    // The owner always wins: 1 - (0.5 * 0.5 + 0.5 * 0.5).
    assert!((tally.criticality(black_won.index(0, 0)) - 0.5).abs() < 1e-6);
    // Owned by Black whoever wins: no criticality.
    assert!(tally.criticality(black_won.index(4, 4)).abs() < 1e-6);
    let both = [black_won.index(4, 4), black_won.index(0, 0)];
    assert!((tally.max_criticality(&both) - 0.5).abs() < 1e-6);
    // Merged tallies count both.
    let mut twice = tally.clone();
    twice.merge(&tally);
    assert_eq!(twice.playouts(), 4);
    assert!((twice.criticality(black_won.index(0, 0)) - 0.5).abs() < 1e-6);
}

#[test]
fn the_bonus_goes_by_criticality_relative_to_the_most_critical() {
    let rule = CriticalityRule {
        visits: 20,
        floor: 0.5,
        min_playouts: 10,
    };
    assert_eq!(rule.bonus(-0.2, 0.2), 0);
    assert_eq!(rule.bonus(0.1, 0.2), 0);
    assert_eq!(rule.bonus(0.15, 0.2), 10);
    assert_eq!(rule.bonus(0.2, 0.2), 20);
    assert_eq!(CriticalityRule::OFF.bonus(0.2, 0.2), 0);
}

/// A capture race on 7×7 (Black's f3 wins it, komi 0.5), from
/// `scripts/ld_positions.py`.
const CAPTURE_RACE: [&str; 7] = [
    ".OXXOX.", "OOXXOXX", "O.XXOXX", "OOX.OXX", ".OXOO.X", "OOXOOXX", ".OXOOX.",
];

#[test]
fn the_race_is_critical_and_its_liberties_get_the_bonus() {
    let search = |rule: CriticalityRule| {
        let params = SearchParams {
            deterministic: true,
            komi: 0.5,
            criticality: rule,
            ..SearchParams::default()
        };
        let mut searcher = Searcher::new(params, Arc::new(Policy::uniform()));
        let limits = Limits {
            playouts: Some(1000),
            time: None,
        };
        searcher.search(&Position::new(board(&CAPTURE_RACE)), limits)
    };
    let rule = CriticalityRule {
        visits: 20,
        floor: 0.5,
        min_playouts: 200,
    };
    let on = search(rule);
    let off = search(CriticalityRule::OFF);
    let at = |i: usize, j: usize| on.criticality[i * 7 + j];
    let prior = |result: &mcts::SearchResult, i: u8, j: u8| {
        let mv = Some(Point::new(i, j));
        result.moves.iter().find(|m| m.mv == mv).unwrap().prior
    };
    // Black's strings in the race decide the game; the corner White
    // owns whoever wins does not.
    assert!(at(0, 2) > 0.02, "{:?}", on.criticality);
    assert!(at(0, 0).abs() < 1e-3, "{:?}", on.criticality);
    // Black's inner liberty d4, the most critical empty point, gets the
    // whole bonus on top of its pattern prior; the outer liberty f3, less
    // critical, a smaller one if any.
    assert!(at(3, 3) > at(4, 5), "{:?}", on.criticality);
    let (d4_on, d4_off) = (prior(&on, 3, 3), prior(&off, 3, 3));
    let (f3_on, f3_off) = (prior(&on, 4, 5), prior(&off, 4, 5));
    assert!(d4_on > d4_off + 0.1, "{d4_on} {d4_off}");
    assert!(f3_on - f3_off < d4_on - d4_off - 0.05, "{f3_on} {f3_off}");
    assert!(off.criticality.iter().all(|&c| c == 0.0));
}
