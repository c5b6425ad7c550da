//! Properties of the engine's context on random small positions:
//!
//! * three-valued evaluation with [`EngineContext`] never contradicts
//!   two-valued evaluation: where its value is known, two-valued evaluation
//!   gives that value whatever the calls it does not answer return;
//! * every method leaves the board and its hash exactly as found;
//! * `does_attack(m, s)` and `does_defend(m, s)` agree with a reader that
//!   plays `m` and reads `attack`/`find_defense`;
//! * `oplay_attack(moves…, s)` / `xplay_defend` equal playing the moves on a
//!   reader and reading;
//! * the memo returns what a fresh context computes.

use engine::EngineContext;
use goban::{Board, Color, Vertex};
use matcher::autohelper::result_code::{FAIL, WIN};
use matcher::autohelper::{Autohelper, EngineBuiltin};
use matcher::constraint::interpret::{evaluate, evaluate_tri};
use matcher::constraint::{
    Arg, BinaryOp, Expr, Function, LabelOffset, Program, Site, Tri, UnaryOp, Value,
};
use matcher::context::layers::*;
use matcher::context::{Context, Point};
use matcher::layer::Callee;
use matcher::transform::Transform;
use proptest::prelude::*;
use tactics::{Code, Reader, TryError};

use testkit::positions::random_board;

fn position() -> impl Strategy<Value = Board> {
    (
        5usize..=7,
        proptest::collection::vec((any::<bool>(), any::<u16>()), 8..40),
    )
        .prop_map(|(size, moves)| random_board(size, &moves))
}

fn color(black: bool) -> Color {
    if black { Color::Black } else { Color::White }
}

/// The callee a context method stands for.
fn callee(name: &str) -> Callee {
    if name == "doing_scoring" {
        Callee::DoingScoring
    } else if let Some(f) = Autohelper::from_name(name) {
        Callee::Autohelper(f)
    } else {
        Callee::Builtin(EngineBuiltin::from_name(name).expect("a context method"))
    }
}

/// A value for a call the engine does not answer.
trait Fill {
    fn fill(bits: u64) -> Self;
}

impl Fill for i32 {
    fn fill(bits: u64) -> i32 {
        (bits % 7) as i32 - 1
    }
}

impl Fill for f32 {
    fn fill(bits: u64) -> f32 {
        (bits % 5) as f32 * 0.25
    }
}

impl Fill for () {
    fn fill(_: u64) {}
}

/// The engine's context, with every call it does not answer completed by
/// pseudo-random values drawn from `completion`: two-valued evaluation on
/// it is one possible world for the unknown calls.
struct Completed {
    inner: EngineContext,
    completion: u64,
    calls: u64,
}

impl Completed {
    fn next(&mut self, name: &str) -> u64 {
        self.calls += 1;
        let mut h = self.completion ^ self.calls.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for b in name.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x1000_0000_01b3);
        }
        h ^ (h >> 29)
    }
}

