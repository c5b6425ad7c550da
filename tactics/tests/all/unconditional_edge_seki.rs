//! Potential seki pairs next to the edge: a two-stone Black string on the
//! second line inside White strings inside a living Black wall (eyes on
//! the top row). Which White string touches which of the pair's liberties
//! decides whether GNU Go leaves the area undecided (seki) or settles it.
//! The last two tests show when the rule is looked at (the end of a
//! stone, and a diagonal filled before the test). The positions were
//! written for the purpose on 9×9 and 11×11; the expected
//! answers are the ones GNU Go 3.8 gives over GTP (`unconditional_status`
//! on every point), written out here as our own expectations. Each test
//! checks the whole board.

use goban::{Board, Point};
use tactics::unconditional::{UnconditionalAnalysis, UnconditionalStatus};

/// Every point's status, one letter per point: `a` alive, `d` dead, `b`
/// Black territory, `w` White territory, `.` undecided.
fn statuses(rows: &[&str]) -> Vec<String> {
    let board = Board::from_rows(rows).expect("a valid board");
    let analysis = UnconditionalAnalysis::new(&board);
    let geometry = board.geometry();
    (0..rows.len())
        .map(|i| {
            (0..rows[i].len())
                .map(|j| {
                    let v = geometry.vertex_unchecked(Point::new(i as u8, j as u8));
                    match analysis.status(v) {
                        UnconditionalStatus::Alive => 'a',
                        UnconditionalStatus::Dead => 'd',
                        UnconditionalStatus::BlackTerritory => 'b',
                        UnconditionalStatus::WhiteTerritory => 'w',
                        UnconditionalStatus::Undecided => '.',
                    }
                })
                .collect()
        })
        .collect()
}

fn assert_statuses(rows: &[&str], expected: &[&str]) {
    assert_eq!(statuses(rows), expected, "rows from the top");
}

/// A Black pair E2-F2 on the second line: E2 is open (E3 and E1 empty), F2 only
/// on the edge side (F3 is White). One White string touches every liberty
/// but F1, which only the single stone G1 touches: the corner string at the
/// half-open stone keeps the seki, and nothing is settled.
#[test]
fn a_small_string_in_the_corner_of_the_half_open_stone_keeps_the_seki() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXOOOOOXX",
            "XXOO.OOOX",
            "XXO.XX.OX",
            "XXOO..OXX",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aa.....aa",
            "aa......a",
            "aa......a",
            "aa.....aa",
        ],
    );
}

/// The same pair and enclosure, with the single stone in the corner of the
/// open stone instead (D1, touching D2 and E1): the main string misses a
/// side of the only open stone, GNU Go settles the area, and the pair
/// lives on Black's territory.
#[test]
fn a_small_string_in_the_corner_of_the_open_stone_settles_the_area() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXOOOOOXX",
            "XXOO.OOOX",
            "XXO.XX.OX",
            "XXXO..OOX",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aadddddaa",
            "aaddbddda",
            "aadbaabda",
            "aaadbbdda",
        ],
    );
}

/// A pair F2-G2 whose liberties two White strings share, each touching the
/// end and the edge side of its own stone (and both the open point F3):
/// no string touches four liberties, so there is no seki.
#[test]
fn two_strings_sharing_the_liberties_make_no_seki() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXOOXX",
            "XXXOO.OOO",
            "XXXO.XX.O",
            "XXXOO..OO",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaddaa",
            "aaaddbddd",
            "aaadbaabd",
            "aaaddbbdd",
        ],
    );
}

/// A vertical pair B4-B3 next to the left edge, with all six liberties
/// empty, touched by three White strings of two or three liberties each:
/// no seki.
#[test]
fn three_small_strings_around_a_pair_make_no_seki() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "OOXXXXXXX",
            "O.OOXXXXX",
            ".X.OXXXXX",
            ".X.OXXXXX",
            "O.OX.XXXX",
            "OOOXXXXXX",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "ddaaaaaaa",
            "dbddaaaaa",
            "babdaaaaa",
            "babdaaaaa",
            "dbdabaaaa",
            "dddaaaaaa",
        ],
    );
}

/// Four liberties on one diagonal (E3 and F1 White, next to the pair):
/// the stones next to the pair belong to two different White strings, and
/// GNU Go settles the area although the main string touches every
/// liberty.
#[test]
fn two_different_strings_next_to_the_pair_settle_the_area() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXOOOOOXX",
            "XXOOO.OOX",
            "XXO.XX.OX",
            "XXOO.OOXX",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aadddddaa",
            "aadddbdda",
            "aadbaabda",
            "aaddbddaa",
        ],
    );
}

/// The same diagonal, with the stones next to the pair (E3 and F1) in one
/// White string and a single stone D1 in the corner of E2: seki.
#[test]
fn one_string_next_to_the_pair_keeps_the_diagonal_seki() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXOOOOOXX",
            "XXOOO.OOX",
            "XXO.XX.OX",
            "XXXO.OOOX",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aa.....aa",
            "aa......a",
            "aa......a",
            "aaa.....a",
        ],
    );
}

/// A pair D2-E2 where the main White string (around the right) touches
/// every liberty but the end C2 of the open stone D2, and a second White
/// string wraps D2 (C2, D3 and D1): missing only an end keeps the seki.
#[test]
fn missing_only_the_end_of_the_open_stone_keeps_the_seki() {
    assert_statuses(
        &[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XOXOOOOXX",
            "XOO..OOXX",
            "XO.XX.OXX",
            "XOO.OOOXX",
        ],
        &[
            "babababab",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "aaaaaaaaa",
            "a.a....aa",
            "a......aa",
            "a......aa",
            "a......aa",
        ],
    );
}

/// A centre pair E5-F5 whose diagonal (E4 with F6) is there at first but
/// filled before the seki is looked at: E4 is a liberty of the living wall
/// (through the Black stone E3) and F4 the last liberty of the White stone
/// F3 in atari. Only the two upper sides remain, and GNU Go settles the
/// area.
#[test]
fn a_diagonal_filled_by_steps_2_1_and_2_2_ends_the_seki() {
    assert_statuses(
        &[
            ".X.X.X.X.X.",
            "XXXXXXXXXXX",
            "XXXXXXXXXXX",
            "XXXXXXXXXXX",
            "XX.OOOOXXXX",
            "XXOO..OOXXX",
            "XXO.XX.OXXX",
            "XXXO..O.XXX",
            "XXOOXOXOXXX",
            "XXXXXXXXXXX",
            "XXXXXXXXXXX",
        ],
        &[
            "bababababab",
            "aaaaaaaaaaa",
            "aaaaaaaaaaa",
            "aaaaaaaaaaa",
            "aabddddaaaa",
            "aaddbbddaaa",
            "aadbaabdaaa",
            "aaadbbdbaaa",
            "aaddadadaaa",
            "aaaaaaaaaaa",
            "aaaaaaaaaaa",
        ],
    );
}
