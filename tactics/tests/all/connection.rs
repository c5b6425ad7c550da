//! Connection reading: the consistency of the two questions on random
//! positions (after a claimed connecting move the cut fails, after a
//! claimed cutting move the connection fails), that every call leaves the
//! board as it was, and what GTP cannot ask.
//!
//! The fixed-position cases (the answers of `connect` and `disconnect` on
//! positions set up by hand and on GNU Go's regression games, with the
//! lines tried on the reading stack) are GTP suites in GNU Go's `.tst`
//! format: `tests/tactics/connection.tst` and
//! `tests/tactics/connection_games.tst`, run by the workspace's
//! `tests/all/gtp_suites.rs`. What stays here is what no GTP answer states:
//! - strings of two colours or an empty point: the search answers 0,
//!   while GTP refuses the question (an error answer, which the format
//!   cannot expect);
//! - the board restored by every call, and claims that hold (random
//!   positions);
//! - the attack memo changing no answer nor node count (node counts are
//!   no GTP answer).
//!
//! The ko-depth case (`connection.tst` 16-17) asserted the reading stack's
//! depth before the question; in the suite every `trymove` must succeed,
//! so the stack holds exactly the moves tried.

use goban::{Board, Cell, Color, Vertex};
use proptest::prelude::*;
use tactics::connection::{disconnect, string_connect};
use tactics::{Code, Reader, ReadingResult};

/// A 9×9 board with black and white stones at GTP vertices.
fn position(black: &[&str], white: &[&str]) -> Reader {
    let mut board = Board::square(9).expect("9x9");
    let geometry = board.geometry();
    for (color, stones) in [(Color::Black, black), (Color::White, white)] {
        for s in stones {
            board.play(color, geometry.parse_gtp(s).expect("vertex"));
        }
    }
    Reader::new(board, None)
}

fn v(reader: &Reader, gtp: &str) -> Vertex {
    reader
        .board()
        .board()
        .geometry()
        .parse_gtp(gtp)
        .expect("vertex")
}

fn answer(reader: &Reader, result: ReadingResult) -> String {
    let geometry = reader.board().board().geometry();
    match (result.code, result.point) {
        (Code::Fail, _) => "0".into(),
        (code, Some(p)) => format!("{} {}", code.gtp(), geometry.gtp(p)),
        (code, None) => format!("{} PASS", code.gtp()),
    }
}

#[test]
fn stones_of_two_colours_or_an_empty_point_fail() {
    let mut reader = position(&["C3"], &["D4"]);
    let (c3, d4, a1) = (v(&reader, "C3"), v(&reader, "D4"), v(&reader, "A1"));
    assert_eq!(string_connect(&mut reader, c3, d4).code, Code::Fail);
    assert_eq!(disconnect(&mut reader, c3, a1).code, Code::Fail);
}

/// The stones and hash of a reader's board.
fn snapshot(reader: &Reader) -> (u64, Vec<Cell>, Option<Vertex>) {
    let board = reader.board();
    (board.hash(), board.board().cells().to_vec(), board.ko())
}

/// Claims checked and claims that held.
#[derive(Debug, Default, Clone, Copy)]
struct Claims {
    checked: usize,
    held: usize,
}

/// Checks one pair: the board is restored by each call (asserted), and
/// counts whether a claimed move holds up when the other side is asked
/// after it. Claims are checked only for strings the tactical reader
/// cannot capture: where it can, the answers rest on the reader's own
/// consistency, which its tests cover. A claim need not always hold (the
/// search is heuristic; GNU Go's own claims hold in 92.4% of the public
/// pairs), so claims are counted, not asserted, here.
fn check_pair(
    reader: &mut Reader,
    a: Vertex,
    b: Vertex,
    claims: &mut Claims,
) -> Result<(), TestCaseError> {
    let color = reader.board().board().cell(a).color().expect("a stone");
    let before = snapshot(reader);
    let connect = string_connect(reader, a, b);
    prop_assert_eq!(&snapshot(reader), &before);
    let cut = disconnect(reader, a, b);
    prop_assert_eq!(&snapshot(reader), &before);
    let tactically_safe =
        reader.attack(a).code == Code::Fail && reader.attack(b).code == Code::Fail;
    if !tactically_safe || !close(reader.board().board(), a, b) {
        return Ok(());
    }
    if let (Code::Win, Some(m)) = (connect.code, connect.point) {
        reader
            .trymove(color, m)
            .expect("the connecting move is legal");
        let reply = disconnect(reader, a, b);
        reader.popgo();
        claims.checked += 1;
        claims.held += usize::from(reply.code == Code::Fail);
    }
    if let (Code::Win, Some(m)) = (cut.code, cut.point) {
        reader
            .trymove(color.other(), m)
            .expect("the cutting move is legal");
        let reply = string_connect(reader, a, b);
        reader.popgo();
        claims.checked += 1;
        claims.held += usize::from(reply.code == Code::Fail);
    }
    prop_assert_eq!(&snapshot(reader), &before);
    Ok(())
}

