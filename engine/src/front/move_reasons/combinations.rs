//! The combination reasons, after the shapes as in GNU Go's genmove: the
//! mover's own combination gives its first move MY_ATARI_ATARI (code 50),
//! and every move that stops the opponent's combination gets
//! YOUR_ATARI_ATARI (code 52). Targets are each side's worms the analysis
//! calls tactically safe whose dragon is not dead.

use goban::Vertex;
use matcher::grid::GridMatcher;

use super::{Generation, ReviewParams};
use crate::combination::{CombinationInputs, CombinationParams, atari_atari, defence_points};
use crate::compose::LayerDb;
use crate::front::combinations::{combination_targets, target_values};
use crate::reasons::{MoveReasons, Reason};

/// What the combination reasons generator runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CombinationReasonParams {
    /// The search's limits.
    pub search: CombinationParams,
    /// Whether the mover's own combination gives MY_ATARI_ATARI (off: on
    /// the 60 public positions its one case, pub15 G6, is a move GNU Go
    /// calls "either attacks", not a combination; the defences alone
    /// are given, `docs/tuning/combination.md`).
    pub own_attack_reasons: bool,
}

impl CombinationReasonParams {
    /// The generator's parameters under the review's switches: the search
    /// limits of the `combination_attack` answers
    /// ([`CombinationParams::answers`]) when
    /// [`ReviewParams::combination_answer_limits`] is on (with the default
    /// search's uncapturable attacker stones when
    /// [`ReviewParams::combination_safe_attackers`] is on too), else the
    /// defaults.
    pub fn of_review(review: ReviewParams) -> CombinationReasonParams {
        let search = match (
            review.combination_answer_limits,
            review.combination_safe_attackers,
        ) {
            (false, _) => CombinationParams::default(),
            (true, false) => CombinationParams::answers(),
            (true, true) => CombinationParams {
                stone_safety: CombinationParams::default().stone_safety,
                ..CombinationParams::answers()
            },
        };
        CombinationReasonParams {
            search,
            ..CombinationReasonParams::default()
        }
    }
}

/// Adds the combination reasons for the colour to move.
pub fn combination_reasons(
    g: &mut Generation<'_>,
    aa_attack: Option<&LayerDb>,
    params: CombinationReasonParams,
    store: &mut MoveReasons,
) {
    let CombinationReasonParams {
        search: params_search,
        ..
    } = params;
    let color = g.color;
    let matcher = aa_attack.map(|db| GridMatcher::new(&db.db));
    let patterns = aa_attack.zip(matcher.as_ref());
    let theirs = combination_targets(g.analysis, color.other(), params_search.targets);
    let ours = combination_targets(g.analysis, color, params_search.targets);
    let (their_values, our_values) = (
        target_values(g.analysis, &theirs),
        target_values(g.analysis, &ours),
    );
    let against = |values| CombinationInputs {
        patterns,
        params: params_search,
        values,
    };
    let (mine, theirs_found) = g.with_context(color, |context| {
        let mine = if params.own_attack_reasons {
            atari_atari(&mut *context, against(&their_values), color, &theirs)
        } else {
            None
        };
        let inputs = against(&our_values);
        let defences = atari_atari(&mut *context, inputs, color.other(), &ours).map(|found| {
            let points = defence_points(context, inputs, color.other(), &ours, &found);
            (found, points)
        });
        (mine, defences)
    });
    if let Some(found) = mine {
        if let Some(target) = smallest(g, &found.captured) {
            store.add(found.attack, Reason::MyAtariAtari { target });
        }
    }
    if let Some((found, points)) = theirs_found {
        let Some(target) = smallest(g, &found.captured) else {
            return;
        };
        for at in points {
            store.add(at, Reason::YourAtariAtari { target });
        }
    }
}

/// The worm of `captured` with the smallest effective size (the first
/// on ties), as a vertex of it; `None` when `captured` is empty.
fn smallest(g: &Generation<'_>, captured: &[Vertex]) -> Option<Vertex> {
    let size = |v: Vertex| g.analysis.worm_at(v).map_or(f64::MAX, |w| w.effective_size);
    captured
        .iter()
        .copied()
        .min_by(|&a, &b| size(a).total_cmp(&size(b)))
}
