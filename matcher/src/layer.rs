//! Engine layers: which part of an engine can answer each function that
//! constraint and action code calls, so that a context that lacks a layer
//! can say "unknown: needs `<layer>`" instead of answering a silent 0.
//!
//! Every catalogue function, engine builtin and the global `doing_scoring`
//! is filed under the lowest layer that answers it the way GNU Go does (the
//! grouping of `design/gnugo-engine.md` §1.1). In GNU Go the layers form a
//! dependency chain: board and game state < strings < tactics < connection
//! < dragons/eyes/owl < influence; actions are side effects after a match is
//! accepted.

use crate::autohelper::{Autohelper, EngineBuiltin};
use crate::constraint::Function;
use std::fmt;

/// One engine layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    /// Stones, legality, suicide, the simple-ko point.
    Board,
    /// Strings and liberties, also after a hypothetical move; small static
    /// worm data.
    Strings,
    /// Tactical reading: attack/defence with ko codes, `safe_move`,
    /// play-then-read sequences.
    Tactics,
    /// Connection reading and the connection database's cut marks.
    Connection,
    /// Amalgamated dragons, their statuses, eye spaces and owl data.
    Dragons,
    /// The initial influence maps (territory, moyo, area).
    Influence,
    /// The scoring flag, colour to move, komi, handicap counters.
    GameState,
    /// Side effects after acceptance: move reasons, amalgamation,
    /// non-territory marks.
    Actions,
}

impl Layer {
    /// Every layer, in dependency order.
    pub const ALL: [Layer; 8] = [
        Layer::Board,
        Layer::Strings,
        Layer::Tactics,
        Layer::Connection,
        Layer::Dragons,
        Layer::Influence,
        Layer::GameState,
        Layer::Actions,
    ];

    /// A short lower-case name (`board`, `strings`, `tactics`, …).
    pub fn name(self) -> &'static str {
        match self {
            Layer::Board => "board",
            Layer::Strings => "strings",
            Layer::Tactics => "tactics",
            Layer::Connection => "connection",
            Layer::Dragons => "dragons",
            Layer::Influence => "influence",
            Layer::GameState => "game-state",
            Layer::Actions => "actions",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of layers (a bit set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LayerSet(u8);

impl LayerSet {
    /// No layer.
    pub const EMPTY: LayerSet = LayerSet(0);
    /// Every layer.
    pub const ALL: LayerSet = LayerSet(0xff);

    /// The set holding one layer.
    pub const fn of(layer: Layer) -> LayerSet {
        LayerSet(layer.bit())
    }

    /// The set from its bits (bit `n` is the `n`-th of [`Layer::ALL`]).
    pub const fn from_bits(bits: u8) -> LayerSet {
        LayerSet(bits)
    }

    /// The bits (see [`LayerSet::from_bits`]).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// This set with `layer` added.
    pub const fn with(self, layer: Layer) -> LayerSet {
        LayerSet(self.0 | layer.bit())
    }

    /// The union of two sets.
    pub const fn union(self, other: LayerSet) -> LayerSet {
        LayerSet(self.0 | other.0)
    }

    /// Whether `layer` is in the set.
    pub const fn contains(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The layers in the set, in dependency order.
    pub fn iter(self) -> impl Iterator<Item = Layer> {
        Layer::ALL.into_iter().filter(move |l| self.contains(*l))
    }

    /// The names of the layers in the set, in dependency order.
    pub fn names(self) -> Vec<&'static str> {
        self.iter().map(Layer::name).collect()
    }
}

impl fmt::Display for LayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.names().join(","))
    }
}

impl FromIterator<Layer> for LayerSet {
    fn from_iter<I: IntoIterator<Item = Layer>>(iter: I) -> LayerSet {
        iter.into_iter().fold(LayerSet::EMPTY, LayerSet::with)
    }
}

/// Anything constraint code can ask a context: a catalogue function, an
/// engine builtin, or the global `doing_scoring`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A catalogue function.
    Autohelper(Autohelper),
    /// An engine function outside the catalogue.
    Builtin(EngineBuiltin),
    /// The engine global `doing_scoring`.
    DoingScoring,
}

impl Callee {
    /// The layer that answers it.
    pub fn layer(self) -> Layer {
        match self {
            Callee::Autohelper(f) => autohelper_layer(f),
            Callee::Builtin(b) => builtin_layer(b),
            Callee::DoingScoring => Layer::GameState,
        }
    }

    /// Its name in constraint text (the [`Context`](crate::context::Context)
    /// method name).
    pub fn name(self) -> &'static str {
        match self {
            Callee::Autohelper(f) => f.name(),
            Callee::Builtin(b) => b.name(),
            Callee::DoingScoring => "doing_scoring",
        }
    }
}

