//! Lowering of parsed constraint and action code ([`crate::ast`]) to the
//! run-time [`Program`] that both the interpreter and the Rust code
//! generator consume: labels become indexes into the pattern's label table,
//! identifiers become constants or engine globals, literals get C types.

use matcher::autohelper::{ArgKind, Autohelper};
use matcher::constraint::program::NAMED_CONSTANTS;
use matcher::constraint::{self as rt, Arg, Function, LabelOffset, Program};

use crate::ast::{self, Argument, Callee, ExprKind, Span};

/// Why code could not be lowered (the checker normally reports these first).
#[derive(Debug, Clone, PartialEq)]
pub struct LowerError {
    /// Where.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

type Result<T> = std::result::Result<T, LowerError>;

fn error<T>(span: Span, message: impl Into<String>) -> Result<T> {
    Err(LowerError {
        span,
        message: message.into(),
    })
}

/// Lowers a pattern's code. `labels` are the pattern's constraint-diagram
/// labels with their offsets from the move, in declaration order.
pub fn lower_program(
    labels: &[LabelOffset],
    constraint: Option<&ast::Expr>,
    action: Option<&[ast::Stmt]>,
) -> Result<Program> {
    let lowerer = Lowerer { labels };
    Ok(Program {
        labels: labels.to_vec(),
        constraint: constraint.map(|expr| lowerer.expr(expr)).transpose()?,
        action: action.map(|stmts| lowerer.stmts(stmts)).transpose()?,
    })
}

struct Lowerer<'a> {
    labels: &'a [LabelOffset],
}

impl Lowerer<'_> {
    fn stmts(&self, stmts: &[ast::Stmt]) -> Result<Vec<rt::Stmt>> {
        stmts.iter().map(|stmt| self.stmt(stmt)).collect()
    }

    fn stmt(&self, stmt: &ast::Stmt) -> Result<rt::Stmt> {
        Ok(match stmt {
            ast::Stmt::Expr(expr) => rt::Stmt::Expr(self.expr(expr)?),
            ast::Stmt::If {
                cond,
                then,
                otherwise,
                ..
            } => rt::Stmt::If(
                self.expr(cond)?,
                Box::new(self.stmt(then)?),
                otherwise
                    .as_ref()
                    .map(|s| self.stmt(s).map(Box::new))
                    .transpose()?,
            ),
            ast::Stmt::Return(expr) => rt::Stmt::Return(self.expr(expr)?),
            ast::Stmt::Block(stmts, _) => rt::Stmt::Block(self.stmts(stmts)?),
        })
    }

    fn expr(&self, expr: &ast::Expr) -> Result<rt::Expr> {
        let span = expr.span;
        Ok(match &expr.kind {
            ExprKind::Int(value) => match i32::try_from(*value) {
                Ok(v) => rt::Expr::Int(v),
                Err(_) => return error(span, format!("integer {value} does not fit a C int")),
            },
            ExprKind::Float(text) => match parse_c_double(text) {
                Some(v) => rt::Expr::Double(v),
                None => return error(span, format!("bad floating-point literal `{text}`")),
            },
            ExprKind::Ident(name) if name == "doing_scoring" => rt::Expr::DoingScoring,
            ExprKind::Ident(name) => match NAMED_CONSTANTS.iter().find(|(n, _)| n == name) {
                Some((_, v)) => rt::Expr::Int(*v),
                None => return error(span, format!("unknown identifier `{name}`")),
            },
            ExprKind::Call(call) => self.call(call, span)?,
            ExprKind::Unary(op, operand) => rt::Expr::Unary(*op, Box::new(self.expr(operand)?)),
            ExprKind::Binary(op, left, right) => {
                rt::Expr::Binary(*op, Box::new(self.expr(left)?), Box::new(self.expr(right)?))
            }
            ExprKind::Conditional(cond, then, otherwise) => rt::Expr::Conditional(
                Box::new(self.expr(cond)?),
                Box::new(self.expr(then)?),
                Box::new(self.expr(otherwise)?),
            ),
            ExprKind::Paren(inner) => self.expr(inner)?,
        })
    }

    fn call(&self, call: &ast::Call, span: Span) -> Result<rt::Expr> {
        let (function, fixed, play_sequence) = match call.function {
            Callee::Autohelper(f) => {
                if !f.spec().usable {
                    return error(
                        span,
                        format!(
                            "`{}` cannot be used (GNU Go 3.8 never defined it)",
                            f.name()
                        ),
                    );
                }
                let (fixed, play) = arity(f);
                (Function::Autohelper(f), fixed, play)
            }
            Callee::Builtin(b) => (Function::Builtin(b), Some(b.arity()), false),
        };
        let name = function.name();
        let count = call.args.len();
        match fixed {
            Some(n) if count != n => {
                return error(span, format!("{name}() takes {n} arguments, found {count}"));
            }
            None if count > 20 => return error(span, format!("{name}(): more than 20 arguments")),
            _ => {}
        }
        let targets = match function {
            Function::Autohelper(f) => match f.spec().args {
                ArgKind::Variadic { targets } => targets as usize,
                _ => count,
            },
            Function::Builtin(_) => count,
        };
        if count < targets {
            return error(span, format!("{name}(): too few arguments"));
        }
        let moves = if play_sequence { count - targets } else { 0 };
        let mut args = Vec::with_capacity(count);
        for (k, arg) in call.args.iter().enumerate() {
            let lowered = match arg.node {
                Argument::Label(c) => match self.labels.iter().position(|l| l.name == c) {
                    Some(index) => Arg::Label(index as u8),
                    None => {
                        return error(
                            arg.span,
                            format!("label `{c}` is not in the constraint diagram"),
                        );
                    }
                },
                Argument::Move => Arg::Move,
                Argument::Tenuki if k == 0 => {
                    return error(arg.span, "tenuki (`?`) cannot be the first argument");
                }
                Argument::Tenuki if k < moves => Arg::Tenuki,
                Argument::Tenuki => {
                    return error(
                        arg.span,
                        "tenuki (`?`) is only allowed among the moves of a play sequence",
                    );
                }
            };
            args.push(lowered);
        }
        Ok(rt::Expr::Call(function, args))
    }
}

