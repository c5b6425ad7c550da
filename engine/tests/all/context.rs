//! The engine's context on positions written here: each tactical
//! autohelper against what GNU Go 3.8 answers on the same position over
//! GTP (noted at each case), `answers` per function, recorded actions, and
//! the board left as found.

use engine::EngineContext;
use engine::context::RecordedAction;
use goban::{Board, Color};
use matcher::autohelper::Autohelper;
use matcher::autohelper::result_code::{KO_B, WIN};
use matcher::context::Point;
use matcher::context::layers::*;
use matcher::layer::{Callee, Layer};

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).expect("a board")
}

fn pt(board: &Board, gtp: &str) -> Point {
    let g = board.geometry();
    g.point(g.parse_gtp(gtp).expect("a vertex"))
}

/// 9×9, a white stone at A1 in atari under black B1.
const CORNER: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "OX.......",
];

/// 9×9, a white stone at E5 under black E6, D5, F5.
const CENTRE: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "....X....",
    "...XOX...",
    ".........",
    ".........",
    ".........",
    ".........",
];

#[test]
fn a_stone_lost_anyway_is_not_attacked_by_a_move() {
    // GNU Go: `defend A1` = 0, `does_attack A2 A1` = 0.
    let b = board(&CORNER);
    let mut ctx = EngineContext::new(&b, None, Color::Black);
    let (a1, a2) = (pt(&b, "A1"), pt(&b, "A2"));
    assert_eq!(ctx.attack(a1), WIN);
    assert_eq!(ctx.defend(a1), 0);
    assert_eq!(ctx.does_attack(a2, a1), 0);
    // White (X for Black's patterns) at A2 is captured in a ladder on the
    // edge; Black (O) at A2 captures and is safe.
    assert_eq!(ctx.safe_xmove(a2), 0);
    assert_eq!(ctx.safe_omove(a2), WIN);
    assert_eq!(ctx.board().rows_text(), b.rows_text());
}

#[test]
fn a_stone_that_can_escape() {
    // GNU Go: `attack E5` = 1 E4, `defend E5` = 1 E4, `does_defend E4 E5`
    // = 3 (the internal 1), `does_attack E4 E5` = 1, `does_attack D4 E5` =
    // 1, `does_attack D6 E5` = 0.
    let b = board(&CENTRE);
    let mut ctx = EngineContext::new(&b, None, Color::White);
    let p = |s| pt(&b, s);
    assert_eq!(ctx.attack(p("E5")), WIN);
    assert_eq!(ctx.defend(p("E5")), WIN);
    assert_eq!(ctx.does_defend(p("E4"), p("E5")), 1);
    assert_eq!(ctx.does_attack(p("E4"), p("E5")), WIN);
    assert_eq!(ctx.does_attack(p("D4"), p("E5")), WIN);
    assert_eq!(ctx.does_attack(p("D6"), p("E5")), 0);
    // White is O: O at E4 then attack E5 fails; X at E4 captures it.
    assert_eq!(ctx.oplay_attack(&[Some(p("E4"))], p("E5")), 0);
    assert_eq!(ctx.xplay_attack(&[Some(p("E4"))], p("E5")), WIN);
    assert_eq!(ctx.oplay_defend(&[Some(p("E4"))], p("E5")), WIN);
    assert_eq!(ctx.xplay_defend(&[Some(p("E4"))], p("E5")), 0);
    // A tenuki keeps the colours alternating: O passes, X captures.
    assert_eq!(ctx.oplay_attack(&[None, Some(p("E4"))], p("E5")), WIN);
    // X at E4 leaves O unable to play safely at E4 (occupied).
    assert_eq!(ctx.xdefend_against(p("E4"), p("E4")), 1);
    // The black stones next to the white one in atari can capture it.
    assert_eq!(ctx.adjacent_to_stone_in_atari(p("E6")), 1);
    assert_eq!(ctx.adjacent_to_defendable_stone_in_atari(p("E6")), 1);
    assert_eq!(ctx.seki_helper(p("E6")), 0);
    assert_eq!(ctx.seki_helper(p("E5")), 1);
    assert_eq!(ctx.board().rows_text(), b.rows_text());
    assert!(ctx.unsupported.is_empty(), "{:?}", ctx.unsupported);
}

#[test]
fn a_ko_capture_is_safe_only_by_ko() {
    // Black captures at E5 by ko: White may retake at D5's neighbour.
    let b = board(&[
        ".....", //
        "..XO.", //
        ".X.XO", //
        "..XO.", //
        ".....",
    ]);
    let mut ctx = EngineContext::new(&b, None, Color::White);
    let c3 = pt(&b, "C3");
    // White (O) at C3 captures D3 and can be retaken at D3 by ko.
    let safe = ctx.safe_omove(c3);
    assert!(
        safe == KO_B || safe == matcher::autohelper::result_code::KO_A,
        "{safe}"
    );
}

