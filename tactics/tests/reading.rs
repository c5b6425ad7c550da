//! Properties of the reading board and the reader: trying moves and
//! popping them restores the exact position and hash; attack and defence
//! agree with each other (after a claimed attack the defence finds
//! nothing, after a claimed defence the attack finds nothing), on
//! positions written here and on random small positions.

use tactics::{Code, Reader, ReadingBoard};
use goban::{Board, Cell, Color, Vertex};
use proptest::prelude::*;

use testkit::positions::random_board;

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).expect("a board")
}

fn at(board: &Board, gtp: &str) -> Vertex {
    board.geometry().parse_gtp(gtp).expect("a vertex")
}

/// Checks that the reader's attack and defence of every string with at
/// most three liberties are consistent, each checked by a fresh reader.
fn check_consistency(board: &Board) -> Result<(), String> {
    let geometry = board.geometry();
    for v in geometry.board_vertices() {
        let Some(color) = board.cell(v).color() else {
            continue;
        };
        if board.head(v) != v || board.liberties(v) > 3 {
            continue;
        }
        let mut reader = Reader::new(board.clone(), None);
        let attack = reader.attack(v);
        if attack.code == Code::Win {
            let m = attack.point.ok_or("a winning attack names a move")?;
            let mut after = Reader::new(board.clone(), None);
            // The same reader limits at the same stack depth.
            after
                .trymove(color.other(), m)
                .map_err(|e| format!("attack move {} illegal: {e}", geometry.gtp(m)))?;
            if after.board().board().cell(v) != Cell::Empty {
                let defense = after.find_defense(v);
                if defense.code != Code::Fail {
                    return Err(format!(
                        "attack on {} at {} claims a win, but {:?} defends at {:?}\n{}",
                        geometry.gtp(v),
                        geometry.gtp(m),
                        defense.code,
                        defense.point.map(|p| geometry.gtp(p)),
                        board.rows_text().join("\n")
                    ));
                }
            }
        }
        let defense = reader.find_defense(v);
        if defense.code == Code::Win
            && let Some(m) = defense.point
        {
            let mut after = Reader::new(board.clone(), None);
            after
                .trymove(color, m)
                .map_err(|e| format!("defence move {} illegal: {e}", geometry.gtp(m)))?;
            let attack = after.attack(v);
            if attack.code != Code::Fail {
                return Err(format!(
                    "defence of {} at {} claims a win, but {:?} attacks at {:?}\n{}",
                    geometry.gtp(v),
                    geometry.gtp(m),
                    attack.code,
                    attack.point.map(|p| geometry.gtp(p)),
                    board.rows_text().join("\n")
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn atari_is_captured_and_saved_by_extending() {
    let b = board(&[".....", ".XO..", "..X..", ".....", "....."]);
    let white = at(&b, "C4");
    let mut reader = Reader::new(b.clone(), None);
    // White C4 has two liberties (C5, D4); the net or a ladder catches it
    // on this small board.
    let attack = reader.attack(white);
    assert_eq!(attack.code, Code::Win);
    check_consistency(&b).unwrap();
}

/// White D5 with two liberties (D6, E5) against Black's C6, C5 and D4: a
/// ladder with no breaker.
fn ladder_position() -> Board {
    board(&[
        ".........",
        ".........",
        ".........",
        "..X......",
        "..XO.....",
        "...X.....",
        ".........",
        ".........",
        ".........",
    ])
}

#[test]
fn ladder_works_and_answers_stay_consistent() {
    // White D5 has two liberties (D6, E5) against Black's C6, C5 and D4:
    // Black E5 starts a ladder towards the upper right, and with no
    // breaker it works.
    let ladder = ladder_position();
    let white = at(&ladder, "D5");
    let mut reader = Reader::new(ladder.clone(), None);
    assert_eq!(reader.attack(white).code, Code::Win);
    check_consistency(&ladder).unwrap();
    // A white stone elsewhere (B8): the answers stay consistent.
    let broken = board(&[
        ".........",
        ".O.......",
        ".........",
        "..X......",
        "..XO.....",
        "...X.....",
        ".........",
        ".........",
        ".........",
    ]);
    check_consistency(&broken).unwrap();
}

#[test]
fn string_with_five_liberties_cannot_be_attacked() {
    let b = board(&[".....", ".....", ".XX..", ".....", "....."]);
    let mut reader = Reader::new(b.clone(), None);
    assert_eq!(reader.attack(at(&b, "B3")).code, Code::Fail);
}

#[test]
fn ko_capture_is_a_ko_result() {
    // White B4 has one liberty, C4, among White's C5, D4 and C3: Black
    // captures at C4 and is left alone with one liberty (B4), which White
    // may retake: a ko Black takes first (GNU Go: `attack` 2 C4, `defend`
    // 1 C4).
    let b = board(&[
        ".......", ".......", ".XO....", "XO.O...", ".XO....", ".......", ".......",
    ]);
    let white = at(&b, "B4");
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::KoA, Some(at(&b, "C4"))));
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "C4")))
    );
}

#[test]
fn a_ko_is_avoided_by_capturing_around_the_ko_point() {
    // White A2 has one liberty, A1, and taking it is a ko; but White B1
    // next to the ko point is in atari: Black captures it at C1 and A2
    // falls without a ko (GNU Go: `attack` 1 C1).
    let b = board(&[".....", ".....", "X....", "OX...", ".O..."]);
    let white = at(&b, "A2");
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(at(&b, "C1"))));
    check_consistency(&b).unwrap();
}

