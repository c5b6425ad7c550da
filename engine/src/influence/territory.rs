//! The territory valuation (manual §13.5): from the two colours' influence,
//! how likely each point is to end as either colour's territory, between
//! −1 (black) and +1 (white), with a dead stone counting one more point
//! for the colour that captures it (GTP's `territory_value`).
//!
//! 1. A first guess `((w − b) / (w + b))³` at every point that is not a
//!    living stone.
//! 2. Where the two influences together are small, the guess is scaled
//!    down by their sum over a minimum that grows from the edge to the
//!    centre ([`TerritoryParams::small_influence`]).
//! 3. Each empty point keeps at most the smallest claim of its empty
//!    neighbours for the same colour (no territory in the open centre).
//! 4. Points `barriers.db` marks as no territory for the colour they lean
//!    to are 0.
//! 5. A dead stone is worth one point more to the colour that captures it.
//!
//! How often this reproduces GNU Go's printed values, from GNU Go's own
//! influence maps, is in `docs/tuning/influence.md`.

use goban::Color;

use super::patterns::non_territory_bit;

/// The constants of the territory valuation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TerritoryParams {
    /// The minimum total influence for a full claim, by distance to the
    /// nearest edge (0 on the edge line; the last entry further in).
    pub small_influence: [f32; 6],
    /// An empty point whose value reaches this counts as territory
    /// (`influence_regions` 3).
    pub territory_threshold: f32,
}

impl Default for TerritoryParams {
    fn default() -> TerritoryParams {
        TerritoryParams {
            small_influence: [6.0, 15.0, 25.0, 35.0, 45.0, 55.0],
            territory_threshold: 0.95,
        }
    }
}

/// What the valuation reads, per point (row-major).
pub struct TerritoryInputs<'a> {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// White's influence.
    pub white: &'a [f32],
    /// Black's influence.
    pub black: &'a [f32],
    /// The stone at each point and whether it is dead.
    pub stones: &'a [Option<(Color, bool)>],
    /// `barriers.db`'s non-territory marks.
    pub non_territory: &'a [u8],
}

/// The territory value of every point (white positive).
pub fn territory_values(inputs: &TerritoryInputs<'_>, params: &TerritoryParams) -> Vec<f32> {
    let (w, h) = (inputs.width, inputs.height);
    let living = |k: usize| matches!(inputs.stones[k], Some((_, false)));
    let empty = |k: usize| inputs.stones[k].is_none();
    let mut first = vec![0.0f32; w * h];
    for (k, guess) in first.iter_mut().enumerate() {
        if living(k) {
            continue;
        }
        let (white, black) = (inputs.white[k], inputs.black[k]);
        let sum = white + black;
        if sum <= 0.0 {
            continue;
        }
        let ratio = (white - black) / sum;
        let mut value = ratio * ratio * ratio;
        let (i, j) = (k / w, k % w);
        let edge = i.min(j).min(h - 1 - i).min(w - 1 - j);
        let minimum = params.small_influence[edge.min(params.small_influence.len() - 1)];
        if sum < minimum {
            value *= sum / minimum;
        }
        *guess = value;
    }
    let mut values = first.clone();
    for k in (0..w * h).filter(|&k| empty(k)) {
        let (i, j) = (k / w, k % w);
        let neighbours = [
            (i > 0).then(|| k - w),
            (i + 1 < h).then(|| k + w),
            (j > 0).then(|| k - 1),
            (j + 1 < w).then(|| k + 1),
        ];
        for n in neighbours.into_iter().flatten().filter(|&n| empty(n)) {
            let v = values[k];
            if v > 0.0 {
                values[k] = v.min(first[n].max(0.0));
            } else if v < 0.0 {
                values[k] = v.max(first[n].min(0.0));
            }
        }
    }
    for (k, value) in values.iter_mut().enumerate() {
        let leaning = if *value > 0.0 {
            Color::White
        } else {
            Color::Black
        };
        if *value != 0.0 && inputs.non_territory[k] & non_territory_bit(leaning) != 0 {
            *value = 0.0;
        }
        match inputs.stones[k] {
            Some((Color::Black, true)) => *value += 1.0,
            Some((Color::White, true)) => *value -= 1.0,
            _ => {}
        }
    }
    values
}
