//! The influence layer (`Layer::Influence`): GNU Go's influence function
//! (manual chapter 13). Every stone of a dragon that is not dead radiates
//! influence of its colour; the influence spreads breadth first, divided
//! by an attenuation per step, through the permeability of the points it
//! crosses (0 at the stones of the other colour that stay on the board),
//! and the fields of all sources are summed ([`propagate`]).
//!
//! GNU Go keeps one *initial influence* per colour to move: the maps of
//! both colours computed as if that colour moved next. [`InitialInfluence`]
//! is that pair of fields with their inputs (strength, attenuation,
//! permeability), the quantities GTP's `initial_influence` prints.
//!
//! Built here: the sources from stones (with the dead stones and each
//! stone's strength factor as inputs, since the dragon statuses come from
//! the layers below), the territorial attenuation and the propagation in
//! GNU Go's single-precision order. Still to come: the pattern passes of
//! `influence.db` (`E`, `I` sources) and `barriers.db` (barriers and
//! non-territory marks) and the territory valuation; area and moyo come
//! from influence ratios ([`regions`]).

pub mod delta;
pub mod escape;
pub mod followup;
pub mod patterns;
pub mod propagate;
pub mod regions;
pub mod territory;

use goban::{Board, Color, Point};
use matcher::scan::DragonStatus;
use tactics::{Code, Worm};

use crate::dragons::ContextSource;

pub use delta::{
    DeltaError, MoveChange, board_after_move, influence_after_move, move_territory_delta,
    territory_delta,
};
pub use escape::{
    EscapeParams, EscapeStoneParams, RegionEscapeParams, escape_stone_safety, escape_values,
    region_escape_values, stone_escape_map,
};
pub use followup::{FollowupInputs, FollowupParams, followup_influence, followup_value};
pub use patterns::{
    GoalIntrusions, InfluencePatterns, NonTerritory, PassInputs, PatternParams,
    apply_goal_intrusions, apply_patterns, non_territory_bit,
};
pub use propagate::{FieldInputs, accumulate};
pub use regions::{Region, RegionParams};
pub use territory::{TerritoryInputs, TerritoryParams, territory_values};

/// The constants of the influence function.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InfluenceParams {
    /// Strength of a stone of a fully safe dragon.
    pub default_strength: f32,
    /// Attenuation per orthogonal step in the general maps.
    pub general_attenuation: f32,
    /// Attenuation per orthogonal step in the maps used for territory
    /// (the initial influence).
    pub territorial_attenuation: f32,
    /// A diagonal step divides by the attenuation times this.
    pub diagonal_damping: f32,
    /// Contributions smaller than this are dropped (and spread no further).
    pub contribution_cutoff: f32,
    /// The territory valuation's constants.
    pub territory: TerritoryParams,
}

impl Default for InfluenceParams {
    fn default() -> InfluenceParams {
        InfluenceParams {
            default_strength: 100.0,
            general_attenuation: 3.0,
            territorial_attenuation: 2.4,
            diagonal_damping: 1.7,
            contribution_cutoff: 0.02,
            territory: TerritoryParams::default(),
        }
    }
}

/// What the layers below say about one stone, for the influence.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StoneSafety {
    /// The stone is dead: it neither radiates nor blocks.
    pub dead: bool,
    /// Its strength as a share of the default strength (1 for a safe
    /// dragon; GNU Go lowers it for weak ones).
    pub strength_factor: f32,
}

impl StoneSafety {
    /// A live stone at full strength.
    pub const ALIVE: StoneSafety = StoneSafety {
        dead: false,
        strength_factor: 1.0,
    };
}

/// Whether `worm` is tactically captured with `to_move` next (the manual's
/// §13.1: a string is *lively* when it cannot be attacked, or can be
/// defended and its colour moves next).
pub fn captured_with(worm: &Worm, to_move: Color) -> bool {
    worm.attack.code != Code::Fail && (worm.defense.code == Code::Fail || worm.color != to_move)
}

/// One colour's field: what it spreads from and through, and the result.
#[derive(Debug, Clone, PartialEq)]
pub struct ColorField {
    /// The inputs the field was computed from.
    pub inputs: FieldInputs,
    /// The influence at every point (row-major).
    pub influence: Vec<f32>,
}

