//! The search: deterministic mode, tree reuse, and small positions with
//! one winning move (or a stated pair of them) found within a stated
//! playout budget (on the embedded `mc_tesuji` policy): life and death in
//! the corner (straight three, bent three, bulky five), a capture race
//! with a shared liberty, and a snapback. In each, a komi chosen so that
//! the local fight decides the game makes every other move lose.

use std::sync::Arc;

use goban::{Board, Color, Point};
use mcts::search::{Limits, Position, SearchParams, Searcher};
use mcts::{LastGoodReply, PlayoutBoard, Policy};

/// Playouts each tactical position gets.
const BUDGET: u64 = 4000;

fn position(rows: &[&str], to_move: Color) -> Position {
    let board = Board::from_rows(rows).unwrap();
    Position::new(PlayoutBoard::from_board(&board, to_move, None).unwrap())
}

fn searcher(komi: f32, threads: usize) -> Searcher {
    searcher_with(komi, threads, LastGoodReply::Off)
}

fn searcher_with(komi: f32, threads: usize, last_good_reply: LastGoodReply) -> Searcher {
    let params = SearchParams {
        komi,
        threads,
        deterministic: threads == 1,
        seed: 7,
        last_good_reply,
        ..SearchParams::default()
    };
    Searcher::new(params, Arc::new(Policy::new(patterns::mc_tesuji())))
}

fn best(rows: &[&str], to_move: Color, komi: f32) -> (Option<Point>, f32) {
    best_with(rows, to_move, komi, LastGoodReply::Off)
}

fn best_with(
    rows: &[&str],
    to_move: Color,
    komi: f32,
    rule: LastGoodReply,
) -> (Option<Point>, f32) {
    let result = searcher_with(komi, 1, rule).search(
        &position(rows, to_move),
        Limits {
            playouts: Some(BUDGET),
            time: None,
        },
    );
    (result.best, result.winrate)
}

/// A white group on the left edge with a straight three of eye space:
/// the middle point decides whether it lives (komi makes the group's life
/// decide the game).
const STRAIGHT_THREE: [&str; 7] = [
    ".......", ".......", ".......", "XXXXX..", "OOOOX..", "...OX..", "OOOOX..",
];

#[test]
fn black_kills_a_straight_three_at_its_vital_point() {
    let (mv, winrate) = best(&STRAIGHT_THREE, Color::Black, 30.5);
    assert_eq!(mv, Some(Point::new(5, 1)), "win rate {winrate}");
    assert!(winrate > 0.6, "{winrate}");
}

#[test]
fn white_lives_at_the_same_point() {
    let (mv, winrate) = best(&STRAIGHT_THREE, Color::White, 30.5);
    assert_eq!(mv, Some(Point::new(5, 1)), "win rate {winrate}");
    assert!(winrate > 0.6, "{winrate}");
}

/// A bent three in the corner: its bend point decides the group's life.
const BENT_THREE: [&str; 7] = [
    ".......", ".......", ".......", "XXXXX..", "OOOOX..", "..OOX..", ".OOOX..",
];

#[test]
fn bent_three_vital_point_for_both_sides() {
    for color in Color::BOTH {
        let (mv, winrate) = best(&BENT_THREE, color, 30.5);
        assert_eq!(mv, Some(Point::new(5, 0)), "{color:?}: win rate {winrate}");
        assert!(winrate > 0.6, "{color:?}: {winrate}");
    }
}

/// Asserts that `to_move`'s best move is one of `winning` (row, column)
/// and that it wins in most playouts.
fn assert_finds(rows: &[&str], to_move: Color, komi: f32, winning: &[(u8, u8)]) {
    let (mv, winrate) = best(rows, to_move, komi);
    let winning: Vec<Option<Point>> = winning
        .iter()
        .map(|&(i, j)| Some(Point::new(i, j)))
        .collect();
    assert!(
        winning.contains(&mv),
        "{to_move:?} chose {mv:?}, not one of {winning:?} (win rate {winrate})"
    );
    assert!(winrate > 0.6, "{to_move:?}: {winrate}");
}

/// A bulky five in the corner: (6, 1) touches three of its points; there
/// Black kills and White lives.
const BULKY_FIVE: [&str; 7] = [
    ".......", ".......", ".......", "XXXXX..", "OOOOX..", "..OOX..", "...OX..",
];

#[test]
fn bulky_five_vital_point_for_both_sides() {
    for color in Color::BOTH {
        assert_finds(&BULKY_FIVE, color, 30.5, &[(6, 1)]);
    }
}

