//! `attack_either`, `defend_both` and `break_through` on positions
//! written here (each checked against GNU Go 3.8's GTP answers when it
//! was written), and their properties on random positions: they leave
//! the board as they found it and never answer less than reading the
//! strings one by one gives.

use goban::{Board, Cell, Color, Vertex};
use proptest::prelude::*;
use tactics::{BREAK_THROUGH_CUT, BREAK_THROUGH_EMPTY, BREAK_THROUGH_WIN, Code, Reader};

use testkit::positions::random_board;

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).expect("a board")
}

fn at(board: &Board, gtp: &str) -> Vertex {
    board.geometry().parse_gtp(gtp).expect("a vertex")
}

#[test]
fn attack_either_finds_a_double_threat_where_single_attacks_fail() {
    // White D4 and C2: neither falls alone (GNU Go: `attack` 0 for both),
    // but Black captures one of them (GNU Go: `attack_either` 1).
    let b = board(&[
        "..XO..O", "..XX...", "O..XXX.", ".OXO...", "....OO.", ".XO....", ".OX...O",
    ]);
    let (d4, c2) = (at(&b, "D4"), at(&b, "C2"));
    let mut reader = Reader::new(b.clone(), None);
    assert_eq!(reader.attack(d4).code, Code::Fail);
    assert_eq!(reader.attack(c2).code, Code::Fail);
    let either = reader.attack_either(d4, c2);
    assert_eq!(either.code, Code::Win);
    assert_eq!(reader.attack_either(c2, d4).code, Code::Win);
    // The move really threatens both: after it, Black cannot save both.
    let m = either.point.expect("a move");
    reader.trymove(Color::Black, m).unwrap();
    assert_eq!(reader.defend_both(d4, c2).code, Code::Fail);
    reader.popgo();
    // White moving first saves both (GNU Go: `defend_both` 1).
    assert_eq!(reader.defend_both(d4, c2).code, Code::Win);
    assert_eq!(reader.board().board(), &b);
}

#[test]
fn attack_either_on_a_second_position() {
    // White F7 and F5 (GNU Go: `attack` 0 and 0, `attack_either` 1,
    // `defend_both` 1).
    let b = board(&[
        "..O..O.", "..O....", ".....OX", ".X...X.", "X..XX.O", ".X.O.X.", ".....O.",
    ]);
    let (f7, f5) = (at(&b, "F7"), at(&b, "F5"));
    let mut reader = Reader::new(b, None);
    assert_eq!(reader.attack(f7).code, Code::Fail);
    assert_eq!(reader.attack(f5).code, Code::Fail);
    assert_eq!(reader.attack_either(f7, f5).code, Code::Win);
    assert_eq!(reader.defend_both(f7, f5).code, Code::Win);
}

#[test]
fn defend_both_fails_where_each_string_alone_can_be_saved() {
    // White B4 and F4: each is attacked and each can be defended (GNU Go:
    // `defend` 1 B5 and 1 F5) but not both (`defend_both` 0).
    let b = board(&[
        ".......", ".O.....", ".......", ".OXX.O.", ".X...X.", "...OX..", "..XXO..",
    ]);
    let (b4, f4) = (at(&b, "B4"), at(&b, "F4"));
    let mut reader = Reader::new(b.clone(), None);
    assert_eq!(reader.attack(b4).code, Code::Win);
    assert_eq!(reader.attack(f4).code, Code::Win);
    assert_eq!(reader.find_defense(b4).code, Code::Win);
    assert_eq!(reader.find_defense(f4).code, Code::Win);
    assert_eq!(reader.defend_both(b4, f4).code, Code::Fail);
    assert_eq!(reader.attack_either(b4, f4).code, Code::Win);
    assert_eq!(reader.board().board(), &b);
}

#[test]
fn empty_points_and_mixed_colours() {
    let b = board(&[".....", ".XO..", ".....", ".....", "....."]);
    let (x, o, empty) = (at(&b, "B4"), at(&b, "C4"), at(&b, "E1"));
    let mut reader = Reader::new(b, None);
    assert_eq!(reader.attack_either(x, empty).code, Code::Win);
    assert_eq!(reader.attack_either(empty, x).code, Code::Win);
    assert_eq!(reader.defend_both(x, empty).code, Code::Fail);
    assert_eq!(reader.attack_either(x, o).code, Code::Fail);
    assert_eq!(reader.defend_both(x, o).code, Code::Fail);
    // Strings that cannot be attacked at all are defended without a move.
    let both = reader.defend_both(x, x);
    assert_eq!(both.code, Code::Win);
}