#[test]
fn trymove_refuses_suicide_and_the_ko_point_and_tryko_ignores_ko() {
    let b = board(&[".....", ".....", "X....", "OX...", ".O..."]);
    let mut rb = ReadingBoard::new(b.clone(), None);
    let a1 = at(&b, "A1");
    let a2 = at(&b, "A2");
    rb.trymove(Color::Black, a1).unwrap();
    assert_eq!(rb.ko(), Some(a2));
    assert_eq!(
        rb.trymove(Color::White, a2),
        Err(tactics::TryError::Ko),
        "retaking at once is the ko"
    );
    rb.tryko(Color::White, a2).unwrap();
    assert!(rb.popgo() && rb.popgo() && !rb.popgo());
    assert_eq!(rb.board(), &b);
    // Suicide: White at A1 with no capture.
    let s = board(&[".....", ".....", ".....", "X....", ".X..."]);
    let mut rb = ReadingBoard::new(s.clone(), None);
    assert_eq!(
        rb.trymove(Color::White, at(&s, "A1")),
        Err(tactics::TryError::Suicide)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn try_and_pop_restore_position_hash_and_ko(
        setup in proptest::collection::vec((any::<bool>(), 0u16..81), 0..60),
        tries in proptest::collection::vec((any::<bool>(), 0u16..81, any::<bool>()), 1..30),
    ) {
        let board = random_board(9, &setup);
        let vertices: Vec<Vertex> = board.geometry().board_vertices().collect();
        let mut rb = ReadingBoard::new(board.clone(), None);
        let mut states = vec![(rb.board().clone(), rb.hash(), rb.ko())];
        for (black, k, ko) in tries {
            let color = if black { Color::Black } else { Color::White };
            let v = vertices[k as usize % vertices.len()];
            let tried = if ko { rb.tryko(color, v) } else { rb.trymove(color, v) };
            if tried.is_ok() {
                prop_assert!(rb.board().verify().is_ok());
                states.push((rb.board().clone(), rb.hash(), rb.ko()));
            } else {
                let (b, h, ko) = states.last().unwrap();
                prop_assert_eq!(rb.board(), b);
                prop_assert_eq!(rb.hash(), *h);
                prop_assert_eq!(rb.ko(), *ko);
            }
        }
        while states.len() > 1 {
            prop_assert!(rb.popgo());
            states.pop();
            let (b, h, ko) = states.last().unwrap();
            prop_assert_eq!(rb.board(), b);
            prop_assert_eq!(rb.hash(), *h);
            prop_assert_eq!(rb.ko(), *ko);
        }
        prop_assert!(!rb.popgo());
        prop_assert_eq!(rb.board(), &board);
    }

    #[test]
    fn hash_tells_the_ko_point_apart(
        setup in proptest::collection::vec((any::<bool>(), 0u16..49), 0..30),
    ) {
        let board = random_board(7, &setup);
        let empty: Vec<Vertex> = board
            .geometry()
            .board_vertices()
            .filter(|&v| board.cell(v) == Cell::Empty)
            .collect();
        let plain = ReadingBoard::new(board.clone(), None).hash();
        for v in empty {
            prop_assert_ne!(ReadingBoard::new(board.clone(), Some(v)).hash(), plain);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn attack_and_defence_are_consistent_on_random_positions(
        setup in proptest::collection::vec((any::<bool>(), 0u16..49), 10..40),
    ) {
        let board = random_board(7, &setup);
        prop_assert!(check_consistency(&board).is_ok(), "{}", check_consistency(&board).unwrap_err());
    }
}

/// Every string's `attack` and `find_defense` read one after another on
/// one reader (its table filling up), each against a fresh reader's.
fn check_history_independence(board: &Board) -> Result<(), String> {
    let geometry = board.geometry();
    let mut shared = Reader::new(board.clone(), None);
    for v in geometry.board_vertices() {
        if board.cell(v).is_stone() && board.head(v) == v {
            let attack = shared.attack(v);
            let defense = shared.find_defense(v);
            let fresh_attack = Reader::new(board.clone(), None).attack(v);
            let fresh_defense = Reader::new(board.clone(), None).find_defense(v);
            if (attack, defense) != (fresh_attack, fresh_defense) {
                return Err(format!(
                    "{}: attack {attack:?} / {fresh_attack:?}, defence {defense:?} / {fresh_defense:?} (shared / fresh)\n{}",
                    geometry.gtp(v),
                    board.rows_text().join("\n")
                ));
            }
        }
    }
    Ok(())
}

/// White's B1 after White A2 (found by `context_props`): White moving
/// first fails. With a table entry searched shallower serving deeper,
/// `find_defense` after `attack` on the same reader answered KO_B at C2,
/// and a fresh reader 0. Black's attack is a clean capture: GNU Go
/// answers `1 C1` (and `0` to `defend B1` after Black C2); our attacker
/// reached only a ko (KO_A at C1) until it clamped at C2 (see
/// `reader::clamp`).
#[test]
fn the_table_does_not_carry_answers_between_calls() {
    // A2 is tried on the reading stack (the reading depths count it).
    let b = board(&["O.....", "......", "......", ".XX...", ".X.X..", ".O.X.."]);
    let (white, a2) = (at(&b, "B1"), at(&b, "A2"));
    let after_a2 = || {
        let mut reader = Reader::new(b.clone(), None);
        reader.trymove(Color::White, a2).expect("A2 is legal");
        reader
    };
    let mut reader = after_a2();
    assert_eq!(reader.attack(white).code, Code::Win);
    let after_attack = reader.find_defense(white);
    let fresh = after_a2().find_defense(white);
    assert_eq!(after_attack, fresh);
    assert_eq!(fresh.code, Code::Fail);
    check_history_independence(&b).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Answers are functions of the position: a reader that has read
    /// other strings answers as a fresh one.
    #[test]
    fn answers_do_not_depend_on_what_was_read_before(
        size in 5usize..=7,
        setup in proptest::collection::vec((any::<bool>(), any::<u16>()), 8..40),
    ) {
        let board = random_board(size, &setup);
        prop_assert!(check_history_independence(&board).is_ok(), "{}", check_history_independence(&board).unwrap_err());
    }
}

#[test]
fn node_limit_stops_the_attacker_and_nodes_are_counted() {
    let ladder = ladder_position();
    let white = at(&ladder, "D5");
    let mut full = Reader::new(ladder.clone(), None);
    assert_eq!(full.attack(white).code, Code::Win);
    let needed = full.total_nodes();
    assert!(needed > 3, "a ladder takes more than a few nodes: {needed}");
    // With a budget of 2 nodes the attack gives up: the search is cut,
    // and a cut search never claims a capture.
    let mut starved = Reader::new(ladder, None);
    starved.set_node_limit(2);
    assert_eq!(starved.attack(white).code, Code::Fail);
}

#[test]
fn depth_limits_shift_all_together() {
    let mut limits = tactics::DepthLimits::default();
    assert_eq!(
        (limits.depth, limits.fourlib_depth, limits.ko_depth),
        (16, 7, 8)
    );
    limits.shift(1);
    assert_eq!(
        (limits.depth, limits.branch_depth, limits.backfill2_depth),
        (17, 14, 6)
    );
    limits.shift(-2);
    assert_eq!((limits.depth, limits.superstring_depth), (15, 6));
}

/// The liberties of `v`'s string and their empty neighbours.
fn first_and_second_order_liberties(board: &Board, v: Vertex) -> Vec<Vertex> {
    let mut near: Vec<Vertex> = board.liberty_vertices(v).collect();
    for l in near.clone() {
        for n in board.neighbours(l) {
            if board.cell(n) == Cell::Empty && !near.contains(&n) {
                near.push(n);
            }
        }
    }
    near
}

#[test]
fn a_throw_in_is_read_through_its_snapback() {
    // White A2-B2-C2-C1 has two liberties, A1 and B1, inside Black's wall.
    let b = board(&["......", "......", "......", "XXXX..", "OOOX..", "..OX.."]);
    let white = at(&b, "A2");
    let mut reader = Reader::new(b.clone(), None);
    assert_eq!(reader.attack(white).code, Code::Win);
    // Black throws in at B1 (a self-atari). Capturing it at A1 leaves
    // White's five stones with the one liberty B1: Black takes them back
    // (a snapback), so White has no defence.
    reader.trymove(Color::Black, at(&b, "B1")).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    reader.trymove(Color::White, at(&b, "A1")).unwrap();
    assert_eq!(reader.board().board().cell(at(&b, "B1")), Cell::Empty);
    assert_eq!(reader.board().board().liberties(white), 1);
    let snapback = reader.attack(white);
    assert_eq!(
        (snapback.code, snapback.point),
        (Code::Win, Some(at(&b, "B1")))
    );
    assert!(reader.popgo() && reader.popgo());
    assert_eq!(reader.board().board(), &b, "the reader is back at the root");
    check_consistency(&b).unwrap();
}

#[test]
fn the_attacker_backfills_where_the_liberty_is_a_self_atari() {
    // White A1 has the liberties A2 and B1. Black at B1 would join C1 and
    // be left with one liberty (C2): a self-atari. Black first fills C2
    // (backfilling), after which White cannot escape.
    let b = board(&[
        ".X....O", "..OX.OO", "XO.X...", "....X..", "..X.OX.", ".O.X.X.", "O.XOOXO",
    ]);
    let white = at(&b, "A1");
    let c2 = at(&b, "C2");
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&c2),
        "C2 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(c2)));
    reader.trymove(Color::Black, c2).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn two_stones_on_the_first_line_are_captured_against_the_edge() {
    let b = board(&[".....", ".....", ".XX..", "XOOX.", "....."]);
    let white = at(&b, "B2");
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(at(&b, "B1"))));
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn the_defender_takes_a_liberty_of_an_attacker_string_next_to_a_liberty() {
    // White G6 has the liberties G7 and G5. Black G4 touches G5 (not G6)
    // and has two liberties, G5 and F4. White F4 puts it in atari, so that
    // Black at G5 would be a self-atari; F4 is neither a liberty of G6, nor
    // next to one, nor a liberty of a Black string next to G6.
    let b = board(&[
        ".......", "O.X..XO", "..XXO..", "O.O.X.X", "XX..X.O", "..OO...", "..O..OO",
    ]);
    let white = at(&b, "G6");
    let f4 = at(&b, "F4");
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&f4),
        "F4 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), None);
    let defense = reader.find_defense(white);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(f4)));
    reader.trymove(Color::White, f4).unwrap();
    assert_eq!(reader.attack(white).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn the_attacker_saves_its_own_string_in_atari_next_to_a_liberty() {
    // Black D2 has the liberties E2 and E1. White F1 takes away the
    // room Black needs at E1; Black G1 then puts F1 in atari (F1 touches
    // the liberty E1, not D2), but G1 is itself in atari: White saves F1
    // by capturing at G2, and D2 falls.
    let b = board(&[
        ".........",
        ".........",
        ".........",
        ".........",
        "..OOOOOO.",
        ".OO.X.OO.",
        ".XOOXXXOO",
        "XXOX.X.XO",
        ".XOX...XO",
    ]);
    let black = at(&b, "D2");
    let (f1, g1, g2) = (at(&b, "F1"), at(&b, "G1"), at(&b, "G2"));
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(f1)));
    reader.trymove(Color::White, f1).unwrap();
    reader.trymove(Color::Black, g1).unwrap();
    assert!(
        !first_and_second_order_liberties(reader.board().board(), black).contains(&g2),
        "G2 is neither a liberty of D2 nor next to one"
    );
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(g2)));
    check_consistency(&b).unwrap();
}

