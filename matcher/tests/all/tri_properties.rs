//! Property tests of three-valued (Kleene) constraint evaluation on random
//! expressions over calls of every layer, constants and `doing_scoring`,
//! with contexts that answer random sets of layers:
//! - three-valued evaluation never contradicts two-valued evaluation:
//!   wherever its result is known, two-valued evaluation gives that value
//!   for every completion of the unknown calls;
//! - an unknown result needs only layers the context lacks;
//! - a context with every layer always gets a known result, equal to the
//!   two-valued one.

use matcher::autohelper::{Autohelper, EngineBuiltin};
use matcher::constraint::interpret::{evaluate, evaluate_tri};
use matcher::constraint::test_double::PseudoRandomContext;
use matcher::constraint::{
    Arg, BinaryOp, Expr, Function, LabelOffset, Program, Site, Tri, UnaryOp, Value,
};
use matcher::context::Point;
use matcher::layer::LayerSet;
use matcher::transform::Transform;
use proptest::prelude::*;

/// Functions of every layer (and every result type) with their argument
/// counts.
const FUNCTIONS: [(Function, usize); 12] = [
    (Function::Autohelper(Autohelper::LegalXmove), 1),
    (Function::Autohelper(Autohelper::Lib), 1),
    (Function::Autohelper(Autohelper::SameString), 2),
    (Function::Autohelper(Autohelper::Attack), 1),
    (Function::Autohelper(Autohelper::Defend), 1),
    (Function::Autohelper(Autohelper::Xcut), 1),
    (Function::Autohelper(Autohelper::Alive), 1),
    (Function::Autohelper(Autohelper::Weakness), 1),
    (Function::Autohelper(Autohelper::Xmoyo), 1),
    (Function::Autohelper(Autohelper::RemainingHandicapStones), 0),
    (Function::Autohelper(Autohelper::Antisuji), 1),
    (Function::Builtin(EngineBuiltin::DisconnectHelper), 2),
];

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        3 => (-2i32..=6).prop_map(Expr::Int),
        1 => prop::sample::select(vec![0.0, 0.5, -1.5, 2.0]).prop_map(Expr::Double),
        1 => Just(Expr::DoingScoring),
        6 => (0..FUNCTIONS.len(), 0u8..3, 0u8..3).prop_map(|(f, a, b)| {
            let (function, arity) = FUNCTIONS[f];
            let args = [Arg::Label(a), Arg::Label(b)];
            Expr::Call(function, args[..arity].to_vec())
        }),
    ]
}

fn binary_op() -> impl Strategy<Value = BinaryOp> {
    prop::sample::select(vec![
        BinaryOp::Or,
        BinaryOp::And,
        BinaryOp::Eq,
        BinaryOp::Ne,
        BinaryOp::Lt,
        BinaryOp::Le,
        BinaryOp::Gt,
        BinaryOp::Ge,
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
    ])
}

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            1 => (
                prop::sample::select(vec![UnaryOp::Not, UnaryOp::Neg]),
                inner.clone()
            )
                .prop_map(|(op, e)| Expr::Unary(op, Box::new(e))),
            3 => (binary_op(), inner.clone(), inner.clone())
                .prop_map(|(op, l, r)| Expr::Binary(op, Box::new(l), Box::new(r))),
            1 => (inner.clone(), inner.clone(), inner).prop_map(|(c, t, e)| Expr::Conditional(
                Box::new(c),
                Box::new(t),
                Box::new(e)
            )),
        ]
    })
}

fn program() -> Program {
    let label = |name, di, dj| LabelOffset { name, di, dj };
    Program {
        labels: vec![label('a', 0, 1), label('b', -1, 0), label('c', 1, 1)],
        constraint: None,
        action: None,
    }
}

