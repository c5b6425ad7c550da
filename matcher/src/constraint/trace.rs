//! Tracing three-valued evaluation: the same Kleene evaluation as
//! [`run_constraint_tri`](super::interpret::run_constraint_tri), which also
//! returns the evaluation tree, one node per evaluated expression with its
//! value (known, or unknown with the layers it needs). A call's node names
//! the function and the board points it was asked about, so a person can
//! see which autohelper answered what (`tesuji explain`).
//!
//! Short circuits are kept: the right operand of `&&`/`||` that the left
//! one decides is not evaluated and has no node; a conditional with a known
//! condition has a node for the chosen branch only.

use super::interpret::Machine;
use super::program::{BinaryOp, Expr, Function, Program, UnaryOp};
use super::tri::{self, Tri};
use super::value::Value;
use super::{Arg, Site};
use crate::context::{Context, Point};
use crate::layer::{Callee, LayerSet};

/// What an evaluated expression was.
#[derive(Debug, Clone, PartialEq)]
pub enum TraceKind {
    /// An integer literal.
    Int(i32),
    /// A floating-point literal.
    Double(f64),
    /// The global `doing_scoring`.
    DoingScoring,
    /// A call, with the board points of its arguments: the move list of a
    /// play sequence (`None` = tenuki) and the targets.
    Call {
        /// The function.
        function: Function,
        /// The move list (play sequences only).
        moves: Vec<Option<Point>>,
        /// The other arguments.
        targets: Vec<Point>,
    },
    /// A unary operator (children: the operand).
    Unary(UnaryOp),
    /// A binary operator (children: the evaluated operands).
    Binary(BinaryOp),
    /// `c ? a : b` (children: the condition, then the evaluated branches).
    Conditional,
}

/// One node of an evaluation tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// What was evaluated.
    pub kind: TraceKind,
    /// Its three-valued value.
    pub value: Tri,
    /// The evaluated sub-expressions, in evaluation order.
    pub children: Vec<Trace>,
}

impl Trace {
    fn leaf(kind: TraceKind, value: Tri) -> Trace {
        Trace {
            kind,
            value,
            children: Vec::new(),
        }
    }

    /// Every call node of the tree, in evaluation order.
    pub fn calls(&self) -> Vec<&Trace> {
        let mut found = Vec::new();
        self.collect_calls(&mut found);
        found
    }

    fn collect_calls<'a>(&'a self, found: &mut Vec<&'a Trace>) {
        if matches!(self.kind, TraceKind::Call { .. }) {
            found.push(self);
        }
        for child in &self.children {
            child.collect_calls(found);
        }
    }
}

/// Evaluates the pattern's constraint as [`run_constraint_tri`] does and
/// returns its evaluation tree (whose root value is the constraint's
/// value); `None` when the pattern has no constraint.
///
/// [`run_constraint_tri`]: super::interpret::run_constraint_tri
pub fn trace_constraint(program: &Program, ctx: &mut dyn Context, site: Site) -> Option<Trace> {
    let constraint = program.constraint.as_ref()?;
    Some(Machine { program, ctx, site }.eval_traced(constraint))
}