#[test]
fn the_defender_extends_its_own_weak_string_next_to_a_liberty() {
    // White A1 has the liberties A2 and B1. White C1 touches B1 (not A1)
    // and has two liberties; Black D1 is ready to put it in atari. White
    // C2 strengthens C1 first: C2 is neither a liberty of A1, nor next to
    // one, nor a liberty of a Black string.
    let b = board(&[
        "......O", "O.....X", "..X..OX", ".X.XX.O", ".X..O..", "....O..", "O.OX.OO",
    ]);
    let white = at(&b, "A1");
    let c2 = at(&b, "C2");
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&c2),
        "C2 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), None);
    let defense = reader.find_defense(white);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(c2)));
    reader.trymove(Color::White, c2).unwrap();
    assert_eq!(reader.attack(white).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn the_attacker_presses_a_weak_defender_string_next_to_a_liberty() {
    // White F1 has the liberties E1 and G1. White G2 touches G1 (not F1)
    // and has two liberties, G1 and G3. Black G3 first: now G1 would be a
    // self-atari for White, and F1 cannot run. G3 is neither a liberty of
    // F1 nor next to one.
    let b = board(&[
        "..O....", ".......", ".XXOXOO", "...O.O.", "O...O..", "XOO.XXO", ".....O.",
    ]);
    let white = at(&b, "F1");
    let g3 = at(&b, "G3");
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&g3),
        "G3 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(g3)));
    reader.trymove(Color::Black, g3).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn the_defender_wins_a_semeai_by_taking_an_outside_liberty_of_a_four_liberty_neighbour() {
    // Black A9-C9-C8 has the liberties A8, B8 (shared with White A7-C7)
    // and D9. White A7-C7 has four: A8, B8, A6 and C6. Black saves its
    // stones only by taking an outside liberty of White's string first
    // (seki at worst); none of its own liberties does (GNU Go: `1 C6`).
    let b = board(&[
        "XXX......",
        "..XOO....",
        "OOOXO....",
        ".X.X.....",
        "XXXX.....",
        ".........",
        ".........",
        ".........",
        ".........",
    ]);
    let black = at(&b, "A9");
    let outside = [at(&b, "A6"), at(&b, "C6")];
    let mut reader = Reader::new(b.clone(), None);
    let defense = reader.find_defense(black);
    assert_eq!(defense.code, Code::Win);
    let point = defense.point.expect("a defence move");
    assert!(outside.contains(&point), "{point:?}");
    reader.trymove(Color::Black, point).unwrap();
    assert_eq!(reader.attack(black).code, Code::Fail);
    reader.popgo();
    // Black's own liberties do not save it.
    for own in ["A8", "B8", "D9"] {
        reader.trymove(Color::Black, at(&b, own)).unwrap();
        assert_ne!(reader.attack(black).code, Code::Fail, "{own}");
        reader.popgo();
    }
}

#[test]
fn the_attacker_nets_a_two_liberty_string_below_the_root() {
    // Black C3-D3 has the liberties D4 and E3; F5 breaks the ladder after
    // White D4. White's net at E4 (next to both liberties) captures (GNU
    // Go: `1 E4`, also after a move elsewhere). After that move, E4 is
    // no longer a root candidate, so the net must come from its own
    // generator.
    let b = board(&[
        ".........",
        ".........",
        ".........",
        ".........",
        ".....X...",
        "..O......",
        ".OXX.....",
        "..OOO....",
        ".........",
    ]);
    let black = at(&b, "C3");
    let e4 = at(&b, "E4");
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(e4)));
    reader.trymove(Color::Black, at(&b, "J9")).unwrap();
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(e4)));
    reader.trymove(Color::White, e4).unwrap();
    assert_eq!(reader.find_defense(black).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn the_attacker_extends_its_own_two_liberty_string_next_to_a_three_liberty_target() {
    // White H3-J3 has the liberties H4, J4 and J2. Black H2, next to it,
    // has two liberties, G2 and J2: White would capture it to escape.
    // Black G2 first connects H2 to G3, and White falls (GNU Go: `1 G2`).
    // G2 is neither a liberty of H3 nor next to one.
    let b = board(&[
        "X....O..X",
        ".O..OX..X",
        "O....O...",
        ".O..O..O.",
        "X....XXX.",
        "...O.....",
        "......XOO",
        ".O.....X.",
        "X....O.O.",
    ]);
    let white = at(&b, "H3");
    let g2 = at(&b, "G2");
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&g2),
        "G2 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), None);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(g2)));
    reader.trymove(Color::Black, g2).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    check_consistency(&b).unwrap();
}

