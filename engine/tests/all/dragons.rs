//! Dragons by amalgamation on hand-made connection databases (no compiler:
//! patterns built with `matcher::construct`, code written as programs):
//! worms as dragons without a database, GNU Go's origin rule, class `C`
//! joins and the attackable-string rule with and without `s`, `B` cut
//! marks read by `xcut`, the `amalgamate` action, the unknown policies, and
//! a proptest against a plain reference (components of the "diagonal with
//! both shared neighbours empty" relation over non-attackable worms).

use std::borrow::Cow;

use engine::dragons::{
    BoardContexts, ConnectionPatterns, DragonOptions, Dragons, UnknownPolicy, make_dragons,
};
use goban::{Board, Color, Geometry, Vertex};
use matcher::autohelper::Autohelper;
use matcher::constraint::program::LabelOffset;
use matcher::constraint::{Arg, CodeTable, Expr, Function, Program, Stmt, UnaryOp};
use matcher::construct::pattern_from_elements;
use matcher::pattern::{
    DbKind, EdgeConstraints, Element, ElementKind, HAVE_ACTION, HAVE_CONSTRAINT, Offset, Pattern,
    PatternClass, PatternDb,
};
use proptest::prelude::*;
use tactics::{Code, Reader, Worm, compute_worms};

/// A board from rows (`X` Black, `O` White, anything else empty).
fn board(rows: &[&str]) -> Board {
    let mut board = Board::new(Geometry::square(rows.len()).expect("size"));
    let geometry = board.geometry();
    for (i, row) in rows.iter().enumerate() {
        for (j, c) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let v = geometry.vertex_of_index(i * rows.len() + j);
            match c {
                'X' => board.place_stone(Color::Black, v),
                'O' => board.place_stone(Color::White, v),
                _ => {}
            }
        }
    }
    board
}

fn at(board: &Board, vertex: &str) -> Vertex {
    board.geometry().parse_gtp(vertex).expect("vertex")
}

fn class(letters: &str) -> PatternClass {
    PatternClass(
        letters
            .chars()
            .map(|c| PatternClass::bit(c).expect("class letter"))
            .sum(),
    )
}

fn call(f: Autohelper, args: &[Arg]) -> Expr {
    Expr::Call(Function::Autohelper(f), args.to_vec())
}

/// A pattern from elements `(di, dj, kind)` anchored at the first one,
/// without a move unless `mov` is given.
fn pattern(
    name: &str,
    letters: &str,
    elements: &[(i8, i8, ElementKind)],
    mov: Option<(i8, i8)>,
) -> Pattern {
    let elements: Vec<Element> = elements
        .iter()
        .map(|&(di, dj, kind)| Element::new(di, dj, kind))
        .collect();
    let rows = elements.iter().map(|e| e.offset.di);
    let cols = elements.iter().map(|e| e.offset.dj);
    let extents = (
        rows.clone().min().unwrap(),
        cols.clone().min().unwrap(),
        rows.max().unwrap(),
        cols.max().unwrap(),
    );
    let (di, dj) = mov.unwrap_or((0, 0));
    let mut p = pattern_from_elements(
        name,
        elements,
        extents,
        EdgeConstraints::NONE,
        8,
        Offset::new(di, dj),
        false,
    );
    p.has_move = mov.is_some();
    p.class = class(letters);
    p
}

fn database(entries: Vec<(Pattern, Option<Program>)>) -> ConnectionPatterns {
    let (mut patterns, programs): (Vec<Pattern>, Vec<Option<Program>>) =
        entries.into_iter().unzip();
    for (p, program) in patterns.iter_mut().zip(&programs) {
        if let Some(program) = program {
            p.autohelper_flag = u8::from(program.constraint.is_some()) * HAVE_CONSTRAINT
                + u8::from(program.action.is_some()) * HAVE_ACTION;
        }
    }
    ConnectionPatterns {
        db: Cow::Owned(PatternDb {
            name: Cow::Borrowed("test_conn"),
            patterns: Cow::Owned(patterns),
            fixed_anchor: false,
            kind: DbKind::Connection,
        }),
        code: CodeTable::Interpreted(programs),
    }
}

/// `O.` / `.O`: two own stones diagonally, both shared neighbours empty;
/// label `a` is the empty point right of the anchor (the move is the
/// anchor).
fn diagonal(letters: &str) -> Pattern {
    use ElementKind::{Empty, Own};
    pattern(
        "diagonal",
        letters,
        &[(0, 0, Own), (0, 1, Empty), (1, 0, Empty), (1, 1, Own)],
        None,
    )
}

fn label_a() -> Vec<LabelOffset> {
    vec![LabelOffset {
        name: 'a',
        di: 0,
        dj: 1,
    }]
}

