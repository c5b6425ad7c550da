//! Three-valued (Kleene) constraint values: a value is either known (the C
//! value GNU Go computes) or unknown together with the engine layers that
//! would decide it. The interpreter ([`evaluate_tri`](super::interpret::evaluate_tri))
//! and generated code both build their results from these operations, so
//! they agree by construction.
//!
//! * Arithmetic and comparisons with an unknown operand are unknown, needing
//!   the union of the operands' layers.
//! * `&&`, `||` and `!` follow Kleene logic with C results: `0 && unknown`
//!   is 0 and `nonzero || unknown` is 1. Callers keep C's left-to-right
//!   short circuit: the right operand is not evaluated when the left one
//!   decides ([`Tri::decides_and`], [`Tri::decides_or`]).
//! * A conditional with an unknown condition is the branches' common value
//!   when both are known and equal, otherwise unknown.

use super::program::{BinaryOp, CType};
use super::value::Value;
use crate::context::Context;
use crate::layer::{Callee, LayerSet};

/// A three-valued constraint value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tri {
    /// The value is known.
    Known(Value),
    /// The value depends on what only these layers answer.
    Unknown(LayerSet),
}

impl Tri {
    /// A known C `int`.
    pub const fn int(v: i32) -> Tri {
        Tri::Known(Value::Int(v))
    }

    /// A known C `double`.
    pub const fn double(v: f64) -> Tri {
        Tri::Known(Value::Double(v))
    }

    /// A known C boolean as `int`.
    pub fn from_bool(b: bool) -> Tri {
        Tri::Known(Value::from_bool(b))
    }

    /// The value when known.
    pub fn known(self) -> Option<Value> {
        match self {
            Tri::Known(v) => Some(v),
            Tri::Unknown(_) => None,
        }
    }

    /// The layers an unknown value needs (empty when known).
    pub fn needs(self) -> LayerSet {
        match self {
            Tri::Known(_) => LayerSet::EMPTY,
            Tri::Unknown(needs) => needs,
        }
    }

    /// C truthiness when known.
    pub fn truth(self) -> Option<bool> {
        self.known().map(Value::is_true)
    }

    /// The value as a C `int` when known.
    pub fn to_int(self) -> Option<i32> {
        self.known().map(Value::to_int)
    }

    /// Whether the left operand of `&&` decides it (known zero), so that
    /// the right operand must not be evaluated.
    pub fn decides_and(self) -> bool {
        self.truth() == Some(false)
    }

    /// Whether the left operand of `||` decides it (known non-zero).
    pub fn decides_or(self) -> bool {
        self.truth() == Some(true)
    }

    /// `left && right` in Kleene logic (C result 0/1).
    pub fn and(left: Tri, right: Tri) -> Tri {
        match (left.truth(), right.truth()) {
            (Some(false), _) | (_, Some(false)) => Tri::int(0),
            (Some(true), Some(true)) => Tri::int(1),
            _ => Tri::Unknown(left.needs().union(right.needs())),
        }
    }

    /// `left || right` in Kleene logic (C result 0/1).
    pub fn or(left: Tri, right: Tri) -> Tri {
        match (left.truth(), right.truth()) {
            (Some(true), _) | (_, Some(true)) => Tri::int(1),
            (Some(false), Some(false)) => Tri::int(0),
            _ => Tri::Unknown(left.needs().union(right.needs())),
        }
    }

    /// C `!`.
    pub fn logical_not(self) -> Tri {
        match self {
            Tri::Known(v) => Tri::from_bool(!v.is_true()),
            unknown => unknown,
        }
    }

    /// Arithmetic negation.
    pub fn negate(self) -> Tri {
        match self {
            Tri::Known(v) => Tri::Known(v.negate()),
            unknown => unknown,
        }
    }

    /// Conversion to C type `to`.
    pub fn convert(self, to: CType) -> Tri {
        match self {
            Tri::Known(v) => Tri::Known(v.convert(to)),
            unknown => unknown,
        }
    }

