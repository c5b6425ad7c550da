use super::*;
use proptest::prelude::*;

fn v(board: &Board, gtp: &str) -> Vertex {
    board.geometry().parse_gtp(gtp).unwrap()
}

#[test]
fn captures_ko_and_suicide() {
    // White at B4 in atari (4x4 board, rows from the top).
    let mut b = Board::from_rows(&[".XO.", "XO.O", ".XO.", "...."]).unwrap();
    b.verify().unwrap();
    let c3 = v(&b, "C3");
    assert!(!b.is_suicide(Color::Black, c3));
    assert_eq!(b.capture_count(Color::Black, c3), 1);
    let record = b.play(Color::Black, c3);
    assert_eq!(record.captured, 1);
    assert_eq!(record.ko, Some(v(&b, "B3")));
    assert_eq!(b.last_removed(), &[v(&b, "B3")]);
    b.verify().unwrap();
    // Single-stone suicide is removed by play.
    let mut b = Board::from_rows(&[".O..", "O...", "....", "...."]).unwrap();
    let a4 = v(&b, "A4");
    assert!(b.is_suicide(Color::Black, a4));
    assert_eq!(b.suicide_size(Color::Black, a4), 1);
    assert!(!b.is_suicide(Color::White, a4));
    let record = b.play(Color::Black, a4);
    assert_eq!(record.suicided, 1);
    assert_eq!(b.cell(a4), Cell::Empty);
    b.verify().unwrap();
    // Multi-stone suicide.
    let mut b = Board::from_rows(&["X.O.", "OO..", "....", "...."]).unwrap();
    let b4 = v(&b, "B4");
    assert_eq!(b.suicide_size(Color::Black, b4), 2);
    assert_eq!(b.play(Color::Black, b4).suicided, 2);
    assert_eq!(b.stone_count(Color::Black), 0);
    b.verify().unwrap();
}

#[test]
fn non_square_boards_and_rows() {
    let b = Board::from_rows(&["x.o....".to_string()]).unwrap();
    assert_eq!(b.geometry().width(), 7);
    assert_eq!(b.geometry().height(), 1);
    assert_eq!(b.rows_text(), ["X.O...."]);
    b.verify().unwrap();
    assert!(matches!(
        Board::from_rows(&["...", ".."]),
        Err(BoardError::Ragged { row: 1, .. })
    ));
    assert!(matches!(
        Board::from_rows(&["..?"]),
        Err(BoardError::BadChar { column: 2, .. })
    ));
    assert!(Board::from_rows::<&str>(&[]).is_err());
}

#[test]
fn liberties_after_counts_captures() {
    let b = Board::from_rows(&[".XO.", "XO.O", ".XO.", "...."]).unwrap();
    // Black at C3 captures B3: its liberties are B3 only.
    assert_eq!(b.liberties_after(Color::Black, v(&b, "C3")), 1);
    assert_eq!(b.liberties_after(Color::White, v(&b, "D1")), 2);
    for (color, p) in [
        (Color::Black, "A4"),
        (Color::White, "A1"),
        (Color::Black, "C1"),
    ] {
        let mut played = b.clone();
        let vertex = v(&b, p);
        played.play(color, vertex);
        let expect = if played.cell(vertex).is_stone() {
            played.liberties(vertex)
        } else {
            0
        };
        assert_eq!(b.liberties_after(color, vertex), expect, "{p}");
    }
}

/// A random game: `moves` picks among the empty points; suicides are
/// played too (the board removes them).
fn random_game(width: usize, height: usize, moves: &[u16]) -> (Board, Vec<(Color, Vertex)>) {
    let mut board = Board::new(Geometry::new(width, height).unwrap());
    let mut played = Vec::new();
    let mut color = Color::Black;
    for &m in moves {
        let empty: Vec<Vertex> = board
            .geometry()
            .board_vertices()
            .filter(|&u| board.cell(u) == Cell::Empty)
            .collect();
        if empty.is_empty() {
            break;
        }
        let u = empty[usize::from(m) % empty.len()];
        board.play(color, u);
        played.push((color, u));
        color = color.other();
    }
    (board, played)
}

/// Every array and counter of a board (not its undo journal).
#[derive(Debug, PartialEq)]
struct Internals {
    cells: Vec<Cell>,
    head: Vec<u16>,
    next: Vec<u16>,
    size: Vec<u16>,
    lib_count: Vec<u16>,
    libs: Vec<u64>,
    hash: u64,
    stone_count: [u16; 2],
}

fn internals(b: &Board) -> Internals {
    Internals {
        cells: b.cells.clone(),
        head: b.head.clone(),
        next: b.next.clone(),
        size: b.size.clone(),
        lib_count: b.lib_count.clone(),
        libs: b.libs.clone(),
        hash: b.hash,
        stone_count: b.stone_count,
    }
}

