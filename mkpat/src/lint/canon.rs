//! Canonical text of constraint and action code, for comparing code "up to
//! the names of its labels and the order of commutative operands": labels
//! are renamed through a map, parentheses dropped, and the operands of
//! `&&`, `||`, `+`, `*`, `==` and `!=` (flattened where associative) sorted,
//! with `a > b` written `b < a` and `a >= b` written `b <= a`, and the
//! arguments of functions symmetric in them sorted; the moves of a play
//! sequence are sorted among those of the same colour (see
//! [`sort_moves_per_colour`]: the one step that is not exact). Constraint
//! code has no side effects, so two texts that agree here compute the same
//! value.

use matcher::autohelper::ArgKind;

use crate::ast::{Argument, Callee, Expr, ExprKind, Stmt};
use crate::ast::{BinaryOp, UnaryOp};

/// The canonical text of `expr`, each label renamed by `rename` (labels it
/// maps to `None` print as `?label`, which never equals a renamed label).
pub fn expr_text(expr: &Expr, rename: &dyn Fn(char) -> Option<char>) -> String {
    let mut out = String::new();
    write_expr(expr, rename, &mut out);
    out
}

/// The canonical text of a statement list (actions keep their order: they
/// have effects).
///
/// A list made only of calls to marking actions (`non_xterritory`,
/// `amalgamate`, `add_cut_move`, …), whose effects do not depend on their
/// order, is compared as a set.
pub fn stmts_text(stmts: &[Stmt], rename: &dyn Fn(char) -> Option<char>) -> String {
    let mut texts: Vec<String> = stmts
        .iter()
        .map(|stmt| {
            let mut out = String::new();
            write_stmt(stmt, rename, &mut out);
            out
        })
        .collect();
    if stmts.iter().all(is_marking_call) {
        texts.sort();
    }
    texts.concat()
}

/// Whether `stmt` is `f(…);` for an action whose effect is a mark that
/// other marks do not disturb.
fn is_marking_call(stmt: &Stmt) -> bool {
    use matcher::autohelper::Autohelper::*;
    let Stmt::Expr(e) = stmt else {
        return false;
    };
    matches!(
        &strip(e).kind,
        ExprKind::Call(call) if matches!(
            call.function,
            Callee::Autohelper(
                NonXterritory | NonOterritory | Amalgamate | AddConnectMove | AddCutMove
                    | AddDefendBothMove | TestAttackEitherMove | Antisuji | ThreatenToSave
                    | ThreatenToCapture | PreventAttackThreat | GoodAttackThreat
            )
        )
    )
}

fn write_stmt(stmt: &Stmt, rename: &dyn Fn(char) -> Option<char>, out: &mut String) {
    match stmt {
        Stmt::Expr(e) => {
            write_expr(e, rename, out);
            out.push(';');
        }
        Stmt::Return(e) => {
            out.push_str("return ");
            write_expr(e, rename, out);
            out.push(';');
        }
        Stmt::If {
            cond,
            then,
            otherwise,
            ..
        } => {
            out.push_str("if(");
            write_expr(cond, rename, out);
            out.push(')');
            write_stmt(then, rename, out);
            if let Some(o) = otherwise {
                out.push_str("else ");
                write_stmt(o, rename, out);
            }
        }
        Stmt::Block(stmts, _) => {
            out.push('{');
            for s in stmts {
                write_stmt(s, rename, out);
            }
            out.push('}');
        }
    }
}

/// Sorts the moves of a play sequence among those of the same colour (the
/// even places are one side's, the odd places the other's): the stones
/// each side adds are the same, so the position the test reads is the same
/// unless a capture or an illegal move inside the sequence makes the order
/// matter. This is the one approximation of the canonical form.
fn sort_moves_per_colour(moves: &mut [String]) {
    for parity in 0..2 {
        let mut own: Vec<String> = moves.iter().skip(parity).step_by(2).cloned().collect();
        own.sort();
        for (slot, value) in moves.iter_mut().skip(parity).step_by(2).zip(own) {
            *slot = value;
        }
    }
}

/// Which arguments of a function can be exchanged without changing its
/// value (autohelpers.md: the two targets of `attack_either`,
/// `defend_both`, `connect`, `disconnect`, `same_string`, …; the outer two
/// of `break_through`'s `x, y, z`; every point of `*_somewhere`).
enum Commuting {
    None,
    All,
    LastTwo,
    OuterOfLastThree,
}

