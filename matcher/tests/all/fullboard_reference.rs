//! Property test: the hashed full-board matcher finds exactly what the plain
//! point-by-point reference finds, on random small databases and boards
//! (positions drawn from the database under a random symmetry, plus an
//! optional extra stone).

use matcher::board::{Color, PackedBoard, Point};
use matcher::fullboard::{FullBoardDb, FullBoardPattern, Side, find_matches_reference};
use matcher::transform::Transform;
use proptest::prelude::*;

fn pattern_strategy(size: u8) -> impl Strategy<Value = FullBoardPattern> {
    let point = (0..size, 0..size).prop_map(|(i, j)| Point::new(i, j));
    (
        point.clone(),
        proptest::collection::vec((point, any::<bool>()), 0..6),
        1..100i32,
    )
        .prop_map(move |(mv, stones, value)| {
            let stones = stones
                .into_iter()
                .filter(|(p, _)| *p != mv)
                .map(|(p, own)| (p, if own { Side::Own } else { Side::Opponent }))
                .collect();
            FullBoardPattern::new("p".into(), value, size, mv, stones)
        })
}

proptest! {
    #[test]
    fn hashed_equals_reference(
        patterns in proptest::collection::vec(pattern_strategy(9), 1..12),
        pick in any::<prop::sample::Index>(),
        t in 0u8..8,
        black in any::<bool>(),
        extra in proptest::option::of((0u8..9, 0u8..9)),
    ) {
        let to_move = if black { Color::Black } else { Color::White };
        let source = &patterns[pick.index(patterns.len())];
        let transform = Transform::new(t).unwrap();
        let mut board = PackedBoard::new(9).unwrap();
        for &(p, side) in &source.stones {
            let (di, dj) = transform.apply(p.i as i32 - 4, p.j as i32 - 4);
            let colour = if side == Side::Own { to_move } else { to_move.other() };
            board.set(Point::new((4 + di) as u8, (4 + dj) as u8), colour.stone());
        }
        if let Some((i, j)) = extra {
            board.set(Point::new(i, j), to_move.stone());
        }
        let db = FullBoardDb::new(9, patterns.clone());
        let fast = db.find_matches(&board, to_move, None);
        let slow = find_matches_reference(&patterns, &board, to_move, None);
        prop_assert_eq!(&fast, &slow);
        if extra.is_none() {
            prop_assert!(!fast.is_empty());
        }
    }
}