#[test]
fn the_defender_of_a_four_liberty_string_plays_at_a_second_order_liberty() {
    // Black H1-H2 has four liberties, G1, G2, J1 and J2, but White G3-H3
    // above and E1 to the left leave it no room: no liberty saves it.
    // Black F2, next to the liberty G2 and to its own F1, does (GNU Go:
    // `1 F2`).
    let b = board(&[
        "XX..O.OO.",
        "O..X.X...",
        ".X...X..O",
        "....O.X.O",
        "...O.....",
        ".O.O.....",
        "....X.OO.",
        ".......X.",
        "..O.OX.X.",
    ]);
    let black = at(&b, "H2");
    let f2 = at(&b, "F2");
    assert!(
        !b.liberty_vertices(black).any(|l| l == f2),
        "F2 is no liberty"
    );
    let mut reader = Reader::new(b.clone(), None);
    let defense = reader.find_defense(black);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(f2)));
    reader.trymove(Color::Black, f2).unwrap();
    assert_eq!(reader.attack(black).code, Code::Fail);
    reader.popgo();
    for l in ["G1", "G2", "J1", "J2"] {
        reader.trymove(Color::Black, at(&b, l)).unwrap();
        assert_ne!(reader.attack(black).code, Code::Fail, "{l}");
        reader.popgo();
    }
}

#[test]
fn below_the_root_the_attacker_of_three_liberties_plays_next_to_two_of_them() {
    // Black J1-J2 has the liberties H1, H2 and J3. White H3, next to both
    // H2 and J3, captures it (GNU Go: `1 H3`), also one move below the
    // root, where second-order liberties are no longer candidates in
    // general.
    let b = board(&[
        "..X......",
        ".....X..X",
        "X.....X..",
        "OOXO.....",
        "OXXO.....",
        ".X...O...",
        ".O.......",
        ".X..O...X",
        "....O...X",
    ]);
    let black = at(&b, "J2");
    let h3 = at(&b, "H3");
    let mut reader = Reader::new(b.clone(), None);
    reader.trymove(Color::Black, at(&b, "A1")).unwrap();
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(h3)));
    reader.trymove(Color::White, h3).unwrap();
    assert_eq!(reader.find_defense(black).code, Code::Fail);
    check_consistency(&b).unwrap();
}

/// A two-liberty defender in a semeai against a big three-liberty chain
/// takes that chain's liberties below the root: in the `reading` suite's
/// test 198 (`blunder17.sgf`, read in place from the shared folder, after
/// Black P5 and White L4), White L5 cannot be captured (GNU Go: `0`),
/// and Black M6 is refuted by White L6, which captures it (GNU Go, after
/// `trymove B M6`: `1 L6`). Without the defender's three-liberty semeai
/// chains the attacker's M6 wins: a line below it is saved only by a
/// liberty of a Black chain of ten stones or more with three liberties.
#[test]
fn the_defender_takes_liberties_of_a_big_three_liberty_chain_in_a_semeai() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "blunder17.sgf", None);
    let mut reader = Reader::new(b.clone(), ko);
    reader.trymove(Color::Black, at(&b, "P5")).unwrap();
    reader.trymove(Color::White, at(&b, "L4")).unwrap();
    let white = at(&b, "L5");
    let attack = reader.attack(white);
    assert_eq!(attack.code, Code::Fail, "{attack:?}");
    reader.trymove(Color::Black, at(&b, "M6")).unwrap();
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "L6")))
    );
}

/// The attacker presses, and the defender of a three-liberty string
/// extends, a small three-liberty string next to the target's liberties:
/// in the `reading` suite's `reading15.sgf` (read in place from the
/// shared folder), White G9-H9-H8 has the liberties F9, G8 and J9; E8,
/// a liberty of White's four-stone string F8-F7-G7-F6 (three liberties:
/// E8, F9 and G8, two of them the target's), is no liberty of the target
/// nor next to one, and it is the vital point for both sides (GNU Go: `attack G9` answers `1 E8`,
/// `defend G9` answers `1 E8`).
#[test]
fn both_sides_play_at_a_liberty_of_small_three_liberty_strings_next_to_the_liberties() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading15.sgf", None);
    let white = at(&b, "G9");
    let e8 = at(&b, "E8");
    assert_eq!(b.liberties(white), 3);
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&e8),
        "E8 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), ko);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(e8)));
    reader.trymove(Color::Black, e8).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    reader.popgo();
    let mut reader = Reader::new(b.clone(), ko);
    let defense = reader.find_defense(white);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(e8)));
    reader.trymove(Color::White, e8).unwrap();
    assert_eq!(reader.attack(white).code, Code::Fail);
}

/// The defender saves its own string in atari next to an attacker
/// neighbour short of liberties: in the `reading` suite's
/// `reading41.sgf` at move 130 (test 186, read in place from the shared
/// folder), White's C19 string (liberties B19 and A18) is in a race with
/// Black's big string at B16 (three liberties); White D11, in atari at
/// E11, touches that Black string, and saving it keeps Black from
/// gaining liberties by its capture (GNU Go: `defend C19` answers
/// `1 E11`, and after White E11 `attack C19` answers `0`). E11 is no
/// liberty of the target nor next to one.
#[test]
fn the_defender_saves_its_own_string_in_atari_next_to_a_short_attacker_neighbour() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading41.sgf", Some(130));
    let white = at(&b, "C19");
    let e11 = at(&b, "E11");
    assert_eq!(b.liberties(white), 2);
    assert_eq!(b.liberties(at(&b, "D11")), 1);
    assert_eq!(b.liberties(at(&b, "B16")), 3);
    assert!(
        !first_and_second_order_liberties(&b, white).contains(&e11),
        "E11 is neither a liberty nor next to one"
    );
    let mut reader = Reader::new(b.clone(), ko);
    let defense = reader.find_defense(white);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(e11)));
    reader.trymove(Color::White, e11).unwrap();
    assert_eq!(reader.attack(white).code, Code::Fail);
}

