//! C arithmetic on the three value types of the constraint language
//! (`int`, `float`, `double`), as the interpreter needs it: the usual
//! arithmetic conversions, comparisons yielding `int` 0/1, truthiness.
//!
//! Integer `+`, `-`, `*` and negation wrap (C leaves overflow undefined);
//! integer division by zero yields 0. Generated code follows the same rules.

use super::program::{BinaryOp, CType};

/// A run-time value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// C `int`.
    Int(i32),
    /// C `float`.
    Float(f32),
    /// C `double`.
    Double(f64),
}

impl Value {
    /// C truthiness: non-zero (NaN included) is true.
    pub fn is_true(self) -> bool {
        match self {
            Value::Int(v) => v != 0,
            Value::Float(v) => v != 0.0,
            Value::Double(v) => v != 0.0,
        }
    }

    /// Converts to C type `to` (float → int truncates toward zero).
    pub fn convert(self, to: CType) -> Value {
        match to {
            CType::Int => Value::Int(self.to_int()),
            CType::Float => Value::Float(match self {
                Value::Int(v) => v as f32,
                Value::Float(v) => v,
                Value::Double(v) => v as f32,
            }),
            CType::Double => Value::Double(match self {
                Value::Int(v) => v as f64,
                Value::Float(v) => v as f64,
                Value::Double(v) => v,
            }),
        }
    }

    /// The value as a C `int` (truncation toward zero; out-of-range values
    /// saturate, where C is undefined).
    pub fn to_int(self) -> i32 {
        match self {
            Value::Int(v) => v,
            Value::Float(v) => v as i32,
            Value::Double(v) => v as i32,
        }
    }

    /// A C boolean as `int`.
    pub fn from_bool(b: bool) -> Value {
        Value::Int(b as i32)
    }

    /// Arithmetic negation.
    pub fn negate(self) -> Value {
        match self {
            Value::Int(v) => Value::Int(v.wrapping_neg()),
            Value::Float(v) => Value::Float(-v),
            Value::Double(v) => Value::Double(-v),
        }
    }

    /// A non-short-circuit binary operator, both operands converted to
    /// `common` first (C's usual arithmetic conversions).
    pub fn binary(op: BinaryOp, left: Value, right: Value, common: CType) -> Value {
        let (l, r) = (left.convert(common), right.convert(common));
        match (l, r) {
            (Value::Int(a), Value::Int(b)) => int_op(op, a, b),
            (Value::Float(a), Value::Float(b)) => match float_op(op, a, b) {
                Some(v) => Value::Float(v),
                // Comparisons: promoting both to double changes nothing.
                None => match arith(op, a as f64, b as f64) {
                    Arith::Number(v) => Value::Float(v as f32),
                    Arith::Truth(t) => Value::from_bool(t),
                },
            },
            (Value::Double(a), Value::Double(b)) => match arith(op, a, b) {
                Arith::Number(v) => Value::Double(v),
                Arith::Truth(t) => Value::from_bool(t),
            },
            _ => unreachable_mixed(),
        }
    }
}

fn unreachable_mixed() -> Value {
    // `convert` gives both operands the same type, so this is never reached;
    // answer 0 rather than panic.
    Value::Int(0)
}

fn int_op(op: BinaryOp, a: i32, b: i32) -> Value {
    match op {
        BinaryOp::Add => Value::Int(a.wrapping_add(b)),
        BinaryOp::Sub => Value::Int(a.wrapping_sub(b)),
        BinaryOp::Mul => Value::Int(a.wrapping_mul(b)),
        BinaryOp::Div => Value::Int(int_div(a, b)),
        BinaryOp::Eq => Value::from_bool(a == b),
        BinaryOp::Ne => Value::from_bool(a != b),
        BinaryOp::Lt => Value::from_bool(a < b),
        BinaryOp::Le => Value::from_bool(a <= b),
        BinaryOp::Gt => Value::from_bool(a > b),
        BinaryOp::Ge => Value::from_bool(a >= b),
        BinaryOp::And => Value::from_bool(a != 0 && b != 0),
        BinaryOp::Or => Value::from_bool(a != 0 || b != 0),
    }
}

/// `a / b` for C `int`: truncating, 0 when `b` is 0, wrapping on overflow.
pub fn int_div(a: i32, b: i32) -> i32 {
    if b == 0 { 0 } else { a.wrapping_div(b) }
}

/// `float` arithmetic computed in `float` (C with `FLT_EVAL_METHOD == 0`).
fn float_op(op: BinaryOp, a: f32, b: f32) -> Option<f32> {
    match op {
        BinaryOp::Add => Some(a + b),
        BinaryOp::Sub => Some(a - b),
        BinaryOp::Mul => Some(a * b),
        BinaryOp::Div => Some(a / b),
        _ => None,
    }
}

enum Arith {
    Number(f64),
    Truth(bool),
}

fn arith(op: BinaryOp, a: f64, b: f64) -> Arith {
    match op {
        BinaryOp::Add => Arith::Number(a + b),
        BinaryOp::Sub => Arith::Number(a - b),
        BinaryOp::Mul => Arith::Number(a * b),
        BinaryOp::Div => Arith::Number(a / b),
        BinaryOp::Eq => Arith::Truth(a == b),
        BinaryOp::Ne => Arith::Truth(a != b),
        BinaryOp::Lt => Arith::Truth(a < b),
        BinaryOp::Le => Arith::Truth(a <= b),
        BinaryOp::Gt => Arith::Truth(a > b),
        BinaryOp::Ge => Arith::Truth(a >= b),
        BinaryOp::And => Arith::Truth(a != 0.0 && b != 0.0),
        BinaryOp::Or => Arith::Truth(a != 0.0 || b != 0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_arithmetic_conversions() {
        // float 0.7f promoted to double is below the double 0.7.
        let w = Value::Float(0.7);
        let lt = Value::binary(BinaryOp::Lt, w, Value::Double(0.7), CType::Double);
        assert_eq!(lt, Value::Int(1));
        // int + float is computed in float.
        let sum = Value::binary(
            BinaryOp::Add,
            Value::Int(1),
            Value::Float(0.5),
            CType::Float,
        );
        assert_eq!(sum, Value::Float(1.5));
        assert_eq!(
            Value::binary(BinaryOp::Div, Value::Int(7), Value::Int(0), CType::Int),
            Value::Int(0)
        );
        assert_eq!(
            Value::binary(BinaryOp::Div, Value::Int(-7), Value::Int(2), CType::Int),
            Value::Int(-3)
        );
        assert_eq!(Value::Double(-2.9).to_int(), -2);
        assert!(Value::Double(f64::NAN).is_true());
        assert!(!Value::Float(0.0).is_true());
    }
}
