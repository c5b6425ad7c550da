//! Eye spaces on hand-made positions against GNU Go 3.8's `eye_data`
//! (each expected map is what `eye_data black|white V` answers for every
//! point, White to move): `e` an eye-space point, `!` a marginal one, `.`
//! no eye space, stones as on the board. A proptest checks the spaces'
//! invariants on random boards.

use engine::eyes::EyeSpaces;
use goban::{Board, Color, Point};
use proptest::prelude::*;
use tactics::{Reader, compute_worms};

fn spaces_on(board: &Board) -> EyeSpaces {
    let mut reader = Reader::new(board.clone(), None);
    let worms = compute_worms(&mut reader);
    EyeSpaces::new(board, &worms)
}

/// The eye map of `color` in the tests' notation.
fn eye_map(board_rows: &[&str], spaces: &EyeSpaces, color: Color) -> Vec<String> {
    board_rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            row.chars()
                .enumerate()
                .map(|(j, stone)| {
                    let p = Point::new(i as u8, j as u8);
                    match spaces.space_at(color, p) {
                        Some(space) if stone == '.' => {
                            let k = space.points.iter().position(|&q| q == p).expect("member");
                            if space.marginal[k] { '!' } else { 'e' }
                        }
                        Some(_) => stone.to_ascii_lowercase(),
                        None => stone,
                    }
                })
                .collect()
        })
        .collect()
}

fn check(rows: &[&str], black: &[&str], white: &[&str]) {
    let spaces = spaces_on(&Board::from_rows(rows).expect("board"));
    assert_eq!(
        eye_map(rows, &spaces, Color::Black),
        black,
        "Black's eye spaces"
    );
    assert_eq!(
        eye_map(rows, &spaces, Color::White),
        white,
        "White's eye spaces"
    );
}

/// A lone stone: the whole board is its eye space, nothing marginal.
#[test]
fn lone_stone_owns_the_board() {
    check(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            "....X....",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        &[
            "eeeeeeeee",
            "eeeeeeeee",
            "eeeeeeeee",
            "eeeeeeeee",
            "eeeeXeeee",
            "eeeeeeeee",
            "eeeeeeeee",
            "eeeeeeeee",
            "eeeeeeeee",
        ],
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            "....X....",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
    );
}

/// A 3-3 stone against a 4-4 stone: the corner behind it is its space, its liberties and the points beside the space marginal.
#[test]
fn three_three_stone_takes_the_corner() {
    check(
        &[
            ".........",
            ".........",
            ".........",
            "...O.....",
            ".........",
            ".........",
            "......X..",
            ".........",
            ".........",
        ],
        &[
            ".........",
            ".........",
            ".........",
            "...O.....",
            ".........",
            "......!!.",
            ".....!Xe!",
            ".....!eee",
            "......!ee",
        ],
        &[
            ".........",
            ".........",
            "...!.....",
            "..!O!....",
            "...!.....",
            ".........",
            "......X..",
            ".........",
            ".........",
        ],
    );
}

/// A 3-4 stone reaches the edge, a 4-4 stone only its liberties.
#[test]
fn third_and_fourth_line_stones() {
    check(
        &[
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".........X...",
            ".............",
            ".............",
            ".............",
        ],
        &[
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".........!...",
            "........!X!..",
            ".........!...",
            ".............",
            ".............",
        ],
        &[
            "...!.........",
            "..!e!........",
            "..!O!........",
            "...!.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".........X...",
            ".............",
            ".............",
            ".............",
        ],
    );
}

/// A third-line pair reaches the first line below it; first-line points beside it stay out.
#[test]
fn third_line_pair_and_lone_stone() {
    check(
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".........X...",
            ".............",
            "...XX........",
            ".............",
            ".............",
        ],
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".........!...",
            "........!X!..",
            "...!!....!...",
            "..!XX!.......",
            "..!ee!.......",
            "...!!........",
        ],
        &[
            ".............",
            ".............",
            "...!.........",
            "..!O!........",
            "...!.........",
            ".............",
            ".............",
            ".............",
            ".........X...",
            ".............",
            "...XX........",
            ".............",
            ".............",
        ],
    );
}

/// A third-line stone: the points below it, the first line marginal.
#[test]
fn third_line_stone() {
    check(
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....X.......",
            ".............",
            ".............",
        ],
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....!.......",
            "....!X!......",
            "....!e!......",
            ".....!.......",
        ],
        &[
            ".............",
            ".............",
            "...!.........",
            "..!O!........",
            "...!.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....X.......",
            ".............",
            ".............",
        ],
    );
}