/// A capture race between the black string of column 2 (ten stones) and
/// the white one of column 4 (ten stones), each against the other side's
/// living wall. Each has one outside liberty in the other's wall (Black's
/// at (2, 1), White's at (4, 5)) and they share (3, 3). The side to move
/// wins only by taking the other's outside liberty: the shared one first
/// puts its own string in atari, and its own outside liberty is a wasted
/// move.
const CAPTURE_RACE: [&str; 7] = [
    ".OXXOX.", "OOXXOXX", "O.XXOXX", "OOX.OXX", ".OXOO.X", "OOXOOXX", ".OXOOX.",
];

#[test]
fn capture_race_won_by_the_outside_liberty() {
    assert_finds(&CAPTURE_RACE, Color::Black, 0.5, &[(4, 5)]);
    assert_finds(&CAPTURE_RACE, Color::White, 0.5, &[(2, 1)]);
}

/// A black ring of ten stones (column 4 and the ends of rows 1 and 6)
/// inside a living white group, with two liberties ((0, 6) and (3, 3));
/// it encloses six white stones whose only liberties are the two points
/// (3, 6) and (4, 6) on the edge. Black must throw in at one of them at
/// once (a self-atari: when White takes the stone, the capture leaves
/// the white string one liberty and Black takes seven stones back; if
/// White fills a ring liberty instead, Black captures the six). Any
/// other move lets White take a ring liberty and capture the ring first,
/// which is White's winning move (either liberty) when White is to play.
/// The komi makes the ring's life decide the game.
const SNAPBACK: [&str; 7] = [
    "OOOOOO.", "O.OOXXX", "OOOOXOO", "O.O.XO.", "OOOOXO.", "O.OOXOO", "OOOOXXX",
];

#[test]
fn snapback_throw_in() {
    assert_finds(&SNAPBACK, Color::Black, -20.5, &[(3, 6), (4, 6)]);
    assert_finds(&SNAPBACK, Color::White, -20.5, &[(0, 6), (3, 3)]);
}

/// Every position above with its winning moves: (rows, to move, komi,
/// winning (row, column) points).
type Case = (&'static [&'static str], Color, f32, &'static [(u8, u8)]);

const CASES: [Case; 10] = [
    (&STRAIGHT_THREE, Color::Black, 30.5, &[(5, 1)]),
    (&STRAIGHT_THREE, Color::White, 30.5, &[(5, 1)]),
    (&BENT_THREE, Color::Black, 30.5, &[(5, 0)]),
    (&BENT_THREE, Color::White, 30.5, &[(5, 0)]),
    (&BULKY_FIVE, Color::Black, 30.5, &[(6, 1)]),
    (&BULKY_FIVE, Color::White, 30.5, &[(6, 1)]),
    (&CAPTURE_RACE, Color::Black, 0.5, &[(4, 5)]),
    (&CAPTURE_RACE, Color::White, 0.5, &[(2, 1)]),
    (&SNAPBACK, Color::Black, -20.5, &[(3, 6), (4, 6)]),
    (&SNAPBACK, Color::White, -20.5, &[(0, 6), (3, 3)]),
];

/// With last good replies, the playouts of the losing side also replay
/// their best answers, so the winning move is asked to win more than half
/// its playouts (not the 0.6 above).
#[test]
fn last_good_replies_find_every_winning_move_and_stay_deterministic() {
    for rule in [LastGoodReply::One, LastGoodReply::Two] {
        for (rows, to_move, komi, winning) in CASES {
            let (mv, winrate) = best_with(rows, to_move, komi, rule);
            let winning: Vec<Option<Point>> = winning
                .iter()
                .map(|&(i, j)| Some(Point::new(i, j)))
                .collect();
            assert!(
                winning.contains(&mv) && winrate > 0.5,
                "{rule:?}, {to_move:?}: {mv:?} (win rate {winrate}), not one of {winning:?}"
            );
        }
        let pos = position(&CAPTURE_RACE, Color::Black);
        let limits = Limits {
            playouts: Some(1500),
            time: None,
        };
        let a = searcher_with(0.5, 1, rule).search(&pos, limits);
        let b = searcher_with(0.5, 1, rule).search(&pos, limits);
        assert_eq!(a.moves, b.moves, "{rule:?}");
    }
}

