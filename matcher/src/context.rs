//! The autohelper interface: the [`Context`] trait through which constraint
//! and action code (generated Rust or the run-time interpreter) asks the
//! engine about the board, reads tactically and records move reasons.
//!
//! There is one method per catalogue function
//! ([`CATALOGUE`](crate::autohelper::CATALOGUE)), named after it, plus the
//! three engine builtins (`disconnect_helper`, `distrust_tactics_helper`,
//! `bent_four_helper`), the global `doing_scoring` and the pattern's own
//! `value`.
//!
//! # Conventions
//!
//! * A context answers for **one side**: `O` is the player the pattern was
//!   matched for, `X` the opponent. The engine builds (or re-targets) its
//!   context for the colour of the match before evaluating a constraint.
//! * Every point argument is a board point already transformed by the match
//!   (`move + T_ll(offset)`); for string and dragon functions it denotes the
//!   string or dragon occupying that point.
//! * Integer results follow C: predicates return 1 or 0, reading functions a
//!   result code (0, `KO_B` = 1, `LOSS` = 2, `GAIN` = 3, `KO_A` = 4, `WIN` =
//!   5; see [`result_code`](crate::autohelper::result_code)); any non-zero
//!   value is true. `weakness`, `effective_size` and `value` return a C
//!   `float` ([`f32`]). Actions return nothing; used as a value they count as
//!   0 ([`ResultType::Unit`]).
//! * The variadic play-sequence family (`xplay_*`, `oplay_*`) takes the moves
//!   as a slice (`None` = tenuki `?`) followed by its fixed targets; `x_`/`o_`
//!   `somewhere` take a slice of points.
//!
//! # Unusable catalogue entries
//!
//! `edge_double_sente`, `threaten_to_capture` and `oracle_threatens` never
//! compiled in GNU Go 3.8. The compiler rejects calls to them, so engines
//! never see them; the trait still names them (one method per catalogue
//! entry); an implementation may answer 0.
//!
//! # Layers
//!
//! The methods are declared in one trait per engine layer
//! ([`Layer`]): [`BoardLayer`], [`StringsLayer`],
//! [`TacticsLayer`], [`ConnectionLayer`], [`DragonsLayer`],
//! [`InfluenceLayer`], [`GameStateLayer`], [`ActionsLayer`]; [`Context`] is
//! their union plus [`Context::layers`] and [`Context::answers`]. The traits
//! are generated from the one method list (`constraint/context_methods.rs`),
//! grouped by the catalogue's layer tagging. Calling a method on a
//! `dyn Context` needs its layer trait in scope: `use
//! matcher::context::layers::*`.

use crate::autohelper::{ArgKind, Autohelper, EngineBuiltin};
pub use crate::board::Point;
pub use crate::layer::Callee;
use crate::layer::{Layer, LayerSet};

/// The C type of a function's result, which decides how constraint
/// expressions convert and compare it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultType {
    /// C `int` ([`i32`]).
    Int,
    /// C `float` ([`f32`]).
    Float,
    /// An action returning nothing; its value in an expression is 0.
    Unit,
}

/// The result type of a catalogue function.
pub fn result_type(function: Autohelper) -> ResultType {
    use Autohelper::*;
    match function {
        Weakness | EffectiveSize | Value => ResultType::Float,
        DefendAgainstAtari
        | ThreatenToSave
        | ThreatenToCapture
        | PreventAttackThreat
        | Antisuji
        | AddConnectMove
        | AddCutMove
        | TestAttackEitherMove
        | AddDefendBothMove
        | AmalgamateMostValuableHelper
        | Amalgamate
        | Replace
        | BackfillReplace
        | NonOterritory
        | NonXterritory
        | GoodAttackThreat => ResultType::Unit,
        _ => ResultType::Int,
    }
}

/// The result type of an engine builtin (all return C `int`).
pub fn builtin_result_type(_builtin: EngineBuiltin) -> ResultType {
    ResultType::Int
}

/// Whether `function` takes a move list (the play-sequence family) rather
/// than a plain point list (`*_somewhere`) when it is variadic.
pub fn takes_move_list(function: Autohelper) -> bool {
    matches!(function.spec().args, ArgKind::Variadic { targets } if targets > 0)
}

/// Defines one trait per engine layer from the method list, and the table
/// of every method's layer.
macro_rules! define_layer_traits {
    (
        []
        $(
            $layer:ident $trait_name:ident {
                $(
                    $(#[$meta:meta])*
                    fn $name:ident($($arg:ident: $ty:ty),*) $(-> $result:ty)?;
                )*
            }
        )*
    ) => {
        $(
            #[doc = concat!(
                "The methods of the `", stringify!($layer), "` engine layer (see [`Layer::",
                stringify!($layer), "`]). [`Context`] is the union of all layer traits."
            )]
            pub trait $trait_name {
                $(
                    $(#[$meta])*
                    fn $name(&mut self, $($arg: $ty),*) $(-> $result)?;
                )*
            }
        )*

        /// Every [`Context`] method's name with the layer trait it belongs to.
        pub const METHOD_LAYERS: &[(&str, Layer)] = &[$($((stringify!($name), Layer::$layer),)*)*];
    };
}

crate::constraint::context_methods::context_layers!(define_layer_traits);

/// The layer traits, for `use matcher::context::layers::*`: calling a
/// method on a `dyn Context` needs the trait that declares it in scope.
pub mod layers {
    pub use super::{
        ActionsLayer, BoardLayer, ConnectionLayer, Context, DragonsLayer, GameStateLayer,
        InfluenceLayer, StringsLayer, TacticsLayer,
    };
}

/// What constraint and action code may ask of the engine: every layer
/// trait. See the module documentation for conventions shared by all
/// methods.
pub trait Context:
    BoardLayer
    + StringsLayer
    + TacticsLayer
    + ConnectionLayer
    + DragonsLayer
    + InfluenceLayer
    + GameStateLayer
    + ActionsLayer
{
    /// The engine layers this context computes; all by default.
    fn layers(&self) -> LayerSet {
        LayerSet::ALL
    }

    /// Whether this context answers `callee`: by default, whether it has
    /// the callee's layer ([`Callee::layer`]). Three-valued evaluation
    /// ([`Tri`](crate::constraint::tri::Tri)) treats a call it does not
    /// answer as unknown, needing that layer ("unknown: needs tactics"),
    /// and never asks the method, whose answer would be meaningless.
    /// Two-valued evaluation ignores this and always asks.
    fn answers(&self, callee: Callee) -> bool {
        self.layers().contains(callee.layer())
    }

    /// How many stones of `color` stand on the board, for the hand-written
    /// helpers that read it (GNU Go's `high_handicap_helper`); `None` when
    /// the context does not know (the default).
    fn stones_on_board(&self, color: crate::board::Color) -> Option<usize> {
        let _ = color;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_sits_in_its_catalogue_layer() {
        let mut names = std::collections::BTreeSet::new();
        for &(name, layer) in METHOD_LAYERS {
            let callee = if name == "doing_scoring" {
                Callee::DoingScoring
            } else if let Some(f) = Autohelper::from_name(name) {
                Callee::Autohelper(f)
            } else {
                Callee::Builtin(EngineBuiltin::from_name(name).expect(name))
            };
            assert_eq!(callee.layer(), layer, "{name}");
            assert!(names.insert(name), "{name} twice");
        }
        let builtins = EngineBuiltin::ALL.len();
        assert_eq!(
            names.len(),
            crate::autohelper::CATALOGUE.len() + builtins + 1
        );
    }
}