/// The point between a one-point jump is an eye point, its surroundings marginal.
#[test]
fn one_point_jump() {
    check(
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....X.X.....",
            ".............",
            ".............",
            ".............",
        ],
        &[
            ".............",
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....!!!.....",
            "....!XeX!....",
            ".....!!!.....",
            ".............",
            ".............",
        ],
        &[
            ".............",
            ".............",
            "...!.........",
            "..!O!........",
            "...!.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....X.X.....",
            ".............",
            ".............",
            ".............",
        ],
    );
}

/// A 2-2 stone owns its corner; a 3-3 stone against it takes the corner behind it.
#[test]
fn two_two_stone_corner() {
    check(
        &[
            ".........",
            ".O.......",
            ".........",
            ".........",
            ".........",
            ".........",
            "......X..",
            ".........",
            ".........",
        ],
        &[
            ".........",
            ".O.......",
            ".........",
            ".........",
            ".........",
            "......!!.",
            ".....!Xe!",
            ".....!eee",
            "......!ee",
        ],
        &[
            "ee!......",
            "eO!......",
            "!!.......",
            ".........",
            ".........",
            ".........",
            "......X..",
            ".........",
            ".........",
        ],
    );
}

/// A second-line stone: the first-line points beside the one below it are marginal.
#[test]
fn second_line_stone() {
    check(
        &[
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....X.......",
            ".............",
        ],
        &[
            ".............",
            ".............",
            "...O.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....!.......",
            "....!X!......",
            "....!e!......",
        ],
        &[
            "...!.........",
            "..!e!........",
            "..!O!........",
            "...!.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".....X.......",
            ".............",
        ],
    );
}

/// A wall with an opponent stone beside it: the points behind the wall that both colours reach stay out.
#[test]
fn fourth_line_wall_with_stones_behind() {
    check(
        &[
            ".........",
            ".........",
            "..XXX.O..",
            ".....X...",
            "......O..",
            ".........",
            "..O......",
            ".........",
            ".........",
        ],
        &[
            "eeee!....",
            "eeeee!...",
            "!eXXX!O..",
            ".!!!!X!..",
            ".....!O..",
            ".........",
            "..O......",
            ".........",
            ".........",
        ],
        &[
            "......!ee",
            ".....!eee",
            "..XXX!Oee",
            ".....X!ee",
            ".....!Oe!",
            ".!!...!!.",
            "!eO!.....",
            "eee!.....",
            "ee!......",
        ],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every space is in board order with its origin first, each point
    /// belongs to the space `space_at` names, a space is connected through
    /// neighbours that are not both marginal, and points of two spaces of
    /// one colour touch only where both are marginal.
    #[test]
    fn spaces_are_components(
        size in 3usize..10,
        moves in proptest::collection::vec((any::<bool>(), any::<u16>()), 0..60),
    ) {
        let spaces = spaces_on(&testkit::positions::random_board(size, &moves));
        let adjacent = |p: Point, q: Point| p.i.abs_diff(q.i) + p.j.abs_diff(q.j) == 1;
        for space in &spaces.spaces {
            prop_assert!(space.points.windows(2).all(|w| w[0] < w[1]));
            prop_assert_eq!(space.origin(), space.points[0]);
            for &p in &space.points {
                prop_assert_eq!(spaces.space_at(space.color, p), Some(space));
            }
            let marginal = |p: Point| {
                space.marginal[space.points.iter().position(|&q| q == p).expect("member")]
            };
            let mut seen = vec![space.points[0]];
            let mut next = 0;
            while next < seen.len() {
                let p = seen[next];
                next += 1;
                for &q in &space.points {
                    if adjacent(p, q) && !(marginal(p) && marginal(q)) && !seen.contains(&q) {
                        seen.push(q);
                    }
                }
            }
            prop_assert_eq!(seen.len(), space.points.len());
            for other in spaces.of_color(space.color).filter(|o| *o != space) {
                for (&p, &mp) in space.points.iter().zip(&space.marginal) {
                    for (&q, &mq) in other.points.iter().zip(&other.marginal) {
                        prop_assert!(!adjacent(p, q) || (mp && mq));
                    }
                }
            }
        }
    }
}
