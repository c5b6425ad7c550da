//! Properties of the reading board and the reader: trying moves and
//! popping them restores the exact position and hash; attack and defence
//! agree with each other (after a claimed attack the defence finds
//! nothing, after a claimed defence the attack finds nothing), on random
//! small positions and on the positions of our own reading suite.
//!
//! The fixed-position cases (the answers of `attack` and `defend` on
//! positions written by hand and on GNU Go's regression games, with the
//! lines tried on the reading stack) are GTP suites in GNU Go's `.tst`
//! format: `tests/tactics/reading.tst` (hand positions, SGF files beside
//! it) and `tests/tactics/reading_games.tst`, run by the workspace's
//! `tests/all/gtp_suites.rs`. What stays here is what no GTP answer states:
//! - the reading board's API (`trymove` refusing suicide and the ko
//!   point, `tryko`, `popgo` restoring the board), the node limit and
//!   node counts, the depth limits;
//! - attack/defence consistency over every string of the suite's hand
//!   positions, and answers independent of what a reader read before;
//! - the premises of the suite cases: liberty counts, string sizes,
//!   points that are no liberty nor next to one, the reading board's last
//!   move, the board restored after `popgo` ([`premises_of_the_suite_cases`]).

use goban::{Board, Cell, Color, Vertex};
use proptest::prelude::*;
use tactics::reader::{ReadingParams, StackBands};
use tactics::{Code, Reader, ReadingBoard};

use testkit::positions::{random_board, regression_file_position, tactics_position};

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

/// The hand positions of `tests/tactics/reading.tst` whose answers the
/// Rust cases also checked for consistency over every string.
const CONSISTENT_POSITIONS: &[&str] = &[
    "atari.sgf",
    "ladder.sgf",
    "ladder_broken.sgf",
    "ko_avoided.sgf",
    "snapback.sgf",
    "backfill.sgf",
    "first_line.sgf",
    "defender_takes_liberty.sgf",
    "attacker_saves_own.sgf",
    "defender_extends_weak.sgf",
    "attacker_presses.sgf",
    "net_below_root.sgf",
    "attacker_extends_own.sgf",
    "three_liberties_below_root.sgf",
];

