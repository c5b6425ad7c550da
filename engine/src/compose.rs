//! The constraint context built from parts, one per engine layer: the
//! foundation every layer folder may use (it uses none of them).
//!
//! A **part** ([`Part`]) is one layer's share of the answers to
//! `matcher::Context`: it says which questions it answers
//! ([`Context::answers`]) and answers them. A **composite** is a struct
//! holding parts, made a `Context` by `compose_context!`: every question
//! of the one method list (`matcher::context_layers!`) goes to the first
//! part, in the order given, that answers it (where two parts answer a
//! question, the one listed first wins: a higher layer over the ones it
//! builds on, or a fallback listed last); a
//! question that no part answers goes to the base part, which says
//! "unknown" its own way (0, and the question's name recorded). The
//! composite answers what any part answers, computes the union of their
//! layers, and after each question collects what the part recorded (names
//! of questions it could not answer, actions) into its own lists, in call
//! order.
//!
//! Nothing here names a question: which part answers what is each part's
//! own business, so a new layer is one more part in the list.

use std::borrow::Cow;

use matcher::autohelper::{AutohelperSpec, CATALOGUE, EngineBuiltin};
use matcher::constraint::{CodeTable, Site};
use matcher::context::{Context, Point};
use matcher::layer::Callee;
use matcher::pattern::PatternDb;

/// A pattern database of an engine layer (owl, influence, barriers): its
/// tables and its constraint and action code, generated or interpreted.
#[derive(Debug, Clone)]
pub struct LayerDb {
    /// The pattern tables.
    pub db: Cow<'static, PatternDb>,
    /// The constraint and action code.
    pub code: CodeTable,
}

/// The constraint site of a raw match of `pattern`: its transformation and
/// its move point (GNU Go's `move` for the pattern's code).
pub fn match_site(pattern: &matcher::pattern::Pattern, m: &matcher::scan::Match) -> Site {
    Site::for_match(
        m.transform,
        m.anchor,
        pattern.move_offset.di,
        pattern.move_offset.dj,
    )
}

/// An action that constraint or action code asked for: the catalogue
/// function and its points (for `backfill_helper`, the defence point that
/// gets its minimum move value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedAction {
    /// The action (or helper or builtin with a side effect).
    pub action: Callee,
    /// Its points, in argument order.
    pub points: Vec<Point>,
}

/// What a part recorded while answering: the questions it could not answer
/// (it answered 0) and the actions it was asked for, each in call order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ledger {
    /// Names of the questions answered 0 for want of a layer.
    pub unsupported: Vec<&'static str>,
    /// Actions recorded, not executed.
    pub actions: Vec<RecordedAction>,
}

impl Ledger {
    /// Records that `name` could not be answered; answers 0.
    pub fn unknown<T: Default>(&mut self, name: &'static str) -> T {
        self.unsupported.push(name);
        T::default()
    }

    /// Records an action with its points.
    pub fn record(&mut self, action: Callee, points: &[Point]) {
        self.actions.push(RecordedAction {
            action,
            points: points.to_vec(),
        });
    }

    /// Moves everything recorded to the end of the composite's lists.
    pub fn drain_into(
        &mut self,
        unsupported: &mut Vec<&'static str>,
        actions: &mut Vec<RecordedAction>,
    ) {
        unsupported.append(&mut self.unsupported);
        actions.append(&mut self.actions);
    }
}

/// One layer's share of the context: a [`Context`] that answers
/// ([`Context::answers`]) the questions of its layer it computes. Whatever
/// it is asked beyond those it answers as "unknown".
pub trait Part: Context {
    /// Moves what the part recorded since the last call (questions it
    /// could not answer, actions) to the end of the composite's lists; by
    /// default there is nothing (a part that records elsewhere).
    fn drain(&mut self, unsupported: &mut Vec<&'static str>, actions: &mut Vec<RecordedAction>) {
        let _ = (unsupported, actions);
    }
}

/// Whether two strings are equal (usable in constants).
const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// The callee of a [`Context`] method, by the method's name: a catalogue
/// function, an engine builtin or `doing_scoring`. Evaluated at compile
/// time by `compose_context!`; a name that is none of these stops the
/// build.
pub const fn callee_named(name: &str) -> Callee {
    if same_name(name, "doing_scoring") {
        return Callee::DoingScoring;
    }
    let specs: &[AutohelperSpec] = &CATALOGUE;
    let mut k = 0;
    while k < specs.len() {
        if same_name(specs[k].name, name) {
            return Callee::Autohelper(specs[k].id);
        }
        k += 1;
    }
    let builtins: &[EngineBuiltin] = &EngineBuiltin::ALL;
    let mut k = 0;
    while k < builtins.len() {
        if same_name(builtins[k].name(), name) {
            return Callee::Builtin(builtins[k]);
        }
        k += 1;
    }
    panic!("a Context method that is no catalogue function, builtin or doing_scoring")
}

