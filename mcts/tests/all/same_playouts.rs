//! Whole seeded playouts of `Playout::run` against a plain reference
//! playout that keeps nothing between moves: before every draw it computes
//! every point's weight afresh from a `goban::Board` playing the same moves
//! (`reference_weight`: `McProperties::at` for the captures and
//! self-ataris, with the `near` points of `plain_near_points` from the
//! boards before and after the last move) and draws among them in board
//! order, with the same rules in the
//! same order as `Playout::draw_with_rules` and the same random numbers.
//! The moves and the final score must be equal move for move: any shortcut
//! of the incremental playout that changed a weight, a rule's answer or a
//! random draw shows here.

use goban::{Board, Color};
use matcher::mc::McTable;
use mcts::board::{EMPTY, PASS};
use mcts::capture::draw_answer;
use mcts::ladder::escape_is_laddered;
use mcts::nakade::vital_point;
use mcts::{CaptureRule, LadderRule, NakadeRule, Playout, PlayoutBoard, Policy};

use crate::playout_board::{plain_near_points, reference_weight};

/// Most laddered escapes set aside in one draw (`playout::MAX_REDRAWS`).
const MAX_REDRAWS: usize = 4;

/// The fresh weights of every point for the player to move, from the
/// goban board playing the same moves.
fn fresh_weights(
    table: &McTable,
    goban: &Board,
    board: &PlayoutBoard,
    near: &[u16],
) -> Vec<(u16, u64)> {
    let color = board.to_move();
    board
        .points()
        .map(|v| {
            let near = near.contains(&v);
            (
                v,
                u64::from(reference_weight(table, goban, board, v, color, near)),
            )
        })
        .collect()
}

/// A point drawn with probability proportional to its weight, PASS when
/// none has weight (one `rng.u64` draw over the total, like `Playout::draw`).
fn draw_plain(weights: &[(u16, u64)], rng: &mut fastrand::Rng) -> u16 {
    let total: u64 = weights.iter().map(|&(_, w)| w).sum();
    if total == 0 {
        return PASS;
    }
    let mut r = rng.u64(0..total);
    for &(v, w) in weights {
        if r < w {
            return v;
        }
        r -= w;
    }
    PASS
}

/// The moves of a playout from `start` computed afresh at every move, and
/// its final area score (komi 7.5).
fn reference_playout(
    table: &McTable,
    start: &PlayoutBoard,
    policy: &Policy,
    seed: u64,
    max_moves: usize,
) -> (Vec<u16>, f32) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut board = start.clone();
    let mut goban = Board::square(start.size()).unwrap();
    for v in start.points().filter(|&v| start.cell(v) != EMPTY) {
        let vertex = goban.geometry().vertex(start.point(v)).unwrap();
        goban.place_stone(start.owner(v).unwrap(), vertex);
    }
    let mut near: Vec<u16> = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..max_moves {
        if board.passes() >= 2 {
            break;
        }
        let mut weights = fresh_weights(table, &goban, &board, &near);
        let weight_of = |weights: &[(u16, u64)], v: u16| {
            weights
                .iter()
                .find(|&&(p, _)| p == v)
                .map_or(0, |&(_, w)| w)
        };
        let nakade = policy.nakade();
        let ladder = policy.ladder();
        let capture = policy.capture();
        let mut chosen = None;
        if nakade.is_on()
            && rng.u8(0..100) < nakade.percent
            && let Some(v) = vital_point(&board)
            && weight_of(&weights, v) > 0
        {
            chosen = Some(v);
        }
        if chosen.is_none()
            && capture.is_on()
            && rng.u8(0..100) < capture.percent
            && let Some(v) = draw_answer(&board, &ladder, |v| weight_of(&weights, v) > 0, &mut rng)
        {
            chosen = Some(v);
        }
        let v = match chosen {
            Some(v) => v,
            None => {
                let mut redraws = 0;
                loop {
                    let v = draw_plain(&weights, &mut rng);
                    if !ladder.is_on()
                        || redraws == MAX_REDRAWS
                        || !escape_is_laddered(&board, v, &ladder)
                    {
                        break v;
                    }
                    redraws += 1;
                    for entry in weights.iter_mut().filter(|e| e.0 == v) {
                        entry.1 = 0;
                    }
                }
            }
        };
        moves.push(v);
        if v != PASS {
            let vertex = goban.geometry().vertex(board.point(v)).unwrap();
            goban.play(board.to_move(), vertex);
        }
        let before = board.clone();
        board.play(v);
        near = plain_near_points(&before, &board, v);
    }
    (moves, board.area_score(7.5))
}

