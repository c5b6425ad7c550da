//! The constraint/action interpreter: runs a [`Program`] over a
//! [`Context`], with the same C semantics as generated code.

use super::dispatch::{call_autohelper, call_builtin};
use super::program::{Arg, BinaryOp, Expr, Function, Program, Stmt, UnaryOp};
use super::tri::{self, Tri};
use super::value::Value;
use super::{Phase, Site};
use crate::autohelper::ArgKind;
use crate::context::{Context, Point};
use crate::layer::{Callee, LayerSet};

/// The most arguments a call can have (GNU Go's limit).
pub const MAX_ARGS: usize = 20;

/// Runs the pattern's code as GNU Go's generated autohelper does:
///
/// * with both a constraint and an action, [`Phase::Constraint`] returns the
///   constraint's value and [`Phase::Action`] runs the action and returns 0
///   (or the value of a `return` statement);
/// * with only a constraint, the constraint's value in either phase;
/// * with only an action, the action in either phase;
/// * with neither, 0.
pub fn run(program: &Program, ctx: &mut dyn Context, site: Site, phase: Phase) -> i32 {
    let mut machine = Machine { program, ctx, site };
    match (&program.constraint, &program.action, phase) {
        (Some(constraint), Some(_), Phase::Constraint) | (Some(constraint), None, _) => {
            machine.eval(constraint).to_int()
        }
        (_, Some(action), _) => machine.run_statements(action).unwrap_or(0),
        (None, None, _) => 0,
    }
}

/// Evaluates the pattern's constraint in three-valued (Kleene) logic: a
/// call the context does not answer ([`Context::answers`]) is unknown,
/// needing its layer, and the constraint's value is known only when it does
/// not depend on such calls. `None` when the pattern has no constraint.
/// Calls are made in C's left-to-right order, and the right operand of
/// `&&`/`||` is not evaluated when the left one decides; a conditional
/// whose condition is unknown evaluates both branches.
pub fn run_constraint_tri(program: &Program, ctx: &mut dyn Context, site: Site) -> Option<Tri> {
    let constraint = program.constraint.as_ref()?;
    Some(evaluate_tri(program, constraint, ctx, site))
}

/// Evaluates one expression of `program` in three-valued logic (see
/// [`run_constraint_tri`]).
pub fn evaluate_tri(program: &Program, expr: &Expr, ctx: &mut dyn Context, site: Site) -> Tri {
    Machine { program, ctx, site }.eval_tri(expr)
}

/// Evaluates one expression of `program` (for tests and tools).
pub fn evaluate(program: &Program, expr: &Expr, ctx: &mut dyn Context, site: Site) -> Value {
    Machine { program, ctx, site }.eval(expr)
}

/// The evaluator over one program, context and site (shared with the
/// tracing evaluator of [`super::trace`]).
pub(crate) struct Machine<'a> {
    pub(crate) program: &'a Program,
    pub(crate) ctx: &'a mut dyn Context,
    pub(crate) site: Site,
}