/// Makes a struct of parts a [`Context`]:
///
/// ```ignore
/// compose_context! {
///     EngineContext {
///         parts: [tactics, board, game, log],
///         base: board,
///         unsupported: unsupported,
///         actions: recorded,
///     }
/// }
/// ```
///
/// `parts` are fields whose types implement [`Part`]; every question goes
/// to the first that answers it, else to `base`.
/// `unsupported` (`Vec<&'static str>`) and `actions`
/// (`Vec<RecordedAction>`) are the composite's fields that collect what
/// the parts record.
macro_rules! compose_context {
    (
        $ty:ty {
            parts: [$($part:ident),+ $(,)?],
            base: $base:ident,
            unsupported: $unsupported:ident,
            actions: $actions:ident $(,)?
        }
    ) => {
        const _: () = {
            use matcher::context::Point;
            use $crate::compose::compose_layers;
            matcher::context_layers!(
                compose_layers,
                $ty,
                [$($part)+],
                $base,
                $unsupported,
                $actions
            );
        };

        impl matcher::context::Context for $ty {
            /// The union of the parts' layers.
            fn layers(&self) -> matcher::layer::LayerSet {
                matcher::layer::LayerSet::EMPTY
                    $(.union(matcher::context::Context::layers(&self.$part)))+
            }

            /// What any part answers.
            fn answers(&self, callee: matcher::layer::Callee) -> bool {
                $(matcher::context::Context::answers(&self.$part, callee) ||)+ false
            }

            /// The first part that knows.
            fn stones_on_board(&self, color: matcher::board::Color) -> Option<usize> {
                None $(.or_else(|| matcher::context::Context::stones_on_board(&self.$part, color)))+
            }
        }
    };
}

