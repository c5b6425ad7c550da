//! Prints the owl escape values `influence::stone_escape_map` gives
//! every empty point of a board (stones `.`), for comparison with GNU Go's
//! map (`gnugo -d 0x8 --decide-dragon D`). Reads from standard input the
//! escaping colour (`B` or `W`) on the first line, then the board's rows
//! from the top (`X` black, `O` white, `.` empty). Optional arguments:
//! [`EscapeStoneParams`]' capturable liberties, lone strength and lone
//! distance (default: off). Used by `owl_escape_maps.py`.

use std::io::Read;

use engine::influence::{EscapeStoneParams, stone_escape_map};
use goban::{Board, Color};
use tactics::reader::Reader;

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("standard input");
    let mut lines = input.lines().filter(|l| !l.trim().is_empty());
    let escaping = match lines.next().map(str::trim) {
        Some("W") => Color::White,
        Some("B") => Color::Black,
        other => panic!("the first line is the escaping colour, B or W, not {other:?}"),
    };
    let rows: Vec<&str> = lines.map(str::trim).collect();
    let board = Board::from_rows(&rows).expect("board rows");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |k: usize| args.get(k).map(|a| a.parse::<f32>().expect("a number"));
    let off = EscapeStoneParams::OFF;
    let stones = EscapeStoneParams {
        capturable_liberties: arg(0).map_or(off.capturable_liberties, |a| a as usize),
        lone_strength: arg(1).unwrap_or(off.lone_strength),
        lone_distance: arg(2).map_or(off.lone_distance, |a| a as u8),
    };
    let mut reader = Reader::new(board.clone(), None);
    let map = stone_escape_map(&board, escaping, &stones, &mut reader);
    let width = board.geometry().width();
    for (k, row) in rows.iter().enumerate() {
        let line: String = row
            .chars()
            .enumerate()
            .map(|(j, c)| match c {
                'X' | 'x' | 'O' | 'o' => '.',
                _ => char::from(b'0' + map[k * width + j]),
            })
            .collect();
        println!("{line}");
    }
}
