//! The run-time form of a pattern's constraint and action code: C-like
//! expressions and statements whose call arguments name constraint-diagram
//! labels by index into a table of offsets relative to the move.
//!
//! The compiler lowers the parsed code into a [`Program`]; the interpreter
//! ([`super::interpret`]) runs it and the Rust code generator turns the same
//! value into a function, so both paths share one meaning.

use crate::autohelper::{Autohelper, EngineBuiltin, result_code};
use crate::context::{ResultType, builtin_result_type, result_type};
use crate::layer::{Callee, LayerSet};

/// A constraint-diagram label and its offset from the move point, before
/// the match's transformation (`label = move + T_ll(di, dj)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelOffset {
    /// The label letter.
    pub name: char,
    /// Row displacement from the move (positive = down).
    pub di: i8,
    /// Column displacement from the move (positive = right).
    pub dj: i8,
}

/// All autohelper code of one pattern: its labels, its constraint (`;`
/// lines) and its action (`>` lines).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    /// The labels the code refers to, in GNU Go's declaration order
    /// (`a`…`z`, then `A`…`Z`); [`Arg::Label`] indexes this table.
    pub labels: Vec<LabelOffset>,
    /// The constraint expression, if the pattern has one.
    pub constraint: Option<Expr>,
    /// The action statements, if the pattern has any.
    pub action: Option<Vec<Stmt>>,
}

impl Program {
    /// The layers the constraint may ask (empty without a constraint): the
    /// pattern's `needs` set.
    pub fn constraint_needs(&self) -> LayerSet {
        self.constraint
            .as_ref()
            .map_or(LayerSet::EMPTY, Expr::needs)
    }
}

/// A call argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arg {
    /// The label at this index of [`Program::labels`].
    Label(u8),
    /// `*`: the move point.
    Move,
    /// `?`: tenuki, only inside the move list of a play-sequence call.
    Tenuki,
}

/// What a call calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Function {
    /// A catalogue function.
    Autohelper(Autohelper),
    /// An engine function outside the catalogue.
    Builtin(EngineBuiltin),
}

impl Function {
    /// The name in constraint text (also the [`Context`](crate::context::Context) method name).
    pub fn name(self) -> &'static str {
        match self {
            Function::Autohelper(f) => f.name(),
            Function::Builtin(b) => b.name(),
        }
    }

    /// The C type of the result.
    pub fn result_type(self) -> ResultType {
        match self {
            Function::Autohelper(f) => result_type(f),
            Function::Builtin(b) => builtin_result_type(b),
        }
    }
}

/// Binary operators with C semantics. `And` and `Or` short-circuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (an integer division by zero yields 0 instead of C's undefined behaviour)
    Div,
}

impl BinaryOp {
    /// The operator as written in C (and in constraint text).
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }

    /// C precedence level (higher binds tighter); all are left-associative.
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            BinaryOp::Eq | BinaryOp::Ne => 3,
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => 4,
            BinaryOp::Add | BinaryOp::Sub => 5,
            BinaryOp::Mul | BinaryOp::Div => 6,
        }
    }
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `!`: 1 if the operand is zero, else 0.
    Not,
    /// `-`: arithmetic negation (wrapping for `int`).
    Neg,
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// An `int` literal (also the constant `WIN` and the other result codes).
    Int(i32),
    /// A `double` literal, with the text it was written as.
    Double(f64),
    /// The engine global `doing_scoring`.
    DoingScoring,
    /// A function call.
    Call(Function, Vec<Arg>),
    /// `op e`.
    Unary(UnaryOp, Box<Expr>),
    /// `a op b`.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// An action statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `expr;`
    Expr(Expr),
    /// `if (cond) then [else otherwise]`
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `return expr;`: ends the action with this value (converted to `int`).
    Return(Expr),
    /// `{ … }`
    Block(Vec<Stmt>),
}

/// The static C type of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CType {
    /// `int`.
    Int,
    /// `float`.
    Float,
    /// `double`.
    Double,
}

impl CType {
    /// C's usual arithmetic conversions for two operands.
    pub fn common(self, other: CType) -> CType {
        self.max(other)
    }
}

/// The names of the constants the constraint language knows, with values.
pub const NAMED_CONSTANTS: [(&str, i32); 5] = [
    ("WIN", result_code::WIN),
    ("KO_A", result_code::KO_A),
    ("GAIN", result_code::GAIN),
    ("LOSS", result_code::LOSS),
    ("KO_B", result_code::KO_B),
];

impl Expr {
    /// The static C type of this expression (no evaluation).
    pub fn c_type(&self) -> CType {
        match self {
            Expr::Int(_) | Expr::DoingScoring => CType::Int,
            Expr::Double(_) => CType::Double,
            Expr::Call(function, _) => match function.result_type() {
                ResultType::Int | ResultType::Unit => CType::Int,
                ResultType::Float => CType::Float,
            },
            Expr::Unary(UnaryOp::Not, _) => CType::Int,
            Expr::Unary(UnaryOp::Neg, operand) => operand.c_type(),
            Expr::Binary(op, left, right) => match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div => {
                    left.c_type().common(right.c_type())
                }
                _ => CType::Int,
            },
            Expr::Conditional(_, then, otherwise) => then.c_type().common(otherwise.c_type()),
        }
    }

    /// The layers this expression may ask: those of every function it
    /// calls, and game state for `doing_scoring`.
    pub fn needs(&self) -> LayerSet {
        let mut needs = LayerSet::EMPTY;
        self.for_each_call(&mut |function, _| {
            needs = needs.with(Callee::from(function).layer());
        });
        if self.mentions_doing_scoring() {
            needs = needs.with(Callee::DoingScoring.layer());
        }
        needs
    }

    fn mentions_doing_scoring(&self) -> bool {
        match self {
            Expr::DoingScoring => true,
            Expr::Int(_) | Expr::Double(_) | Expr::Call(..) => false,
            Expr::Unary(_, operand) => operand.mentions_doing_scoring(),
            Expr::Binary(_, left, right) => {
                left.mentions_doing_scoring() || right.mentions_doing_scoring()
            }
            Expr::Conditional(cond, then, otherwise) => {
                cond.mentions_doing_scoring()
                    || then.mentions_doing_scoring()
                    || otherwise.mentions_doing_scoring()
            }
        }
    }

    /// Calls every function this expression may call, in source order.
    pub fn for_each_call(&self, visit: &mut impl FnMut(Function, &[Arg])) {
        match self {
            Expr::Int(_) | Expr::Double(_) | Expr::DoingScoring => {}
            Expr::Call(function, args) => visit(*function, args),
            Expr::Unary(_, operand) => operand.for_each_call(visit),
            Expr::Binary(_, left, right) => {
                left.for_each_call(visit);
                right.for_each_call(visit);
            }
            Expr::Conditional(cond, then, otherwise) => {
                cond.for_each_call(visit);
                then.for_each_call(visit);
                otherwise.for_each_call(visit);
            }
        }
    }
}