fn worms(board: &Board) -> Vec<Worm> {
    compute_worms(&mut Reader::new(board.clone(), None))
}

fn dragons(
    board: &Board,
    worms: &[Worm],
    conn: Option<&ConnectionPatterns>,
    options: DragonOptions,
) -> Dragons {
    make_dragons(board, worms, conn, &mut BoardContexts::new(board), options)
}

const DIAGONALS: [&str; 7] = [
    ". . . . . . .",
    ". X X . . . .",
    ". . . X . . .",
    ". . . . . . .",
    ". . . . . O .",
    ". . . . O . .",
    ". . . . . . .",
];

#[test]
fn without_a_database_every_worm_is_a_dragon() {
    let b = board(&DIAGONALS);
    let w = worms(&b);
    let d = dragons(&b, &w, None, DragonOptions::default());
    assert_eq!(d.len(), w.len());
    for worm in &w {
        let dragon = d.dragon_of(worm.origin).expect("a dragon");
        assert_eq!(dragon.origin, worm.origin);
        assert_eq!(dragon.stones, worm.stones);
        assert_eq!(d.dragonsize(worm.origin), worm.stones.len());
    }
    assert!(!d.same_dragon(at(&b, "C6"), at(&b, "D5")));
    assert!(d.dragon_of(at(&b, "A7")).is_none());
    assert!(d.cutting_points().is_empty());
}

#[test]
fn a_connection_pattern_joins_both_colours_and_the_largest_worm_names_the_dragon() {
    let b = board(&DIAGONALS);
    let w = worms(&b);
    let conn = database(vec![(diagonal("C"), None)]);
    let d = dragons(&b, &w, Some(&conn), DragonOptions::default());
    // Black: B6-C6 and D5; the two-stone worm is the origin.
    assert!(d.same_dragon(at(&b, "B6"), at(&b, "D5")));
    assert_eq!(d.origin(at(&b, "D5")), Some(at(&b, "B6")));
    assert_eq!(
        d.stones(at(&b, "D5")),
        [at(&b, "B6"), at(&b, "C6"), at(&b, "D5")]
    );
    assert_eq!(d.dragonsize(at(&b, "C6")), 3);
    // White: F3 and E2, equally large: the first in board order.
    assert!(d.same_dragon(at(&b, "E2"), at(&b, "F3")));
    assert_eq!(d.origin(at(&b, "E2")), Some(at(&b, "F3")));
    assert!(!d.same_dragon(at(&b, "F3"), at(&b, "D5")));
    // Dragons are listed in board order of their origins.
    let origins: Vec<Vertex> = d.dragons().iter().map(|x| x.origin).collect();
    assert_eq!(origins, [at(&b, "B6"), at(&b, "F3")]);
    assert_eq!(d.joins().len(), 2);
}

#[test]
fn attackable_strings_are_joined_only_by_class_s() {
    let b = board(&DIAGONALS);
    let mut w = worms(&b);
    let d5 = at(&b, "D5");
    for worm in w.iter_mut().filter(|worm| worm.stones.contains(&d5)) {
        worm.attack.code = Code::KoB;
    }
    let plain = database(vec![(diagonal("C"), None)]);
    let d = dragons(&b, &w, Some(&plain), DragonOptions::default());
    assert!(!d.same_dragon(at(&b, "C6"), d5));
    assert!(d.same_dragon(at(&b, "E2"), at(&b, "F3")));
    let sacrifice = database(vec![(diagonal("sC"), None)]);
    let d = dragons(&b, &w, Some(&sacrifice), DragonOptions::default());
    assert!(d.same_dragon(at(&b, "C6"), d5));
}

/// `O*` / `.O` as a `B` pattern: `X` cuts the diagonal at `*` (right of the
/// anchor); the constraint-free cut needs `safe_xmove`, unknown to the
/// board-only context.
fn cut_at_right() -> Pattern {
    use ElementKind::{Empty, Own};
    pattern(
        "cut",
        "B",
        &[(0, 0, Own), (0, 1, Empty), (1, 0, Empty), (1, 1, Own)],
        Some((0, 1)),
    )
}