/// Beyond `depth + 10` a two-liberty string is still read as a simple
/// ladder: in the `reading` suite's `ladder1.sgf` at move 59 (test 39,
/// read in place from the shared folder), Black K13 starts a ladder on
/// White's G12 string (liberties K13 and L12) that runs to the right
/// edge; its last capture is read at stack depth 28, past `depth + 10`
/// (26). GNU Go: `attack G12` answers `1 K13`, and after Black K13
/// `defend G12` answers `0`. When the attack failed beyond `depth + 10`,
/// the answer was `0`.
#[test]
fn a_long_ladder_is_read_past_the_two_liberty_depth() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "ladder1.sgf", Some(59));
    let white = at(&b, "G12");
    let k13 = at(&b, "K13");
    assert_eq!(b.liberties(white), 2);
    let mut reader = Reader::new(b.clone(), ko);
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(k13)));
    reader.trymove(Color::Black, k13).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
}

/// In a semeai two moves below the root, the attacker extends its own
/// two-liberty string next to the target at the liberty the target does
/// not share, even though the extension keeps only two liberties: the
/// shared liberty becomes a self-atari for the defender. In the `reading`
/// suite's `incident239.sgf` at move 58 (test 35, read in place from the
/// shared folder), Black's A3 string has the liberties A4, B1 and A1;
/// after White B1 and Black C5, White's B3 string (four stones) has the
/// liberties A4 and A5, and White A5 (two liberties: A4 and A7) captures
/// (GNU Go: `attack A3` answers `1 B1`; after White B1 `defend A3`
/// answers `0`; after White B1 and Black C5 `attack A3` answers `1 A5`).
/// Before, the extension needed three liberties and the root answer was
/// the ko `2 A5`.
#[test]
fn the_attacker_extends_its_own_string_in_a_semeai_below_the_root() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "incident239.sgf", Some(58));
    let black = at(&b, "A3");
    let (b1, c5, a5) = (at(&b, "B1"), at(&b, "C5"), at(&b, "A5"));
    assert_eq!(b.liberties(black), 3);
    let mut reader = Reader::new(b.clone(), ko);
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(b1)));
    reader.trymove(Color::White, b1).unwrap();
    assert_eq!(reader.find_defense(black).code, Code::Fail);
    reader.trymove(Color::Black, c5).unwrap();
    assert_eq!(reader.board().board().liberties(black), 2);
    assert_eq!(reader.board().board().liberties(at(&b, "B3")), 2);
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(a5)));
}

/// One level below the full four-liberty generators the attacker still
/// reads a four-liberty string at its liberties: in `incident93.sgf` at
/// move 55 (read in place from the shared folder), after White F4, GNU
/// Go's `attack F4` answers `1 J5`; after Black J5 and White E5 (our
/// defence) the white string still has four liberties at stack depth 3,
/// and GNU Go's `attack F4` answers `1 F1`. When four-liberty strings
/// were read only to stack depth 2, both answers were `0`.
#[test]
fn a_four_liberty_string_is_attacked_at_its_liberties_one_level_deeper() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "incident93.sgf", Some(55));
    let mut reader = Reader::new(b.clone(), ko);
    let f4 = at(&b, "F4");
    reader.trymove(Color::White, f4).unwrap();
    assert_eq!(reader.board().board().liberties(f4), 4);
    let attack = reader.attack(f4);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(at(&b, "J5"))));
    reader.trymove(Color::Black, at(&b, "J5")).unwrap();
    reader.trymove(Color::White, at(&b, "E5")).unwrap();
    assert_eq!(reader.board().board().liberties(f4), 4);
    let deeper = reader.attack(f4);
    assert_eq!(deeper.code, Code::Win);
    assert!(
        reader
            .board()
            .board()
            .liberty_vertices(f4)
            .any(|l| Some(l) == deeper.point),
        "the attack is at a liberty"
    );
}

/// A two-liberty string whose liberties are both suicide for the
/// attacker is saved by a liberty of the defender's friend next to them
/// (GNU Go's superstring moves): in `zheng.sgf` at move
/// 2 (read in place from the shared folder), after White E3, Black F3,
/// White E1, Black F4, White F1, Black's E2-F5 string has the liberties
/// E5 and F6, both suicide for White; filling either is a self-atari, and
/// every neighbour of the string is strong. GNU Go: `defend E2` answers
/// `1 C5`, a liberty of Black's D5-D6-E6, which touches E5; C6, its other
/// liberty there, saves the string as well. Without the fallback we
/// answered 0.
#[test]
fn the_defender_plays_a_liberty_of_a_friend_when_the_target_cannot_be_approached() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "zheng.sgf", Some(2));
    let mut reader = Reader::new(b.clone(), ko);
    for (color, v) in [
        (Color::White, "E3"),
        (Color::Black, "F3"),
        (Color::White, "E1"),
        (Color::Black, "F4"),
        (Color::White, "F1"),
    ] {
        reader.trymove(color, at(&b, v)).unwrap();
    }
    let black = at(&b, "E2");
    assert_eq!(reader.attack(black).code, Code::Fail);
    let defense = reader.find_defense(black);
    assert_eq!(defense.code, Code::Win, "{defense:?}");
    let point = defense.point.expect("a defence point");
    assert!([at(&b, "C5"), at(&b, "C6")].contains(&point), "{defense:?}");
    reader.trymove(Color::Black, point).unwrap();
    assert_eq!(reader.attack(black).code, Code::Fail);
}

/// The attacker's clamps (an empty point next to a liberty that would be
/// the only new liberty of the defender's extension there, played from a
/// solid string) refute defences below the root. In `reading35.sgf`
/// (`reading.tst` 164, read in place from the shared folder), after
/// White A5, GNU Go's `attack B6` answers `1 A7`, and its `defend B6`
/// after Black A3 answers `0`; without clamps our attack found nothing
/// (and our `defend B6` answered `1 A5`).
#[test]
fn a_clamp_refutes_the_extension_along_the_edge() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading35.sgf", None);
    let white = at(&b, "B6");
    let mut reader = Reader::new(b.clone(), ko);
    reader.trymove(Color::White, at(&b, "A5")).unwrap();
    let attack = reader.attack(white);
    assert_eq!(attack.code, Code::Win);
    let m = attack.point.expect("a winning attack names a move");
    reader.trymove(Color::Black, m).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
}