/// The moves and final score of `Playout::run` from `start`.
fn incremental_playout(
    start: &PlayoutBoard,
    policy: &Policy,
    seed: u64,
    max_moves: usize,
) -> (Vec<u16>, f32) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut playout = Playout::new(start.clone(), policy);
    let mut moves = Vec::new();
    playout.run(policy, &mut rng, max_moves, &mut |v, _| moves.push(v));
    (moves, playout.board().area_score(7.5))
}

/// A 9×9 middle game: strings in atari, a ladder (Black's (4, 4) escapes
/// at (4, 5) into White's ladder), short of liberties on both sides.
const MIDDLE_GAME: [&str; 9] = [
    "..X.O....",
    ".XXOO.O..",
    "..XO.XO..",
    ".X.OX.O..",
    "...OX....",
    "....OO.X.",
    ".XO......",
    "..XO.X...",
    ".........",
];

/// The starting positions: the empty 9×9 and 13×13 boards, the middle
/// game with either side to move, a 19×19 board with a few stones.
fn starts() -> Vec<PlayoutBoard> {
    let middle = Board::from_rows(&MIDDLE_GAME).unwrap();
    let mut big = PlayoutBoard::empty(19).unwrap();
    for (i, j) in [(3, 3), (15, 15), (3, 15), (15, 3), (9, 9), (2, 5), (16, 13)] {
        big.play(big.index(i, j));
    }
    vec![
        PlayoutBoard::empty(9).unwrap(),
        PlayoutBoard::empty(13).unwrap(),
        PlayoutBoard::from_board(&middle, Color::Black, None).unwrap(),
        PlayoutBoard::from_board(&middle, Color::White, None).unwrap(),
        big,
    ]
}

/// The rule sets: none, the search's default (ladder and nakade), all
/// three.
fn rule_sets(policy: Policy) -> Vec<Policy> {
    vec![
        policy.clone(),
        policy
            .clone()
            .with_ladder(LadderRule::default())
            .with_nakade(NakadeRule::default()),
        policy
            .with_ladder(LadderRule::default())
            .with_nakade(NakadeRule::default())
            .with_capture(CaptureRule::default()),
    ]
}

#[test]
fn incremental_playouts_equal_a_plain_reference() {
    let tesuji = patterns::mc_tesuji();
    let uniform = McTable::uniform("uniform");
    let mut policies: Vec<(&McTable, Policy)> = Vec::new();
    for table in [&tesuji, &uniform] {
        for policy in rule_sets(Policy::new(table.clone())) {
            policies.push((table, policy));
        }
    }
    let mut moves = 0;
    for start in starts() {
        let max_moves = 3 * start.size() * start.size();
        for (table, policy) in &policies {
            let seeds = if start.size() > 13 { 0..2 } else { 0..6 };
            for seed in seeds {
                let expected = reference_playout(table, &start, policy, seed, max_moves);
                let got = incremental_playout(&start, policy, seed, max_moves);
                assert_eq!(
                    got,
                    expected,
                    "{} seed {seed} ladder {} nakade {} capture {} from\n{start:?}",
                    policy.name(),
                    policy.ladder().is_on(),
                    policy.nakade().is_on(),
                    policy.capture().is_on()
                );
                moves += expected.0.len();
            }
        }
    }
    assert!(moves > 10_000, "{moves} moves compared");
}
