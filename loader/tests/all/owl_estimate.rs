//! The owl's life estimate at a node on small corner positions built by
//! hand (GNU Go's databases and `eyes.db`'s graphs; GNU Go's live answers
//! in the comments).

use engine::EngineContext;
use engine::owl::search::root_view;
use engine::owl::{OwlInputs, OwlMatchers, owl_defend};
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
    let geometry = board.geometry();
    ["C19", "C18", "C17", "C16", "B16", "A16"]
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