#[test]
fn deterministic_mode_repeats_itself() {
    let pos = position(&STRAIGHT_THREE, Color::Black);
    let limits = Limits {
        playouts: Some(1500),
        time: None,
    };
    let a = searcher(30.5, 1).search(&pos, limits);
    let b = searcher(30.5, 1).search(&pos, limits);
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.ownership, b.ownership);
    // `deterministic` forces one thread whatever `threads` says.
    let params = SearchParams {
        threads: 2,
        deterministic: true,
        seed: 7,
        komi: 30.5,
        ..SearchParams::default()
    };
    let c =
        Searcher::new(params, Arc::new(Policy::new(patterns::mc_tesuji()))).search(&pos, limits);
    assert_eq!(a.moves, c.moves);
}

#[test]
fn two_threads_run_the_playout_budget() {
    let pos = position(&STRAIGHT_THREE, Color::Black);
    let result = searcher(30.5, 2).search(
        &pos,
        Limits {
            playouts: Some(2000),
            time: None,
        },
    );
    assert_eq!(result.playouts, 2000);
    let visits: u32 = result.moves.iter().map(|m| m.visits).sum();
    assert_eq!(visits as u64, 2000);
}

#[test]
fn every_playout_of_two_threads_reaches_a_root_child_on_a_fresh_tree() {
    // A fresh 19x19 tree: the root's ~360 children take a while to build,
    // and a second thread must not run playouts from the bare root meanwhile.
    let empty = vec![".".repeat(19); 19];
    let rows: Vec<&str> = empty.iter().map(String::as_str).collect();
    let pos = position(&rows, Color::Black);
    for search in 0..40 {
        let result = searcher(7.5, 2).search(
            &pos,
            Limits {
                playouts: Some(16),
                time: None,
            },
        );
        let visits: u64 = result.moves.iter().map(|m| u64::from(m.visits)).sum();
        assert_eq!(visits, result.playouts, "search {search}");
    }
}

#[test]
fn tree_is_kept_after_a_move_and_the_memory_bound_holds() {
    let pos = position(&STRAIGHT_THREE, Color::Black);
    let params = SearchParams {
        komi: 30.5,
        max_nodes: 3000,
        deterministic: true,
        ..SearchParams::default()
    };
    let mut searcher = Searcher::new(params, Arc::new(Policy::new(patterns::mc_tesuji())));
    let first = searcher.search(
        &pos,
        Limits {
            playouts: Some(3000),
            time: None,
        },
    );
    assert!(first.nodes <= 3000);
    let mv = first.best;
    let kept = first.moves[0].visits;
    searcher.advance(mv);
    let mut next = pos.board.clone();
    next.play(next.index(5, 1));
    let second = searcher.search(
        &Position::new(next),
        Limits {
            playouts: Some(1),
            time: None,
        },
    );
    // The reused subtree's visits are still there (plus the new one).
    let total: u32 = second.moves.iter().map(|m| m.visits).sum();
    assert!(total + 1 >= kept, "{total} < {kept}");
}

#[test]
fn root_priors_steer_a_short_search() {
    let empty = PlayoutBoard::empty(7).unwrap();
    let corner = empty.index(0, 0);
    let limits = Limits {
        playouts: Some(60),
        time: None,
    };
    let corner_visits = |result: &mcts::SearchResult| {
        let stats = result
            .moves
            .iter()
            .find(|m| m.mv == Some(Point::new(0, 0)))
            .unwrap();
        (stats.visits, stats.prior)
    };
    let plain = searcher(7.5, 1).search(&Position::new(empty.clone()), limits);
    let mut steered = Position::new(empty);
    steered.root_priors = vec![(corner, 1.0)];
    let result = searcher(7.5, 1).search(&steered, limits);
    let (before, after) = (corner_visits(&plain), corner_visits(&result));
    assert_eq!(after.1, 1.0);
    assert!(after.0 >= 2 * before.0 + 3, "{before:?} -> {after:?}");
}

#[test]
fn reply_priors_reach_the_replies() {
    let empty = PlayoutBoard::empty(7).unwrap();
    let corner = empty.index(0, 0);
    let far = empty.index(6, 6);
    let limits = Limits {
        playouts: Some(80),
        time: None,
    };
    let mut steered = Position::new(empty);
    steered.root_priors = vec![(corner, 1.0)];
    steered.reply_priors = vec![(corner, vec![(far, 1.0)])];
    let result = searcher(7.5, 1).search(&steered, limits);
    let corner_line = &result
        .moves
        .iter()
        .find(|m| m.mv == Some(Point::new(0, 0)))
        .unwrap()
        .pv;
    // The far corner, a poor reply, is the most visited one only
    // because of its prior.
    assert_eq!(
        corner_line.get(1),
        Some(&Some(Point::new(6, 6))),
        "{corner_line:?}"
    );
}
