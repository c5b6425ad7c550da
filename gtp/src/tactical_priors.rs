//! Root priors from the engine's tactical reading, for the search
//! (`tesuji gtp --search mcts --tactical-priors`): the worms' attack and
//! defence points (`tactics::worms::Worm`, GNU Go's `worm_data`) of the
//! strings with few liberties. The playouts' 3×3 policy sees only captures
//! and ataris next to the move; the reader sees ladders, nets and
//! escapes, so its capturing and saving moves get a prior win rate above
//! any pattern prior.

use goban::{Color, Vertex};
use tactics::codes::Code;
use tactics::worms::Worm;

/// Which strings give priors, and how strong.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TacticalPriorParams {
    /// Strings with at most this many liberties are looked at.
    pub max_liberties: usize,
    /// Prior win rate of the move that captures an opposing string
    /// (the reader's attack, unconditional).
    pub capture: f32,
    /// Prior win rate of the move that saves one of the mover's strings
    /// that the opponent could capture (the reader's defence,
    /// unconditional).
    pub save: f32,
}

impl Default for TacticalPriorParams {
    fn default() -> TacticalPriorParams {
        TacticalPriorParams {
            max_liberties: 2,
            capture: 0.8,
            save: 0.75,
        }
    }
}

/// The priors of `to_move`'s moves from `worms`: each opposing string of
/// at most `max_liberties` liberties that the reader captures gives its
/// attack point `capture`; each of the mover's such strings that the
/// reader finds attacked and defended gives its defence point `save`.
/// A point named twice keeps the higher prior; board order of the
/// worms, no point repeated.
pub fn tactical_priors(
    worms: &[Worm],
    to_move: Color,
    params: &TacticalPriorParams,
) -> Vec<(Vertex, f32)> {
    let mut priors: Vec<(Vertex, f32)> = Vec::new();
    for worm in worms.iter().filter(|w| w.liberties <= params.max_liberties) {
        let found = if worm.color == to_move.other() {
            (worm.attack.code == Code::Win)
                .then_some(worm.attack.point)
                .flatten()
                .map(|v| (v, params.capture))
        } else {
            (worm.attack.code != Code::Fail && worm.defense.code == Code::Win)
                .then_some(worm.defense.point)
                .flatten()
                .map(|v| (v, params.save))
        };
        let Some((v, value)) = found else {
            continue;
        };
        match priors.iter_mut().find(|(p, _)| *p == v) {
            Some(kept) => kept.1 = kept.1.max(value),
            None => priors.push((v, value)),
        }
    }
    priors
}