#[test]
fn break_through_captures_cuts_or_fails() {
    // The wall x = B2, y = C3, z = D2 around White's C2; White moves.
    // B2 is in atari: White captures it.
    let captured = board(&[".....", ".....", "..X..", "OXOX.", ".O..."]);
    let mut reader = Reader::new(captured.clone(), None);
    let (x, y, z) = (
        at(&captured, "B2"),
        at(&captured, "C3"),
        at(&captured, "D2"),
    );
    assert_eq!(reader.break_through(x, y, z), BREAK_THROUGH_WIN);
    assert_eq!(reader.board().board(), &captured);
    // A loose wall with a white stone at C6 above it and F = D4 backed by
    // D3: nothing falls, but White cuts at C5 with a stone that joins C6
    // and cannot be captured, and F cannot be captured either.
    let open = board(&[
        ".........",
        ".........",
        ".........",
        "..O......",
        "...X.....",
        "..XOX....",
        "...O.....",
        ".........",
        ".........",
    ]);
    let mut reader = Reader::new(open.clone(), None);
    let (x, y, z) = (at(&open, "C4"), at(&open, "D5"), at(&open, "E4"));
    assert_eq!(reader.break_through(x, y, z), BREAK_THROUGH_CUT);
    assert_eq!(reader.board().board(), &open);
    // Without D3, F is in atari once White has cut: no break-through.
    let mut loose = open.clone();
    loose.set_point(at(&open, "D3"), Cell::Empty);
    let mut reader = Reader::new(loose.clone(), None);
    assert_eq!(reader.break_through(x, y, z), 0);
    // A solid wall backed by more black stones: no cut works.
    let solid = board(&[
        ".......", ".......", "..XXX..", "..XXX..", "..XOX..", "..X.X..", ".......",
    ]);
    let mut reader = Reader::new(solid.clone(), None);
    let (x, y, z) = (at(&solid, "C3"), at(&solid, "D4"), at(&solid, "E3"));
    assert_eq!(reader.break_through(x, y, z), 0);
    // An empty wall point: GNU Go's quirk, 1.
    let mut reader = Reader::new(open.clone(), None);
    let empty = at(&open, "A1");
    let (x, y, z) = (at(&open, "C4"), at(&open, "D5"), at(&open, "E4"));
    assert_eq!(reader.break_through(empty, y, z), BREAK_THROUGH_EMPTY);
    assert_eq!(reader.break_through(x, y, empty), BREAK_THROUGH_EMPTY);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn combined_reading_bounds_single_reading_and_restores_the_board(
        setup in proptest::collection::vec((any::<bool>(), 0u16..49), 10..36),
    ) {
        let b = random_board(7, &setup);
        let heads: Vec<Vertex> = b
            .geometry()
            .board_vertices()
            .filter(|&v| b.cell(v) != Cell::Empty && b.head(v) == v && b.liberties(v) <= 3)
            .collect();
        let mut reader = Reader::new(b.clone(), None);
        for (i, &a) in heads.iter().enumerate() {
            for &c in &heads[i + 1..] {
                if b.cell(a) != b.cell(c) {
                    continue;
                }
                let (attack_a, attack_c) = (reader.attack(a).code, reader.attack(c).code);
                let either = reader.attack_either(a, c);
                prop_assert!(either.code >= attack_a.max(attack_c));
                let both = reader.defend_both(a, c);
                if attack_a == Code::Fail && attack_c == Code::Fail {
                    prop_assert_eq!(both.code, Code::Win);
                }
                // A move that saves both leaves neither open to a
                // capture (read at the same depth, as inside the search).
                if both.code == Code::Win
                    && let Some(m) = both.point
                {
                    let owner = b.cell(a).color().unwrap();
                    reader.trymove(owner, m).unwrap();
                    prop_assert_eq!(reader.attack(a).code, Code::Fail);
                    prop_assert_eq!(reader.attack(c).code, Code::Fail);
                    reader.popgo();
                }
                prop_assert_eq!(reader.board().board(), &b);
                prop_assert_eq!(reader.board().stack_depth(), 0);
            }
        }
    }
}