#[test]
fn the_suite_positions_answer_consistently() {
    for name in CONSISTENT_POSITIONS {
        let (b, ko) = tactics_position(name);
        assert_eq!(ko, None, "{name}");
        check_consistency(&b).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
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

/// Attack and defence agree with each other on random 7×7 positions: after
/// a claimed winning attack no defence is found, after a claimed winning
/// defence no attack. Depth-limited reading does not hold this everywhere
/// (a defence found at the root can lie beyond the horizon one move
/// deeper: the ignored test below keeps two such positions a random
/// search found), so the sample is fixed (a seeded generator: the same
/// 1,000 positions every run, none inconsistent today) and a new
/// inconsistency on it fails the test, while CI does not depend on luck.
#[test]
fn attack_and_defence_are_consistent_on_random_positions() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let mut runner = TestRunner::deterministic();
    let setups = proptest::collection::vec((any::<bool>(), 0u16..49), 10..40);
    let mut failures = Vec::new();
    let mut distinct = std::collections::BTreeSet::new();
    let positions = 1000;
    for _ in 0..positions {
        let setup = setups.new_tree(&mut runner).expect("a sample").current();
        let board = random_board(7, &setup);
        distinct.insert(board.rows_text());
        if let Err(why) = check_consistency(&board) {
            failures.push(why);
        }
    }
    eprintln!(
        "inconsistent: {} of {positions} positions ({} distinct)",
        failures.len(),
        distinct.len()
    );
    for why in failures.iter().take(3) {
        eprintln!("{why}");
    }
    assert!(
        failures.is_empty(),
        "{} of {positions} positions inconsistent, first: {}",
        failures.len(),
        failures[0]
    );
}

/// Two positions a random consistency search found (7×7). In the first,
/// Black's defence of F5
/// at F6 claims a win, but after F6 the attack at F4 claims one too, and
/// after F4 (played at the root) D6 defends. GNU Go 3.8 answers `defend
/// F5` with F4 and, after F6, `attack F5` with 0. The defence after F4 is
/// found at the root and missed two moves deep (the depth bands of the
/// defender's generators): a horizon effect left for the reader's revisit
/// on held-out positions (issue 25), kept here as the failing case.
#[test]
#[ignore = "known reader inconsistencies two moves deep: see the doc comment"]
fn defence_found_at_the_root_is_found_two_moves_deep() {
    let found = [
        [
            "..OXX..", "....O..", "..XO.XO", "....O..", ".......", ".......", ".......",
        ],
        // Black's defence of E6 at E5 claims a win, White's attack at F5
        // after it wins through a ko.
        [
            "O.OX.X.", "XO.OX.O", ".XO...O", "..O.OX.", "..O..OX", "...O.O.", ".....XO",
        ],
    ];
    for rows in found {
        let board = Board::from_rows(&rows).expect("board");
        check_consistency(&board).unwrap();
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

/// `table.sgf` of the reading suite (White's B1 after White A2, tests 7
/// to 9 there): a reader that has read other strings answers as a fresh
/// one.
#[test]
fn the_table_does_not_carry_answers_between_calls() {
    let (b, _) = tactics_position("table.sgf");
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
    let (ladder, _) = tactics_position("ladder.sgf");
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

/// A call made three moves deep still avoids a ko capture (GNU Go 3.8 at
/// stack depths 3, 7 and 11: `attack B19` 1 A17 on tripod4's corner
/// after B18, E19, B19 tried): White B19 in atari is captured at A7 only
/// through a ko, while Black A5 first ataris A6 so that A7 takes both
/// stones. Without `ko_avoiding_top_plies` (the default, see
/// `docs/tuning/owl.md`, ninth pass) the move is tried only up to stack
/// depth 2, and the answer is the ko.
#[test]
fn a_ko_capture_is_avoided_below_the_top_level_call() {
    let rows = [
        "..X....", "O..XO..", ".XXOOOO", ".XOO...", ".OO....", "..O....", ".......",
    ];
    let board = board(&rows);
    let read = |params: ReadingParams| {
        let mut reader = Reader::new(board.clone(), None);
        reader.set_params(params);
        for (color, m) in [
            (Color::Black, "B6"),
            (Color::White, "E7"),
            (Color::White, "B7"),
        ] {
            reader.trymove(color, at(&board, m)).expect("a legal move");
        }
        reader.attack(at(&board, "B7"))
    };
    let found = read(ReadingParams {
        ko_avoiding_top_plies: Some(0),
        ..ReadingParams::default()
    });
    assert_eq!(found.code, Code::Win);
    assert_eq!(found.point, Some(at(&board, "A5")));
    let bounded = read(ReadingParams::default());
    assert_eq!(bounded.code, Code::KoA);
    assert_eq!(bounded.point, Some(at(&board, "A7")));
}

/// The attacker's first answer to a top-level defence read with the
/// top-level call's generators (`stack_bands` `RootReply`): on
/// incident261.sgf at move 203 Black's P13 string has two liberties and
/// Black's K10 claims to save it, because at stack depth 1 our attacker
/// does not try the second-order liberty L10 that it tries at the root
/// (after K10 played out, `attack P13` is `1 L10` for both engines, and
/// GNU Go 3.8 finds L10 after `trymove` K10 at every stack depth from 1
/// to 7, so its `defend P13` is 0). With the first answer read with the
/// root's rows the defence is refuted.
#[test]
fn the_first_answer_to_a_root_defence_has_the_roots_generators() {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let defend = |stack_bands: StackBands| {
        let (board, mut reader) = incident261_at_203(
            &shared,
            ReadingParams {
                stack_bands,
                // L10 is also a `friend_second_order` move: that generator off.
                two_lib_friend_second_order_depth: -1,
                ..ReadingParams::default()
            },
        );
        (reader.find_defense(at(&board, "P13")), at(&board, "K10"))
    };
    let (stack, k10) = defend(StackBands::Stack);
    assert_eq!(stack.code, Code::Win);
    assert_eq!(stack.point, Some(k10));
    assert_eq!(defend(StackBands::RootReply).0.code, Code::Fail);
    // Every call here starts at the root, where `FromRoot` counts as the
    // stack does.
    assert_eq!(defend(StackBands::FromRoot).0, stack);
    assert_eq!(defend(StackBands::FromRootAndReply).0.code, Code::Fail);
}

/// `Reader::set_stack_bands` on a reader whose table is warm: on
/// incident261.sgf at move 203, after `trymove` Black K10 (stack depth
/// 1), `attack P13` misses the second-order liberty L10 with the bands
/// counted on the stack (a root-only row) and finds it with the bands
/// counted from the call (GNU Go 3.8 finds L10 at every stack depth);
/// switching back answers as before, so no stored result crosses over.
#[test]
fn the_stack_bands_switch_on_a_warm_reader_and_back() {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let (board, mut reader) = incident261_at_203(
        &shared,
        ReadingParams {
            // L10 is also a `friend_second_order` move: that generator off.
            two_lib_friend_second_order_depth: -1,
            ..ReadingParams::default()
        },
    );
    reader
        .trymove(Color::Black, at(&board, "K10"))
        .expect("a legal move");
    let p13 = at(&board, "P13");
    let stack = reader.attack(p13);
    assert_ne!(stack.point, Some(at(&board, "L10")));
    assert_eq!(
        reader.set_stack_bands(StackBands::FromRoot),
        StackBands::Stack
    );
    let from_call = reader.attack(p13);
    assert_eq!(from_call.code, Code::Win);
    assert_eq!(from_call.point, Some(at(&board, "L10")));
    assert_eq!(
        reader.set_stack_bands(StackBands::Stack),
        StackBands::FromRoot
    );
    assert_eq!(reader.attack(p13), stack);
}

/// The attacker's second-order liberty that is also a liberty of another
/// defender string (`two_lib_friend_second_order_depth`): on
/// incident261.sgf at move 203 Black's K10 claims to save the two-liberty
/// P13 string (liberties M10 and N11); White's answer L10, next to the
/// liberty M10 and a liberty of Black's J9-J10-K10, refutes it (GNU Go
/// 3.8 finds L10 after `trymove` K10 at stack depths 1 to 7). Off (-1),
/// the move is tried at the root only and K10 stands.
#[test]
fn a_second_order_liberty_shared_with_a_defender_string_is_tried_below_the_root() {
    let Some(shared) = testkit::shared_dir() else {
        return;
    };
    let (board, _) = incident261_at_203(&shared, ReadingParams::default());
    let defend = |depth: i32| {
        let (_, mut reader) = incident261_at_203(
            &shared,
            ReadingParams {
                two_lib_friend_second_order_depth: depth,
                ..ReadingParams::default()
            },
        );
        let defence = reader.find_defense(at(&board, "P13"));
        reader
            .trymove(Color::Black, at(&board, "K10"))
            .expect("a legal move");
        (defence, reader.attack(at(&board, "P13")))
    };
    let (defence, attack) = defend(-1);
    assert_eq!(defence.code, Code::Win);
    assert_eq!(defence.point, Some(at(&board, "K10")));
    assert_eq!(attack.code, Code::Fail);
    let (defence, attack) = defend(2);
    assert_eq!(defence.code, Code::Fail);
    assert_eq!(attack.code, Code::Win);
    assert_eq!(attack.point, Some(at(&board, "L10")));
}

/// incident261.sgf at move 203 (Black's two-liberty P13 string, which
/// Black's K10 claims to save) and a reader on it with `params`.
fn incident261_at_203(shared: &std::path::Path, params: ReadingParams) -> (Board, Reader) {
    let (board, ko) = regression_file_position(shared, "games/incident261.sgf", Some(203));
    let mut reader = Reader::new(board.clone(), ko);
    reader.set_params(params);
    (board, reader)
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

/// Where a suite case's position comes from.
#[derive(Clone, Copy)]
enum Source {
    /// `tests/tactics/NAME` (a hand position).
    Own(&'static str),
    /// `regression/PATH` in the shared folder at a move, as `loadsgf`.
    Game(&'static str, Option<u32>),
}

/// A fact about a position that no GTP answer states.
#[derive(Clone, Copy, Debug)]
enum Fact {
    /// The string at the point has this many liberties.
    Liberties(&'static str, usize),
    /// The string at the point has this many stones.
    Size(&'static str, usize),
    /// The second point is neither a liberty of the first's string nor
    /// next to one.
    NotNear(&'static str, &'static str),
    /// The second point is no liberty of the first's string.
    NotLiberty(&'static str, &'static str),
    /// The point is empty.
    Empty(&'static str),
    /// The reading board's last move on the stack.
    LastMove(Option<&'static str>),
    /// The board is the position as loaded.
    AsLoaded,
}

/// The premises of a case of `tests/tactics/reading*.tst` (the case's
/// test numbers there): after `line` (`B V` / `W V` tried on the reading
/// stack, `pop` taken back), the facts hold.
struct Premise {
    case: &'static str,
    source: Source,
    line: &'static str,
    facts: &'static [Fact],
}

use Fact::*;

const PREMISES: &[Premise] = &[
    Premise {
        case: "reading 10-12",
        source: Source::Own("snapback.sgf"),
        line: "B B1 W A1",
        facts: &[Empty("B1"), Liberties("A2", 1)],
    },
    Premise {
        case: "reading 10-12",
        source: Source::Own("snapback.sgf"),
        line: "B B1 W A1 pop pop",
        facts: &[AsLoaded, LastMove(None)],
    },
    Premise {
        case: "reading 13-14",
        source: Source::Own("backfill.sgf"),
        line: "",
        facts: &[NotNear("A1", "C2")],
    },
    Premise {
        case: "reading 17-18",
        source: Source::Own("defender_takes_liberty.sgf"),
        line: "",
        facts: &[NotNear("G6", "F4")],
    },
    Premise {
        case: "reading 19-20",
        source: Source::Own("attacker_saves_own.sgf"),
        line: "W F1 B G1",
        facts: &[NotNear("D2", "G2")],
    },
    Premise {
        case: "reading 21-22",
        source: Source::Own("defender_extends_weak.sgf"),
        line: "",
        facts: &[NotNear("A1", "C2")],
    },
    Premise {
        case: "reading 23-24",
        source: Source::Own("attacker_presses.sgf"),
        line: "",
        facts: &[NotNear("F1", "G3")],
    },
    Premise {
        case: "reading 34-35",
        source: Source::Own("attacker_extends_own.sgf"),
        line: "",
        facts: &[NotNear("H3", "G2")],
    },
    Premise {
        case: "reading 36-41",
        source: Source::Own("four_liberty_second_order.sgf"),
        line: "",
        facts: &[Liberties("H2", 4), NotLiberty("H2", "F2")],
    },
    Premise {
        case: "reading_games 3-6",
        source: Source::Game("games/reading15.sgf", None),
        line: "",
        facts: &[Liberties("G9", 3), NotNear("G9", "E8")],
    },
    Premise {
        case: "reading_games 7-8",
        source: Source::Game("games/reading41.sgf", Some(130)),
        line: "",
        facts: &[
            Liberties("C19", 2),
            Liberties("D11", 1),
            Liberties("B16", 3),
            NotNear("C19", "E11"),
        ],
    },
    Premise {
        case: "reading_games 9-10",
        source: Source::Game("games/ladder1.sgf", Some(59)),
        line: "",
        facts: &[Liberties("G12", 2)],
    },
    Premise {
        case: "reading_games 11-13",
        source: Source::Game("games/incident239.sgf", Some(58)),
        line: "",
        facts: &[Liberties("A3", 3)],
    },
    Premise {
        case: "reading_games 11-13",
        source: Source::Game("games/incident239.sgf", Some(58)),
        line: "W B1 B C5",
        facts: &[Liberties("A3", 2), Liberties("B3", 2)],
    },
    Premise {
        case: "reading_games 14",
        source: Source::Game("games/incident93.sgf", Some(55)),
        line: "W F4",
        facts: &[Liberties("F4", 4)],
    },
    Premise {
        case: "reading_games 15",
        source: Source::Game("games/incident93.sgf", Some(55)),
        line: "W F4 B J5 W E5",
        facts: &[Liberties("F4", 4)],
    },
    Premise {
        case: "reading_games 22-23",
        source: Source::Game("games/reading06.sgf", None),
        line: "",
        facts: &[Liberties("S5", 2)],
    },
    Premise {
        case: "reading_games 24-27",
        source: Source::Game("games/reading12.sgf", None),
        line: "",
        facts: &[Liberties("G9", 3)],
    },
    Premise {
        case: "reading_games 29",
        source: Source::Game("games/TSa.sgf", Some(298)),
        line: "W B18",
        facts: &[
            Liberties("E19", 3),
            Liberties("B17", 1),
            Liberties("A16", 1),
        ],
    },
    Premise {
        case: "reading_games 32",
        source: Source::Game("games/reading39.sgf", None),
        line: "W N2 B O2 W N1",
        facts: &[Liberties("O3", 1)],
    },
    Premise {
        case: "reading_games 35-36",
        source: Source::Game("games/reading35.sgf", None),
        line: "",
        facts: &[Liberties("B6", 3), NotLiberty("B6", "C7")],
    },
    Premise {
        case: "reading_games 46-47",
        source: Source::Game("games/nngs/tommmal-gnugo-3.5.1-200310071202.sgf", Some(194)),
        line: "B A14 W A15",
        facts: &[Liberties("C19", 4), Liberties("B19", 3), Size("B19", 7)],
    },
    Premise {
        case: "reading_games 48",
        source: Source::Game("games/incident252.sgf", Some(134)),
        line: "",
        facts: &[LastMove(None)],
    },
    Premise {
        case: "reading_games 49",
        source: Source::Game("games/incident252.sgf", Some(134)),
        line: "W J2 B H2 W J1 B H1 W G2 B K1 W G1 B J2 W L1 B M1 W N2",
        facts: &[LastMove(Some("N2"))],
    },
    Premise {
        case: "reading_games 49",
        source: Source::Game("games/incident252.sgf", Some(134)),
        line: "W J2 B H2 W J1 B H1 W G2 B K1 W G1 B J2 W L1 B M1 W N2 pop",
        facts: &[LastMove(Some("M1"))],
    },
    Premise {
        case: "reading_games 50-51",
        source: Source::Game("games/reading05.sgf", None),
        line: "",
        facts: &[Liberties("A9", 3)],
    },
    Premise {
        case: "reading_games 53",
        source: Source::Game(
            "games/nngs/ManyFaces3-gnugo-3.3.11-200211071935.sgf",
            Some(201),
        ),
        line: "W O6 B P7 W Q7 B N7",
        facts: &[Liberties("O8", 4)],
    },
    Premise {
        case: "reading_games 54-55",
        source: Source::Game("games/owl19.sgf", None),
        line: "B B18 W B17 B C15 W A18 B B19 W A17 B B16 W A16",
        facts: &[Liberties("C16", 2)],
    },
];

/// Checks one premise on its position (the game already loaded).
fn check_premise(premise: &Premise, root: &Board, ko: Option<Vertex>) -> Result<(), String> {
    let mut reader = Reader::new(root.clone(), ko);
    let mut words = premise.line.split_whitespace();
    while let Some(word) = words.next() {
        let color = match word {
            "pop" => {
                if !reader.popgo() {
                    return Err("nothing to pop".into());
                }
                continue;
            }
            "B" => Color::Black,
            "W" => Color::White,
            other => return Err(format!("bad word {other}")),
        };
        let point = words.next().ok_or("a colour without a point")?;
        reader
            .trymove(color, at(root, point))
            .map_err(|e| format!("{word} {point}: {e}"))?;
    }
    let board = reader.board().board();
    for &fact in premise.facts {
        let holds = match fact {
            Liberties(v, n) => board.liberties(at(root, v)) == n,
            Size(v, n) => board.string_size(at(root, v)) == n,
            NotNear(v, p) => {
                !first_and_second_order_liberties(board, at(root, v)).contains(&at(root, p))
            }
            NotLiberty(v, p) => !board.has_liberty(at(root, v), at(root, p)),
            Empty(v) => board.cell(at(root, v)) == Cell::Empty,
            LastMove(m) => reader.board().last_move() == m.map(|m| at(root, m)),
            AsLoaded => board == root,
        };
        if !holds {
            return Err(format!("{fact:?} does not hold"));
        }
    }
    Ok(())
}

/// The premises of the suite cases: facts about their positions that the
/// `.tst` files cannot state (GTP has no liberty count), checked on the
/// same positions (hand positions always, regression games with the
/// shared folder).
#[test]
fn premises_of_the_suite_cases() {
    let shared = testkit::shared_dir();
    let mut checked = 0;
    for premise in PREMISES {
        let (root, ko) = match (premise.source, &shared) {
            (Source::Own(name), _) => tactics_position(name),
            (Source::Game(path, move_number), Some(shared)) => {
                regression_file_position(shared, path, move_number)
            }
            (Source::Game(..), None) => continue,
        };
        check_premise(premise, &root, ko)
            .unwrap_or_else(|e| panic!("{} (line `{}`): {e}", premise.case, premise.line));
        checked += 1;
    }
    assert!(checked >= 9, "{checked} premises checked");
}
