//! The owl's life estimate at a node on small corner positions built by
//! hand (GNU Go's databases and `eyes.db`'s graphs; GNU Go's live answers
//! in the comments).

use engine::EngineContext;
use engine::owl::search::root_view;
use engine::owl::{OwlInputs, OwlMatchers, owl_attack, owl_defend};
use goban::{Board, Color, Vertex};
use tactics::Code;

use crate::owl_cases;

/// ld12's upper left corner (ld_owl.tst 45) after white has thrown a
/// stone in at A18: black's space A19 B19 A18 B18 A17 B17 holds a white
/// stone of three liberties that touches none of black's stones.
const THROWN_IN: [&str; 7] = [
    "..X................",
    "O.XOO..............",
    "..XO...............",
    "XXXO...............",
    ".OOO...............",
    ".O.................",
    "...................",
];

fn corner_board(rows: &[&str]) -> Board {
    let mut all: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    all.resize(19, ".".repeat(19));
    Board::from_rows(&all).expect("board")
}

fn black_dragon(board: &Board) -> Vec<Vertex> {
    vertices(board, &["C19", "C18", "C17", "C16", "B16", "A16"])
}

/// The vertices named in GTP form on `board`.
fn vertices(board: &Board, names: &[&str]) -> Vec<Vertex> {
    let geometry = board.geometry();
    names
        .iter()
        .map(|v| geometry.parse_gtp(v).expect("vertex"))
        .collect()
}

/// The thrown-in stone is read with the node's strings: reading captures
/// it, so it is a dead stone of the space (GNU Go: `eval_eye B18` 1 2 B18
/// B18, `owl_defend C16` 1 B18), not a wall cutting it into marginal
/// points; without the reading (the default,
/// [`engine::owl::OwlParams::inner_string_liberties`] 0) the goal is
/// estimated dead and the defender has no move.
#[test]
fn a_stone_thrown_into_the_eye_space_is_read() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = corner_board(&THROWN_IN);
    let stones = black_dragon(&board);
    let b18 = board.geometry().parse_gtp("B18").expect("vertex");
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    inputs.params.inner_string_liberties = 3;
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    let view = root_view(&mut ctx, inputs, &stones, false);
    assert!(!view.dead, "{view:?}");
    assert_eq!(view.eyes, (1, 2));
    assert!(view.moves.iter().any(|c| c.point == b18), "{view:?}");
    let defence = owl_defend(&mut ctx, inputs, &stones);
    assert_eq!((defence.code, defence.point), (Code::Win, Some(b18)));
    inputs.params.inner_string_liberties = 0;
    let unread = root_view(&mut ctx, inputs, &stones, false);
    assert!(unread.dead, "{unread:?}");
    assert_eq!(owl_defend(&mut ctx, inputs, &stones).code, Code::Fail);
}

/// ld13's lower left corner (ld_owl.tst 52): black's
/// space A5 A4 B3 A2 B2 A1 B1 C1 D1 holds the white stone A3 (three
/// liberties, touching none of black's stones) that reading captures.
const INNER_STONE: [&str; 7] = [
    ".O.................",
    ".OO................",
    ".XOO...............",
    ".XXO...............",
    "O.XOO..............",
    "..XXOO.............",
    "...................",
];

/// The board of `rows` put in the lower left corner.
fn lower_corner_board(rows: &[&str]) -> Board {
    let mut all = vec![".".repeat(19); 19 - rows.len()];
    all.extend(rows.iter().map(|r| r.to_string()));
    Board::from_rows(&all).expect("board")
}

