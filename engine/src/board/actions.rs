//! The actions part: every action (a catalogue function without a result)
//! is recorded with its points, not executed, until move reasons exist.
//! `known_safe_move`, which returns a value, is unknown.

use matcher::context::{Context, Point, ResultType, result_type};
use matcher::layer::{Callee, Layer, LayerSet};
use matcher::{context_layers, impl_context_layers};

use crate::compose::{Ledger, Part, RecordedAction, callee_named};

/// The recorded actions.
#[derive(Debug, Clone, Default)]
pub struct ActionLog {
    ledger: Ledger,
}

/// A method without a result is an action: recorded; one with a result is
/// unknown here.
macro_rules! action_method {
    (fn $name:ident($($arg:ident: $ty:ty),*)) => {
        fn $name(&mut self, $($arg: $ty),*) {
            const ACTION: Callee = callee_named(stringify!($name));
            self.ledger.record(ACTION, &[$($arg),*]);
        }
    };
    (fn $name:ident($($arg:ident: $ty:ty),*) -> $result:ty) => {
        fn $name(&mut self, $(_: $ty),*) -> $result {
            self.ledger.unknown(stringify!($name))
        }
    };
}

context_layers!(impl_context_layers, ActionLog, action_method);

impl Context for ActionLog {
    fn layers(&self) -> LayerSet {
        LayerSet::of(Layer::Actions)
    }

    /// The actions it records: the actions layer's functions without a
    /// result.
    fn answers(&self, callee: Callee) -> bool {
        match callee {
            Callee::Autohelper(f) => {
                callee.layer() == Layer::Actions && result_type(f) == ResultType::Unit
            }
            _ => false,
        }
    }
}

impl Part for ActionLog {
    fn drain(&mut self, unsupported: &mut Vec<&'static str>, actions: &mut Vec<RecordedAction>) {
        self.ledger.drain_into(unsupported, actions);
    }
}
