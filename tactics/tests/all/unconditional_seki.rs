//! Potential seki pairs: a two-stone Black string inside a White
//! enclosure, inside a living Black wall. The positions were written for
//! the purpose on 11×11; the expected answers are the ones GNU Go 3.8
//! gives over GTP (`unconditional_status`), written out here as our own
//! expectations. Each test checks the whole enclosed area, so a rule that
//! settles too much or too little fails.

use goban::Board;
use tactics::unconditional::{UnconditionalAnalysis, UnconditionalStatus};

use UnconditionalStatus::{Alive, BlackTerritory, Dead, Undecided};

/// The base position: a Black pair F7-F6 with its six liberties (ends F8
/// and F5, sides E7, G7, E6, G6) inside one White ring, which has two
/// outside liberties H9 and H4 next to the Black wall. The wall lives
/// (eyes on rows 11 and 1).
const RING: [&str; 11] = [
    ".X.X.X.X.X.",
    "XXXXXXXXXXX",
    "XXXXOOO.XXX",
    "XXXOO.OOXXX",
    "XXXO.X.OXXX",
    "XXXO.X.OXXX",
    "XXXOO.OOXXX",
    "XXXXOOO.XXX",
    "XXXXXXXXXXX",
    "XXXXXXXXXXX",
    ".X.X.X.X.X.",
];

/// The ring with the points given changed (`(vertex, 'X' | 'O' | '.')`).
fn variant(changes: &[(&str, char)]) -> Board {
    let mut rows: Vec<Vec<char>> = RING.iter().map(|r| r.chars().collect()).collect();
    let height = rows.len();
    for &(vertex, c) in changes {
        let column = b"ABCDEFGHJKL"
            .iter()
            .position(|&l| l == vertex.as_bytes()[0])
            .expect("a column");
        let row: usize = vertex[1..].parse().expect("a row");
        rows[height - row][column] = c;
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    Board::from_rows(&rows).expect("a valid board")
}

/// The statuses of the enclosed area D9-H4 (rows 9 to 4, columns D to H),
/// one letter per point: `a` alive, `d` dead, `b` Black territory, `.`
/// undecided.
fn area(board: &Board) -> Vec<String> {
    let analysis = UnconditionalAnalysis::new(board);
    let geometry = board.geometry();
    (4..=9)
        .rev()
        .map(|row| {
            "DEFGH"
                .chars()
                .map(|column| {
                    let v = geometry
                        .parse_gtp(&format!("{column}{row}"))
                        .expect("a vertex");
                    match analysis.status(v) {
                        Alive => 'a',
                        Dead => 'd',
                        BlackTerritory => 'b',
                        Undecided => '.',
                        UnconditionalStatus::WhiteTerritory => 'w',
                    }
                })
                .collect()
        })
        .collect()
}

/// Everything in the area undecided; the wall (column D on rows 9 and 4)
/// stays alive.
const UNSETTLED: [&str; 6] = ["a....", ".....", ".....", ".....", ".....", "a...."];

fn assert_area(board: &Board, expected: &[&str]) {
    assert_eq!(area(board), expected, "rows 9 to 4, columns D to H");
}

#[test]
fn a_pair_with_all_six_liberties_in_one_ring_is_a_potential_seki() {
    assert_area(&variant(&[]), &UNSETTLED);
}

#[test]
fn without_outside_liberties_the_answer_is_the_same() {
    assert_area(
        &variant(&[("H9", 'X'), ("H4", 'X')]),
        &["a...a", ".....", ".....", ".....", ".....", "a...a"],
    );
}

#[test]
fn an_end_next_to_the_living_wall_is_filled_and_the_ring_dies() {
    // F9 joins the wall: F8 becomes one of its liberties.
    assert_area(
        &variant(&[("F9", 'X')]),
        &["adadb", "ddbdd", "dbabd", "dbabd", "ddbdd", "adddb"],
    );
}

#[test]
fn an_end_already_filled_is_no_seki() {
    assert_area(
        &variant(&[("F8", 'O')]),
        &["adddb", "ddddd", "dbabd", "dbabd", "ddbdd", "adddb"],
    );
}

#[test]
fn side_liberties_on_opposite_sides_of_different_stones_keep_the_seki() {
    // Left: E7 and G6 filled (G7 and E6 remain); right: G7 and E6 filled.
    assert_area(&variant(&[("E7", 'O'), ("G6", 'O')]), &UNSETTLED);
    assert_area(&variant(&[("G7", 'O'), ("E6", 'O')]), &UNSETTLED);
}

#[test]
fn side_liberties_on_one_side_or_at_one_stone_settle_the_area() {
    // E7 and E6 remain (both west).
    assert_area(
        &variant(&[("G7", 'O'), ("G6", 'O')]),
        &["adddb", "ddbdd", "dbadd", "dbadd", "ddbdd", "adddb"],
    );
    // E7 and G7 remain (both at F7).
    assert_area(
        &variant(&[("E6", 'O'), ("G6", 'O')]),
        &["adddb", "ddbdd", "dbabd", "ddadd", "ddbdd", "adddb"],
    );
}

#[test]
fn a_side_liberty_of_the_wall_does_not_count() {
    // D7 joins the wall; of the sides only E7 (a wall liberty) and G6
    // would form the opposite pair.
    assert_area(
        &variant(&[("E6", 'O'), ("G7", 'O'), ("D7", 'X')]),
        &["adddb", "ddbdd", "abadd", "ddabd", "ddbdd", "adddb"],
    );
}

#[test]
fn the_opposite_sides_must_touch_one_white_string() {
    // E9 and E4 split the ring into a left string (E7, E6) and a right
    // one (G7, G6): no string touches an opposite pair.
    assert_area(
        &variant(&[("E9", 'X'), ("E4", 'X')]),
        &["aaddb", "ddbdd", "dbabd", "dbabd", "ddbdd", "aaddb"],
    );
    // D8 and H5 split it into an upper and a lower string that both
    // touch E7 and G6.
    assert_area(
        &variant(&[("D8", 'X'), ("H5", 'X')]),
        &["a....", "a....", ".....", ".....", "....a", "a...."],
    );
}

#[test]
fn an_end_next_to_a_string_in_atari_is_filled_and_the_ring_dies() {
    // F9 is a single White stone in atari on F8: White extends there.
    assert_area(
        &variant(&[("E7", 'O'), ("G6", 'O'), ("E9", 'X'), ("G9", 'X')]),
        &["aadab", "ddbdd", "ddabd", "dbadd", "ddbdd", "adddb"],
    );
}

#[test]
fn a_single_stone_or_an_empty_ring_is_undecided_as_before() {
    assert_area(&variant(&[("F6", '.')]), &UNSETTLED);
    assert_area(&variant(&[("F7", '.'), ("F6", '.')]), &UNSETTLED);
}