proptest! {
    /// Incremental strings and liberties equal a flood fill after every
    /// move of random games on boards of every shape.
    #[test]
    fn incremental_strings_equal_flood_fill(
        width in 1usize..=9,
        height in 1usize..=9,
        moves in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut board = Board::new(Geometry::new(width, height).unwrap());
        let mut color = Color::Black;
        for &m in &moves {
            let empty: Vec<Vertex> = board.geometry().board_vertices()
                .filter(|&u| board.cell(u) == Cell::Empty).collect();
            if empty.is_empty() { break; }
            let u = empty[usize::from(m) % empty.len()];
            let before = board.clone();
            let predicted_suicide = board.is_suicide(color, u);
            let predicted_capture = board.capture_count(color, u);
            let predicted_libs = board.liberties_after(color, u);
            let record = board.play(color, u);
            prop_assert_eq!(board.verify(), Ok(()));
            prop_assert_eq!(record.suicided > 0, predicted_suicide);
            prop_assert_eq!(record.captured, predicted_capture);
            if record.suicided == 0 {
                prop_assert_eq!(board.liberties(u), predicted_libs);
            } else {
                prop_assert_eq!(record.suicided, before.suicide_size(color, u));
            }
            color = color.other();
        }
    }

    /// The move predictions (`liberties_after`, `capture_count`,
    /// `is_suicide`, `would_capture`) agree with playing the move on a
    /// copy, at every empty point for both colours, on random positions.
    #[test]
    fn predictions_agree_with_play_everywhere(
        width in 1usize..=9,
        height in 1usize..=9,
        moves in proptest::collection::vec(any::<u16>(), 0..90),
    ) {
        let (board, _) = random_game(width, height, &moves);
        for u in board.geometry().board_vertices() {
            if board.cell(u) != Cell::Empty {
                continue;
            }
            for color in [Color::Black, Color::White] {
                let mut played = board.clone();
                let record = played.play(color, u);
                let libs = if played.cell(u).is_stone() { played.liberties(u) } else { 0 };
                prop_assert_eq!(board.liberties_after(color, u), libs);
                prop_assert_eq!(board.capture_count(color, u), record.captured);
                prop_assert_eq!(board.would_capture(color, u), record.captured > 0);
                prop_assert_eq!(board.is_suicide(color, u), record.suicided > 0);
            }
        }
    }

    /// Play then undo restores the exact previous state (every internal
    /// array and the hash), nested frames included.
    #[test]
    fn play_then_undo_restores_everything(
        size in 2usize..=9,
        setup in proptest::collection::vec(any::<u16>(), 0..60),
        tries in proptest::collection::vec(any::<u16>(), 1..12),
    ) {
        let (mut board, _) = random_game(size, size, &setup);
        let mut snapshots = Vec::new();
        let mut color = Color::White;
        for &t in &tries {
            let empty: Vec<Vertex> = board.geometry().board_vertices()
                .filter(|&u| board.cell(u) == Cell::Empty).collect();
            if empty.is_empty() { break; }
            snapshots.push(internals(&board));
            board.push_undo_frame();
            board.play(color, empty[usize::from(t) % empty.len()]);
            color = color.other();
        }
        while let Some(snapshot) = snapshots.pop() {
            prop_assert!(board.undo());
            prop_assert_eq!(internals(&board), snapshot);
        }
        prop_assert!(!board.undo());
        prop_assert_eq!(board.verify(), Ok(()));
    }

    /// The hash depends only on the stones: equal boards reached by
    /// different games hash alike, and editing points keeps the strings
    /// right.
    #[test]
    fn hash_and_edits_follow_the_stones(
        size in 1usize..=7,
        moves in proptest::collection::vec(any::<u16>(), 0..60),
        edits in proptest::collection::vec((any::<u16>(), 0u64..3), 0..6),
    ) {
        let (mut board, _) = random_game(size, size, &moves);
        for (at, code) in edits {
            let u = board.geometry().vertex_of_index(usize::from(at) % (size * size));
            board.set_point(u, Cell::from_code(code));
            prop_assert_eq!(board.verify(), Ok(()));
        }
        let rebuilt = Board::from_rows(&board.rows_text()).unwrap();
        prop_assert_eq!(&rebuilt, &board);
        prop_assert_eq!(rebuilt.hash(), board.hash());
    }

    /// `extend_string_neighbours` lists the same heads in the same order
    /// as a plain walk of the string's stones and their neighbours, and
    /// skips heads already in the list.
    #[test]
    fn string_neighbours_equal_a_plain_walk(
        size in 1usize..=9,
        moves in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let (board, _) = random_game(size, size, &moves);
        for v in board.geometry().board_vertices() {
            if board.cell(v) == Cell::Empty {
                continue;
            }
            for color in [Color::Black, Color::White] {
                let mut expect: Vec<Vertex> = Vec::new();
                for s in board.string_stones(v) {
                    for n in board.neighbours(s) {
                        if board.cell(n) == color.stone() {
                            let h = board.head(n);
                            if !expect.contains(&h) {
                                expect.push(h);
                            }
                        }
                    }
                }
                let mut got = Vec::new();
                board.extend_string_neighbours(v, color, &mut got);
                prop_assert_eq!(&got, &expect);
                // Heads already listed stay where they are and are not repeated.
                let mut seeded: Vec<Vertex> = expect.iter().rev().copied().collect();
                board.extend_string_neighbours(v, color, &mut seeded);
                prop_assert_eq!(seeded.len(), expect.len());
            }
        }
    }
}

#[test]
fn clear_empties_the_board_and_play_goes_on_as_on_a_new_one() {
    let mut b = Board::from_rows(&[".XO.", "XO.O", ".XO.", "...."]).unwrap();
    b.push_undo_frame();
    b.play(Color::Black, v(&b, "C3"));
    b.clear();
    let fresh = Board::new(b.geometry());
    assert_eq!(b, fresh);
    assert_eq!(b.hash(), 0);
    assert_eq!(b.undo_depth(), 0);
    assert!(b.last_removed().is_empty());
    b.verify().unwrap();
    let (mut replayed, mut reference) = (b.clone(), fresh);
    for gtp in ["B2", "C2", "A2", "B1", "B3"] {
        let color = if replayed.stone_count(Color::Black) <= replayed.stone_count(Color::White) {
            Color::Black
        } else {
            Color::White
        };
        let at = v(&reference, gtp);
        assert_eq!(replayed.play(color, at), reference.play(color, at));
        replayed.verify().unwrap();
    }
    assert_eq!(replayed, reference);
    assert_eq!(replayed.hash(), reference.hash());
}
