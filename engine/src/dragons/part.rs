//! The dragons layer's part of the context, and the context conn.db's
//! code sees while dragons are amalgamated ([`ConnContext`]): a composite
//! (see [`crate::compose`]) of, highest first,
//!
//! 1. [`DragonsPart`]: the questions the dragons being built answer:
//!    `xcut` / `ocut` (the cut marks of the cut pass), `same_dragon`,
//!    `dragonsize`, `effective_size`, and the actions `amalgamate` and
//!    `amalgamate_most_valuable_helper`, which join dragons;
//! 2. the caller's context for the matched colour ([`Lower`]): everything
//!    it answers, and, as the base, everything nobody answers;
//! 3. [`RootWorms`]: `attack` / `defend` from the worms' codes when the
//!    caller's context cannot read (GNU Go's autohelpers read the worm data
//!    at the root too).

use goban::{Color, Geometry};
use matcher::context::{Context, Point};
use matcher::layer::{Callee, LayerSet};

use ::tactics::codes::Code;

use super::Amalgamation;
use crate::compose::{Ledger, Lower, RecordedAction, answered_by_methods, compose_context};

/// The context conn.db's code sees.
pub(super) struct ConnContext<'a> {
    pub(super) dragons: DragonsPart<'a>,
    pub(super) lower: Lower<'a>,
    pub(super) roots: RootWorms<'a>,
    /// What the parts could not answer (the caller's context keeps its own
    /// records).
    pub(super) unsupported: Vec<&'static str>,
    pub(super) actions: Vec<RecordedAction>,
}

compose_context! {
    ConnContext<'_> {
        parts: [dragons, lower, roots],
        base: lower,
        unsupported: unsupported,
        actions: actions,
    }
}

/// The dragons being built, answering for the colour `o`.
pub(super) struct DragonsPart<'a> {
    pub(super) state: &'a mut Amalgamation,
    /// The colour the pattern was matched for.
    pub(super) o: Color,
    pub(super) ledger: Ledger,
}

impl DragonsPart<'_> {
    fn same_dragon_at(&mut self, a: Point, b: Point) -> bool {
        match (self.state.dragon(a), self.state.dragon(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    fn xcut(&mut self, x: Point) -> i32 {
        i32::from(self.state.is_cut(x, self.o))
    }

    fn ocut(&mut self, x: Point) -> i32 {
        i32::from(self.state.is_cut(x, self.o.other()))
    }

    fn same_dragon(&mut self, a: Point, b: Point) -> i32 {
        i32::from(self.same_dragon_at(a, b))
    }

    fn dragonsize(&mut self, x: Point) -> i32 {
        i32::try_from(self.state.size(x)).unwrap_or(i32::MAX)
    }

    /// The stone count, until worms carry GNU Go's effective size.
    fn effective_size(&mut self, x: Point) -> f32 {
        self.state.size(x) as f32
    }

    fn amalgamate(&mut self, a: Point, b: Point) {
        self.state.join_points(a, b);
    }

    /// GNU Go's `amalgamate_most_valuable_helper(a, b, c)`: unless `b` is
    /// already in the dragon of `a` or `c`, join it to the larger of the
    /// two (ties: `a`).
    fn amalgamate_most_valuable_helper(&mut self, a: Point, b: Point, c: Point) {
        if self.same_dragon_at(a, b) || self.same_dragon_at(b, c) {
            return;
        }
        let target = if self.state.size(a) >= self.state.size(c) {
            a
        } else {
            c
        };
        self.state.join_points(target, b);
    }
}

// The questions the dragons being built answer, by the inherent methods
// above.
answered_by_methods! {
    DragonsPart<'_>:
    xcut ocut same_dragon dragonsize effective_size amalgamate amalgamate_most_valuable_helper
}

impl Context for DragonsPart<'_> {
    /// No whole layer: the dragons answer single questions while they are
    /// being built.
    fn layers(&self) -> LayerSet {
        LayerSet::EMPTY
    }

    fn answers(&self, callee: Callee) -> bool {
        DragonsPart::ANSWERED.contains(&callee)
    }
}

/// The worms' attack and defence codes per vertex index (of each stone),
/// as [`make_dragons`](super::make_dragons) was given them.
#[derive(Debug, Clone)]
pub(super) struct WormCodes {
    geometry: Geometry,
    codes: Vec<Option<(Code, Code)>>,
}

impl WormCodes {
    pub(super) fn new(geometry: Geometry, worms: &[::tactics::worms::Worm]) -> WormCodes {
        let mut codes = vec![None; geometry.vertices()];
        for worm in worms {
            for s in &worm.stones {
                codes[s.index()] = Some((worm.attack.code, worm.defense.code));
            }
        }
        WormCodes { geometry, codes }
    }

    fn at(&self, p: Point) -> Option<(Code, Code)> {
        let v = self.geometry.vertex(p)?;
        self.codes[v.index()]
    }
}

/// `attack` / `defend` at the root from the worms' codes.
pub(super) struct RootWorms<'a> {
    pub(super) codes: &'a WormCodes,
    pub(super) ledger: Ledger,
}

impl RootWorms<'_> {
    fn attack(&mut self, x: Point) -> i32 {
        self.codes
            .at(x)
            .map_or(0, |(attack, _)| i32::from(attack.internal()))
    }

    fn defend(&mut self, x: Point) -> i32 {
        self.codes
            .at(x)
            .map_or(0, |(_, defense)| i32::from(defense.internal()))
    }
}

// `attack` and `defend`, by the inherent methods above.
answered_by_methods!(RootWorms<'_>: attack defend);

impl Context for RootWorms<'_> {
    /// No whole layer: two questions at the root.
    fn layers(&self) -> LayerSet {
        LayerSet::EMPTY
    }

    fn answers(&self, callee: Callee) -> bool {
        RootWorms::ANSWERED.contains(&callee)
    }
}