/// Whether the strings at `a` and `b` share a liberty or have diagonal
/// stones: pairs whose search stays far from the node budget, so that the
/// question after a move meets the same horizon as the line inside the
/// first search.
fn close(board: &Board, a: Vertex, b: Vertex) -> bool {
    if board.liberty_vertices(a).any(|l| board.has_liberty(b, l)) {
        return true;
    }
    let stride = board.geometry().stride() as i32;
    board.string_stones(a).any(|s| {
        [stride + 1, stride - 1, -stride + 1, -stride - 1]
            .iter()
            .any(|&d| {
                let q = i32::from(s.0) + d;
                q >= 0
                    && (q as usize) < board.geometry().vertices()
                    && board.cell(Vertex(q as u16)).is_stone()
                    && board.head(Vertex(q as u16)) == board.head(b)
            })
    })
}

/// Random sparse 7×7 positions: each point black, white or empty.
fn sparse_board() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![6 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8)],
        49,
    )
}

/// A 7×7 position from `cells` (0 empty, 1 black, 2 white; occupied
/// points and suicides skipped), and the same-coloured pairs of its
/// strings checked with [`check_pair`].
fn check_position(cells: &[u8], claims: &mut Claims) -> Result<(), TestCaseError> {
    let mut board = Board::square(7).expect("7x7");
    let geometry = board.geometry();
    for (k, &c) in cells.iter().enumerate() {
        let v = geometry.vertex_of_index(k);
        let color = match c {
            1 => Color::Black,
            2 => Color::White,
            _ => continue,
        };
        if board.cell(v) == Cell::Empty && !board.is_suicide(color, v) {
            board.play(color, v);
        }
    }
    let mut reader = Reader::new(board.clone(), None);
    let stones: Vec<Vertex> = geometry
        .board_vertices()
        .filter(|&v| board.cell(v).is_stone() && board.head(v) == v)
        .collect();
    for (i, &a) in stones.iter().enumerate() {
        for &b in &stones[i + 1..] {
            if board.cell(a) == board.cell(b) {
                check_pair(&mut reader, a, b, claims)?;
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn every_call_restores_the_board(cells in sparse_board()) {
        check_position(&cells, &mut Claims::default())?;
    }
}

/// Claimed moves hold up on 100 random positions drawn from a fixed seed
/// (deterministic), in at least 99% of the claims checked. A known
/// exception (7×7, Black F6 E5 D4 C2 C1, White C5 D5 E4 F3 E2 B1): White's
/// `connect D5 E4` claims C4, as GNU Go does, and the claim holds in GNU
/// Go's reading, but ours then cuts at D3.
#[test]
fn claimed_moves_mostly_hold() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut claims = Claims::default();
    for _ in 0..100 {
        let cells = sparse_board()
            .new_tree(&mut runner)
            .expect("a value")
            .current();
        check_position(&cells, &mut claims).expect("the board is restored");
    }
    println!(
        "claimed connection moves that hold: {} of {}",
        claims.held, claims.checked
    );
    assert!(claims.checked >= 100, "{claims:?}");
    // 524 of 524 when cut to 100 positions (1,538 of 1,538 at 300).
    assert!(claims.held * 100 >= claims.checked * 99, "{claims:?}");
}

/// The search's memo of the tactical reader's `attack` answers
/// (`AttackMemo`, keyed by position hash, stone and stack depth) changes
/// nothing: on every `connect` / `disconnect` test of the `connection`
/// suite asked straight after its `loadsgf` (read in place), the answer
/// and the search's node count are the same with the memo on and off, and
/// both searches leave the board as they found it.
#[test]
fn the_attack_memo_changes_no_answer_on_the_suite() {
    use tactics::connection::search::{AttackMemo, ConnectionSearch, Question};
    let shared = testkit::require_shared!();
    let queries = testkit::suite::connection_suite_queries(&shared);
    assert!(queries.len() > 50, "{} queries", queries.len());
    for query in &queries {
        let answers = [AttackMemo::On, AttackMemo::Off].map(|memo| {
            let mut reader = Reader::new(query.board.clone(), query.ko);
            let hash = reader.board().hash();
            let mut search =
                ConnectionSearch::new(&mut reader, query.a, query.b).with_attack_memo(memo);
            let result = search.run(if query.connect {
                Question::Connect
            } else {
                Question::Disconnect
            });
            let nodes = search.nodes();
            assert_eq!(
                reader.board().hash(),
                hash,
                "{}: board restored",
                query.line
            );
            (answer(&reader, result), nodes)
        });
        assert_eq!(answers[0], answers[1], "{}: memo on, then off", query.line);
    }
}