/// The initial influence with one colour to move: both colours' fields.
#[derive(Debug, Clone, PartialEq)]
pub struct InitialInfluence {
    /// The colour assumed to move next.
    pub to_move: Color,
    /// White's field.
    pub white: ColorField,
    /// Black's field.
    pub black: ColorField,
    /// Where a colour may not count territory (`barriers.db`'s actions;
    /// all 0 without the pattern passes).
    pub non_territory: NonTerritory,
    /// The stone at each point (row-major) and whether it is dead.
    pub stones: Vec<Option<(Color, bool)>>,
    /// The territory value of each point ([`territory_values`]).
    pub territory: Vec<f32>,
}

/// The pattern passes for [`InitialInfluence::compute_with`]: the
/// databases, the context their constraints ask, and the dragon statuses
/// for the class check.
pub struct PatternPass<'a, 'p> {
    /// The databases and their matchers.
    pub patterns: &'a InfluencePatterns<'p>,
    /// The context per pattern colour.
    pub contexts: &'a mut dyn ContextSource,
    /// The dragon status of the stone at a point.
    pub status: &'a dyn Fn(Point) -> DragonStatus,
    /// The passes' constants.
    pub params: PatternParams,
}

/// A quantity of `initial_influence` this layer computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// A colour's influence.
    Influence(Color),
    /// A colour's source strengths.
    Strength(Color),
    /// A colour's attenuation.
    Attenuation(Color),
    /// A colour's permeability.
    Permeability(Color),
    /// The territory value (white positive).
    TerritoryValue,
}

impl Quantity {
    /// The quantity GTP names `name` (`white_influence`, `black_strength`, …).
    pub fn parse(name: &str) -> Option<Quantity> {
        if name == "territory_value" {
            return Some(Quantity::TerritoryValue);
        }
        let (color, rest) = if let Some(rest) = name.strip_prefix("white_") {
            (Color::White, rest)
        } else {
            (Color::Black, name.strip_prefix("black_")?)
        };
        Some(match rest {
            "influence" => Quantity::Influence(color),
            "strength" => Quantity::Strength(color),
            "attenuation" => Quantity::Attenuation(color),
            "permeability" => Quantity::Permeability(color),
            _ => return None,
        })
    }
}

impl InitialInfluence {
    /// The initial influence on `board` with `to_move` next, the stones
    /// judged by `safety`.
    pub fn compute(
        board: &Board,
        to_move: Color,
        safety: &dyn Fn(Point) -> StoneSafety,
        params: &InfluenceParams,
    ) -> InitialInfluence {
        InitialInfluence::compute_with(board, to_move, safety, params, None)
    }

    /// [`InitialInfluence::compute`] with the pattern passes of `pass`
    /// (barriers, intrusion, invasion and extra sources, non-territory)
    /// applied to the inputs before the propagation.
    pub fn compute_with(
        board: &Board,
        to_move: Color,
        safety: &dyn Fn(Point) -> StoneSafety,
        params: &InfluenceParams,
        pass: Option<PatternPass<'_, '_>>,
    ) -> InitialInfluence {
        let mut white = inputs_from_stones(board, Color::White, safety, params);
        let mut black = inputs_from_stones(board, Color::Black, safety, params);
        let non_territory = match pass {
            Some(pass) => {
                let inputs = PassInputs {
                    board,
                    to_move,
                    status: pass.status,
                };
                apply_patterns(
                    pass.patterns,
                    &inputs,
                    pass.contexts,
                    [&mut white, &mut black],
                    &pass.params,
                )
            }
            None => vec![0; white.width * white.height],
        };
        let field = |inputs: FieldInputs| {
            let influence = accumulate(&inputs, params);
            ColorField { inputs, influence }
        };
        let stones = board
            .geometry()
            .points()
            .map(|p| board.at(p).color().map(|c| (c, safety(p).dead)))
            .collect();
        InitialInfluence::from_fields(
            field(white),
            field(black),
            to_move,
            stones,
            non_territory,
            params,
        )
    }

