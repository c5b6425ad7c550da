//! The playout board and its weights against plain references: after
//! every move of random games the incremental 3×3 codes, strings and
//! pseudo-liberties equal a recomputation, the stones equal `goban::Board`
//! playing the same moves, and every kept weight equals the weight
//! computed afresh (with `matcher::mc::McProperties::at` on the goban
//! board as the independent reference for captures and self-ataris).
//! Playouts never play an illegal move nor fill their own true eye.

use goban::{Board, Cell, Color, Vertex};
use matcher::mc::{McProperties, McTable, NUM_GEOMETRIES, NUM_PROPERTIES, geometry_table};
use mcts::board::{PASS, code_is_true_eye, relative_code};
use mcts::{Playout, PlayoutBoard, Policy, SelfAtariRule};
use proptest::prelude::*;

/// A table whose weight depends on every property bit and the class, so
/// that any stale property shows.
fn scrambled_policy() -> Policy {
    let values = (0..(NUM_GEOMETRIES + 1) * NUM_PROPERTIES)
        .map(|k| ((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as u32)
        .collect();
    Policy::new(McTable {
        name: "scrambled".into(),
        values,
    })
}

/// The weight of `v` for `color` from the goban board alone.
pub(crate) fn reference_weight(
    policy_table: &McTable,
    goban: &Board,
    board: &PlayoutBoard,
    v: u16,
    color: Color,
    near: bool,
) -> u32 {
    let p = board.point(v);
    let vertex = goban.geometry().vertex(p).unwrap();
    if goban.cell(vertex) != Cell::Empty || (color == board.to_move() && v == board.ko()) {
        return 0;
    }
    let code = relative_code(board.fresh_code(v), color);
    if code_is_true_eye(code) || goban.liberties_after(color, vertex) == 0 {
        return 0;
    }
    if forbidden_self_atari(goban, vertex, color, &SelfAtariRule::default()) {
        return 0;
    }
    let properties = McProperties::at(goban, p, color, near).unwrap();
    policy_table.class_weight(geometry_table().class(code), properties.bits())
}

/// Whether `rule` forbids `color` at the empty `vertex`, from the goban
/// board alone: the move played on a copy captures nothing and leaves a
/// string in atari larger than the rule allows.
fn forbidden_self_atari(goban: &Board, vertex: Vertex, color: Color, rule: &SelfAtariRule) -> bool {
    let mut after = goban.clone_position();
    let record = after.play(color, vertex);
    if record.captured > 0 || after.liberties(vertex) != 1 {
        return false;
    }
    let size = after.string_size(vertex);
    let mutual_atari = after
        .neighbours(vertex)
        .any(|n| after.cell(n) == color.other().stone() && after.liberties(n) == 1);
    size > usize::from(rule.nakade_stones)
        || (size > usize::from(rule.throw_in_stones) && mutual_atari)
}

fn scrambled_table() -> McTable {
    McTable {
        name: "scrambled".into(),
        values: (0..(NUM_GEOMETRIES + 1) * NUM_PROPERTIES)
            .map(|k| ((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as u32)
            .collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random games (moves drawn among the legal ones, passes now and
    /// then): every incremental field equals its recomputation after every
    /// move.
    #[test]
    fn incremental_state_equals_fresh_computation(size in 2usize..=9, seed: u64) {
        let policy = scrambled_policy();
        let table = scrambled_table();
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut playout = Playout::new(PlayoutBoard::empty(size).unwrap(), &policy);
        let mut goban = Board::square(size).unwrap();
        for _ in 0..3 * size * size {
            let board = playout.board();
            let legal: Vec<u16> = board.empties().iter().copied().filter(|&v| board.is_legal(v)).collect();
            let v = if legal.is_empty() || rng.u32(0..20) == 0 { PASS } else { legal[rng.usize(0..legal.len())] };
            if v != PASS {
                let vertex = goban.geometry().vertex(board.point(v)).unwrap();
                let record = goban.play(board.to_move(), vertex);
                prop_assert_eq!(record.suicided, 0);
            }
            playout.play(v, &policy);
            let board = playout.board();
            prop_assert_eq!(board.check_consistency(), Ok(()));
            for q in board.points() {
                let vertex = goban.geometry().vertex(board.point(q)).unwrap();
                let expected = match goban.cell(vertex) { Cell::Black => 1, Cell::White => 2, _ => 0 };
                prop_assert_eq!(board.cell(q), expected, "{:?}", board);
            }
            prop_assert_eq!(playout.check_weights(&policy), Ok(()));
            for q in board.points() {
                for color in Color::BOTH {
                    let reference = reference_weight(&table, &goban, board, q, color, playout.is_near(q));
                    prop_assert_eq!(playout.weight(q, color), reference, "{:?} at {} for {:?}", board, q, color);
                }
            }
        }
    }

    /// Playouts from random positions never play an illegal move nor a
    /// move in their own true eye, and end with two passes unless a whole
    /// position comes back (a cycle that simple ko allows, such as a
    /// double ko on a small board; `Playout::run`'s move limit ends those).
    #[test]
    fn playouts_are_legal_and_keep_their_eyes(size in 3usize..=9, seed: u64, uniform: bool) {
        let policy = if uniform { Policy::uniform() } else { Policy::new(patterns::mc_tesuji()) };
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut playout = Playout::new(PlayoutBoard::empty(size).unwrap(), &policy);
        let mut passes = 0;
        let mut seen = std::collections::HashSet::new();
        let mut cycle = false;
        for _ in 0..4 * size * size {
            let board = playout.board();
            let state: Vec<u8> = board.points().map(|q| board.cell(q)).collect();
            cycle |= !seen.insert((state, board.to_move(), board.ko(), board.passes()));
            let v = playout.draw(&mut rng);
            let board = playout.board();
            let mover = board.to_move();
            prop_assert!(board.is_legal(v), "illegal {} in\n{:?}", v, board);
            if v != PASS {
                prop_assert!(!board.is_true_eye(v, mover), "own eye {} filled in\n{:?}", v, board);
            }
            passes = if v == PASS { passes + 1 } else { 0 };
            playout.play(v, &policy);
            if passes == 2 {
                break;
            }
        }
        prop_assert!(passes == 2 || cycle, "the playout did not end:\n{:?}", playout.board());
    }
}

#[test]
fn position_from_a_goban_board() {
    let goban = Board::from_rows(&[".X.O.", "XO.O.", ".X...", ".....", "....."]).unwrap();
    let board = PlayoutBoard::from_board(&goban, Color::White, None).unwrap();
    assert_eq!(board.check_consistency(), Ok(()));
    assert_eq!(board.to_move(), Color::White);
    let at = |i, j| board.index(i, j);
    assert!(board.is_legal(at(0, 2)));
    // (0, 0) between black (0, 1) and (1, 0): suicide for White, and no
    // true eye of Black's (a white diagonal on the edge).
    assert!(!board.is_legal(at(0, 0)));
    assert!(!board.is_true_eye(at(0, 0), Color::Black));
    assert!(PlayoutBoard::from_board(&Board::square(21).unwrap(), Color::Black, None).is_err());
}

/// A seki on 7×7: Black's inner string (columns 2 and 3, twelve stones)
/// and White's (column 4, seven stones) share their only two liberties,
/// (1, 3) and (4, 3), between two walls with two eyes each. Filling a
/// shared liberty puts the filler's string in atari and the opponent
/// captures it; with the seki standing, Black has 26 points (stones and
/// eyes) and White 21, the shared liberties neither's.
const SEKI: [&str; 7] = [
    "OOXXOXX", ".OX.OX.", "OOXXOXX", "OOXXOXX", "OOX.OXX", ".OXXOX.", "OOXXOXX",
];

/// Area scores (komi 0) at the end of `count` playouts of the seki
/// position, Black to move, under `rule`.
fn seki_playout_scores(table: McTable, rule: SelfAtariRule, count: u64) -> Vec<f32> {
    let policy = Policy::with_self_atari(table, rule);
    let goban = Board::from_rows(&SEKI).unwrap();
    let board = PlayoutBoard::from_board(&goban, Color::Black, None).unwrap();
    let start = Playout::new(board, &policy);
    (0..count)
        .map(|seed| {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut playout = start.clone();
            playout.run(&policy, &mut rng, 200, &mut |_, _| {});
            playout.board().area_score(0.0)
        })
        .collect()
}

#[test]
fn playouts_keep_a_seki_alive() {
    for table in [patterns::mc_tesuji(), McTable::uniform("uniform")] {
        let name = table.name.clone();
        let policy = Policy::new(table.clone());
        let board = PlayoutBoard::from_board(&Board::from_rows(&SEKI).unwrap(), Color::Black, None)
            .unwrap();
        let playout = Playout::new(board, &policy);
        for (i, j) in [(1, 3), (4, 3)] {
            let v = playout.board().index(i, j);
            for color in Color::BOTH {
                assert_eq!(
                    playout.weight(v, color),
                    0,
                    "{name}: {color:?} at ({i}, {j})"
                );
            }
        }
        let scores = seki_playout_scores(table.clone(), SelfAtariRule::default(), 200);
        assert!(scores.iter().all(|&s| s == 5.0), "{name}: {scores:?}");
        // Without the rule the playouts break the seki (the test can fail).
        let broken = seki_playout_scores(table, SelfAtariRule::OFF, 200);
        assert!(broken.iter().any(|&s| s != 5.0), "{name}: {broken:?}");
    }
}

/// The distinct liberties of the string of the stone at `v`, by a walk.
fn string_liberties(board: &PlayoutBoard, v: u16) -> Vec<u16> {
    let mut out = Vec::new();
    for s in board.string_stones(board.head(v)) {
        for q in board.neighbours(s) {
            if board.cell(q) == mcts::board::EMPTY && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// The points a move at `v` marks `near`, from the boards before and after
/// it alone: the 3×3 neighbourhoods of the stones placed and removed, and
/// the liberties of the strings whose captures or self-ataris may have
/// changed (the mover's string when it or a string it joined has at most 3
/// liberties, the opposing strings next to the move with at most 3 after
/// it, every string next to a captured stone); every empty point when
/// there are 24 such strings or more.
pub(crate) fn plain_near_points(before: &PlayoutBoard, after: &PlayoutBoard, v: u16) -> Vec<u16> {
    use mcts::board::{BLACK, EMPTY, OFF, WHITE};
    let is_stone = |board: &PlayoutBoard, q: u16| matches!(board.cell(q), BLACK | WHITE);
    let mut out = Vec::new();
    let changed: Vec<u16> = after
        .points()
        .filter(|&q| before.cell(q) != after.cell(q))
        .collect();
    let stride = after.stride() as i32;
    for &s in &changed {
        for d in [
            -stride - 1,
            -stride,
            -stride + 1,
            -1,
            0,
            1,
            stride - 1,
            stride,
            stride + 1,
        ] {
            let q = (i32::from(s) + d) as u16;
            if after.cell(q) != OFF && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    if v == PASS {
        return out;
    }
    let mut heads = Vec::new();
    let mover = after.cell(v);
    let few = |board: &PlayoutBoard, q: u16| string_liberties(board, q).len() <= 3;
    let joined_few = before
        .neighbours(v)
        .iter()
        .any(|&n| before.cell(n) == mover && few(before, n));
    if few(after, v) || joined_few {
        heads.push(after.head(v));
    }
    for n in after.neighbours(v) {
        if is_stone(after, n) && after.cell(n) != mover && few(after, n) {
            heads.push(after.head(n));
        }
    }
    for &s in changed.iter().filter(|&&s| s != v) {
        for n in after.neighbours(s) {
            if is_stone(after, n) {
                heads.push(after.head(n));
            }
        }
    }
    heads.sort_unstable();
    heads.dedup();
    let liberties: Vec<u16> = if heads.len() >= 24 {
        after.points().filter(|&q| after.cell(q) == EMPTY).collect()
    } else {
        heads
            .iter()
            .flat_map(|&g| string_liberties(after, g))
            .collect()
    };
    for q in liberties {
        if !out.contains(&q) {
            out.push(q);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// After every move of random games the points marked `near` are
    /// exactly those of the plain recomputation from the boards before and
    /// after the move.
    #[test]
    fn near_points_equal_a_plain_recomputation(size in 2usize..=11, seed: u64) {
        let policy = Policy::uniform();
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut playout = Playout::new(PlayoutBoard::empty(size).unwrap(), &policy);
        for _ in 0..3 * size * size {
            let before = playout.board().clone();
            let legal: Vec<u16> = before.empties().iter().copied().filter(|&v| before.is_legal(v)).collect();
            let v = if legal.is_empty() || rng.u32(0..20) == 0 { PASS } else { legal[rng.usize(0..legal.len())] };
            playout.play(v, &policy);
            let after = playout.board();
            let mut expected = plain_near_points(&before, after, v);
            expected.sort_unstable();
            let near: Vec<u16> = after.points().filter(|&q| playout.is_near(q)).collect();
            prop_assert_eq!(near, expected, "{:?}\nafter {} in\n{:?}", after, v, before);
        }
    }
}

/// The board copied once per playout stays small: a few KB for every size
/// up to 19×19 (`goban::Board` keeps a liberty bitset per vertex, about
/// 55 KB on the heap).
#[test]
fn the_playout_board_stays_a_few_kilobytes() {
    let bytes = std::mem::size_of::<PlayoutBoard>();
    assert!(bytes <= 11 * 1024, "PlayoutBoard is {bytes} bytes");
}