/// In `reading06.sgf` (`reading.tst` 65) Black's S5 cannot be saved: the
/// suite expects `defend S5` to answer `0`. GNU Go answers `1 S4`, yet
/// after Black S4 its own `attack S5` answers `1 T5`; with clamps our
/// attacker refutes S4 as well (before, we answered `1 S4`).
#[test]
fn a_clamp_shows_that_a_stone_in_a_two_liberty_corner_cannot_be_saved() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading06.sgf", None);
    let black = at(&b, "S5");
    assert_eq!(b.liberties(black), 2);
    let mut reader = Reader::new(b.clone(), ko);
    assert_eq!(reader.find_defense(black).code, Code::Fail);
    reader.trymove(Color::Black, at(&b, "S4")).unwrap();
    assert_eq!(reader.attack(black).code, Code::Win);
}

/// Below the root, a defender with no saving move still lives when its
/// liberties are all suicide for the attacker and the attacker, moving
/// again, cannot capture it (a tenuki): in the `reading` suite's
/// `reading12.sgf` (test 111, read in place from the shared folder),
/// White's G9 string has the liberties F9, H9 and J8. After White J9 and
/// Black F9 it keeps H9 and J8, both suicide for Black and self-ataris
/// for White: GNU Go answers `defend G9` = 0 and `attack G9` = 0 there,
/// so Black F9 is no attack one ply up, and White J9 defends (GNU Go:
/// `defend G9` = `1 J9`).
#[test]
fn the_defender_may_tenuki_when_the_attacker_cannot_approach() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading12.sgf", None);
    let white = at(&b, "G9");
    let j9 = at(&b, "J9");
    assert_eq!(b.liberties(white), 3);
    let mut reader = Reader::new(b.clone(), ko);
    let defense = reader.find_defense(white);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(j9)));
    reader.trymove(Color::White, j9).unwrap();
    assert_eq!(reader.attack(white).code, Code::Fail);
    reader.trymove(Color::Black, at(&b, "F9")).unwrap();
    // At the root GNU Go's 0 stands: no move saves it, none is needed.
    assert_eq!(reader.find_defense(white).code, Code::Fail);
    assert_eq!(reader.attack(white).code, Code::Fail);
}

/// The defender saves a friend in atari at one of the target's liberties
/// by capturing the attacker string in atari next to it: in the
/// `reading` suite's `TSa.sgf` at move 298 (test 130, read in place
/// from the shared folder), after White B18 Black's E19 string has the
/// liberties D19, C18 and C17; Black's ten-stone B17 string has only
/// C17, and White's A16-A17 next to it only A15. GNU Go: `attack E19` is
/// 0, and after White B18 `defend E19` is `1 A15`.
#[test]
fn the_defender_captures_to_save_a_friend_in_atari_at_a_liberty() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "TSa.sgf", Some(298));
    let black = at(&b, "E19");
    let a15 = at(&b, "A15");
    let mut reader = Reader::new(b.clone(), ko);
    assert_eq!(reader.attack(black).code, Code::Fail);
    reader.trymove(Color::White, at(&b, "B18")).unwrap();
    assert_eq!(reader.board().board().liberties(black), 3);
    assert_eq!(reader.board().board().liberties(at(&b, "B17")), 1);
    assert_eq!(reader.board().board().liberties(at(&b, "A16")), 1);
    let defense = reader.find_defense(black);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(a15)));
}

/// A capture that the defender takes back at once, more stones than were
/// captured (a snapback), is no attack: in the `reading` suite's
/// `reading39.sgf` (test 175, read in place from the shared folder),
/// after White N2, Black O2 and White N1, White's O3 is in atari at N3,
/// and Black N3 would leave eight black stones with the single liberty
/// O3. GNU Go: `attack O3` is 0 there, `defend O3` is `1 N1` after White
/// N2 and Black O2, and `defend O3` is `1 (N1|N2)` at the root.
#[test]
fn a_capture_taken_back_by_a_snapback_is_no_attack() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading39.sgf", None);
    let white = at(&b, "O3");
    let mut reader = Reader::new(b.clone(), ko);
    let defense = reader.find_defense(white);
    assert_eq!(defense.code, Code::Win);
    assert!(
        [at(&b, "N1"), at(&b, "N2")].contains(&defense.point.expect("a move")),
        "{defense:?}"
    );
    reader.trymove(Color::White, at(&b, "N2")).unwrap();
    reader.trymove(Color::Black, at(&b, "O2")).unwrap();
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "N1")))
    );
    reader.trymove(Color::White, at(&b, "N1")).unwrap();
    assert_eq!(reader.board().board().liberties(white), 1);
    assert_eq!(reader.attack(white).code, Code::Fail);
}

/// Deeper than the usual break-chain moves, the defender still takes the
/// liberties of a two-liberty attacker neighbour that shares a liberty
/// with the target: in `ego2.sgf` at move 147 (read in place from the
/// shared corpus), after Black O3, White O2 and Black N2, White's
/// O2-P2-P3-P4 has the liberties O1 and P1. GNU Go: `defend O2` is
/// `1 M2`, and after White M2 and Black N1 (Black's N1-N2 shares O1 with
/// the target, at stack depth 5) `defend O2` is `1 M1`.
#[test]
fn the_defender_races_a_small_chain_for_a_shared_liberty_below_the_usual_depth() {
    let shared = testkit::require_shared!();
    let position = sgf::load_sgf_file(&shared.join("corpus/positions/ego2.sgf"), Some(147))
        .expect("ego2.sgf loads");
    let b = position.board;
    let ko = position.ko.and_then(|p| b.geometry().vertex(p));
    let white = at(&b, "O2");
    let mut reader = Reader::new(b.clone(), ko);
    reader.trymove(Color::Black, at(&b, "O3")).unwrap();
    reader.trymove(Color::White, white).unwrap();
    reader.trymove(Color::Black, at(&b, "N2")).unwrap();
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "M2")))
    );
    reader.trymove(Color::White, at(&b, "M2")).unwrap();
    reader.trymove(Color::Black, at(&b, "N1")).unwrap();
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "M1")))
    );
}