    /// The initial influence of two computed fields: the territory values
    /// added.
    pub fn from_fields(
        white: ColorField,
        black: ColorField,
        to_move: Color,
        stones: Vec<Option<(Color, bool)>>,
        non_territory: NonTerritory,
        params: &InfluenceParams,
    ) -> InitialInfluence {
        let territory = territory_values(
            &TerritoryInputs {
                width: white.inputs.width,
                height: white.inputs.height,
                white: &white.influence,
                black: &black.influence,
                stones: &stones,
                non_territory: &non_territory,
            },
            &params.territory,
        );
        InitialInfluence {
            to_move,
            white,
            black,
            non_territory,
            stones,
            territory,
        }
    }

    /// GNU Go's `influence_regions` code of every point: ±4 a stone, ±3
    /// territory, ±2 moyo, ±1 area, 0 neutral (white positive).
    pub fn region_codes(&self, params: &InfluenceParams, regions: &RegionParams) -> Vec<i32> {
        let width = self.white.inputs.width;
        let threshold = params.territory.territory_threshold;
        (0..self.territory.len())
            .map(|k| {
                let sign = |c: Color| if c == Color::White { 1 } else { -1 };
                if let Some((c, _)) = self.stones[k] {
                    return 4 * sign(c);
                }
                let t = self.territory[k];
                if t.abs() >= threshold {
                    return 3 * if t > 0.0 { 1 } else { -1 };
                }
                let p = Point::new((k / width) as u8, (k % width) as u8);
                let code = |r: Region| match r {
                    Region::Neutral => 0,
                    Region::Area => 1,
                    Region::Moyo => 2,
                };
                code(self.region(Color::White, p, regions))
                    - code(self.region(Color::Black, p, regions))
            })
            .collect()
    }

    /// The expected territory of `color` in points: the sum of the
    /// territory values leaning its way (a captured stone counting 2).
    pub fn territory_of(&self, color: Color) -> f32 {
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        self.territory.iter().map(|&t| (t * sign).max(0.0)).sum()
    }

    /// The field of `color`.
    pub fn field(&self, color: Color) -> &ColorField {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The map of `quantity`, row-major.
    pub fn map(&self, quantity: Quantity) -> &[f32] {
        match quantity {
            Quantity::Influence(c) => &self.field(c).influence,
            Quantity::Strength(c) => &self.field(c).inputs.strength,
            Quantity::Attenuation(c) => &self.field(c).inputs.attenuation,
            Quantity::Permeability(c) => &self.field(c).inputs.permeability,
            Quantity::TerritoryValue => &self.territory,
        }
    }

    /// `color`'s influence at `p`.
    pub fn influence_at(&self, color: Color, p: Point) -> f32 {
        let f = self.field(color);
        f.influence[usize::from(p.i) * f.inputs.width + usize::from(p.j)]
    }
}

/// The inputs of `color`'s field from the stones alone: a source of the
/// default strength (times the stone's factor) at every stone of `color`
/// that is not dead, the territorial attenuation everywhere, permeability
/// 0 at the other colour's stones that are not dead and at `color`'s dead
/// stones, and every stone that is not dead blocked.
pub fn inputs_from_stones(
    board: &Board,
    color: Color,
    safety: &dyn Fn(Point) -> StoneSafety,
    params: &InfluenceParams,
) -> FieldInputs {
    let geometry = board.geometry();
    let (width, height) = (geometry.width(), geometry.height());
    let mut inputs = FieldInputs::open(width, height, params.territorial_attenuation);
    for p in geometry.points() {
        let k = usize::from(p.i) * width + usize::from(p.j);
        let Some(stone) = board.at(p).color() else {
            continue;
        };
        let judged = safety(p);
        if judged.dead {
            // A dead stone stops its own colour's influence only.
            if stone == color {
                inputs.permeability[k] = 0.0;
            }
            continue;
        }
        inputs.blocked[k] = true;
        if stone == color {
            inputs.strength[k] = params.default_strength * judged.strength_factor;
        } else {
            inputs.permeability[k] = 0.0;
        }
    }
    inputs
}