#[test]
fn answers_are_per_function() {
    let b = board(&CENTRE);
    let mut ctx = EngineContext::new(&b, None, Color::White);
    let a = |f| Callee::Autohelper(f);
    assert!(ctx.answers(a(Autohelper::Attack)));
    assert!(ctx.answers(a(Autohelper::OplayAttack)));
    assert!(ctx.answers(a(Autohelper::Lib)));
    assert!(ctx.answers(Callee::DoingScoring));
    assert!(ctx.answers(a(Autohelper::OplayAttackEither)));
    assert!(ctx.answers(a(Autohelper::XplayDefendBoth)));
    assert!(ctx.answers(a(Autohelper::OplayBreakThrough)));
    assert!(ctx.answers(a(Autohelper::OplayConnect)));
    assert!(!ctx.answers(a(Autohelper::Alive)));
    assert!(!ctx.answers(a(Autohelper::Xmoyo)));
    assert!(!ctx.answers(a(Autohelper::Value)));
    ctx.set_pattern_value(Some(3.5));
    assert!(ctx.answers(a(Autohelper::Value)));
    assert_eq!(ctx.value(), 3.5);
    assert!(ctx.layers().contains(Layer::Tactics));
    assert!(!ctx.layers().contains(Layer::Dragons));
    // The combined reading answers as the reader's `attack_either` does.
    let e5 = pt(&b, "E5");
    let e6 = pt(&b, "E6");
    let mut reader = tactics::Reader::new(b.clone(), None);
    let vertex = |p| b.geometry().vertex(p).expect("on the board");
    let expected = i32::from(reader.attack_either(vertex(e5), vertex(e6)).code.internal());
    assert_eq!(ctx.oplay_attack_either(&[], e5, e6), expected);
    // A target gone decides without reading.
    assert_eq!(ctx.xplay_attack_either(&[Some(pt(&b, "E4"))], e5, e6), WIN);
    assert!(ctx.unsupported.is_empty(), "{:?}", ctx.unsupported);
}

#[test]
fn actions_are_recorded_not_executed() {
    let b = board(&CENTRE);
    let mut ctx = EngineContext::new(&b, None, Color::White);
    let (e4, e5) = (pt(&b, "E4"), pt(&b, "E5"));
    ctx.antisuji(e4);
    ctx.add_connect_move(e4, e5);
    assert_eq!(
        ctx.take_actions(),
        [
            RecordedAction {
                action: Callee::Autohelper(Autohelper::Antisuji),
                points: vec![e4]
            },
            RecordedAction {
                action: Callee::Autohelper(Autohelper::AddConnectMove),
                points: vec![e4, e5]
            },
        ]
    );
    assert!(ctx.actions().is_empty());
    assert_eq!(ctx.board().rows_text(), b.rows_text());
}

#[test]
fn retargeting_keeps_the_memo() {
    let b = board(&CENTRE);
    let mut ctx = EngineContext::new(&b, None, Color::White);
    let (e4, e5) = (pt(&b, "E4"), pt(&b, "E5"));
    let x_first = ctx.xplay_attack(&[Some(e4)], e5);
    let misses = ctx.memo_stats().misses;
    ctx.set_color(Color::Black);
    // For Black as O, `oplay_attack` is what `xplay_attack` was for White.
    assert_eq!(ctx.oplay_attack(&[Some(e4)], e5), x_first);
    assert_eq!(ctx.memo_stats().misses, misses);
    assert!(ctx.memo_stats().hits >= 1);
}

