//! The trivial connection through the capture of a four-liberty cutting
//! string: an opponent string next to both strings joins them once it
//! falls, so when the tactical reader captures it outright, the
//! connecter's attack point connects (as it does for a two-liberty
//! cutting string, and for one in atari when its capture is no ko).
//!
//! The `connection` suite's test 51 (`Lazarus-gnugo-3.1.19-200201092246.sgf`
//! move 108, `connect R14 Q16`, GNU Go `1 Q15`): after Black Q15 and
//! White's cut at Q14, White's R15–R18 is a four-liberty string touching
//! both of Black's strings, and GNU Go's connecter takes it (S15, then
//! after White S18, T18: GNU Go's `attack R15` is `1 S15` after `trymove`
//! of Q15 and Q14). The search's paths cross only opponent strings of two
//! liberties, so without this rule the connecter never tries the capture.
//! The reader's answer needs four-liberty attacks at stack depth 4 (the
//! reader's `fourlib_horizon_slack`).

use goban::{Color, Vertex};

use crate::codes::Code;
use crate::reader::{Reader, strings_adjacent_to_string};

/// The opponent strings (by head) next to both the string at `a` and the
/// string at `b`, both of colour `color`, in the order found around `a`.
pub fn cutting_strings(reader: &Reader, a: Vertex, b: Vertex, color: Color) -> Vec<Vertex> {
    let board = reader.board().board();
    let near_b = strings_adjacent_to_string(board, b, color.other());
    strings_adjacent_to_string(board, a, color.other())
        .into_iter()
        .filter(|c| near_b.contains(c))
        .collect()
}

/// The attack point of the first cutting string between `a` and `b`
/// (colour `color`) with exactly `liberties` liberties that the reader
/// captures outright, in the order of [`cutting_strings`].
pub fn cutter_capture(
    reader: &mut Reader,
    a: Vertex,
    b: Vertex,
    color: Color,
    liberties: usize,
) -> Option<Vertex> {
    captured_cutter(reader, a, b, color, liberties).map(|(_, point)| point)
}

/// The first cutting string between `a` and `b` (colour `color`) with
/// exactly `liberties` liberties that the reader captures outright, with
/// its attack point: `(string, attack point)`.
pub fn captured_cutter(
    reader: &mut Reader,
    a: Vertex,
    b: Vertex,
    color: Color,
    liberties: usize,
) -> Option<(Vertex, Vertex)> {
    for c in cutting_strings(reader, a, b, color) {
        if reader.board().board().liberties(c) != liberties {
            continue;
        }
        let attack = reader.attack(c);
        if attack.code == Code::Win {
            if let Some(point) = attack.point {
                return Some((c, point));
            }
        }
    }
    None
}