macro_rules! completed_layers {
    (
        []
        $(
            $layer:ident $trait_name:ident {
                $( $(#[$meta:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $(-> $result:ty)?; )*
            }
        )*
    ) => {
        $(
            impl matcher::context::$trait_name for Completed {
                $(
                    fn $name(&mut self, $($arg: $ty),*) $(-> $result)? {
                        if self.inner.answers(callee(stringify!($name))) {
                            matcher::context::$trait_name::$name(&mut self.inner, $($arg),*)
                        } else {
                            let bits = self.next(stringify!($name));
                            Fill::fill(bits)
                        }
                    }
                )*
            }
        )*
    };
}

matcher::context_layers!(completed_layers);

impl Context for Completed {}

/// Functions the engine answers and some it does not, with their fixed
/// arities; the play-sequence ones also get moves.
const FUNCTIONS: [(Function, usize, bool); 19] = [
    (Function::Autohelper(Autohelper::Attack), 1, false),
    (Function::Autohelper(Autohelper::Defend), 1, false),
    (Function::Autohelper(Autohelper::SafeXmove), 1, false),
    (Function::Autohelper(Autohelper::SafeOmove), 1, false),
    (Function::Autohelper(Autohelper::DoesAttack), 2, false),
    (Function::Autohelper(Autohelper::DoesDefend), 2, false),
    (Function::Autohelper(Autohelper::XdefendAgainst), 2, false),
    (Function::Autohelper(Autohelper::OplayAttack), 1, true),
    (Function::Autohelper(Autohelper::XplayDefend), 1, true),
    (Function::Autohelper(Autohelper::SekiHelper), 1, false),
    (
        Function::Autohelper(Autohelper::AdjacentToStoneInAtari),
        1,
        false,
    ),
    (Function::Autohelper(Autohelper::Lib), 1, false),
    (Function::Autohelper(Autohelper::LegalOmove), 1, false),
    (Function::Autohelper(Autohelper::Alive), 1, false),
    (Function::Autohelper(Autohelper::Xmoyo), 1, false),
    (Function::Autohelper(Autohelper::OplayAttackEither), 2, true),
    (Function::Autohelper(Autohelper::Value), 0, false),
    (Function::Autohelper(Autohelper::Lib2), 1, false),
    (Function::Builtin(EngineBuiltin::DisconnectHelper), 2, false),
];

fn arg() -> impl Strategy<Value = Arg> {
    prop_oneof![4 => (0u8..4).prop_map(Arg::Label), 1 => Just(Arg::Move)]
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        2 => (-1i32..=6).prop_map(Expr::Int),
        1 => Just(Expr::DoingScoring),
        6 => (
            0..FUNCTIONS.len(),
            proptest::collection::vec(prop_oneof![4 => arg(), 1 => Just(Arg::Tenuki)], 0..3),
            proptest::collection::vec(arg(), 2),
        )
            .prop_map(|(f, moves, targets)| {
                let (function, arity, sequence) = FUNCTIONS[f];
                let mut args = Vec::new();
                if sequence {
                    // A tenuki may not come first.
                    args.extend(moves.into_iter().skip_while(|a| *a == Arg::Tenuki));
                }
                args.extend(targets.into_iter().take(arity));
                Expr::Call(function, args)
            }),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(4, 16, 3, |inner| {
        prop_oneof![
            1 => inner.clone().prop_map(|e| Expr::Unary(UnaryOp::Not, Box::new(e))),
            4 => (
                prop::sample::select(vec![
                    BinaryOp::Or,
                    BinaryOp::And,
                    BinaryOp::Eq,
                    BinaryOp::Lt,
                    BinaryOp::Ge,
                    BinaryOp::Add,
                ]),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, l, r)| Expr::Binary(op, Box::new(l), Box::new(r))),
            1 => (inner.clone(), inner.clone(), inner).prop_map(|(c, t, e)| {
                Expr::Conditional(Box::new(c), Box::new(t), Box::new(e))
            }),
        ]
    })
}

fn program() -> Program {
    let label = |name, di, dj| LabelOffset { name, di, dj };
    Program {
        labels: vec![
            label('a', 0, 1),
            label('b', -1, 0),
            label('c', 1, 1),
            label('d', 0, -1),
        ],
        constraint: None,
        action: None,
    }
}

/// Equal C values (NaN equal to NaN).
fn same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x == y || (x.is_nan() && y.is_nan()),
        (Value::Double(x), Value::Double(y)) => x == y || (x.is_nan() && y.is_nan()),
        _ => a == b,
    }
}

/// The position as the context must leave it.
fn snapshot(ctx: &EngineContext) -> (Vec<String>, u64, u64) {
    (ctx.board().rows_text(), ctx.board().hash(), ctx.hash())
}

fn stones(board: &Board) -> Vec<Point> {
    let g = board.geometry();
    g.board_vertices()
        .filter(|&v| board.cell(v).is_stone())
        .map(|v| g.point(v))
        .collect()
}