/// `answers` is honest, per catalogue function and builtin: a call it
/// answers never lands in `unsupported`, and a call it does not answer
/// that needed its unwired part does.
#[test]
fn answers_agrees_with_what_each_call_needed() {
    use matcher::autohelper::{ArgKind, CATALOGUE, EngineBuiltin};
    use matcher::constraint::interpret::evaluate;
    use matcher::constraint::{Arg, Expr, Function, LabelOffset, Program, Site};
    use matcher::transform::Transform;

    let b = board(&CENTRE);
    let label = |name, di, dj| LabelOffset { name, di, dj };
    let program = Program {
        labels: vec![label('a', -1, 0), label('b', 0, -1), label('c', 1, 0)],
        constraint: None,
        action: None,
    };
    // The move at E5's neighbour E4: a = E5, b = D4, c = E3.
    let site = Site::new(Transform::new(0).unwrap(), pt(&b, "E4"));
    let labels = [Arg::Label(0), Arg::Label(1), Arg::Label(2), Arg::Move];
    let mut calls: Vec<(Function, Vec<Arg>)> = Vec::new();
    for spec in CATALOGUE.iter().filter(|spec| spec.usable) {
        let args = match spec.args {
            ArgKind::Fixed(n) => labels[..usize::from(n)].to_vec(),
            ArgKind::Variadic { targets } => {
                let mut args = vec![Arg::Move];
                args.extend(&labels[..usize::from(targets)]);
                args
            }
            ArgKind::PatternValue => Vec::new(),
        };
        calls.push((Function::Autohelper(spec.id), args));
    }
    for builtin in EngineBuiltin::ALL {
        calls.push((Function::Builtin(builtin), labels[..2].to_vec()));
    }
    // Play sequences decide from a target gone, the two helpers from their
    // own reading, and the disconnect helper from an empty point before
    // they need what is missing.
    let may_decide_without = |function| match function {
        Function::Autohelper(f) => {
            matches!(f.spec().args, ArgKind::Variadic { .. })
                || matches!(
                    f,
                    Autohelper::ConnectAndCutHelper | Autohelper::ConnectAndCutHelper2
                )
        }
        Function::Builtin(builtin) => builtin == EngineBuiltin::DisconnectHelper,
    };
    let mut answered = 0;
    for (function, args) in calls {
        let mut ctx = EngineContext::new(&b, None, Color::White);
        let expr = Expr::Call(function, args);
        evaluate(&program, &expr, &mut ctx, site);
        let answers = ctx.answers(Callee::from(function));
        answered += usize::from(answers);
        if answers {
            assert!(
                ctx.unsupported.is_empty(),
                "{function:?}: {:?}",
                ctx.unsupported
            );
        } else if !may_decide_without(function) {
            assert!(
                !ctx.unsupported.is_empty(),
                "{function:?} answered silently"
            );
        }
        assert_eq!(ctx.board().rows_text(), b.rows_text());
    }
    assert!(answered >= 40, "{answered}");
}

#[test]
fn break_mirror_helper_needs_the_komi_and_a_mirrored_board() {
    // Black's stones mirrored through the centre by White's: 12 stones.
    let rows = [
        "X.......O",
        ".X.....O.",
        "..X...O..",
        ".........",
        ".........",
        ".........",
        "..X...O..",
        ".X.....O.",
        "X.......O",
    ];
    let b = board(&rows);
    let centre = pt(&b, "E5");
    let mut ctx = EngineContext::new(&b, None, Color::White);
    let callee = Callee::Autohelper(Autohelper::BreakMirrorHelper);
    assert!(!ctx.answers(callee));
    assert_eq!(ctx.break_mirror_helper(centre), 0);
    assert_eq!(ctx.unsupported, ["break_mirror_helper"]);
    ctx.set_komi(Some(0.0));
    assert!(ctx.answers(callee));
    assert_eq!(ctx.break_mirror_helper(centre), 1);
    assert_eq!(ctx.break_mirror_helper(pt(&b, "E4")), 0);
    ctx.set_komi(Some(6.5));
    assert_eq!(ctx.break_mirror_helper(centre), 0);
    ctx.set_komi(Some(-1.0));
    ctx.set_color(Color::Black);
    assert_eq!(ctx.break_mirror_helper(centre), 0);
    // One stone more breaks the symmetry.
    let mut rows = rows;
    rows[4] = "X........";
    let b = board(&rows);
    let mut ctx = EngineContext::new(&b, None, Color::White);
    ctx.set_komi(Some(0.0));
    assert_eq!(ctx.break_mirror_helper(centre), 0);
}

#[test]
fn worms_answer_attack_and_defend_at_the_root() {
    use tactics::{Code, Reader, compute_worms};

    let b = board(&CENTRE);
    let p = |s| pt(&b, s);
    let worms = compute_worms(&mut Reader::new(b.clone(), None));
    let mut read = EngineContext::new(&b, None, Color::White);
    let mut cached = EngineContext::new(&b, None, Color::White);
    cached.set_worms(&worms);
    for s in ["E5", "E6", "D5", "F5"] {
        assert_eq!(cached.attack(p(s)), read.attack(p(s)), "{s}");
        assert_eq!(cached.defend(p(s)), read.defend(p(s)), "{s}");
        assert_eq!(cached.seki_helper(p(s)), read.seki_helper(p(s)), "{s}");
    }
    // A worm that says E5 cannot be attacked is believed at the root only.
    let doctored: Vec<_> = worms
        .into_iter()
        .map(|mut w| {
            if w.color == Color::White {
                w.attack.code = Code::Fail;
                w.defense.code = Code::Fail;
            }
            w
        })
        .collect();
    cached.set_worms(&doctored);
    assert_eq!(cached.attack(p("E5")), 0);
    assert_eq!(cached.defend(p("E5")), 0);
    assert_eq!(cached.seki_helper(p("E6")), 1);
    assert_eq!(cached.adjacent_to_stone_in_atari(p("E6")), 0);
    // The play-then-read family reads, as GNU Go's reading functions do.
    assert_eq!(cached.oplay_attack(&[None], p("E5")), WIN);
}