/// With the inner stone A3 read (a dead stone of the space) the goal's
/// space is worth two eyes as GNU Go's owl values it ("value 2222,
/// pessimistic_min 1" at the root) and the defence is GNU Go's D1
/// (`owl_defend C4` 1 D1, `owl_attack C4` 1 A5); unread, A3 is a wall,
/// the space falls apart and the goal is estimated dead with no eye.
#[test]
fn a_capturable_stone_inside_the_space_is_a_dead_stone_of_it() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = lower_corner_board(&INNER_STONE);
    let geometry = board.geometry();
    let stones = vertices(&board, &["B5", "B4", "C4", "C3", "C2", "D2"]);
    let d1 = geometry.parse_gtp("D1").expect("vertex");
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    inputs.params.inner_string_liberties = 3;
    let read = root_view(&mut ctx, inputs, &stones, false);
    assert!(!read.dead, "{read:?}");
    assert_eq!(read.eyes, (2, 2), "{read:?}");
    let defence = owl_defend(&mut ctx, inputs, &stones);
    assert_eq!((defence.code, defence.point), (Code::Win, Some(d1)));
    inputs.params.inner_string_liberties = 0;
    let unread = root_view(&mut ctx, inputs, &stones, false);
    assert!(unread.dead, "{unread:?}");
    assert_eq!(unread.eyes, (0, 0), "{unread:?}");
}

/// explorer2.sgf after move 145 (owl.tst 187), black to move: White's
/// dragon M3 has the closed space M6 M5 N5 (`eval_eye M6` 1 2, vital M5)
/// and the space O4 O3 with a marginal point (0 1, vital O3).
const EXPLORER2_145: [&str; 19] = [
    "...................",
    ".OOX....OX..O......",
    ".OXX.O..O.X.OXXO...",
    "...O.....XOXXOO....",
    "..O....O..OOOO.O...",
    ".OO......OOXXXXO...",
    "O.XO..OO..OO....O..",
    "O.XO.O.OX.XOOX.XO..",
    "OX.OO.XX..XXX.XXO..",
    "X.XXXX..X....XOXO..",
    ".............XOOOX.",
    "..X...X..X.X.XXO.O.",
    "....X.....XO.OXOO.O",
    ".......X.XO.O.XXOOO",
    "...X....X.O..O.OXXO",
    ".........XOOO.OOX.X",
    "..X..X..XXXO..OXX..",
    "...........X.XX....",
    "...................",
];

/// Played as local games the two spaces give two sure eyes (the attacker
/// takes one vital point, the defender the other), and the estimate
/// calls the dragon alive at the root; GNU Go's trace adds the spaces'
/// pessimistic mins one by one ("value 1122, pessimistic_min 1", "value
/// 0011, pessimistic_min 0") and reads on: B:O3 kills (W:M5 B:O6, the
/// shortage of liberties the sum does not see). With
/// [`engine::owl::OwlParams::alive_by_space_sum`] the goal is not
/// estimated alive and the attack O3 is found.
#[test]
fn the_alive_cut_off_adds_the_spaces_pessimistic_mins() {
    let shared = testkit::require_shared!();
    let (owl, graphs) = owl_cases::databases(&shared);
    let matchers = OwlMatchers::new(&owl);
    let board = corner_board(&EXPLORER2_145);
    let geometry = board.geometry();
    let stones = vertices(
        &board,
        &[
            "M7", "O7", "L6", "N6", "L5", "O5", "Q5", "L4", "M4", "N4", "P4", "Q4", "M3", "P3",
        ],
    );
    let o3 = geometry.parse_gtp("O3").expect("vertex");
    let mut inputs = OwlInputs::new(&owl, &matchers, &graphs);
    let mut ctx = EngineContext::new(&board, None, Color::Black);
    inputs.params.alive_by_space_sum = false;
    let games = root_view(&mut ctx, inputs, &stones, true);
    assert!(games.alive, "{games:?}");
    inputs.params.alive_by_space_sum = true;
    let summed = root_view(&mut ctx, inputs, &stones, true);
    assert!(!summed.alive, "{summed:?}");
    let attack = owl_attack(&mut ctx, inputs, &stones);
    assert_eq!(attack.code, Code::Win, "{attack:?}");
    assert_eq!(attack.point, Some(o3), "{attack:?}");
}
