//! The valuation (GNU Go's `value_move_reasons`, `design/move-generation.md`
//! §3): each candidate move's value from its reasons, as the sum of terms
//! kept apart ([`ValueTerms`]) so every value can be explained.
//!
//! [`value_moves`] is a pure function of a [`MoveReasons`] store, plain
//! facts about the position ([`ValuationInputs`]: worm and dragon sizes,
//! statuses and weaknesses, and per-move closures for the territorial
//! delta, the influence followup and the connection value) and the
//! constants ([`ValuationParams`]). The steps:
//!
//! * [`contribute`]: reasons → territorial value T, strategic value S,
//!   followup F, reverse followup R, secondary value (§3.2–3.5);
//! * [`terms`]: GNU Go's order of combination (§3.9): territory clamps,
//!   followup (the 0.5 threshold and the 1.1 cap), secondary, shape factor
//!   1.05^s on at most 15 points of territory, connection bonus, min/max
//!   clamp;
//! * here: antisuji moves dropped, values redistributed to replacement
//!   moves (§3.9 step 8), and the moves ranked.
//!
//! GNU Go's random term is left out: the same position gives the same
//! values.

pub mod contribute;
pub mod inputs;
pub mod params;
pub mod terms;

use goban::{Color, Vertex};

pub use contribute::contributions;
pub use inputs::{DragonFacts, ValuationInputs, WormFacts};
pub use params::{StrategicSizeSource, ValuationParams};
pub use terms::{Clamp, Contributions, Note, ValueTerms, combine};

use crate::reasons::{MoveReasons, Reason};

/// The values of one position's candidate moves for one colour.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveValues {
    /// The colour the values are for.
    pub color: Color,
    /// Every valued move in board order, with its terms.
    moves: Vec<(Vertex, ValueTerms)>,
}

impl MoveValues {
    /// No moves.
    pub fn empty(color: Color) -> MoveValues {
        MoveValues {
            color,
            moves: Vec::new(),
        }
    }

    /// Every valued move, in board order.
    pub fn iter(&self) -> impl Iterator<Item = (Vertex, &ValueTerms)> {
        self.moves.iter().map(|(v, t)| (*v, t))
    }

    /// The terms of the move at `at`.
    pub fn get(&self, at: Vertex) -> Option<&ValueTerms> {
        self.moves.iter().find(|(v, _)| *v == at).map(|(_, t)| t)
    }

    /// The moves with a positive value, best first (ties in board order).
    pub fn ranked(&self) -> Vec<(Vertex, f32)> {
        let mut ranked: Vec<(Vertex, f32)> = self
            .moves
            .iter()
            .filter(|(_, t)| t.value > 0.0)
            .map(|(v, t)| (*v, t.value))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked
    }

    /// The best move and its value, if any move has a positive value.
    pub fn best(&self) -> Option<(Vertex, f32)> {
        self.ranked().first().copied()
    }

    /// Lowers the value of the move at `at` by `amount` (a blunder
    /// check's verdict), noting why.
    pub fn lower(&mut self, at: Vertex, amount: f32, why: String) {
        if let Some((_, terms)) = self.moves.iter_mut().find(|(v, _)| *v == at) {
            terms.value -= amount;
            terms.notes.push(Note {
                what: why,
                amount: -amount,
            });
        }
    }
}

/// Values every move of `reasons` (antisuji moves are left out).
pub fn value_moves(
    reasons: &MoveReasons,
    inputs: ValuationInputs<'_>,
    params: &ValuationParams,
) -> MoveValues {
    let geometry = reasons.geometry();
    let mut moves: Vec<(Vertex, ValueTerms)> = reasons
        .iter()
        .filter(|(_, entry)| !entry.reasons.contains(&Reason::Antisuji))
        .map(|(at, entry)| {
            let c = contributions(geometry, at, entry, inputs, params);
            (at, combine(&c, params))
        })
        .collect();
    // Redistribution: a replaced move drops to 0, its replacement takes
    // the larger of the two values.
    for (from, entry) in reasons.iter() {
        let Some(to) = entry.replaced_by else {
            continue;
        };
        let Some(k) = moves.iter().position(|(v, _)| *v == from) else {
            continue;
        };
        let value = moves[k].1.value;
        moves[k].1.value = 0.0;
        moves[k].1.replaced = true;
        if let Some((_, target)) = moves.iter_mut().find(|(v, _)| *v == to) {
            if value > target.value {
                target.notes.push(Note {
                    what: format!("redistributed from {}", geometry.gtp(from)),
                    amount: value - target.value,
                });
                target.value = value;
            }
        }
    }
    MoveValues {
        color: reasons.color,
        moves,
    }
}

#[cfg(test)]
mod tests;