/// A play-sequence as the context plays it: alternating from `first`,
/// tenukis and illegal moves skipped, ko-only illegal moves played by
/// `tryko`. Returns the moves played.
fn play(reader: &mut Reader, first: Color, moves: &[Option<Point>]) -> usize {
    let geometry = reader.board().board().geometry();
    let mut color = first;
    let mut played = 0;
    for m in moves {
        if let Some(v) = m.and_then(|p| geometry.vertex(p)) {
            let result = match reader.trymove(color, v) {
                Err(TryError::Ko) => reader.tryko(color, v),
                other => other,
            };
            played += usize::from(result.is_ok());
        }
        color = color.other();
    }
    played
}

fn occupied(reader: &Reader, p: Point) -> Option<Vertex> {
    let board = reader.board().board();
    let v = board.geometry().vertex(p)?;
    board.cell(v).is_stone().then_some(v)
}

fn internal(code: Code) -> i32 {
    i32::from(code.internal())
}

/// The case `play_sequences_equal_reading_after_the_moves` found: White
/// plays A2 (before it, tenukis), then White's B1 can be captured
/// (GNU Go: `1 C1`; our attacker clamps at C2, see `reader::clamp`, and
/// before it found only the ko at C1, KO_A) and White moving first fails,
/// so `oplay_defend` is 0, as a fresh reader's `find_defense`. The
/// reader's table once let an entry searched shallower serve deeper, and
/// a reader that had read `attack` first answered KO_B.
#[test]
fn play_sequence_reading_after_a_ko_attack_is_pinned() {
    let board = Board::from_rows(&["O.....", "......", "......", ".XX...", ".X.X..", ".O.X.."])
        .expect("a board");
    let (a2, b1) = (Point::new(4, 0), Point::new(5, 1));
    for moves in [
        vec![Some(a2)],
        vec![None, None, Some(a2)],
        vec![None, None, None, None, Some(a2)],
    ] {
        let mut ctx = EngineContext::new(&board, None, Color::White);
        let mut reader = Reader::new(board.clone(), None);
        assert_eq!(play(&mut reader, Color::White, &moves), 1);
        let v = occupied(&reader, b1).expect("B1 holds a stone");
        assert_eq!(reader.attack(v).code, Code::Win);
        let defend = internal(reader.find_defense(v).code);
        assert_eq!(defend, FAIL);
        assert_eq!(
            ctx.oplay_attack(&moves, b1),
            internal(Code::Win),
            "{moves:?}"
        );
        assert_eq!(ctx.oplay_defend(&moves, b1), defend, "{moves:?}");
        // Black moving first: A2 is then Black's and B1 falls.
        assert_eq!(ctx.xplay_attack(&moves, b1), WIN, "{moves:?}");
        assert_eq!(ctx.xplay_defend(&moves, b1), FAIL, "{moves:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn three_valued_never_contradicts_two_valued(
        board in position(),
        e in expr(),
        mv in (0u8..7, 0u8..7),
        ll in 0u8..8,
        black in any::<bool>(),
        completion in any::<u64>(),
    ) {
        let program = program();
        let site = Site::new(Transform::new(ll).unwrap(), Point::new(mv.0, mv.1));
        let o = color(black);
        let mut ctx = EngineContext::new(&board, None, o);
        let before = snapshot(&ctx);
        let tri = evaluate_tri(&program, &e, &mut ctx, site);
        prop_assert_eq!(snapshot(&ctx), before.clone());
        match tri {
            Tri::Known(value) => {
                for k in 0..3u64 {
                    let mut completed = Completed {
                        inner: EngineContext::new(&board, None, o),
                        completion: completion.wrapping_add(k),
                        calls: 0,
                    };
                    let two_valued = evaluate(&program, &e, &mut completed, site);
                    prop_assert!(
                        same(two_valued, value),
                        "{e:?}: known {value:?}, completion {k} gives {two_valued:?}"
                    );
                    prop_assert_eq!(snapshot(&completed.inner), before.clone());
                }
            }
            Tri::Unknown(needs) => prop_assert!(!needs.is_empty()),
        }
    }

    /// Every tactical method, on random points and sequences, leaves the
    /// board, its hash and the ko point as they were.
    #[test]
    fn every_method_leaves_the_position_as_found(
        board in position(),
        points in proptest::collection::vec((0u8..8, 0u8..8), 4),
        moves in proptest::collection::vec(proptest::option::weighted(0.8, (0u8..7, 0u8..7)), 0..4),
        black in any::<bool>(),
    ) {
        let p: Vec<Point> = points.iter().map(|&(i, j)| Point::new(i, j)).collect();
        let moves: Vec<Option<Point>> =
            moves.iter().map(|m| m.map(|(i, j)| Point::new(i, j))).collect();
        let mut ctx = EngineContext::new(&board, None, color(black));
        let before = snapshot(&ctx);
        let (a, b, c) = (p[0], p[1], p[2]);
        ctx.attack(a);
        ctx.defend(a);
        ctx.does_attack(a, b);
        ctx.does_defend(a, b);
        ctx.safe_xmove(a);
        ctx.safe_omove(a);
        ctx.xdefend_against(a, b);
        ctx.odefend_against(a, b);
        ctx.xplay_attack(&moves, a);
        ctx.oplay_attack(&moves, a);
        ctx.xplay_defend(&moves, a);
        ctx.oplay_defend(&moves, a);
        ctx.xplay_attack_either(&moves, a, b);
        ctx.oplay_defend_both(&moves, a, b);
        ctx.xplay_break_through(&moves, a, b, c);
        ctx.oplay_connect(&moves, a, b);
        ctx.xplay_disconnect(&moves, a, b);
        ctx.seki_helper(a);
        ctx.backfill_helper(a, b, c);
        ctx.connect_and_cut_helper(a, b, c);
        ctx.connect_and_cut_helper2(a, b, c);
        ctx.adjacent_to_stone_in_atari(a);
        ctx.adjacent_to_defendable_stone_in_atari(a);
        ctx.lib(a);
        ctx.xlib(a);
        ctx.oplay_lib(&moves, a);
        ctx.disconnect_helper(a, b);
        prop_assert_eq!(snapshot(&ctx), before);
        prop_assert_eq!(ctx.reader().board().stack_depth(), 0);
    }

    /// `does_attack` and `does_defend` agree with a reader that plays the
    /// move and reads.
    #[test]
    fn does_attack_and_does_defend_agree_with_reading_after_the_move(
        board in position(),
        m in (0u8..7, 0u8..7),
    ) {
        let m = Point::new(m.0, m.1);
        let Some(vm) = board.geometry().vertex(m) else { return Ok(()); };
        let mut ctx = EngineContext::new(&board, None, Color::Black);
        for s in stones(&board) {
            let vs = board.geometry().vertex(s).unwrap();
            let owner = board.cell(vs).color().unwrap();
            let mut reader = Reader::new(board.clone(), None);
            let root_attack = reader.attack(vs).code;
            let root_defence = reader.find_defense(vs).code;
            // does_attack: the attacker's code after the move beats tenuki.
            let mut after = Reader::new(board.clone(), None);
            let expected = if after.trymove(owner.other(), vm).is_err() {
                FAIL
            } else {
                let code = if occupied(&after, s).is_none() {
                    Code::Win
                } else {
                    after.find_defense(vs).code.for_opponent()
                };
                if code > root_defence.for_opponent() { internal(code) } else { FAIL }
            };
            let does_attack = ctx.does_attack(m, s);
            prop_assert_eq!(does_attack, expected, "does_attack {:?} {:?}", m, s);
            if does_attack == WIN {
                // After a winning attack move the owner finds no defence.
                let mut after = Reader::new(board.clone(), None);
                after.trymove(owner.other(), vm).unwrap();
                prop_assert!(occupied(&after, s).is_none() || after.find_defense(vs).code == Code::Fail);
            }
            // does_defend: attackable now, not after the owner's move, and
            // the original attack move then finds a defence.
            let does_defend = ctx.does_defend(m, s);
            if does_defend != 0 {
                prop_assert!(root_attack != Code::Fail);
                let mut after = Reader::new(board.clone(), None);
                after.trymove(owner, vm).unwrap();
                prop_assert!(occupied(&after, s).is_some());
                prop_assert_eq!(after.attack(vs).code, Code::Fail);
            }
            if root_attack == Code::Fail {
                prop_assert_eq!(does_defend, 0);
            }
        }
    }

    /// The play-then-read family equals playing the moves on a reader and
    /// reading there.
    #[test]
    fn play_sequences_equal_reading_after_the_moves(
        board in position(),
        moves in proptest::collection::vec(proptest::option::weighted(0.8, (0u8..7, 0u8..7)), 0..4),
        black in any::<bool>(),
    ) {
        let o = color(black);
        let moves: Vec<Option<Point>> =
            moves.iter().map(|m| m.map(|(i, j)| Point::new(i, j))).collect();
        let mut ctx = EngineContext::new(&board, None, o);
        for t in stones(&board) {
            for (first, x_first) in [(o, false), (o.other(), true)] {
                let mut reader = Reader::new(board.clone(), None);
                play(&mut reader, first, &moves);
                let (attack, defend) = match occupied(&reader, t) {
                    None => (WIN, FAIL),
                    Some(v) => {
                        let attack = reader.attack(v).code;
                        let defend = if attack == Code::Fail {
                            WIN
                        } else {
                            internal(reader.find_defense(v).code)
                        };
                        (internal(attack), defend)
                    }
                };
                let (got_attack, got_defend) = if x_first {
                    (ctx.xplay_attack(&moves, t), ctx.xplay_defend(&moves, t))
                } else {
                    (ctx.oplay_attack(&moves, t), ctx.oplay_defend(&moves, t))
                };
                prop_assert_eq!(got_attack, attack, "attack {:?} after {:?}", t, moves);
                prop_assert_eq!(got_defend, defend, "defend {:?} after {:?}", t, moves);
            }
        }
    }

    /// One context asked many questions (memo hits included) answers each
    /// as a fresh context does.
    #[test]
    fn the_memo_answers_as_a_fresh_context(
        board in position(),
        calls in proptest::collection::vec((0usize..8, (0u8..7, 0u8..7), (0u8..7, 0u8..7), any::<bool>()), 1..24),
    ) {
        let mut shared = EngineContext::new(&board, None, Color::Black);
        // Ask everything twice: the second round computes nothing again.
        let mut misses_after_first = 0;
        for round in 0..2 {
            if round == 1 {
                misses_after_first = shared.memo_stats().misses;
            }
            for &(f, a, b, black) in &calls {
                let (a, b) = (Point::new(a.0, a.1), Point::new(b.0, b.1));
                let ask = |ctx: &mut EngineContext| match f {
                    0 => ctx.attack(a),
                    1 => ctx.defend(a),
                    2 => ctx.does_attack(a, b),
                    3 => ctx.does_defend(a, b),
                    4 => ctx.safe_omove(a),
                    5 => ctx.xdefend_against(a, b),
                    6 => ctx.oplay_attack(&[Some(a), None], b),
                    _ => ctx.xplay_defend(&[Some(a)], b),
                };
                shared.set_color(color(black));
                let memoised = ask(&mut shared);
                let fresh = ask(&mut EngineContext::new(&board, None, color(black)));
                prop_assert_eq!(memoised, fresh, "round {} call {} {:?} {:?}", round, f, a, b);
            }
        }
        prop_assert_eq!(shared.memo_stats().misses, misses_after_first);
    }
}