/// The defender of a three-liberty string squeezes two weak attacker
/// neighbours at once: in the `reading` suite's `reading35.sgf` (test
/// 164, read in place from the shared folder), White's B6-B5-B4-C4 has
/// the liberties A6, A5 and A4, and no extension saves it; Black's B7
/// (liberties A7, B8, C7) and C6-C5 (liberties C7, D6, D5) share C7,
/// which takes a liberty from both (GNU Go: `defend B6` answers `1 C7`,
/// and after White C7 `attack B6` answers `0`). C7 is no liberty of the
/// target.
#[test]
fn a_three_liberty_string_is_saved_by_squeezing_two_weak_neighbours() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading35.sgf", None);
    let white = at(&b, "B6");
    let c7 = at(&b, "C7");
    assert_eq!(b.liberties(white), 3);
    assert!(!b.has_liberty(white, c7), "C7 is no liberty of the target");
    let mut reader = Reader::new(b.clone(), ko);
    let defense = reader.find_defense(white);
    assert_eq!((defense.code, defense.point), (Code::Win, Some(c7)));
    reader.trymove(Color::White, c7).unwrap();
    assert_eq!(reader.attack(white).code, Code::Fail);
}

/// The defender follows a ladder on a big two-liberty attacker chain
/// beyond `break_chain_depth`: in the `reading` suite's
/// `incident64.sgf` at move 52 (test 14, read in place from the shared
/// folder), Black's G9 against White's F7-F6-F5 (liberties E6, E5) fails
/// because White ladders Black's F8-F9 chain (GNU Go: `attack F7`
/// answers `0`; after Black G9, White H9, Black G10, White G11, Black
/// H10, White J10, Black H11, White H12, Black J11, at stack depth 9,
/// `defend F7` answers `1 K11`, a liberty of that chain).
#[test]
fn the_defender_ladders_a_big_two_liberty_chain_beyond_the_break_chain_depth() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "incident64.sgf", Some(52));
    let white = at(&b, "F7");
    let mut reader = Reader::new(b.clone(), ko);
    assert_eq!(reader.attack(white).code, Code::Fail);
    let line = [
        (Color::Black, "G9"),
        (Color::White, "H9"),
        (Color::Black, "G10"),
        (Color::White, "G11"),
        (Color::Black, "H10"),
        (Color::White, "J10"),
        (Color::Black, "H11"),
        (Color::White, "H12"),
        (Color::Black, "J11"),
    ];
    let mut reader = Reader::new(b.clone(), ko);
    for (color, m) in line {
        reader
            .trymove(color, at(&b, m))
            .expect("the ladder's moves are legal");
    }
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "K11")))
    );
}

/// A liberty the attacker cannot fill, sealed by small defender stones:
/// the attacker takes their other liberties (module `sealed_liberty`).
/// In the `reading` suite's `reading19.sgf` (read in place from the
/// shared folder, test 123), White J17-K17-K18 has the liberties J18 and
/// L18; Black J18 is suicide among the target and the single White
/// stones H18 and J19, which share the liberty H19. GNU Go: `attack K18`
/// answers `1 G19` (next to H19), and after Black G19, White G16,
/// `attack K18` answers `1 H19` (two plies below the root); `attack C3`
/// in `reading02.sgf` (test 52) answers `1 H2`, whose line after White
/// B1 needs the attacker's A1 (the other liberty of B1, which seals C1).
#[test]
fn the_attacker_takes_the_liberties_of_stones_that_seal_a_liberty() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading19.sgf", None);
    let mut reader = Reader::new(b.clone(), ko);
    let target = at(&b, "K18");
    let attack = reader.attack(target);
    assert_eq!(
        (attack.code, attack.point),
        (Code::Win, Some(at(&b, "G19")))
    );
    reader.trymove(Color::Black, at(&b, "G19")).unwrap();
    reader.trymove(Color::White, at(&b, "G16")).unwrap();
    let attack = reader.attack(target);
    assert_eq!(
        (attack.code, attack.point),
        (Code::Win, Some(at(&b, "H19")))
    );

    let (b, ko) = testkit::positions::regression_position(&shared, "reading02.sgf", None);
    let mut reader = Reader::new(b.clone(), ko);
    let attack = reader.attack(at(&b, "C3"));
    assert_eq!((attack.code, attack.point), (Code::Win, Some(at(&b, "H2"))));
    reader.trymove(Color::Black, at(&b, "H2")).unwrap();
    reader.trymove(Color::White, at(&b, "B1")).unwrap();
    assert_eq!(reader.attack(at(&b, "C3")).code, Code::Win);
}

/// Deep in a line the defender ataris a small two-liberty attacker
/// neighbour whose other liberty touches one of the target's: in the
/// `reading` suite's `golois/Basique990715-1.sgf` (test 171, read in
/// place from the shared folder) after White Q4, Black R4, White P4,
/// Black R5, White R3, GNU Go's `attack R3` answers `1 R2`. Black's S3
/// fails: GNU Go's `defend R3` after it answers `1 R2`, and its line
/// (White R2, Black Q2, White S2, Black R1) reaches stack depth 10, where
/// White's R3-R2-S2 (liberties S1, T2) lives by S4, an atari on Black's
/// S3 (liberties S4, T3; T3 touches T2).
#[test]
fn deep_in_a_line_the_defender_ataris_a_small_chain_next_to_its_liberties() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "../golois/Basique990715-1.sgf", None);
    let setup = [
        (Color::White, "Q4"),
        (Color::Black, "R4"),
        (Color::White, "P4"),
        (Color::Black, "R5"),
        (Color::White, "R3"),
    ];
    let mut reader = Reader::new(b.clone(), ko);
    for (color, m) in setup {
        reader
            .trymove(color, at(&b, m))
            .expect("the suite's moves are legal");
    }
    let white = at(&b, "R3");
    let attack = reader.attack(white);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(at(&b, "R2"))));
    reader.trymove(Color::Black, at(&b, "S3")).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Win);
    // The deep position itself: White's S4 saves R3.
    for (color, m) in [
        (Color::White, "R2"),
        (Color::Black, "Q2"),
        (Color::White, "S2"),
        (Color::Black, "R1"),
    ] {
        reader.trymove(color, at(&b, m)).unwrap();
    }
    let defense = reader.find_defense(white);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "S4")))
    );
}

/// The defender takes a liberty of a big three-liberty attacker chain
/// next to a four-liberty target: in the `reading` suite's
/// `nngs/tommmal-gnugo-3.5.1-200310071202.sgf` at move 194 (test 189,
/// read in place from the shared folder) after Black A14 and White A15,
/// Black's C19 has four liberties and White's seven-stone B19-B14-A15
/// three (A19, A17, A16). GNU Go's `defend C19` answers `1 A17`, and
/// after Black A17 its `attack C19` answers `0`.
#[test]
fn the_defender_takes_a_liberty_of_a_big_three_liberty_chain_next_to_four_liberties() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(
        &shared,
        "nngs/tommmal-gnugo-3.5.1-200310071202.sgf",
        Some(194),
    );
    let mut reader = Reader::new(b.clone(), ko);
    reader.trymove(Color::Black, at(&b, "A14")).unwrap();
    reader.trymove(Color::White, at(&b, "A15")).unwrap();
    let black = at(&b, "C19");
    let chain = at(&b, "B19");
    assert_eq!(reader.board().board().liberties(black), 4);
    assert_eq!(reader.board().board().liberties(chain), 3);
    assert_eq!(reader.board().board().string_size(chain), 7);
    let defense = reader.find_defense(black);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "A17")))
    );
    reader.trymove(Color::Black, at(&b, "A17")).unwrap();
    assert_eq!(reader.attack(black).code, Code::Fail);
}