/// Equal C values (NaN equal to NaN, so that `0.0/0.0` compares).
fn same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x == y || (x.is_nan() && y.is_nan()),
        (Value::Double(x), Value::Double(y)) => x == y || (x.is_nan() && y.is_nan()),
        _ => a == b,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn three_valued_never_contradicts_two_valued(
        e in expr(),
        seed in any::<u64>(),
        layer_bits in any::<u8>(),
        ll in 0u8..8,
    ) {
        let program = program();
        let layers = LayerSet::from_bits(layer_bits);
        let site = Site::new(Transform::new(ll).unwrap(), Point::new(9, 9));
        let double = PseudoRandomContext::new(seed).with_layers(layers);
        let tri = evaluate_tri(&program, &e, &mut double.clone(), site);
        match tri {
            Tri::Known(value) => {
                for completion in 0..16u64 {
                    let mut ctx = double.clone().with_completion(completion);
                    let two_valued = evaluate(&program, &e, &mut ctx, site);
                    prop_assert!(
                        same(two_valued, value),
                        "{e:?}: known {value:?}, completion {completion} gives {two_valued:?}"
                    );
                }
            }
            Tri::Unknown(needs) => {
                prop_assert!(!needs.is_empty());
                prop_assert!(
                    needs.iter().all(|layer| !layers.contains(layer)),
                    "{e:?} needs {needs} with {layers}"
                );
            }
        }
    }

    #[test]
    fn with_every_layer_three_valued_equals_two_valued(
        e in expr(),
        seed in any::<u64>(),
    ) {
        let program = program();
        let site = Site::new(Transform::new(0).unwrap(), Point::new(9, 9));
        let mut a = PseudoRandomContext::new(seed);
        let mut b = a.clone();
        let tri = evaluate_tri(&program, &e, &mut a, site);
        let two_valued = evaluate(&program, &e, &mut b, site);
        prop_assert!(matches!(tri, Tri::Known(v) if same(v, two_valued)), "{e:?}");
        // The same calls in the same order: short circuits agree.
        prop_assert_eq!(a.log, b.log);
    }
}

/// The example from the task: `lib(a)==1 && !attack(b)` where `lib(a)` is
/// not 1 is decided (0) on a board-only context, and `attack` is never
/// asked; a double without tactics and a known `lib(a) == 1` leaves it
/// unknown, needing tactics.
#[test]
fn board_only_decides_a_conjunction_with_a_false_left_side() {
    let program = program();
    let lib_a = Expr::Call(Function::Autohelper(Autohelper::Lib), vec![Arg::Label(0)]);
    let attack_b = Expr::Call(
        Function::Autohelper(Autohelper::Attack),
        vec![Arg::Label(1)],
    );
    let site = Site::new(Transform::new(0).unwrap(), Point::new(9, 9));
    let board_layers =
        LayerSet::of(matcher::layer::Layer::Board).with(matcher::layer::Layer::Strings);
    // Find seeds where lib(a) answers 1 and where it answers something else.
    let mut decided = 0;
    let mut undecided = 0;
    for seed in 0..200u64 {
        let mut probe = PseudoRandomContext::new(seed);
        let lib = evaluate(&program, &lib_a, &mut probe, site);
        let e = Expr::Binary(
            BinaryOp::And,
            Box::new(Expr::Binary(
                BinaryOp::Eq,
                Box::new(lib_a.clone()),
                Box::new(Expr::Int(1)),
            )),
            Box::new(Expr::Unary(UnaryOp::Not, Box::new(attack_b.clone()))),
        );
        let mut ctx = PseudoRandomContext::new(seed).with_layers(board_layers);
        let tri = evaluate_tri(&program, &e, &mut ctx, site);
        if lib == Value::Int(1) {
            undecided += 1;
            assert_eq!(
                tri,
                Tri::Unknown(LayerSet::of(matcher::layer::Layer::Tactics))
            );
        } else {
            decided += 1;
            assert_eq!(tri, Tri::int(0));
            assert_eq!(ctx.log.len(), 1, "attack must not be asked: {:?}", ctx.log);
        }
    }
    assert!(decided > 0 && undecided > 0);
}