impl Machine<'_> {
    /// Runs statements; `Some(v)` when a `return` ended the action.
    fn run_statements(&mut self, statements: &[Stmt]) -> Option<i32> {
        statements
            .iter()
            .find_map(|statement| self.run_statement(statement))
    }

    fn run_statement(&mut self, statement: &Stmt) -> Option<i32> {
        match statement {
            Stmt::Expr(expr) => {
                self.eval(expr);
                None
            }
            Stmt::If(cond, then, otherwise) => {
                if self.eval(cond).is_true() {
                    self.run_statement(then)
                } else {
                    otherwise.as_ref().and_then(|stmt| self.run_statement(stmt))
                }
            }
            Stmt::Return(expr) => Some(self.eval(expr).to_int()),
            Stmt::Block(statements) => self.run_statements(statements),
        }
    }

    fn eval(&mut self, expr: &Expr) -> Value {
        match expr {
            Expr::Int(v) => Value::Int(*v),
            Expr::Double(v) => Value::Double(*v),
            Expr::DoingScoring => Value::Int(self.ctx.doing_scoring()),
            Expr::Call(function, args) => self.call(*function, args),
            Expr::Unary(UnaryOp::Not, operand) => Value::from_bool(!self.eval(operand).is_true()),
            Expr::Unary(UnaryOp::Neg, operand) => self.eval(operand).negate(),
            Expr::Binary(BinaryOp::And, left, right) => {
                Value::from_bool(self.eval(left).is_true() && self.eval(right).is_true())
            }
            Expr::Binary(BinaryOp::Or, left, right) => {
                Value::from_bool(self.eval(left).is_true() || self.eval(right).is_true())
            }
            Expr::Binary(op, left, right) => {
                let common = left.c_type().common(right.c_type());
                let (l, r) = (self.eval(left), self.eval(right));
                Value::binary(*op, l, r, common)
            }
            Expr::Conditional(cond, then, otherwise) => {
                let common = then.c_type().common(otherwise.c_type());
                let chosen = if self.eval(cond).is_true() {
                    then
                } else {
                    otherwise
                };
                self.eval(chosen).convert(common)
            }
        }
    }

    fn eval_tri(&mut self, expr: &Expr) -> Tri {
        match expr {
            Expr::Int(v) => Tri::int(*v),
            Expr::Double(v) => Tri::double(*v),
            Expr::DoingScoring => tri::call(self.ctx, Callee::DoingScoring, |ctx| {
                Value::Int(ctx.doing_scoring())
            }),
            Expr::Call(function, args) => {
                if self.ctx.answers(Callee::from(*function)) {
                    Tri::Known(self.call(*function, args))
                } else {
                    Tri::Unknown(LayerSet::of(Callee::from(*function).layer()))
                }
            }
            Expr::Unary(UnaryOp::Not, operand) => self.eval_tri(operand).logical_not(),
            Expr::Unary(UnaryOp::Neg, operand) => self.eval_tri(operand).negate(),
            Expr::Binary(BinaryOp::And, left, right) => {
                let left = self.eval_tri(left);
                if left.decides_and() {
                    return Tri::int(0);
                }
                Tri::and(left, self.eval_tri(right))
            }
            Expr::Binary(BinaryOp::Or, left, right) => {
                let left = self.eval_tri(left);
                if left.decides_or() {
                    return Tri::int(1);
                }
                Tri::or(left, self.eval_tri(right))
            }
            Expr::Binary(op, left, right) => {
                let common = left.c_type().common(right.c_type());
                let (l, r) = (self.eval_tri(left), self.eval_tri(right));
                Tri::binary(*op, l, r, common)
            }
            Expr::Conditional(cond, then, otherwise) => {
                let common = then.c_type().common(otherwise.c_type());
                let cond = self.eval_tri(cond);
                match cond.truth() {
                    Some(true) => self.eval_tri(then).convert(common),
                    Some(false) => self.eval_tri(otherwise).convert(common),
                    None => {
                        let then = self.eval_tri(then).convert(common);
                        let otherwise = self.eval_tri(otherwise).convert(common);
                        Tri::either(cond, then, otherwise)
                    }
                }
            }
        }
    }

    pub(crate) fn point(&self, arg: Arg) -> Option<Point> {
        match arg {
            Arg::Label(index) => {
                let label = self.program.labels.get(index as usize)?;
                Some(self.site.label(label.di, label.dj))
            }
            Arg::Move => Some(self.site.mov),
            Arg::Tenuki => None,
        }
    }

    /// Where a call's move list ends (non-zero only for the play-sequence
    /// family) and how many fixed targets it has.
    pub(crate) fn split_args(function: Function, args: &[Arg]) -> (usize, usize) {
        let args = &args[..args.len().min(MAX_ARGS)];
        let (fixed_targets, is_play_sequence) = match function {
            Function::Autohelper(f) => match f.spec().args {
                ArgKind::Fixed(n) => (n as usize, false),
                ArgKind::Variadic { targets } => (targets as usize, targets > 0),
                ArgKind::PatternValue => (0, false),
            },
            Function::Builtin(b) => (b.arity(), false),
        };
        let split = if is_play_sequence {
            args.len().saturating_sub(fixed_targets)
        } else {
            0
        };
        (split, fixed_targets)
    }

    pub(crate) fn call(&mut self, function: Function, args: &[Arg]) -> Value {
        let args = &args[..args.len().min(MAX_ARGS)];
        let (split, fixed_targets) = Self::split_args(function, args);
        let mut moves = [None; MAX_ARGS];
        for (slot, arg) in moves.iter_mut().zip(&args[..split]) {
            *slot = self.point(*arg);
        }
        // Malformed programs (too few arguments) get the move point instead
        // of a panic; the compiler never produces them.
        let mut targets = [self.site.mov; MAX_ARGS];
        let mut count = 0;
        for arg in &args[split..] {
            if let Some(point) = self.point(*arg) {
                targets[count] = point;
                count += 1;
            }
        }
        let targets = &targets[..count.max(fixed_targets)];
        match function {
            Function::Autohelper(f) => call_autohelper(self.ctx, f, &moves[..split], targets),
            Function::Builtin(b) => call_builtin(self.ctx, b, targets),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autohelper::Autohelper;
    use crate::constraint::program::LabelOffset;
    use crate::constraint::test_double::PseudoRandomContext;
    use crate::transform::Transform;

    fn call(f: Autohelper, args: &[Arg]) -> Expr {
        Expr::Call(Function::Autohelper(f), args.to_vec())
    }

    fn bin(op: BinaryOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    fn program(constraint: Option<Expr>, action: Option<Vec<Stmt>>) -> Program {
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
                    dj: 2,
                },
            ],
            constraint,
            action,
        }
    }

    fn site(ll: u8) -> Site {
        Site::new(Transform::new(ll).unwrap(), Point::new(5, 5))
    }

    #[test]
    fn labels_are_transformed_around_the_move() {
        let p = program(Some(call(Autohelper::Lib, &[Arg::Label(0)])), None);
        let mut ctx = PseudoRandomContext::new(0);
        run(&p, &mut ctx, site(0), Phase::Constraint);
        // ll = 1 maps (-1, 0) to (0, 1).
        run(&p, &mut ctx, site(1), Phase::Constraint);
        assert!(ctx.log[0].starts_with("lib(; 4,5)"), "{:?}", ctx.log);
        assert!(ctx.log[1].starts_with("lib(; 5,6)"), "{:?}", ctx.log);
    }

    #[test]
    fn logical_operators_short_circuit() {
        // 0 && lib(a): lib is never called; 1 || lib(a): neither.
        let p = program(
            Some(bin(
                BinaryOp::And,
                Expr::Int(0),
                call(Autohelper::Lib, &[Arg::Label(0)]),
            )),
            None,
        );
        let mut ctx = PseudoRandomContext::new(0);
        assert_eq!(run(&p, &mut ctx, site(0), Phase::Constraint), 0);
        let p = program(
            Some(bin(
                BinaryOp::Or,
                Expr::Int(7),
                call(Autohelper::Lib, &[Arg::Label(0)]),
            )),
            None,
        );
        assert_eq!(run(&p, &mut ctx, site(0), Phase::Constraint), 1);
        assert!(ctx.log.is_empty());
    }

    #[test]
    fn play_sequence_splits_moves_and_targets() {
        let args = [Arg::Move, Arg::Tenuki, Arg::Label(1), Arg::Label(0)];
        let p = program(Some(call(Autohelper::OplayAttack, &args)), None);
        let mut ctx = PseudoRandomContext::new(3);
        run(&p, &mut ctx, site(0), Phase::Constraint);
        assert!(
            ctx.log[0].starts_with("oplay_attack(5,5 ? 5,7 ; 4,5)"),
            "{:?}",
            ctx.log
        );
    }

    #[test]
    fn conditional_uses_the_common_type() {
        // (1 ? 3 : 0.5) is the double 3.0; compared with 3 it is equal.
        let cond = Expr::Conditional(
            Box::new(Expr::Int(1)),
            Box::new(Expr::Int(3)),
            Box::new(Expr::Double(0.5)),
        );
        let p = program(None, None);
        let mut ctx = PseudoRandomContext::new(0);
        assert_eq!(evaluate(&p, &cond, &mut ctx, site(0)), Value::Double(3.0));
        let truncated = program(Some(Expr::Double(2.9)), None);
        assert_eq!(run(&truncated, &mut ctx, site(0), Phase::Constraint), 2);
    }

    #[test]
    fn phases_follow_gnugo() {
        let action = vec![
            Stmt::Expr(call(Autohelper::Antisuji, &[Arg::Move])),
            Stmt::If(
                Expr::Int(0),
                Box::new(Stmt::Return(Expr::Int(4))),
                Some(Box::new(Stmt::Return(Expr::Int(3)))),
            ),
            Stmt::Return(Expr::Int(9)),
        ];
        let both = program(Some(Expr::Int(1)), Some(action.clone()));
        let mut ctx = PseudoRandomContext::new(0);
        assert_eq!(run(&both, &mut ctx, site(0), Phase::Constraint), 1);
        assert!(ctx.log.is_empty());
        assert_eq!(run(&both, &mut ctx, site(0), Phase::Action), 3);
        assert_eq!(ctx.log.len(), 1);
        let action_only = program(None, Some(action));
        assert_eq!(run(&action_only, &mut ctx, site(0), Phase::Constraint), 3);
        let constraint_only = program(Some(Expr::Int(6)), None);
        assert_eq!(run(&constraint_only, &mut ctx, site(0), Phase::Action), 6);
        assert_eq!(
            run(&program(None, None), &mut ctx, site(0), Phase::Action),
            0
        );
    }

    #[test]
    fn malformed_programs_do_not_panic() {
        let p = Program {
            labels: vec![],
            constraint: Some(call(Autohelper::SameString, &[Arg::Label(9)])),
            action: None,
        };
        let mut ctx = PseudoRandomContext::new(0);
        run(&p, &mut ctx, site(0), Phase::Constraint);
        assert_eq!(ctx.log.len(), 1);
    }
}
