//! What the valuation reads besides the reasons: plain facts about the
//! worms and dragons the reasons name, and the position's answers for a
//! move (territorial delta, influence followup, connection value), each a
//! closure so that the analysis, the influence layer or a test can supply
//! it. [`ValuationInputs::without_position`] answers 0 (and no capture)
//! everywhere.

use goban::{Color, Vertex};
use matcher::scan::DragonStatus;

/// What the valuation needs of a worm (GNU Go's `worm_data`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WormFacts {
    /// Its stones.
    pub size: u32,
    /// Its effective size (stones plus a share of nearby empty points).
    pub effective_size: f32,
    /// The origin of its dragon.
    pub dragon: Vertex,
    /// GNU Go's `cutstone2`: how often conn.db counted it as a potential
    /// cutting stone (after the dragons are made).
    pub cutstone2: u32,
}

/// What the valuation needs of a dragon (GNU Go's `dragon_data`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DragonFacts {
    /// Its colour.
    pub color: Color,
    /// Its stones.
    pub size: u32,
    /// Its effective size.
    pub effective_size: f32,
    /// Its strategic size (GNU Go's `strategic_size`: the effective size
    /// plus shares of weak opponent neighbours), which sizes the
    /// strategic effect.
    pub strategic_size: f32,
    /// Its status.
    pub status: DragonStatus,
    /// Its weakness, 0 (strong) to 1 (weak).
    pub weakness: f32,
}

/// A move's answer from the position (territory, followup, connection).
pub type MoveFact<'a, T> = &'a dyn Fn(Vertex) -> T;

/// Everything the valuation reads besides the reasons.
#[derive(Clone, Copy)]
pub struct ValuationInputs<'a> {
    /// The change in the moving colour's expected territory when it plays
    /// the point (GNU Go's `influence_delta_territory`: `front::genmove`
    /// reads it from the influence layer, or from a stand-in region count).
    pub territory_delta: MoveFact<'a, f32>,
    /// The territorial followup the influence module estimates for the
    /// point (0 until the influence layer gives it).
    pub followup_delta: MoveFact<'a, f32>,
    /// The connection value k of the point (§3.7).
    pub connection_k: MoveFact<'a, u32>,
    /// The worm at a point, if a stone is there.
    pub worm: MoveFact<'a, Option<WormFacts>>,
    /// The dragon at a point, if a stone is there.
    pub dragon: MoveFact<'a, Option<DragonFacts>>,
    /// The origins of the other colour's dragons next to the dragon at a
    /// point (none for an empty point).
    pub hostile_neighbours: MoveFact<'a, Vec<Vertex>>,
    /// Whether the move at the first point captures the stone at the
    /// second (an opponent stone whose string's last liberty it fills).
    pub captures: &'a dyn Fn(Vertex, Vertex) -> bool,
    /// What the status changes of the worms and dragons the move captures
    /// or saves add to the territorial delta, counted apart from it (an
    /// unsafe move's share does not scale it): `front::genmove`'s region
    /// count with them marked dead or alive, or 0 where the delta holds
    /// them or they are valued by size.
    pub status_delta: MoveFact<'a, f32>,
    /// Whether the territorial delta (with [`Self::status_delta`]) already
    /// holds the status changes of the worms and dragons the move captures
    /// or saves (GNU Go's `influence_delta_territory` does); then only ko
    /// corrections are added for them.
    pub status_in_delta: bool,
    /// Whether [`Self::status_delta`] is a stand-in's count, beside which
    /// `ValuationParams::strategic_beside_stand_in_status` still adds the
    /// strategic effect on a counted dragon.
    pub status_delta_is_stand_in: bool,
}

impl std::fmt::Debug for ValuationInputs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ValuationInputs")
    }
}

impl ValuationInputs<'static> {
    /// Inputs that know nothing of the position: no territory, no
    /// followup, no connection value, no worms or dragons (the reasons'
    /// targets then count nothing).
    pub fn without_position() -> ValuationInputs<'static> {
        ValuationInputs {
            territory_delta: &|_| 0.0,
            followup_delta: &|_| 0.0,
            connection_k: &|_| 0,
            worm: &|_| None,
            dragon: &|_| None,
            hostile_neighbours: &|_| Vec::new(),
            captures: &|_, _| false,
            status_delta: &|_| 0.0,
            status_in_delta: false,
            status_delta_is_stand_in: false,
        }
    }
}