/// Deep in a line the defender ataris the two-liberty attacker chain the
/// attacker has just played into: in the `reading` suite's
/// `incident252.sgf` at move 134 (test 57, read in place from the shared
/// folder) GNU Go's `attack H3` answers `0`. Its line against White's J2
/// (Black H2, White J1, Black H1, White G2, Black K1, White G1, Black J2,
/// White L1, Black M1, White N2) reaches stack depth 11, where White's
/// N2 joins M2 in a two-liberty chain next to Black's string and GNU
/// Go's `defend H3` answers `1 O2`; we answered `attack H3` with J2.
#[test]
fn deep_in_a_line_the_defender_ataris_the_chain_just_played_into() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "incident252.sgf", Some(134));
    let black = at(&b, "H3");
    let mut reader = Reader::new(b.clone(), ko);
    assert_eq!(reader.attack(black).code, Code::Fail);
    assert_eq!(reader.board().last_move(), None);
    let line = [
        (Color::White, "J2"),
        (Color::Black, "H2"),
        (Color::White, "J1"),
        (Color::Black, "H1"),
        (Color::White, "G2"),
        (Color::Black, "K1"),
        (Color::White, "G1"),
        (Color::Black, "J2"),
        (Color::White, "L1"),
        (Color::Black, "M1"),
        (Color::White, "N2"),
    ];
    for (color, m) in line {
        reader
            .trymove(color, at(&b, m))
            .expect("the line's moves are legal");
    }
    assert_eq!(reader.board().last_move(), Some(at(&b, "N2")));
    let defense = reader.find_defense(black);
    assert_eq!(
        (defense.code, defense.point),
        (Code::Win, Some(at(&b, "O2")))
    );
    reader.popgo();
    assert_eq!(reader.board().last_move(), Some(at(&b, "M1")));
}

/// The attacker blocks a first-line crawl from the second line: in the
/// `reading` suite's `reading05.sgf` (test 63, read in place from the
/// shared folder), Black A9-B9-C9-C10-D10 (liberties A10, A8 and D9)
/// cannot be defended (GNU Go: `defend A9` answers `0`). After Black's
/// A8, White blocks at B7, inside the liberty A7 and next to White's
/// B8 (GNU Go: `attack A9` answers `1 B7`); after Black's A7, White
/// blocks at B6 at stack depth 3 (GNU Go: `attack A9` answers `1 B6`).
#[test]
fn the_attacker_blocks_a_first_line_crawl_from_the_second_line() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "reading05.sgf", None);
    let black = at(&b, "A9");
    assert_eq!(b.liberties(black), 3);
    let mut reader = Reader::new(b.clone(), ko);
    assert_eq!(reader.find_defense(black).code, Code::Fail);
    reader.trymove(Color::Black, at(&b, "A8")).unwrap();
    reader.trymove(Color::White, at(&b, "B7")).unwrap();
    reader.trymove(Color::Black, at(&b, "A7")).unwrap();
    let attack = reader.attack(black);
    assert_eq!(attack.code, Code::Win, "{attack:?}");
    assert_eq!(attack.point, Some(at(&b, "B6")));
}

/// Four-liberty strings are attacked at stack depth 4 (the reader's
/// `FOUR_LIB_LIBERTIES_SLACK`): in the `connection` suite's test 97
/// (`ManyFaces3-gnugo-3.3.11-200211071935.sgf` at move 201, read in place
/// from the shared folder) GNU Go 3.8's `attack O8` is `1 O6`; its line
/// White O6, Black P7, White Q7, Black N7 leaves Black a four-liberty
/// string that GNU Go attacks at M6 (`attack O8` after those four moves:
/// `1 M6`). Reading four-liberty strings only to stack depth 3, the
/// reader answered `0` to both.
#[test]
fn a_four_liberty_string_is_attacked_at_stack_depth_four() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(
        &shared,
        "nngs/ManyFaces3-gnugo-3.3.11-200211071935.sgf",
        Some(201),
    );
    let mut reader = Reader::new(b.clone(), ko);
    let black = at(&b, "O8");
    let attack = reader.attack(black);
    assert_eq!((attack.code, attack.point), (Code::Win, Some(at(&b, "O6"))));
    for (color, m) in [
        (Color::White, "O6"),
        (Color::Black, "P7"),
        (Color::White, "Q7"),
        (Color::Black, "N7"),
    ] {
        reader.trymove(color, at(&b, m)).unwrap();
    }
    assert_eq!(reader.board().board().liberties(black), 4);
    let deep = reader.attack(black);
    assert_eq!(deep.code, Code::Win, "{deep:?}");
}

/// The attacker's blocked-semeai extension (`reader/blocked_semeai.rs`):
/// in the `connection` suite's `owl19.sgf` (read in place from the shared
/// folder), eight moves down GNU Go's line for `attack C16` (Black B18,
/// White B17, Black C15, White A18, Black B19, White A17, Black B16,
/// White A16 capturing B16), White's C16 string has the liberties B16 (a
/// suicide for Black) and A19 (a self-atari); Black extends its
/// B18-B19-C19 string at D19, merging it with D18. GNU Go: `attack C16`
/// answers `1 D19`, and after Black D19 `defend C16` answers `0`. Without
/// the extension the answer was `0`.
#[test]
fn the_attacker_extends_its_own_string_next_to_a_blocked_target() {
    let shared = testkit::require_shared!();
    let (b, ko) = testkit::positions::regression_position(&shared, "owl19.sgf", None);
    let mut reader = Reader::new(b.clone(), ko);
    for (color, point) in [
        (Color::Black, "B18"),
        (Color::White, "B17"),
        (Color::Black, "C15"),
        (Color::White, "A18"),
        (Color::Black, "B19"),
        (Color::White, "A17"),
        (Color::Black, "B16"),
        (Color::White, "A16"),
    ] {
        reader.trymove(color, at(&b, point)).unwrap();
    }
    let white = at(&b, "C16");
    let board = reader.board().board();
    assert_eq!(board.liberties(white), 2);
    let attack = reader.attack(white);
    assert_eq!(
        (attack.code, attack.point),
        (Code::Win, Some(at(&b, "D19")))
    );
    reader.trymove(Color::Black, at(&b, "D19")).unwrap();
    assert_eq!(reader.find_defense(white).code, Code::Fail);
}
