//! Unit tests on small hand-made positions, and properties: the analysis
//! does not depend on the board's orientation, and swapping the colours
//! swaps the answers.

use goban::{Board, Color, Geometry};
use proptest::prelude::*;
use tactics::unconditional::{UnconditionalAnalysis, UnconditionalStatus, unconditional_status};

use UnconditionalStatus::{Alive, BlackTerritory, Dead, Undecided, WhiteTerritory};

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).expect("a valid board")
}

fn status(b: &Board, vertex: &str) -> UnconditionalStatus {
    let v = b.geometry().parse_gtp(vertex).expect("a vertex");
    unconditional_status(b, v)
}

#[test]
fn a_group_with_two_eyes_is_alive_and_owns_its_eyes() {
    let b = board(&[".X.X.", "XXXXX", ".....", ".....", "....."]);
    assert_eq!(status(&b, "B5"), Alive);
    assert_eq!(status(&b, "A4"), Alive);
    for eye in ["A5", "C5", "E5"] {
        assert_eq!(status(&b, eye), BlackTerritory, "{eye}");
    }
    assert_eq!(status(&b, "C2"), Undecided);
}

#[test]
fn a_group_without_eyes_is_undecided() {
    let b = board(&[".....", "XXXXX", ".....", ".....", "....."]);
    for vertex in ["A4", "C4", "E4", "A5", "C2"] {
        assert_eq!(status(&b, vertex), Undecided, "{vertex}");
    }
}

#[test]
fn a_group_with_one_eye_is_undecided() {
    let b = board(&[".X...", "XX...", ".....", ".....", "....."]);
    assert_eq!(status(&b, "B5"), Undecided);
    assert_eq!(status(&b, "A5"), Undecided);
}

#[test]
fn a_stone_inside_a_living_groups_eye_is_dead() {
    let b = board(&[
        ".X.O.X.", "XXXXXXX", ".......", ".......", ".......", ".......", ".......",
    ]);
    assert_eq!(status(&b, "D7"), Dead);
    assert_eq!(status(&b, "C7"), BlackTerritory);
    assert_eq!(status(&b, "E7"), BlackTerritory);
    assert_eq!(status(&b, "B7"), Alive);
    assert_eq!(status(&b, "D3"), Undecided);
}

#[test]
fn white_territory_mirrors_black_territory() {
    let b = board(&[".O.O.", "OOOOO", ".....", ".....", "....."]);
    assert_eq!(status(&b, "B5"), Alive);
    assert_eq!(status(&b, "C5"), WhiteTerritory);
}

#[test]
fn a_string_in_atari_inside_an_eye_is_dead() {
    // White's two stones in the corner share Black's eye; their last
    // liberty C5 is Black's territory too.
    let b = board(&["OO.X.", "XXXXX", ".....", ".....", "....."]);
    assert_eq!(status(&b, "A5"), Dead);
    assert_eq!(status(&b, "B5"), Dead);
    assert_eq!(status(&b, "C5"), BlackTerritory);
    assert_eq!(status(&b, "B4"), Alive);
}

/// The board's rows with one of the 8 symmetries of the square applied:
/// `k & 1` flips left-right, `k & 2` flips top-bottom, `k & 4` transposes.
fn transformed(rows: &[String], k: u8) -> Vec<String> {
    let n = rows.len();
    let cell = |i: usize, j: usize| rows[i].as_bytes()[j] as char;
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (mut a, mut b) = if k & 4 != 0 { (j, i) } else { (i, j) };
                    if k & 1 != 0 {
                        b = n - 1 - b;
                    }
                    if k & 2 != 0 {
                        a = n - 1 - a;
                    }
                    cell(a, b)
                })
                .collect()
        })
        .collect()
}

/// Where point `(i, j)` of the original lands under [`transformed`]'s
/// symmetry `k` (the inverse map of the one used there).
fn image(n: usize, k: u8, i: usize, j: usize) -> (usize, usize) {
    // transformed[x][y] = original[a][b]; search is simplest and exact.
    for x in 0..n {
        for y in 0..n {
            let (mut a, mut b) = if k & 4 != 0 { (y, x) } else { (x, y) };
            if k & 1 != 0 {
                b = n - 1 - b;
            }
            if k & 2 != 0 {
                a = n - 1 - a;
            }
            if (a, b) == (i, j) {
                return (x, y);
            }
        }
    }
    unreachable!("a symmetry is a bijection")
}

fn status_grid(rows: &[String]) -> Vec<Vec<UnconditionalStatus>> {
    let b = Board::from_rows(rows).expect("a valid board");
    let analysis = UnconditionalAnalysis::new(&b);
    let g: Geometry = b.geometry();
    (0..g.height())
        .map(|i| {
            (0..g.width())
                .map(|j| {
                    let v = g
                        .vertex(goban::Point::new(i as u8, j as u8))
                        .expect("on the board");
                    analysis.status(v)
                })
                .collect()
        })
        .collect()
}

/// A random position reached by legal (non-suicide) moves, as rows.
fn random_position() -> impl Strategy<Value = Vec<String>> {
    (4usize..8).prop_flat_map(|n| {
        prop::collection::vec((any::<bool>(), 0..n, 0..n), 0..(n * n * 3 / 2)).prop_map(
            move |moves| {
                let mut b = Board::square(n).expect("a valid size");
                for (black, i, j) in moves {
                    let color = if black { Color::Black } else { Color::White };
                    let v = b
                        .geometry()
                        .vertex(goban::Point::new(i as u8, j as u8))
                        .expect("on the board");
                    if b.cell(v).is_stone() || b.is_suicide(color, v) {
                        continue;
                    }
                    b.play(color, v);
                }
                b.rows_text()
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn symmetric_boards_get_symmetric_answers(rows in random_position(), k in 1u8..8) {
        let n = rows.len();
        let original = status_grid(&rows);
        let turned = status_grid(&transformed(&rows, k));
        for (i, row) in original.iter().enumerate() {
            for (j, &answer) in row.iter().enumerate() {
                let (x, y) = image(n, k, i, j);
                prop_assert_eq!(answer, turned[x][y], "point ({}, {}) under symmetry {}", i, j, k);
            }
        }
    }

    #[test]
    fn swapping_colours_swaps_answers(rows in random_position()) {
        let swapped: Vec<String> = rows
            .iter()
            .map(|r| r.chars().map(|c| match c { 'X' => 'O', 'O' => 'X', c => c }).collect())
            .collect();
        let original = status_grid(&rows);
        let other = status_grid(&swapped);
        for (a, b) in original.iter().flatten().zip(other.iter().flatten()) {
            prop_assert_eq!(a.swapped(), *b);
        }
    }
}
