//! Playing stones the way GNU Go's board code does while loading a game:
//! captures of neighbouring strings without liberties, removal of a
//! suicidal string, and GNU Go's ko point (`board_ko_pos`).

use matcher::board::{Board, Cell, Color, Point};

/// What a move did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// Opponent stones removed.
    pub captured: Vec<Point>,
    /// Own stones removed because the move was a suicide.
    pub suicided: Vec<Point>,
    /// The ko point after the move (GNU Go's `board_ko_pos`): set when the
    /// move captured exactly one stone and the played stone is then a
    /// single stone with a single liberty.
    pub ko: Option<Point>,
}

/// The on-board orthogonal neighbours of `p`.
pub fn neighbours(board: &Board, p: Point) -> impl Iterator<Item = Point> {
    let n = board.size() as i32;
    let (i, j) = (p.i as i32, p.j as i32);
    [(i + 1, j), (i, j - 1), (i - 1, j), (i, j + 1)]
        .into_iter()
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
        .map(|(a, b)| Point::new(a as u8, b as u8))
}

/// The string (chain) containing the stone at `p`, and its liberties.
pub fn string_and_liberties(board: &Board, p: Point) -> (Vec<Point>, Vec<Point>) {
    let color = board.at(p);
    let mut stones = vec![p];
    let mut liberties = Vec::new();
    let mut seen = vec![false; board.size() * board.size()];
    let index = |q: Point| q.i as usize * board.size() + q.j as usize;
    seen[index(p)] = true;
    let mut next = 0;
    while next < stones.len() {
        let q = stones[next];
        next += 1;
        for r in neighbours(board, q) {
            if seen[index(r)] {
                continue;
            }
            let cell = board.at(r);
            if cell == color {
                seen[index(r)] = true;
                stones.push(r);
            } else if cell == Cell::Empty {
                seen[index(r)] = true;
                liberties.push(r);
            }
        }
    }
    (stones, liberties)
}

/// Plays `color` at the empty point `p`: removes captured opponent strings,
/// then the own string if it has no liberty left (suicide), and computes the
/// ko point. The caller checks that `p` is empty.
pub fn play(board: &mut Board, p: Point, color: Color) -> MoveOutcome {
    board.set(p, color.stone());
    let opponent = color.other().stone();
    let mut outcome = MoveOutcome::default();
    for q in neighbours(board, p).collect::<Vec<_>>() {
        if board.at(q) != opponent {
            continue;
        }
        let (stones, liberties) = string_and_liberties(board, q);
        if liberties.is_empty() {
            for &s in &stones {
                board.set(s, Cell::Empty);
            }
            outcome.captured.extend(stones);
        }
    }
    let (own, liberties) = string_and_liberties(board, p);
    if liberties.is_empty() {
        for &s in &own {
            board.set(s, Cell::Empty);
        }
        outcome.suicided = own;
    } else if outcome.captured.len() == 1 && own.len() == 1 && liberties.len() == 1 {
        outcome.ko = Some(outcome.captured[0]);
    }
    outcome
}

/// GNU Go's `is_ko`: whether `color` playing at the empty point `p` would
/// capture exactly one stone, every neighbour being an opponent stone.
pub fn is_ko_capture(board: &Board, p: Point, color: Color) -> bool {
    let opponent = color.other().stone();
    let mut captures = 0;
    for q in neighbours(board, p) {
        if board.at(q) != opponent {
            return false;
        }
        let (stones, liberties) = string_and_liberties(board, q);
        if liberties.len() == 1 {
            captures += stones.len();
        }
    }
    captures == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len()).unwrap();
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                let cell = match c {
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    _ => Cell::Empty,
                };
                b.set(Point::new(i as u8, j as u8), cell);
            }
        }
        b
    }

    #[test]
    fn ko_capture_sets_ko_point() {
        let mut b = board(&[".XO..", "XO.O.", ".XO..", ".....", "....."]);
        let out = play(&mut b, Point::new(1, 2), Color::Black);
        assert_eq!(out.captured, vec![Point::new(1, 1)]);
        assert_eq!(out.ko, Some(Point::new(1, 1)));
        assert!(is_ko_capture(&b, Point::new(1, 1), Color::White));
    }

    #[test]
    fn capturing_two_is_not_ko() {
        let mut b = board(&["XOO.", "X..O", "XOO.", "...."]);
        let out = play(&mut b, Point::new(1, 1), Color::White);
        assert!(out.captured.is_empty());
        let out = play(&mut b, Point::new(1, 2), Color::White);
        assert!(out.captured.is_empty() && out.ko.is_none());
        let mut b = board(&["OX..", "OX..", ".X..", "...."]);
        let out = play(&mut b, Point::new(2, 0), Color::Black);
        assert_eq!(out.captured.len(), 2);
        assert_eq!(out.ko, None);
    }

    #[test]
    fn suicide_removes_own_string() {
        let mut b = board(&[".X..", "X...", "....", "...."]);
        let out = play(&mut b, Point::new(0, 0), Color::White);
        assert_eq!(out.suicided, vec![Point::new(0, 0)]);
        assert_eq!(b.at(Point::new(0, 0)), Cell::Empty);
    }
}
