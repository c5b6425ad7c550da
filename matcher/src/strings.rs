//! Strings of stones (GNU Go's worms: stones of one colour joined along the
//! lines) and their liberties, and placing a stone with its captures: the
//! board rules shared by the board-only constraint context, SGF replay
//! (`tesuji::position::rules`) and the joseki converter.

use crate::board::{Board, Cell, Color, MAX_BOARD, Point};

/// A string and its liberties.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Chain {
    /// The stones, in breadth-first order from the starting stone (each
    /// stone's neighbours taken in [`neighbours`] order).
    pub stones: Vec<Point>,
    /// The empty points next to the string, in the order the walk first
    /// meets them.
    pub liberties: Vec<Point>,
}

/// The on-board orthogonal neighbours of `p`, in GNU Go's order: south,
/// west, north, east.
pub fn neighbours(board: &Board, p: Point) -> impl Iterator<Item = Point> + use<> {
    let (i, j) = (i32::from(p.i), i32::from(p.j));
    let size = board.size() as i32;
    [(i + 1, j), (i, j - 1), (i - 1, j), (i, j + 1)]
        .into_iter()
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < size && b < size)
        .map(|(a, b)| Point::new(a as u8, b as u8))
}

/// The string holding the stone at `p`, with its liberties; empty (no
/// stones, no liberties) when `p` holds no stone or is off the board.
pub fn chain_at(board: &Board, p: Point) -> Chain {
    let colour = board.at(p);
    if colour.color().is_none() {
        return Chain::default();
    }
    // One bit per point already met, stone or liberty: row `i`, bit `j`.
    let mut seen = [0u32; MAX_BOARD];
    let mut mark = |q: Point| {
        let row = &mut seen[usize::from(q.i)];
        let first = *row & (1 << q.j) == 0;
        *row |= 1 << q.j;
        first
    };
    mark(p);
    let mut chain = Chain {
        stones: vec![p],
        liberties: Vec::new(),
    };
    let mut next = 0;
    while let Some(&q) = chain.stones.get(next) {
        next += 1;
        for r in neighbours(board, q) {
            let cell = board.at(r);
            if cell == colour && mark(r) {
                chain.stones.push(r);
            } else if cell == Cell::Empty && mark(r) {
                chain.liberties.push(r);
            }
        }
    }
    chain
}

/// Empties every point of `stones`.
pub fn remove(board: &mut Board, stones: &[Point]) {
    for &stone in stones {
        board.set(stone, Cell::Empty);
    }
}

/// Puts a `color` stone at `p` and removes the opponent strings next to it
/// left without liberties. Returns the removed stones: string by string in
/// [`neighbours`] order of the points next to `p`, each in [`chain_at`]
/// order.
///
/// The caller checks that `p` is an empty point of the board, and decides
/// what a move that leaves its own string without liberties (suicide)
/// does: the string stays on the board.
pub fn place_capturing(board: &mut Board, p: Point, color: Color) -> Vec<Point> {
    board.set(p, color.stone());
    let opponent = color.other().stone();
    let mut captured = Vec::new();
    for q in neighbours(board, p) {
        // A stone with an empty neighbour keeps its string alive: most
        // strings are settled without a walk.
        if board.at(q) != opponent || neighbours(board, q).any(|r| board.at(r) == Cell::Empty) {
            continue;
        }
        let chain = chain_at(board, q);
        if chain.liberties.is_empty() {
            remove(board, &chain.stones);
            captured.extend(chain.stones);
        }
    }
    captured
}

