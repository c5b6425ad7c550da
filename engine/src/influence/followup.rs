//! The territorial followup of a move (GNU Go's followup influence,
//! `design/move-generation.md` §3.4, `design/gnugo-engine.md` §2.7): what
//! the mover would gain in territory if it also got the next move
//! locally. It starts from the move influence (the influence after the
//! move, opponent to move), adds the mover's intrusions of `barriers.db`
//! (class `B`) whose patterns hold the move or a stone the move saves,
//! spreads the mover's field again and takes the change in the territory
//! values, counted for the mover and never below 0.
//!
//! GNU Go prints the result as `added Y as territorial followup`; the
//! valuation counts it in the followup F. The constants and their
//! evidence are in `docs/tuning/valuation.md` (*Territorial followup*).

use goban::{Board, Color};
use matcher::context::Point;
use matcher::scan::DragonStatus;

use super::delta::territory_delta;
use super::patterns::{
    GoalIntrusions, InfluencePatterns, PassInputs, PatternParams, apply_goal_intrusions,
};
use super::propagate::accumulate;
use super::{ColorField, InfluenceParams, InitialInfluence};
use crate::dragons::ContextSource;

/// The followup influence's constants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FollowupParams {
    /// Which intrusions enter the followup influence.
    pub intrusions: GoalIntrusions,
    /// The territory change is multiplied by this (fitted to GNU Go's
    /// traced followups on the even public positions).
    pub scale: f32,
    /// The followup counts at least this (GNU Go never prints a negative
    /// territorial followup).
    pub floor: f32,
}

impl Default for FollowupParams {
    fn default() -> FollowupParams {
        FollowupParams {
            intrusions: GoalIntrusions {
                goal_only: true,
                action_must_hold: true,
            },
            scale: 1.75,
            floor: 0.0,
        }
    }
}

/// What the followup pass reads of the position after the move.
pub struct FollowupInputs<'a, 'p> {
    /// The board after the move.
    pub board: &'a Board,
    /// The colour that moved.
    pub mover: Color,
    /// The move and the stones it saves.
    pub goal: &'a dyn Fn(Point) -> bool,
    /// The influence databases.
    pub patterns: &'a InfluencePatterns<'p>,
    /// The context per pattern colour, reading on the board after the move.
    pub contexts: &'a mut dyn ContextSource,
    /// The dragon status of the stone at a point (for the class check).
    pub status: &'a dyn Fn(Point) -> DragonStatus,
}

/// The followup influence of `move_influence` (the influence after the
/// move with the opponent to move): the mover's goal intrusions added to
/// its field, which is spread again.
pub fn followup_influence(
    move_influence: &InitialInfluence,
    inputs: FollowupInputs<'_, '_>,
    influence: &InfluenceParams,
    pattern_params: &PatternParams,
    params: &FollowupParams,
) -> InitialInfluence {
    let mut white = move_influence.white.inputs.clone();
    let mut black = move_influence.black.inputs.clone();
    let pass = PassInputs {
        board: inputs.board,
        to_move: inputs.mover,
        status: inputs.status,
    };
    apply_goal_intrusions(
        inputs.patterns,
        &pass,
        inputs.contexts,
        [&mut white, &mut black],
        inputs.goal,
        params.intrusions,
        pattern_params,
    );
    let spread = |inputs: super::FieldInputs| {
        let influence = accumulate(&inputs, influence);
        ColorField { inputs, influence }
    };
    // Only the mover's field changes.
    let (white, black) = if inputs.mover == Color::White {
        (spread(white), move_influence.black.clone())
    } else {
        (move_influence.white.clone(), spread(black))
    };
    InitialInfluence::from_fields(
        white,
        black,
        inputs.mover,
        move_influence.stones.clone(),
        move_influence.non_territory.clone(),
        influence,
    )
}

/// The territorial followup of a move: the followup influence's territory
/// against the move influence's, for the mover, times
/// [`FollowupParams::scale`] and at least [`FollowupParams::floor`].
pub fn followup_value(
    move_influence: &InitialInfluence,
    followup: &InitialInfluence,
    mover: Color,
    params: &FollowupParams,
) -> f32 {
    (params.scale * territory_delta(move_influence, followup, mover)).max(params.floor)
}