impl Machine<'_> {
    fn eval_traced(&mut self, expr: &Expr) -> Trace {
        match expr {
            Expr::Int(v) => Trace::leaf(TraceKind::Int(*v), Tri::int(*v)),
            Expr::Double(v) => Trace::leaf(TraceKind::Double(*v), Tri::double(*v)),
            Expr::DoingScoring => {
                let value = tri::call(self.ctx, Callee::DoingScoring, |ctx| {
                    Value::Int(ctx.doing_scoring())
                });
                Trace::leaf(TraceKind::DoingScoring, value)
            }
            Expr::Call(function, args) => {
                let (moves, targets) = self.resolved(*function, args);
                let callee = Callee::from(*function);
                let value = if self.ctx.answers(callee) {
                    Tri::Known(self.call(*function, args))
                } else {
                    Tri::Unknown(LayerSet::of(callee.layer()))
                };
                Trace::leaf(
                    TraceKind::Call {
                        function: *function,
                        moves,
                        targets,
                    },
                    value,
                )
            }
            Expr::Unary(op, operand) => {
                let operand = self.eval_traced(operand);
                let value = match op {
                    UnaryOp::Not => operand.value.logical_not(),
                    UnaryOp::Neg => operand.value.negate(),
                };
                Trace {
                    kind: TraceKind::Unary(*op),
                    value,
                    children: vec![operand],
                }
            }
            Expr::Binary(op @ (BinaryOp::And | BinaryOp::Or), left, right) => {
                let left = self.eval_traced(left);
                let decided = match op {
                    BinaryOp::And => left.value.decides_and().then(|| Tri::int(0)),
                    _ => left.value.decides_or().then(|| Tri::int(1)),
                };
                if let Some(value) = decided {
                    return Trace {
                        kind: TraceKind::Binary(*op),
                        value,
                        children: vec![left],
                    };
                }
                let right = self.eval_traced(right);
                let value = match op {
                    BinaryOp::And => Tri::and(left.value, right.value),
                    _ => Tri::or(left.value, right.value),
                };
                Trace {
                    kind: TraceKind::Binary(*op),
                    value,
                    children: vec![left, right],
                }
            }
            Expr::Binary(op, left, right) => {
                let common = left.c_type().common(right.c_type());
                let (left, right) = (self.eval_traced(left), self.eval_traced(right));
                Trace {
                    kind: TraceKind::Binary(*op),
                    value: Tri::binary(*op, left.value, right.value, common),
                    children: vec![left, right],
                }
            }
            Expr::Conditional(cond, then, otherwise) => {
                let common = then.c_type().common(otherwise.c_type());
                let cond = self.eval_traced(cond);
                let (value, mut branches) = match cond.value.truth() {
                    Some(truth) => {
                        let chosen = self.eval_traced(if truth { then } else { otherwise });
                        (chosen.value.convert(common), vec![chosen])
                    }
                    None => {
                        let then = self.eval_traced(then);
                        let otherwise = self.eval_traced(otherwise);
                        let value = Tri::either(
                            cond.value,
                            then.value.convert(common),
                            otherwise.value.convert(common),
                        );
                        (value, vec![then, otherwise])
                    }
                };
                let mut children = vec![cond];
                children.append(&mut branches);
                Trace {
                    kind: TraceKind::Conditional,
                    value,
                    children,
                }
            }
        }
    }

    /// The board points of a call's arguments, split as the call splits
    /// them (move list, then targets).
    fn resolved(&self, function: Function, args: &[Arg]) -> (Vec<Option<Point>>, Vec<Point>) {
        let args = &args[..args.len().min(super::interpret::MAX_ARGS)];
        let (split, _) = Machine::split_args(function, args);
        let moves = args[..split].iter().map(|&a| self.point(a)).collect();
        let targets = args[split..]
            .iter()
            .filter_map(|&a| self.point(a))
            .collect();
        (moves, targets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autohelper::Autohelper;
    use crate::constraint::interpret::run_constraint_tri;
    use crate::constraint::program::LabelOffset;
    use crate::constraint::test_double::PseudoRandomContext;
    use crate::layer::Layer;
    use crate::transform::Transform;
    use proptest::prelude::*;

    /// The test double, answering only the layers in `layers`.
    fn partial(seed: u64, layers: LayerSet) -> PseudoRandomContext {
        let mut ctx = PseudoRandomContext::new(seed);
        ctx.layers = layers;
        ctx
    }

    const FUNCTIONS: [Autohelper; 6] = [
        Autohelper::Lib,
        Autohelper::Attack,
        Autohelper::Defend,
        Autohelper::SafeOmove,
        Autohelper::Wormsize,
        Autohelper::Weakness,
    ];

    fn expr() -> impl Strategy<Value = Expr> {
        let leaf = prop_oneof![
            (-3i32..4).prop_map(Expr::Int),
            (0usize..FUNCTIONS.len(), 0u8..2).prop_map(|(f, label)| Expr::Call(
                Function::Autohelper(FUNCTIONS[f]),
                vec![Arg::Label(label)]
            )),
        ];
        leaf.prop_recursive(4, 24, 3, |inner| {
            prop_oneof![
                inner
                    .clone()
                    .prop_map(|e| Expr::Unary(UnaryOp::Not, Box::new(e))),
                (
                    prop::sample::select(vec![
                        BinaryOp::And,
                        BinaryOp::Or,
                        BinaryOp::Eq,
                        BinaryOp::Lt,
                        BinaryOp::Add,
                        BinaryOp::Mul,
                    ]),
                    inner.clone(),
                    inner.clone()
                )
                    .prop_map(|(op, a, b)| Expr::Binary(
                        op,
                        Box::new(a),
                        Box::new(b)
                    )),
                (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| {
                    Expr::Conditional(Box::new(c), Box::new(a), Box::new(b))
                }),
            ]
        })
    }

    fn program(constraint: Expr) -> Program {
        Program {
            labels: vec![
                LabelOffset {
                    name: 'a',
                    di: -1,
                    dj: 0,
                },
                LabelOffset {
                    name: 'b',
                    di: 0,
                    dj: 1,
                },
            ],
            constraint: Some(constraint),
            action: None,
        }
    }

    proptest! {
        /// The tracing evaluator gives `run_constraint_tri`'s value and
        /// makes the same calls, for contexts answering any set of layers.
        #[test]
        fn trace_agrees_with_three_valued_evaluation(
            e in expr(), seed in 0u64..1000, bits in 0u8..=255, ll in 0u8..8
        ) {
            let program = program(e);
            let site = Site::new(Transform::new(ll).unwrap(), Point::new(5, 5));
            let layers = LayerSet::from_bits(bits);
            let mut plain = partial(seed, layers);
            let mut traced = partial(seed, layers);
            let expected = run_constraint_tri(&program, &mut plain, site);
            let trace = trace_constraint(&program, &mut traced, site).unwrap();
            prop_assert_eq!(Some(trace.value), expected);
            prop_assert_eq!(&plain.log, &traced.log);
            let answered = trace.calls().iter().filter(|c| c.value.known().is_some()).count();
            prop_assert_eq!(answered, traced.log.len());
        }
    }

    #[test]
    fn calls_show_their_points_and_unknown_layers() {
        // lib(a) > 1 && attack(b): lib known, attack unknown (no tactics).
        let constraint = Expr::Binary(
            BinaryOp::And,
            Box::new(Expr::Binary(
                BinaryOp::Gt,
                Box::new(Expr::Call(
                    Function::Autohelper(Autohelper::Lib),
                    vec![Arg::Label(0)],
                )),
                Box::new(Expr::Int(1)),
            )),
            Box::new(Expr::Call(
                Function::Autohelper(Autohelper::Attack),
                vec![Arg::Label(1)],
            )),
        );
        let program = program(constraint);
        let mut ctx = partial(4, LayerSet::of(Layer::Board).with(Layer::Strings));
        let site = Site::new(Transform::IDENTITY, Point::new(5, 5));
        let trace = trace_constraint(&program, &mut ctx, site).unwrap();
        let calls = trace.calls();
        assert!(matches!(
            &calls[0].kind,
            TraceKind::Call { targets, .. } if targets == &[Point::new(4, 5)]
        ));
        assert!(calls[0].value.known().is_some());
        if calls.len() == 2 {
            assert_eq!(calls[1].value, Tri::Unknown(LayerSet::of(Layer::Tactics)));
            assert!(matches!(
                &calls[1].kind,
                TraceKind::Call { targets, .. } if targets == &[Point::new(5, 6)]
            ));
        } else {
            // lib(a) <= 1 decided the conjunction.
            assert_eq!(trace.value, Tri::int(0));
        }
    }
}