#[test]
fn cut_marks_are_read_by_xcut_and_ocut() {
    let b = board(&DIAGONALS);
    let w = worms(&b);
    let not_cut = Program {
        labels: label_a(),
        constraint: Some(Expr::Unary(
            UnaryOp::Not,
            Box::new(call(Autohelper::Xcut, &[Arg::Label(0)])),
        )),
        action: None,
    };
    let conn = database(vec![(cut_at_right(), None), (diagonal("C"), Some(not_cut))]);
    // Unknown cuts rejected: nothing is marked, the diagonals join.
    let d = dragons(&b, &w, Some(&conn), DragonOptions::default());
    assert!(d.cutting_points().is_empty());
    assert!(d.same_dragon(at(&b, "C6"), at(&b, "D5")));
    // Unknown cuts accepted: D4 (right of C4) cuts Black, and B1 / C2
    // cut White; `!xcut(a)` then keeps the stones apart.
    let options = DragonOptions {
        unknown_cuts: UnknownPolicy::Accept,
        unknown_connections: UnknownPolicy::Accept,
    };
    let d = dragons(&b, &w, Some(&conn), options);
    let d4 = at(&b, "D6");
    assert!(d.is_cutting_point(d4, Color::Black));
    assert!(d.xcut(d4, Color::Black) && d.ocut(d4, Color::White));
    assert!(!d.is_cutting_point(d4, Color::White));
    assert!(!d.same_dragon(at(&b, "C6"), at(&b, "D5")));
    assert!(!d.same_dragon(at(&b, "E2"), at(&b, "F3")));
}

