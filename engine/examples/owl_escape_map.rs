//! Prints the owl escape values `influence::region_escape_values` gives
//! every empty point of a board (stones `.`), for comparison with GNU Go's
//! map (`gnugo -d 0x8 --decide-dragon D`). Reads from standard input the
//! escaping colour (`B` or `W`) on the first line, then the board's rows
//! from the top (`X` black, `O` white, `.` empty). Used by
//! `owl_escape_maps.py`.

use std::io::Read;

use engine::influence::{
    InfluenceParams, InitialInfluence, RegionEscapeParams, RegionParams, StoneSafety,
    region_escape_values,
};
use goban::{Board, Color};

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
    let values = RegionEscapeParams::default();
    let params = InfluenceParams {
        territorial_attenuation: values.attenuation,
        ..InfluenceParams::default()
    };
    let influence =
        InitialInfluence::compute(&board, escaping.other(), &|_| StoneSafety::ALIVE, &params);
    let map = region_escape_values(&influence, escaping, &RegionParams::default(), &values);
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