fn commuting_arguments(function: Callee) -> Commuting {
    use matcher::autohelper::{Autohelper::*, EngineBuiltin};
    match function {
        Callee::Autohelper(
            XplayAttackEither | OplayAttackEither | XplayDefendBoth | OplayDefendBoth
            | OplayConnect | XplayConnect | OplayDisconnect | XplayDisconnect | SameString
            | SameDragon | Amalgamate | AddConnectMove | AddCutMove | AddDefendBothMove
            | TestAttackEitherMove,
        ) => Commuting::LastTwo,
        Callee::Autohelper(XplayBreakThrough | OplayBreakThrough) => Commuting::OuterOfLastThree,
        Callee::Autohelper(XSomewhere | OSomewhere | XAliveSomewhere | OAliveSomewhere) => {
            Commuting::All
        }
        Callee::Builtin(EngineBuiltin::DisconnectHelper) => Commuting::LastTwo,
        _ => Commuting::None,
    }
}

/// Whether `op` is commutative (its operands are sorted).
fn commutative(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::And | BinaryOp::Or | BinaryOp::Add | BinaryOp::Mul | BinaryOp::Eq | BinaryOp::Ne
    )
}

/// Whether `op` is also associative (nested uses are flattened).
fn associative(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::And | BinaryOp::Or | BinaryOp::Add | BinaryOp::Mul
    )
}

/// `e` without its parentheses.
pub fn strip(mut e: &Expr) -> &Expr {
    while let ExprKind::Paren(inner) = &e.kind {
        e = inner;
    }
    e
}

fn collect_operands<'e>(op: BinaryOp, e: &'e Expr, into: &mut Vec<&'e Expr>) {
    match &strip(e).kind {
        ExprKind::Binary(inner, a, b) if *inner == op && associative(op) => {
            collect_operands(op, a, into);
            collect_operands(op, b, into);
        }
        _ => into.push(strip(e)),
    }
}

fn write_expr(expr: &Expr, rename: &dyn Fn(char) -> Option<char>, out: &mut String) {
    match &strip(expr).kind {
        ExprKind::Int(n) => out.push_str(&n.to_string()),
        ExprKind::Float(text) => out.push_str(text),
        ExprKind::Ident(name) => out.push_str(name),
        ExprKind::Call(call) => {
            out.push_str(match call.function {
                Callee::Autohelper(f) => f.name(),
                Callee::Builtin(b) => b.name(),
            });
            let mut args: Vec<String> = call
                .args
                .iter()
                .map(|arg| match arg.node {
                    Argument::Label(c) => match rename(c) {
                        Some(r) => r.to_string(),
                        None => format!("?{c}"),
                    },
                    Argument::Move => "*".to_string(),
                    Argument::Tenuki => "tenuki".to_string(),
                })
                .collect();
            let n = args.len();
            if let Callee::Autohelper(f) = call.function
                && let ArgKind::Variadic { targets } = f.spec().args
                && f.name().contains("play_")
            {
                sort_moves_per_colour(&mut args[..n.saturating_sub(targets as usize)]);
            }
            match commuting_arguments(call.function) {
                Commuting::None => {}
                Commuting::All => args.sort(),
                Commuting::LastTwo if n >= 2 && args[n - 2] > args[n - 1] => {
                    args.swap(n - 2, n - 1);
                }
                Commuting::OuterOfLastThree if n >= 3 && args[n - 3] > args[n - 1] => {
                    args.swap(n - 3, n - 1);
                }
                _ => {}
            }
            out.push('(');
            out.push_str(&args.join(","));
            out.push(')');
        }
        ExprKind::Unary(op, e) => {
            out.push_str(match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "-",
            });
            out.push('(');
            write_expr(e, rename, out);
            out.push(')');
        }
        ExprKind::Binary(op, a, b) => {
            let (op, a, b) = match op {
                BinaryOp::Gt => (BinaryOp::Lt, b, a),
                BinaryOp::Ge => (BinaryOp::Le, b, a),
                _ => (*op, a, b),
            };
            let mut operands = Vec::new();
            if associative(op) {
                collect_operands(op, a, &mut operands);
                collect_operands(op, b, &mut operands);
            } else {
                operands.push(&**a);
                operands.push(&**b);
            }
            let mut texts: Vec<String> = operands.iter().map(|e| expr_text(e, rename)).collect();
            if commutative(op) {
                texts.sort();
            }
            out.push('(');
            out.push_str(&texts.join(op.symbol()));
            out.push(')');
        }
        ExprKind::Conditional(c, a, b) => {
            out.push('(');
            write_expr(c, rename, out);
            out.push('?');
            write_expr(a, rename, out);
            out.push(':');
            write_expr(b, rename, out);
            out.push(')');
        }
        // `strip` removed every parenthesis.
        ExprKind::Paren(inner) => write_expr(inner, rename, out),
    }
}