/// `(fixed arity, is a play sequence)` of a catalogue function.
fn arity(function: Autohelper) -> (Option<usize>, bool) {
    match function.spec().args {
        ArgKind::Fixed(n) => (Some(n as usize), false),
        ArgKind::Variadic { targets } => (None, targets > 0),
        ArgKind::PatternValue => (Some(0), false),
    }
}

/// A C double literal (`0.7`, `1.`, `.5`, `1e3`, with an optional `f`/`F`
/// suffix ignored: the corpus has none).
fn parse_c_double(text: &str) -> Option<f64> {
    let trimmed = text.trim_end_matches(['f', 'F']);
    let normalised = if trimmed.ends_with('.') {
        format!("{trimmed}0")
    } else {
        trimmed.to_string()
    };
    normalised.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::code::CodeText;
    use crate::parse::expr::parse_constraint;
    use crate::source::SourceSet;

    fn labels() -> Vec<LabelOffset> {
        vec![
            LabelOffset {
                name: 'a',
                di: 0,
                dj: 1,
            },
            LabelOffset {
                name: 'B',
                di: -1,
                dj: 0,
            },
        ]
    }

    /// Parses constraint text (the parser accepts what the checker later
    /// rejects) and lowers it.
    fn lower(text: &str) -> Result<Program> {
        let mut sources = SourceSet::new();
        let file = sources.add("t.db", format!(";{text}\n"));
        let line = ast::Spanned {
            node: text.into(),
            span: sources.span(file, 1, 1 + text.len()),
        };
        let code = CodeText::join(file, &[line]);
        let mut diags = Vec::new();
        let expr =
            parse_constraint(&code, &mut diags).unwrap_or_else(|| panic!("{text}: {diags:?}"));
        lower_program(&labels(), Some(&expr), None)
    }

    #[test]
    fn labels_become_indexes_and_constants_values() {
        let program = lower("lib(a)>1 && attack(B)==WIN").unwrap();
        let expected = rt::Expr::Binary(
            rt::BinaryOp::And,
            Box::new(rt::Expr::Binary(
                rt::BinaryOp::Gt,
                Box::new(rt::Expr::Call(
                    Function::Autohelper(Autohelper::Lib),
                    vec![Arg::Label(0)],
                )),
                Box::new(rt::Expr::Int(1)),
            )),
            Box::new(rt::Expr::Binary(
                rt::BinaryOp::Eq,
                Box::new(rt::Expr::Call(
                    Function::Autohelper(Autohelper::Attack),
                    vec![Arg::Label(1)],
                )),
                Box::new(rt::Expr::Int(5)),
            )),
        );
        assert_eq!(program.constraint, Some(expected));
        assert_eq!(program.labels, labels());
    }

    #[test]
    fn play_sequences_keep_tenuki_in_the_move_list() {
        let program = lower("oplay_attack(*,?,a,B)").unwrap();
        assert_eq!(
            program.constraint,
            Some(rt::Expr::Call(
                Function::Autohelper(Autohelper::OplayAttack),
                vec![Arg::Move, Arg::Tenuki, Arg::Label(0), Arg::Label(1)]
            ))
        );
        assert_eq!(
            lower("weakness(a)<0.7")
                .unwrap()
                .constraint
                .unwrap()
                .c_type(),
            rt::CType::Int
        );
    }

    #[test]
    fn bad_code_is_an_error_not_a_panic() {
        for (text, message) in [
            ("lib(c)>1", "label `c`"),
            ("oplay_attack(a,B,?)", "tenuki"),
            ("x_somewhere(a,?)", "tenuki"),
            ("oracle_threatens(a,B)", "cannot be used"),
            ("lib(a,B)", "takes 1 arguments"),
        ] {
            match lower(text) {
                Err(e) => assert!(e.message.contains(message), "{text}: {}", e.message),
                Ok(p) => panic!("{text} lowered to {p:?}"),
            }
        }
    }

    #[test]
    fn c_double_literals() {
        assert_eq!(parse_c_double("0.7"), Some(0.7));
        assert_eq!(parse_c_double("1."), Some(1.0));
        assert_eq!(parse_c_double(".5"), Some(0.5));
        assert_eq!(parse_c_double("2e1"), Some(20.0));
        assert_eq!(parse_c_double("x"), None);
    }
}
