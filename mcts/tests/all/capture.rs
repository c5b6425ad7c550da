//! The capture/escape rule: the answers to the last move's ataris are
//! found (escapes before captures, laddered extensions left out with the
//! ladder rule), the playouts play them first while the rule is on (and
//! not always without it), their weights stay equal to a fresh
//! computation, and the tree gives them the best prior.

use std::sync::Arc;

use goban::{Board, Color, Point};
use mcts::capture::answers;
use mcts::search::{Limits, Position, SearchParams, Searcher};
use mcts::{CaptureRule, LadderRule, PlayoutBoard, Policy};

use crate::first_moves;

/// `rows` with `to_move` to play, then `to_move` plays `last`.
fn after(rows: &[&str], to_move: Color, last: (usize, usize)) -> PlayoutBoard {
    let mut board =
        PlayoutBoard::from_board(&Board::from_rows(rows).unwrap(), to_move, None).unwrap();
    board.play(board.index(last.0, last.1));
    board
}

/// Black's stone (3, 3) with White above and left; White's (4, 3) puts it
/// in atari, and the extension at (3, 4) gets three liberties.
const OPEN_ESCAPE: [&str; 7] = [
    ".......", ".......", "...O...", "..OX...", ".......", ".......", ".......",
];

/// The same with White also at (2, 4): the extension at (3, 4) has two
/// liberties and is laddered towards the lower right.
const LADDER: [&str; 7] = [
    ".......", ".......", "...OO..", "..OX...", ".......", ".......", ".......",
];

/// Black's (3, 3) with White around on three sides but (4, 3), whose
/// stone would itself be in atari (Black at (5, 3) and (4, 2)).
const COUNTER_CAPTURE: [&str; 7] = [
    ".......", ".......", "...O...", "..OX...", "..X....", "...X...", ".......",
];

/// White's stone at (3, 3) played into Black's three stones around it.
const SELF_ATARI: [&str; 7] = [
    ".......", ".......", "...X...", "..X....", "...X...", ".......", ".......",
];

fn sorted(mut points: Vec<u16>) -> Vec<u16> {
    points.sort_unstable();
    points
}

#[test]
fn answers_are_escapes_first_then_captures() {
    let any = |_| true;
    let open = after(&OPEN_ESCAPE, Color::White, (4, 3));
    assert_eq!(
        answers(&open, &LadderRule::OFF, any),
        vec![open.index(3, 4)]
    );
    let ladder = after(&LADDER, Color::White, (4, 3));
    assert_eq!(
        answers(&ladder, &LadderRule::OFF, any),
        vec![ladder.index(3, 4)]
    );
    assert_eq!(answers(&ladder, &LadderRule::default(), any), vec![]);
    let counter = after(&COUNTER_CAPTURE, Color::White, (4, 3));
    assert_eq!(
        sorted(answers(&counter, &LadderRule::default(), any)),
        sorted(vec![counter.index(4, 4), counter.index(3, 4)])
    );
    let capture = after(&SELF_ATARI, Color::White, (3, 3));
    assert_eq!(
        answers(&capture, &LadderRule::default(), any),
        vec![capture.index(3, 4)]
    );
    // A point the caller forbids is no answer.
    assert_eq!(answers(&capture, &LadderRule::default(), |_| false), vec![]);
    // No last move, no answer.
    let set_up =
        PlayoutBoard::from_board(&Board::from_rows(&SELF_ATARI).unwrap(), Color::Black, None)
            .unwrap();
    assert_eq!(answers(&set_up, &LadderRule::default(), any), vec![]);
}

fn capture_policy(rule: CaptureRule) -> Policy {
    Policy::new(patterns::mc_tesuji()).with_capture(rule)
}

#[test]
fn playouts_answer_the_atari_first() {
    for (rows, last, answer) in [(OPEN_ESCAPE, (4, 3), (3, 4)), (SELF_ATARI, (3, 3), (3, 4))] {
        let board = after(&rows, Color::White, last);
        let answer = board.index(answer.0, answer.1);
        let on = first_moves(&board, &capture_policy(CaptureRule::default()), 200);
        assert!(on.iter().all(|&v| v == answer));
        let off = first_moves(&board, &capture_policy(CaptureRule::OFF), 200);
        let hits = off.iter().filter(|&&v| v == answer).count();
        assert!(hits < 190, "{hits} of 200 without the rule");
    }
}

#[test]
fn the_tree_gives_the_answers_the_best_prior() {
    let params = SearchParams {
        deterministic: true,
        ..SearchParams::default()
    };
    let priors = |rows: &[&str], policy: Policy, points: &[(u8, u8)]| {
        let board = after(rows, Color::White, (4, 3));
        let mut searcher = Searcher::new(params.clone(), Arc::new(policy));
        let limits = Limits {
            playouts: Some(20),
            time: None,
        };
        let result = searcher.search(&Position::new(board), limits);
        points
            .iter()
            .map(|&(i, j)| {
                let at = Some(Point::new(i, j));
                result.moves.iter().find(|m| m.mv == at).unwrap().prior
            })
            .collect::<Vec<f32>>()
    };
    let best = params.prior_base + params.prior_pattern;
    let on = capture_policy(CaptureRule::default());
    // The counter-capture and the extension: both the best with the rule,
    // not both without it.
    let both = [(4, 4), (3, 4)];
    let with_rule = priors(&COUNTER_CAPTURE, on.clone(), &both);
    assert!(
        with_rule.iter().all(|p| (p - best).abs() < 1e-6),
        "{with_rule:?}"
    );
    let without = priors(&COUNTER_CAPTURE, capture_policy(CaptureRule::OFF), &both);
    assert!(without.iter().any(|&p| p < best - 1e-3), "{without:?}");
    // A laddered escape is no answer with the ladder rule (its lowest prior).
    let laddered = priors(&LADDER, on.with_ladder(LadderRule::default()), &[(3, 4)]);
    assert!(laddered[0] < best - 1e-3, "{laddered:?}");
}
