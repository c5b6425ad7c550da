//! The ladder rule: an atari escape into a working ladder is read as
//! laddered (and not once a ladder breaker stands on its path), the
//! playouts never play it while the rule is on (and do without it), their
//! weights stay equal to a fresh computation, and the tree gives the
//! escape the prior of a weight-0 move.

use std::sync::Arc;

use goban::{Board, Color, Point};
use mcts::ladder::escape_is_laddered;
use mcts::search::{Limits, Position, SearchParams, Searcher};

use crate::first_moves;
use mcts::{LadderRule, PlayoutBoard, Policy};

/// Black's stone at (4, 4) in atari, its liberty (4, 5); extending there
/// leaves two liberties and White's ladder runs up to the top right.
const LADDER: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "....O....",
    "...OX....",
    "....OO...",
    ".........",
    ".........",
    ".........",
];

/// The escape point.
const ESCAPE: (usize, usize) = (4, 5);

/// `LADDER` with a black stone at `breaker` (if any), Black to move.
fn board(breaker: Option<(usize, usize)>) -> PlayoutBoard {
    let mut rows: Vec<String> = LADDER.iter().map(|r| r.to_string()).collect();
    if let Some((i, j)) = breaker {
        rows[i].replace_range(j..=j, "X");
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    PlayoutBoard::from_board(&Board::from_rows(&rows).unwrap(), Color::Black, None).unwrap()
}

fn ladder_policy(rule: LadderRule) -> Policy {
    Policy::new(patterns::mc_tesuji()).with_ladder(rule)
}

#[test]
fn the_escape_is_read_as_laddered_unless_broken() {
    let rule = LadderRule::default();
    let plain = board(None);
    let escape = plain.index(ESCAPE.0, ESCAPE.1);
    assert!(escape_is_laddered(&plain, escape, &rule));
    assert!(!escape_is_laddered(&plain, escape, &LadderRule::OFF));
    // A ladder that needs more extensions than the rule reads escapes.
    assert!(!escape_is_laddered(
        &plain,
        escape,
        &LadderRule { max_extensions: 2 }
    ));
    // Not an escape: any other point.
    assert!(!escape_is_laddered(&plain, plain.index(2, 2), &rule));
    // A black stone on the ladder's path breaks it.
    let broken = board(Some((1, 7)));
    assert!(!escape_is_laddered(&broken, escape, &rule));
}

#[test]
fn playouts_never_extend_a_laddered_string() {
    let plain = board(None);
    let escape = plain.index(ESCAPE.0, ESCAPE.1);
    let on = first_moves(&plain, &ladder_policy(LadderRule::default()), 300);
    assert!(!on.contains(&escape));
    // Without the rule the table's escape weight plays it (the test can
    // fail), and with a ladder breaker the rule lets it be played.
    let off = first_moves(&plain, &ladder_policy(LadderRule::OFF), 300);
    assert!(off.contains(&escape));
    let broken = board(Some((1, 7)));
    let on_broken = first_moves(&broken, &ladder_policy(LadderRule::default()), 300);
    assert!(on_broken.contains(&escape));
}

#[test]
fn the_tree_gives_a_laddered_escape_the_lowest_prior() {
    let params = SearchParams {
        deterministic: true,
        ..SearchParams::default()
    };
    let prior_of_escape = |rule: LadderRule| {
        let mut searcher = Searcher::new(params.clone(), Arc::new(ladder_policy(rule)));
        let limits = Limits {
            playouts: Some(20),
            time: None,
        };
        let result = searcher.search(&Position::new(board(None)), limits);
        let at = Some(Point::new(ESCAPE.0 as u8, ESCAPE.1 as u8));
        result.moves.iter().find(|m| m.mv == at).unwrap().prior
    };
    assert_eq!(
        prior_of_escape(LadderRule::default()),
        params.prior_unlikely
    );
    assert!(prior_of_escape(LadderRule::OFF) > params.prior_base);
}