    /// A non-short-circuit binary operator ([`Value::binary`]).
    pub fn binary(op: BinaryOp, left: Tri, right: Tri, common: CType) -> Tri {
        match (left, right) {
            (Tri::Known(l), Tri::Known(r)) => Tri::Known(Value::binary(op, l, r, common)),
            _ => Tri::Unknown(left.needs().union(right.needs())),
        }
    }

    /// `cond ? then : otherwise` once both branches have been evaluated
    /// (only done when `cond` is unknown; a known condition picks its branch
    /// without evaluating the other).
    pub fn either(cond: Tri, then: Tri, otherwise: Tri) -> Tri {
        match (cond.truth(), then, otherwise) {
            (Some(true), chosen, _) | (Some(false), _, chosen) => chosen,
            (None, Tri::Known(a), Tri::Known(b)) if a == b => Tri::Known(a),
            (None, _, _) => Tri::Unknown(cond.needs().union(then.needs()).union(otherwise.needs())),
        }
    }
}

/// Asks `ctx` through `ask` when it answers `callee`; otherwise the value is
/// unknown and needs `callee`'s layer. Generated code and the interpreter
/// make every call through here.
pub fn call(
    ctx: &mut dyn Context,
    callee: Callee,
    ask: impl FnOnce(&mut dyn Context) -> Value,
) -> Tri {
    if ctx.answers(callee) {
        Tri::Known(ask(ctx))
    } else {
        Tri::Unknown(LayerSet::of(callee.layer()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layer::Layer;

    const TACTICS: Tri = Tri::Unknown(LayerSet::of(Layer::Tactics));
    const DRAGONS: Tri = Tri::Unknown(LayerSet::of(Layer::Dragons));

    #[test]
    fn kleene_connectives_with_c_results() {
        assert_eq!(Tri::and(Tri::int(0), TACTICS), Tri::int(0));
        assert_eq!(Tri::and(TACTICS, Tri::int(0)), Tri::int(0));
        assert_eq!(Tri::or(Tri::int(7), TACTICS), Tri::int(1));
        assert_eq!(Tri::or(TACTICS, Tri::double(0.5)), Tri::int(1));
        assert_eq!(Tri::and(Tri::int(2), Tri::int(3)), Tri::int(1));
        let both = LayerSet::of(Layer::Tactics).with(Layer::Dragons);
        assert_eq!(Tri::and(TACTICS, DRAGONS), Tri::Unknown(both));
        assert_eq!(Tri::or(Tri::int(0), DRAGONS), DRAGONS);
        assert_eq!(TACTICS.logical_not(), TACTICS);
        assert_eq!(Tri::int(5).logical_not(), Tri::int(0));
        assert!(Tri::int(0).decides_and() && !TACTICS.decides_and());
        assert!(Tri::int(-1).decides_or() && !TACTICS.decides_or());
    }

    #[test]
    fn arithmetic_with_an_unknown_operand_is_unknown() {
        let sum = Tri::binary(BinaryOp::Add, TACTICS, DRAGONS, CType::Int);
        assert_eq!(
            sum.needs(),
            LayerSet::of(Layer::Tactics).with(Layer::Dragons)
        );
        // Even 0 * unknown: C would compute it, but it is still unknown here.
        let product = Tri::binary(BinaryOp::Mul, Tri::int(0), TACTICS, CType::Int);
        assert_eq!(product, TACTICS);
        assert_eq!(
            Tri::binary(BinaryOp::Lt, Tri::int(1), Tri::int(2), CType::Int),
            Tri::int(1)
        );
    }

    #[test]
    fn conditionals_agree_or_stay_unknown() {
        assert_eq!(Tri::either(TACTICS, Tri::int(3), Tri::int(3)), Tri::int(3));
        assert_eq!(
            Tri::either(TACTICS, Tri::int(3), Tri::int(4)),
            Tri::Unknown(LayerSet::of(Layer::Tactics))
        );
        assert_eq!(Tri::either(Tri::int(1), Tri::int(3), DRAGONS), Tri::int(3));
        assert_eq!(
            Tri::either(TACTICS, Tri::int(3), DRAGONS).needs(),
            LayerSet::of(Layer::Tactics).with(Layer::Dragons)
        );
    }
}