impl From<Function> for Callee {
    fn from(function: Function) -> Callee {
        match function {
            Function::Autohelper(f) => Callee::Autohelper(f),
            Function::Builtin(b) => Callee::Builtin(b),
        }
    }
}

/// The layer of an engine builtin.
pub const fn builtin_layer(builtin: EngineBuiltin) -> Layer {
    match builtin {
        EngineBuiltin::DisconnectHelper => Layer::Connection,
        EngineBuiltin::DistrustTacticsHelper => Layer::Strings,
        EngineBuiltin::BentFourHelper => Layer::Board,
        // 2.6's per-worm cut-stone value comes from the connection analysis.
        EngineBuiltin::Cutstone => Layer::Connection,
    }
}

/// The layer of a catalogue function (`design/gnugo-engine.md` §1.1).
pub const fn autohelper_layer(function: Autohelper) -> Layer {
    use Autohelper::*;
    match function {
        XSomewhere | OSomewhere | LegalXmove | LegalOmove | XSuicide | OSuicide | Ko
        | OVisibleAlongEdge | XVisibleAlongEdge => Layer::Board,
        BreakMirrorHelper | RemainingHandicapStones | TotalHandicapStones => Layer::GameState,
        Lib | Lib2 | Lib3 | Lib4 | Xlib | Olib | ApproxXlib | ApproxOlib | Wormsize
        | SameString | OCapturesSomething | XCapturesSomething | OplayLib | XplayLib
        | FinishKoHelper | SqueezeKoHelper => Layer::Strings,
        Attack
        | Defend
        | SafeXmove
        | SafeOmove
        | DoesAttack
        | DoesDefend
        | XdefendAgainst
        | OdefendAgainst
        | XplayAttack
        | OplayAttack
        | XplayDefend
        | OplayDefend
        | XplayAttackEither
        | OplayAttackEither
        | XplayDefendBoth
        | OplayDefendBoth
        | XplayBreakThrough
        | OplayBreakThrough
        | SekiHelper
        | ConnectAndCutHelper
        | ConnectAndCutHelper2
        | BackfillHelper
        | AdjacentToStoneInAtari
        | AdjacentToDefendableStoneInAtari
        | EdgeDoubleSente => Layer::Tactics,
        OplayConnect | XplayConnect | OplayDisconnect | XplayDisconnect | Xcut | Ocut
        | PotentialCutstone => Layer::Connection,
        Alive | Dead | Critical | Unknown | Status | Weak | Weakness | XAliveSomewhere
        | OAliveSomewhere | SameDragon | Dragonsize | EffectiveSize | IsSurrounded
        | DoesSurround | SurroundMap | Genus | HasAji | Eye | ProperEye | MarginalEye | Halfeye
        | MaxEyeValue | FalseEye | FalseEyeTerritory | ObviousFalseOeye | ObviousFalseXeye
        | OwlEscapeValue | OwlGoalDragon | OwlEyespace | OwlBigEyespace | OwlMineye | OwlMaxeye
        | OwlProperEye | OwlEyeSize | OwlLunch | OwlStrongDragon | OwlTopologicalEye
        | VitalChain | OwlThreatens | OracleThreatens => Layer::Dragons,
        XmoyoOpposite | OmoyoOpposite | Xmoyo | Omoyo | Xarea | Oarea | Xterri | Oterri => {
            Layer::Influence
        }
        // The pattern's own value field: the engine that runs the pattern
        // knows it; no board-only context does.
        Value => Layer::GameState,
        Antisuji
        | Replace
        | AddConnectMove
        | AddCutMove
        | AddDefendBothMove
        | TestAttackEitherMove
        | ThreatenToSave
        | ThreatenToCapture
        | PreventAttackThreat
        | DefendAgainstAtari
        | GoodAttackThreat
        | KnownSafeMove
        | BackfillReplace
        | Amalgamate
        | AmalgamateMostValuableHelper
        | NonOterritory
        | NonXterritory => Layer::Actions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autohelper::CATALOGUE;

    #[test]
    fn every_layer_has_catalogue_functions() {
        for layer in Layer::ALL {
            let count = CATALOGUE
                .iter()
                .filter(|spec| autohelper_layer(spec.id) == layer)
                .count();
            assert!(count > 0, "{layer} has no function");
        }
    }

    #[test]
    fn sets_hold_what_was_added() {
        let set: LayerSet = [Layer::Tactics, Layer::Board].into_iter().collect();
        assert!(set.contains(Layer::Board) && set.contains(Layer::Tactics));
        assert!(!set.contains(Layer::Strings));
        assert_eq!(set.names(), vec!["board", "tactics"]);
        assert_eq!(set.to_string(), "board,tactics");
        assert_eq!(LayerSet::ALL.iter().count(), 8);
        assert!(LayerSet::EMPTY.is_empty());
        assert_eq!(LayerSet::from_bits(set.bits()), set);
    }
}
