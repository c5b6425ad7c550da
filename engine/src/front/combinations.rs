//! The combination (atari-atari) questions on the analysed position with
//! the reading stack: GNU Go's `combination_attack COLOR`,
//! `combination_defend COLOR` and `aa_confirm_safety COLOR MOVE`, over
//! [`crate::combination`]. The targets are the defender's worms the
//! analysis calls tactically safe (attack code 0) whose dragon is not
//! dead.

use goban::{Color, Vertex};
use matcher::grid::GridMatcher;
use matcher::scan::DragonStatus;
use tactics::Code;

use super::analysis::Analysis;
use super::engine::Engine;
use crate::combination::{
    Combination, CombinationInputs, CombinationParams, atari_atari, confirm_safety, defence_points,
};

/// The strings of `defender` a combination may aim at in `analysis`: one
/// vertex per worm the analysis calls tactically safe whose dragon is not
/// known dead, in board order.
pub(crate) fn combination_targets(analysis: &Analysis, defender: Color) -> Vec<Vertex> {
    analysis
        .worms()
        .iter()
        .filter(|w| w.color == defender && w.attack.code == Code::Fail)
        .filter(|w| analysis.status(w.origin) != Some(DragonStatus::Dead))
        .map(|w| w.origin)
        .collect()
}

impl Engine {
    /// The strings of `defender` a combination may aim at (one vertex per
    /// worm, board order): [`combination_targets`] on the analysis.
    pub fn combination_targets(&mut self, defender: Color) -> Vec<Vertex> {
        combination_targets(self.analysis(), defender)
    }

    /// `read` with the combination inputs (`aa_attackpats.db` when loaded,
    /// `params`) on a context over the kept reader.
    fn with_combination<R>(
        &mut self,
        color: Color,
        params: CombinationParams,
        read: impl FnOnce(&mut crate::context::EngineContext, CombinationInputs<'_>) -> R,
    ) -> R {
        let databases = std::sync::Arc::clone(self.databases());
        let matcher = databases
            .aa_attack
            .as_ref()
            .map(|db| GridMatcher::new(&db.db));
        let patterns = databases.aa_attack.as_ref().zip(matcher.as_ref());
        let inputs = CombinationInputs { patterns, params };
        self.with_context(color, |context| read(context, inputs))
    }

    /// GNU Go's `combination_attack`: `attacker`'s combination against the
    /// opponent's safe strings, or `None`.
    pub fn combination_attack(
        &mut self,
        attacker: Color,
        params: CombinationParams,
    ) -> Option<Combination> {
        let targets = self.combination_targets(attacker.other());
        self.with_combination(attacker, params, |context, inputs| {
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
        let targets = self.combination_targets(attacker.other());
        self.with_combination(attacker, params, |context, inputs| {
            match atari_atari(&mut *context, inputs, attacker, &targets) {
                Some(found) => defence_points(context, inputs, attacker, &targets, &found),
                None => Vec::new(),
            }
        })
    }

    /// GNU Go's `aa_confirm_safety`: `None` when `mover`'s move at `v`
    /// opens no new combination for the opponent, else the opponent's
    /// first move.
    pub fn combination_safety(
        &mut self,
        mover: Color,
        v: Vertex,
        params: CombinationParams,
    ) -> Option<Vertex> {
        let targets = self.combination_targets(mover);
        self.with_combination(mover, params, |context, inputs| {
            if atari_atari(&mut *context, inputs, mover.other(), &targets).is_some() {
                return None;
            }
            confirm_safety(context, inputs, mover, v, &targets)
        })
    }
}