#[test]
fn the_amalgamate_action_joins() {
    use ElementKind::{Empty, Own};
    // `O.O` in a row: the action joins the two stones.
    let two_apart = pattern(
        "two_apart",
        "",
        &[(0, 0, Own), (0, 1, Empty), (0, 2, Own)],
        None,
    );
    let program = Program {
        labels: vec![
            LabelOffset {
                name: 'a',
                di: 0,
                dj: 0,
            },
            LabelOffset {
                name: 'b',
                di: 0,
                dj: 2,
            },
        ],
        constraint: None,
        action: Some(vec![Stmt::Expr(call(
            Autohelper::Amalgamate,
            &[Arg::Label(0), Arg::Label(1)],
        ))]),
    };
    let b = board(&[
        ". . . . .",
        "X . X . O",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let w = worms(&b);
    let conn = database(vec![(two_apart, Some(program))]);
    let d = dragons(&b, &w, Some(&conn), DragonOptions::default());
    assert!(d.same_dragon(at(&b, "A4"), at(&b, "C4")));
    assert!(!d.same_dragon(at(&b, "C4"), at(&b, "E4")));
    assert_eq!(d.joins()[0].pattern, "two_apart");
}

#[test]
fn the_unknown_policy_decides_what_the_context_cannot_answer() {
    // `omoyo(a)` needs influence, which no context has yet.
    let b = board(&DIAGONALS);
    let w = worms(&b);
    let program = Program {
        labels: label_a(),
        constraint: Some(call(Autohelper::Omoyo, &[Arg::Label(0)])),
        action: None,
    };
    let conn = database(vec![(diagonal("C"), Some(program))]);
    let accept = dragons(&b, &w, Some(&conn), DragonOptions::default());
    assert!(accept.same_dragon(at(&b, "C6"), at(&b, "D5")));
    let reject = DragonOptions {
        unknown_cuts: UnknownPolicy::Reject,
        unknown_connections: UnknownPolicy::Reject,
    };
    let d = dragons(&b, &w, Some(&conn), reject);
    assert!(!d.same_dragon(at(&b, "C6"), at(&b, "D5")));
}

#[test]
fn the_cutstone2_helper_counts_defensible_cutting_stones() {
    use ElementKind::{Opponent, Own};
    // conn.db's CB7 shape, `XO` / `O*`, with `cutstone2_helper`: the X
    // stone counts when it can be captured and saved (an attack and a
    // defence), once per match.
    let mut cb7 = pattern(
        "CB7",
        "B",
        &[(0, 0, Own), (0, -1, Opponent), (1, -1, Own)],
        Some((1, 0)),
    );
    // Symmetric about its diagonal (`:\` in conn.db): four orientations.
    cb7.trfno = 4;
    cb7.helper = Some(Cow::Borrowed("cutstone2_helper"));
    let b = board(&[
        ". . . . .",
        ". X O . .",
        ". O . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let mut w = worms(&b);
    let b4 = at(&b, "B4");
    let x = w.iter().position(|worm| worm.stones.contains(&b4)).unwrap();
    // X at B4 (two liberties) can be captured and saved.
    assert_ne!(w[x].attack.code, Code::Fail);
    assert_ne!(w[x].defense.code, Code::Fail);
    let conn = database(vec![(cb7, None)]);
    // The board-only context cannot tell whether X may cut safely.
    let d = dragons(&b, &w, Some(&conn), DragonOptions::default());
    assert_eq!(d.cutstone2(b4), 0);
    let accept = DragonOptions {
        unknown_cuts: UnknownPolicy::Accept,
        unknown_connections: UnknownPolicy::Accept,
    };
    let d = dragons(&b, &w, Some(&conn), accept);
    assert_eq!(d.cutstone2(b4), 1);
    assert_eq!(d.cutstone2(at(&b, "C4")), 0);
    // The helper answers 0: no cutting point is marked.
    assert!(d.cutting_points().is_empty());
    // A string that cannot be saved, or cannot be captured, is not counted.
    let mut undefended = w.clone();
    undefended[x].defense.code = Code::Fail;
    assert_eq!(
        dragons(&b, &undefended, Some(&conn), accept).cutstone2(b4),
        0
    );
    let mut safe = w.clone();
    safe[x].attack.code = Code::Fail;
    safe[x].defense.code = Code::Fail;
    assert_eq!(dragons(&b, &safe, Some(&conn), accept).cutstone2(b4), 0);
    w[x].attack.code = Code::Fail;
    assert_eq!(dragons(&b, &w, Some(&conn), accept).cutstone2(b4), 0);
}

/// The reference: worms joined when two of their stones are diagonal
/// neighbours with both shared neighbours empty and neither worm is
/// attackable, closed transitively (plain flood over worms).
fn reference_same_dragon(board: &Board, worms: &[Worm]) -> Vec<Vec<bool>> {
    let geometry = board.geometry();
    let n = geometry.width() as i32;
    let worm_of = |i: i32, j: i32| -> Option<usize> {
        if i < 0 || j < 0 || i >= n || j >= n {
            return None;
        }
        let v = geometry.vertex_of_index((i * n + j) as usize);
        worms.iter().position(|w| w.stones.contains(&v))
    };
    let empty = |i: i32, j: i32| i >= 0 && j >= 0 && i < n && j < n && worm_of(i, j).is_none();
    let k = worms.len();
    let mut linked = vec![vec![false; k]; k];
    for i in 0..n {
        for j in 0..n {
            for dj in [-1, 1] {
                let (Some(a), Some(b)) = (worm_of(i, j), worm_of(i + 1, j + dj)) else {
                    continue;
                };
                let safe = |w: &Worm| w.attack.code == Code::Fail;
                if worms[a].color == worms[b].color
                    && safe(&worms[a])
                    && safe(&worms[b])
                    && empty(i + 1, j)
                    && empty(i, j + dj)
                {
                    linked[a][b] = true;
                    linked[b][a] = true;
                }
            }
        }
    }
    for (a, row) in linked.iter_mut().enumerate() {
        row[a] = true;
    }
    // Transitive closure.
    for m in 0..k {
        for a in 0..k {
            for b in 0..k {
                if linked[a][m] && linked[m][b] {
                    linked[a][b] = true;
                }
            }
        }
    }
    linked
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn diagonal_amalgamation_matches_the_reference(
        moves in proptest::collection::vec((any::<bool>(), 0usize..49), 0..40),
        attackable in proptest::collection::vec(any::<bool>(), 49),
    ) {
        // A 7×7 position from random moves (captures and suicides as
        // goban plays them; occupied points skipped).
        let mut b = Board::new(Geometry::square(7).expect("size"));
        for (black, k) in moves {
            let v = b.geometry().vertex_of_index(k);
            if b.cell(v).color().is_none() {
                b.play(if black { Color::Black } else { Color::White }, v);
            }
        }
        let mut w = worms(&b);
        for (worm, &flag) in w.iter_mut().zip(&attackable) {
            worm.attack.code = if flag { Code::Win } else { Code::Fail };
        }
        let conn = database(vec![(diagonal("C"), None)]);
        let d = dragons(&b, &w, Some(&conn), DragonOptions::default());
        let expected = reference_same_dragon(&b, &w);
        for (x, wx) in w.iter().enumerate() {
            for (y, wy) in w.iter().enumerate() {
                prop_assert_eq!(d.same_dragon(wx.origin, wy.origin), expected[x][y]);
            }
            // Every stone is in its worm's dragon; the origin is the
            // largest worm's, the first in board order among ties.
            let dragon = d.dragon_of(wx.origin).expect("a dragon");
            for s in &wx.stones {
                prop_assert_eq!(d.origin(*s), Some(dragon.origin));
            }
            let members: Vec<&Worm> = w.iter().filter(|v| d.same_dragon(v.origin, wx.origin)).collect();
            let largest = members.iter().map(|v| v.stones.len()).max().unwrap();
            let origin = members.iter().filter(|v| v.stones.len() == largest).map(|v| v.origin).min();
            prop_assert_eq!(Some(dragon.origin), origin);
            let size: usize = members.iter().map(|v| v.stones.len()).sum();
            prop_assert_eq!(d.dragonsize(wx.origin), size);
        }
    }
}
