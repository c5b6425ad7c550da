//! Playing stones the way GNU Go's board code does while loading a game:
//! captures of neighbouring strings without liberties, removal of a
//! suicidal string, and GNU Go's ko point (`board_ko_pos`).

use matcher::board::{Board, Color, Point};
use matcher::strings::{chain_at, neighbours, place_capturing, remove};

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

/// Plays `color` at the empty point `p`: removes captured opponent strings,
/// then the own string if it has no liberty left (suicide), and computes the
/// ko point. The caller checks that `p` is empty.
pub fn play(board: &mut Board, p: Point, color: Color) -> MoveOutcome {
    let captured = place_capturing(board, p, color);
    let own = chain_at(board, p);
    let mut outcome = MoveOutcome::default();
    if own.liberties.is_empty() {
        remove(board, &own.stones);
        outcome.suicided = own.stones;
    } else if captured.len() == 1 && own.stones.len() == 1 && own.liberties.len() == 1 {
        outcome.ko = Some(captured[0]);
    }
    outcome.captured = captured;
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
        let chain = chain_at(board, q);
        if chain.liberties.len() == 1 {
            captures += chain.stones.len();
        }
    }
    captures == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use matcher::board::Cell;

    #[test]
    fn ko_capture_sets_ko_point() {
        let mut b = Board::from_rows(&[".XO..", "XO.O.", ".XO..", ".....", "....."]).unwrap();
        let out = play(&mut b, Point::new(1, 2), Color::Black);
        assert_eq!(out.captured, vec![Point::new(1, 1)]);
        assert_eq!(out.ko, Some(Point::new(1, 1)));
        assert!(is_ko_capture(&b, Point::new(1, 1), Color::White));
    }

    #[test]
    fn capturing_two_is_not_ko() {
        let mut b = Board::from_rows(&["XOO.", "X..O", "XOO.", "...."]).unwrap();
        let out = play(&mut b, Point::new(1, 1), Color::White);
        assert!(out.captured.is_empty());
        let out = play(&mut b, Point::new(1, 2), Color::White);
        assert!(out.captured.is_empty() && out.ko.is_none());
        let mut b = Board::from_rows(&["OX..", "OX..", ".X..", "...."]).unwrap();
        let out = play(&mut b, Point::new(2, 0), Color::Black);
        assert_eq!(out.captured.len(), 2);
        assert_eq!(out.ko, None);
    }

    #[test]
    fn suicide_removes_own_string() {
        let mut b = Board::from_rows(&[".X..", "X...", "....", "...."]).unwrap();
        let out = play(&mut b, Point::new(0, 0), Color::White);
        assert_eq!(out.suicided, vec![Point::new(0, 0)]);
        assert_eq!(b.at(Point::new(0, 0)), Cell::Empty);
    }

    proptest::proptest! {
        /// Whatever the position, `play` changes exactly the points its
        /// outcome names: the played point, the captured opponent stones and
        /// (on suicide) the own string.
        #[test]
        fn outcome_names_every_change(
            size in 1usize..=7,
            codes in proptest::collection::vec(0u64..3, 49),
            at in 0usize..49,
            black: bool,
        ) {
            let mut before = Board::new(size).unwrap();
            for (q, &code) in before.points().collect::<Vec<_>>().iter().zip(&codes) {
                before.set(*q, Cell::from_code(code));
            }
            let p = Point::new((at % size) as u8, (at / 7 % size) as u8);
            proptest::prop_assume!(before.at(p) == Cell::Empty);
            let color = if black { Color::Black } else { Color::White };
            let mut after = before.clone();
            let outcome = play(&mut after, p, color);
            let mut captured = outcome.captured.clone();
            captured.sort();
            captured.dedup();
            proptest::prop_assert_eq!(captured.len(), outcome.captured.len());
            for q in before.points() {
                let expected = if outcome.suicided.contains(&q) || outcome.captured.contains(&q) {
                    Cell::Empty
                } else if q == p {
                    color.stone()
                } else {
                    before.at(q)
                };
                proptest::prop_assert_eq!(after.at(q), expected);
                if outcome.captured.contains(&q) {
                    proptest::prop_assert_eq!(before.at(q), color.other().stone());
                }
                if outcome.suicided.contains(&q) {
                    proptest::prop_assert!(q == p || before.at(q) == color.stone());
                }
            }
            // A suicide captures nothing; a ko point is the one captured stone.
            proptest::prop_assert!(outcome.suicided.is_empty() || outcome.captured.is_empty());
            if let Some(ko) = outcome.ko {
                proptest::prop_assert_eq!(&outcome.captured, &vec![ko]);
            }
        }
    }
}