/// The layer traits of a composite (the callback of
/// `matcher::context_layers!` for [`compose_context!`]).
macro_rules! compose_layers {
    (
        [$ty:ty, $parts:tt, $base:ident, $unsupported:ident, $actions:ident]
        $(
            $layer:ident $trait_name:ident {
                $( $(#[$meta:meta])* fn $name:ident($($arg:ident: $arg_ty:ty),*) $(-> $result:ty)?; )*
            }
        )*
    ) => {
        $(
            impl matcher::context::$trait_name for $ty {
                $(
                    fn $name(&mut self, $($arg: $arg_ty),*) $(-> $result)? {
                        const CALLEE: matcher::layer::Callee =
                            $crate::compose::callee_named(stringify!($name));
                        $crate::compose::dispatch!(
                            self $parts $base $unsupported $actions CALLEE
                            $trait_name $name ($($arg),*)
                        )
                    }
                )*
            }
        )*
    };
}

/// One question: to the first part that answers it, else to the base.
macro_rules! dispatch {
    ($s:tt [] $base:ident $u:ident $a:ident $callee:ident $t:ident $name:ident $args:tt) => {
        $crate::compose::ask!($s $base $u $a $t $name $args)
    };
    (
        $s:tt [$part:ident $($rest:ident)*] $base:ident $u:ident $a:ident $callee:ident
        $t:ident $name:ident $args:tt
    ) => {
        if matcher::context::Context::answers(&$s.$part, $callee) {
            $crate::compose::ask!($s $part $u $a $t $name $args)
        } else {
            $crate::compose::dispatch!($s [$($rest)*] $base $u $a $callee $t $name $args)
        }
    };
}

/// Asks one part and collects what it recorded.
macro_rules! ask {
    ($s:tt $part:ident $u:ident $a:ident $t:ident $name:ident ($($arg:ident),*)) => {{
        let answer = matcher::context::$t::$name(&mut $s.$part, $($arg),*);
        $crate::compose::Part::drain(&mut $s.$part, &mut $s.$u, &mut $s.$a);
        answer
    }};
}

/// Makes a type a [`Context`] that hands every question, `answers`,
/// `layers` and `stones_on_board` to another context: `forward_context!(Type
/// => inner_mut, inner)` where `inner_mut(&mut self)` and `inner(&self)`
/// return that context.
macro_rules! forward_context {
    ($ty:ty => $inner_mut:ident, $inner:ident) => {
        const _: () = {
            use matcher::context::Point;
            // Unused only where the macro is expanded in `compose` itself.
            #[allow(unused_imports)]
            use $crate::compose::forward_layers;
            matcher::context_layers!(forward_layers, $ty, $inner_mut);
        };

        impl matcher::context::Context for $ty {
            fn layers(&self) -> matcher::layer::LayerSet {
                matcher::context::Context::layers(self.$inner())
            }

            fn answers(&self, callee: matcher::layer::Callee) -> bool {
                matcher::context::Context::answers(self.$inner(), callee)
            }

            fn stones_on_board(&self, color: matcher::board::Color) -> Option<usize> {
                matcher::context::Context::stones_on_board(self.$inner(), color)
            }
        }
    };
}

/// The layer traits of a forwarding context (the callback of
/// `matcher::context_layers!` for [`forward_context!`]).
macro_rules! forward_layers {
    (
        [$ty:ty, $inner_mut:ident]
        $(
            $layer:ident $trait_name:ident {
                $( $(#[$meta:meta])* fn $name:ident($($arg:ident: $arg_ty:ty),*) $(-> $result:ty)?; )*
            }
        )*
    ) => {
        $(
            impl matcher::context::$trait_name for $ty {
                $(
                    fn $name(&mut self, $($arg: $arg_ty),*) $(-> $result)? {
                        matcher::context::$trait_name::$name(self.$inner_mut(), $($arg),*)
                    }
                )*
            }
        )*
    };
}

/// Makes a part of a type from the one list of the questions it answers:
/// `answered_by_methods!(Type: attack defend …)`. Each listed question is
/// answered by the type's inherent method of the same name; every other
/// one records its name in the type's `ledger` field ([`Ledger`]) and
/// answers 0. `Type::ANSWERED` holds the listed callees (for
/// [`Context::answers`], which the type writes itself), and [`Part::drain`]
/// empties the ledger.
macro_rules! answered_by_methods {
    ($ty:ty: $($answered:ident)*) => {
        $crate::compose::answered_by_methods!(@with_dollar ($) $ty: $($answered)*);
    };
    (@with_dollar ($d:tt) $ty:ty: $($answered:ident)*) => {
        impl $ty {
            /// The questions this part answers, each by its method of the
            /// same name.
            const ANSWERED: &'static [matcher::layer::Callee] =
                &[$($crate::compose::callee_named(stringify!($answered))),*];
        }

        const _: () = {
            use matcher::context::Point;
            use matcher::impl_context_layers;

            macro_rules! part_method {
                $(
                    (fn $answered($d($d arg:ident: $d arg_ty:ty),*) $d(-> $d result:ty)?) => {
                        fn $answered(&mut self, $d($d arg: $d arg_ty),*) $d(-> $d result)? {
                            <$ty>::$answered(self, $d($d arg),*)
                        }
                    };
                )*
                (fn $d name:ident($d($d arg:ident: $d arg_ty:ty),*) $d(-> $d result:ty)?) => {
                    fn $d name(&mut self, $d(_: $d arg_ty),*) $d(-> $d result)? {
                        self.ledger.unknown(stringify!($d name))
                    }
                };
            }

            matcher::context_layers!(impl_context_layers, $ty, part_method);
        };

        impl $crate::compose::Part for $ty {
            fn drain(
                &mut self,
                unsupported: &mut Vec<&'static str>,
                actions: &mut Vec<$crate::compose::RecordedAction>,
            ) {
                self.ledger.drain_into(unsupported, actions);
            }
        }
    };
}

pub(crate) use {
    answered_by_methods, ask, compose_context, compose_layers, dispatch, forward_context,
    forward_layers,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_name_names_its_callee() {
        for &(name, layer) in matcher::context::METHOD_LAYERS {
            let callee = callee_named(name);
            assert_eq!(callee.name(), name);
            assert_eq!(callee.layer(), layer, "{name}");
        }
    }

    #[test]
    fn a_ledger_drains_in_call_order() {
        let mut ledger = Ledger::default();
        let action = callee_named("antisuji");
        assert_eq!(ledger.unknown::<i32>("status"), 0);
        ledger.record(action, &[Point::new(1, 2)]);
        assert_eq!(ledger.unknown::<f32>("weakness"), 0.0);
        let (mut unsupported, mut actions) = (vec!["ko"], Vec::new());
        ledger.drain_into(&mut unsupported, &mut actions);
        assert_eq!(unsupported, ["ko", "status", "weakness"]);
        assert_eq!(
            actions,
            [RecordedAction {
                action,
                points: vec![Point::new(1, 2)]
            }]
        );
        assert_eq!(ledger, Ledger::default());
    }
}

/// A caller's context as a part: everything it answers, and, as a
/// composite's base, everything nobody answers (a layer's part goes over
/// the context of the layers below it).
pub struct Lower<'a>(pub &'a mut dyn Context);

impl Lower<'_> {
    fn inner_mut(&mut self) -> &mut dyn Context {
        &mut *self.0
    }

    fn inner(&self) -> &dyn Context {
        &*self.0
    }
}

forward_context!(Lower<'_> => inner_mut, inner);

impl Part for Lower<'_> {}