/// Whether `color` playing at the empty point `p` would leave its own string
/// without liberties once its captures are removed: no neighbour is empty,
/// no friendly neighbour string has a liberty besides `p`, and no opponent
/// neighbour string has `p` as its last liberty (a move that captures is
/// never suicide).
pub fn is_suicide(board: &Board, p: Point, color: Color) -> bool {
    neighbours(board, p).all(|q| match board.at(q).color() {
        None => false,
        Some(c) if c == color => chain_at(board, q).liberties.iter().all(|&l| l == p),
        Some(_) => chain_at(board, q).liberties.iter().any(|&l| l != p),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn p(i: u8, j: u8) -> Point {
        Point::new(i, j)
    }

    #[test]
    fn chain_and_liberties_in_walk_order() {
        let board = Board::from_rows(&["XX..", "X.O.", "....", "...."]).unwrap();
        let chain = chain_at(&board, p(0, 0));
        assert_eq!(chain.stones, [p(0, 0), p(1, 0), p(0, 1)]);
        assert_eq!(chain.liberties, [p(2, 0), p(1, 1), p(0, 2)]);
        assert_eq!(chain_at(&board, p(3, 3)), Chain::default());
        let lone = chain_at(&board, p(1, 2));
        assert_eq!(lone.stones, [p(1, 2)]);
        assert_eq!(lone.liberties, [p(2, 2), p(1, 1), p(0, 2), p(1, 3)]);
    }

    #[test]
    fn captures_and_suicide() {
        // White at (1, 1) in atari; black captures it at (1, 2).
        let mut board = Board::from_rows(&[".XO..", "XO.O.", ".XO..", ".....", "....."]).unwrap();
        assert!(!is_suicide(&board, p(1, 2), Color::Black));
        assert_eq!(
            place_capturing(&mut board, p(1, 2), Color::Black),
            [p(1, 1)]
        );
        assert_eq!(board.at(p(1, 1)), Cell::Empty);
        // Black filling its own last liberty is suicide; placing leaves it.
        let mut board = Board::from_rows(&[".O..", "O...", "....", "...."]).unwrap();
        assert!(is_suicide(&board, p(0, 0), Color::Black));
        assert!(!is_suicide(&board, p(0, 0), Color::White));
        assert!(place_capturing(&mut board, p(0, 0), Color::Black).is_empty());
        assert_eq!(board.at(p(0, 0)), Cell::Black);
        // Two strings captured at once, in neighbour order (west before east).
        let mut board = Board::from_rows(&["X.XO", "O.O.", "....", "...."]).unwrap();
        assert_eq!(
            place_capturing(&mut board, p(0, 1), Color::White),
            [p(0, 0), p(0, 2)]
        );
        assert_eq!(
            chain_at(&board, p(0, 1)).liberties,
            [p(1, 1), p(0, 0), p(0, 2)]
        );
    }

    /// The string at `p` the slow way: grow the set until no stone of the
    /// same colour touches it from outside.
    fn plain_chain(board: &Board, p: Point) -> (BTreeSet<Point>, BTreeSet<Point>) {
        let colour = board.at(p);
        let mut stones = BTreeSet::new();
        if colour.color().is_none() {
            return (stones, BTreeSet::new());
        }
        stones.insert(p);
        let touches = |a: Point, b: Point| a.i.abs_diff(b.i) + a.j.abs_diff(b.j) == 1;
        loop {
            let grown: BTreeSet<Point> = board
                .points()
                .filter(|&q| board.at(q) == colour && stones.iter().any(|&s| touches(s, q)))
                .chain(stones.iter().copied())
                .collect();
            if grown == stones {
                break;
            }
            stones = grown;
        }
        let liberties = board
            .points()
            .filter(|&q| board.at(q) == Cell::Empty && stones.iter().any(|&s| touches(s, q)))
            .collect();
        (stones, liberties)
    }

    fn random_board() -> impl Strategy<Value = Board> {
        (1usize..=7).prop_flat_map(|size| {
            proptest::collection::vec(0u8..3, size * size).prop_map(move |cells| {
                let mut board = Board::new(size).unwrap();
                for (index, code) in cells.into_iter().enumerate() {
                    let point = Point::new((index / size) as u8, (index % size) as u8);
                    board.set(point, Cell::from_code(u64::from(code)));
                }
                board
            })
        })
    }

    proptest! {
        #[test]
        fn chain_matches_the_plain_walk(board in random_board(), i in 0u8..7, j in 0u8..7) {
            let start = Point::new(i % board.size() as u8, j % board.size() as u8);
            let chain = chain_at(&board, start);
            let (stones, liberties) = plain_chain(&board, start);
            prop_assert_eq!(chain.stones.len(), stones.len());
            prop_assert_eq!(chain.liberties.len(), liberties.len());
            prop_assert_eq!(chain.stones.into_iter().collect::<BTreeSet<_>>(), stones);
            prop_assert_eq!(chain.liberties.into_iter().collect::<BTreeSet<_>>(), liberties);
        }

        #[test]
        fn placing_removes_exactly_the_neighbours_without_liberties(
            board in random_board(),
            i in 0u8..7,
            j in 0u8..7,
            black in any::<bool>(),
        ) {
            let point = Point::new(i % board.size() as u8, j % board.size() as u8);
            prop_assume!(board.at(point) == Cell::Empty);
            let color = if black { Color::Black } else { Color::White };
            let mut placed = board.clone();
            placed.set(point, color.stone());
            let mut expected = BTreeSet::new();
            for q in neighbours(&board, point) {
                let (stones, liberties) = plain_chain(&placed, q);
                if placed.at(q) == color.other().stone() && liberties.is_empty() {
                    expected.extend(stones);
                }
            }
            let mut after = board.clone();
            let captured = place_capturing(&mut after, point, color);
            prop_assert_eq!(captured.len(), expected.len());
            prop_assert_eq!(captured.iter().copied().collect::<BTreeSet<_>>(), expected.clone());
            for q in board.points() {
                let want = if q == point {
                    color.stone()
                } else if expected.contains(&q) {
                    Cell::Empty
                } else {
                    board.at(q)
                };
                prop_assert_eq!(after.at(q), want);
            }
            // Suicide as the joseki converter states it: no empty
            // neighbour, no friendly neighbour string with a liberty besides
            // `point`, no neighbouring opponent string whose last liberty it
            // is.
            let escapes = neighbours(&board, point).any(|q| {
                let (_, liberties) = plain_chain(&board, q);
                match board.at(q).color() {
                    None => true,
                    Some(c) if c == color => liberties.iter().any(|&l| l != point),
                    Some(_) => liberties.iter().all(|&l| l == point),
                }
            });
            prop_assert_eq!(is_suicide(&board, point, color), !escapes);
            // ... and as playing it shows.
            prop_assert_eq!(is_suicide(&board, point, color), chain_at(&after, point).liberties.is_empty());
        }
    }
}
