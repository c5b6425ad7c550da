//! The combination (atari-atari) questions on the analysed position with
//! the reading stack: GNU Go's `combination_attack COLOR`,
//! `combination_defend COLOR` and `aa_confirm_safety COLOR MOVE`, over
//! [`crate::combination`]. The targets are the defender's worms the
//! analysis calls tactically safe (attack code 0) whose dragon is not
//! dead, or only those whose dragon is alive ([`TargetRule`]); a target's
//! value is twice its effective size.

use goban::{Color, Vertex};
use matcher::grid::GridMatcher;
use matcher::scan::DragonStatus;
use tactics::Code;

use super::analysis::Analysis;
use super::engine::Engine;
use crate::combination::{
    Combination, CombinationInputs, CombinationParams, TargetRule, atari_atari, confirm_safety,
    defence_points,
};

/// The strings of `defender` a combination may aim at in `analysis`: one
/// vertex per worm the analysis calls tactically safe whose dragon `rule`
/// admits, in board order.
pub(crate) fn combination_targets(
    analysis: &Analysis,
    defender: Color,
    rule: TargetRule,
) -> Vec<Vertex> {
    let admitted = |v: Vertex| match rule {
        TargetRule::NotDead => analysis.status(v) != Some(DragonStatus::Dead),
        TargetRule::Alive => analysis.status(v) == Some(DragonStatus::Alive),
    };
    analysis
        .worms()
        .iter()
        .filter(|w| w.color == defender && w.attack.code == Code::Fail)
        .filter(|w| admitted(w.origin))
        .map(|w| w.origin)
        .collect()
}

/// The value of each of `targets` (GNU Go's `aa_value`): twice the
/// effective size of its worm (GNU Go's traces give 16, 25 and 36 for
/// effective sizes 7.08, 11.58 and 16.58: near, not equal).
pub(crate) fn target_values(analysis: &Analysis, targets: &[Vertex]) -> Vec<f32> {
    targets
        .iter()
        .map(|&t| {
            analysis
                .worm_at(t)
                .map_or(0.0, |w| 2.0 * w.effective_size as f32)
        })
        .collect()
}

impl Engine {
    /// The strings of `defender` a combination may aim at (one vertex per
    /// worm, board order): [`combination_targets`] on the analysis.
    pub fn combination_targets(&mut self, defender: Color, rule: TargetRule) -> Vec<Vertex> {
        combination_targets(self.analysis(), defender, rule)
    }

    /// `read` with the combination inputs (`aa_attackpats.db` when loaded,
    /// `params`, the values of `targets`) on a context over the kept
    /// reader.
    fn with_combination<R>(
        &mut self,
        color: Color,
        params: CombinationParams,
        targets: &[Vertex],
        read: impl FnOnce(&mut crate::context::EngineContext, CombinationInputs<'_>) -> R,
    ) -> R {
        let values = target_values(self.analysis(), targets);
        let databases = std::sync::Arc::clone(self.databases());
        let matcher = databases
            .aa_attack
            .as_ref()
            .map(|db| GridMatcher::new(&db.db));
        let patterns = databases.aa_attack.as_ref().zip(matcher.as_ref());
        let inputs = CombinationInputs {
            patterns,
            params,
            values: &values,
        };
        self.with_context(color, |context| read(context, inputs))
    }

    /// GNU Go's `combination_attack`: `attacker`'s combination against the
    /// opponent's safe strings, or `None`.
    pub fn combination_attack(
        &mut self,
        attacker: Color,
        params: CombinationParams,
    ) -> Option<Combination> {
        let targets = self.combination_targets(attacker.other(), params.targets);
        self.with_combination(attacker, params, &targets, |context, inputs| {
            atari_atari(context, inputs, attacker, &targets)
        })
    }

    /// GNU Go's `combination_defend`: the opponent's moves that stop every
    /// combination of `attacker` (board order; empty when there is none).
    pub fn combination_defence(
        &mut self,
        attacker: Color,
        params: CombinationParams,
    ) -> Vec<Vertex> {
        let targets = self.combination_targets(attacker.other(), params.targets);
        self.with_combination(
            attacker,
            params,
            &targets,
            |context, inputs| match atari_atari(&mut *context, inputs, attacker, &targets) {
                Some(found) => defence_points(context, inputs, attacker, &targets, &found),
                None => Vec::new(),
            },
        )
    }

    /// GNU Go's `aa_confirm_safety`: `None` when `mover`'s move at `v`
    /// opens no new combination for the opponent (none after it, or one
    /// already before it), else the opponent's combination after it.
    pub fn combination_safety(
        &mut self,
        mover: Color,
        v: Vertex,
        params: CombinationParams,
    ) -> Option<Combination> {
        if self.combination_attack(mover.other(), params).is_some() {
            return None;
        }
        self.combination_after(mover, v, params)
    }

    /// The opponent's combination against `mover`'s targets after
    /// `mover` plays at `v` (`None` when there is none or `v` is illegal).
    pub fn combination_after(
        &mut self,
        mover: Color,
        v: Vertex,
        params: CombinationParams,
    ) -> Option<Combination> {
        let targets = self.combination_targets(mover, params.targets);
        self.with_combination(mover, params, &targets, |context, inputs| {
            confirm_safety(context, inputs, mover, v, &targets)
        })
    }

    /// What the combination `found` wins: the smallest value (twice the
    /// effective size) of the targets captured at the end of its line.
    pub fn combination_value(&mut self, found: &Combination) -> f32 {
        let values = target_values(self.analysis(), &found.captured);
        values.into_iter().min_by(f32::total_cmp).unwrap_or(0.0)
    }
}
