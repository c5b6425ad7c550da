//! Snapshots of the move reasons (`Engine::move_reasons`, every point's
//! `move_reasons` lines and the pattern facts that are set) of a few
//! positions written here, on the embedded default databases, so that
//! any change in what the generators find shows as a reviewable diff.

use std::fmt::Write;
use std::sync::Arc;

use engine::Engine;
use goban::{Board, Color, Geometry};

/// A position: the board size, the moves (alternating from Black, `-` a
/// pass) and the colour to move.
struct Case {
    name: &'static str,
    size: u8,
    moves: &'static str,
    to_move: Color,
}

const CASES: &[Case] = &[
    // A white stone in atari with a ladder, a black one cut.
    Case {
        name: "atari_and_cut",
        size: 9,
        moves: "E5 D5 D4 E4 F4 D6 C5 E6 F5 C6",
        to_move: Color::Black,
    },
    // Two weak white stones under attack, Black to defend his own.
    Case {
        name: "double_threat",
        size: 9,
        moves: "C3 D3 D4 C4 B4 E4 D5 C2 B2 B3 E5",
        to_move: Color::White,
    },
    // An opening on 13x13.
    Case {
        name: "opening_13",
        size: 13,
        moves: "D4 K10 K4 D10 G7 C7",
        to_move: Color::Black,
    },
    // A corner group with one eye and a cutting point.
    Case {
        name: "corner_life",
        size: 9,
        moves: "C3 G7 D3 G3 E3 F3 E2 C7 B3 - B2 F2 F1 - A2",
        to_move: Color::White,
    },
];

fn board(case: &Case) -> Board {
    let geometry = Geometry::square(usize::from(case.size)).expect("a board size");
    let mut board = Board::new(geometry);
    let mut color = Color::Black;
    for word in case.moves.split_whitespace() {
        if word != "-" {
            board.play(color, geometry.parse_gtp(word).expect("a vertex"));
        }
        color = color.other();
    }
    board
}

fn report(case: &Case, engine: &mut Engine) -> String {
    let store = engine.move_reasons(case.to_move);
    let geometry = store.geometry();
    let mut text = String::new();
    for (at, entry) in store.iter() {
        let lines = store.lines(at);
        if lines.is_empty() && entry.facts == Default::default() {
            continue;
        }
        writeln!(text, "{}:", geometry.gtp(at)).unwrap();
        for line in lines {
            writeln!(text, "  {line}").unwrap();
        }
        if entry.facts != Default::default() {
            writeln!(text, "  facts {:?}", entry.facts).unwrap();
        }
    }
    text
}

#[test]
fn move_reasons_of_the_cases() {
    let databases = Arc::new(loader::gnugo_dir::embedded());
    for case in CASES {
        let mut engine = Engine::new(databases.clone());
        engine.set_position(board(case), None);
        let text = report(case, &mut engine);
        insta::assert_snapshot!(case.name, text);
    }
}
