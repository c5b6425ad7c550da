//! The arithmetic of a move's value (`design/move-generation.md`
//! §3.4–3.9): [`Contributions`] (what the reasons and patterns give: the
//! territorial and strategic values, followup, reverse followup,
//! secondary, shape and connection counts, the clamps) combined in GNU
//! Go's order into [`ValueTerms`], which keeps every term apart so a
//! value can be explained and compared term by term.

use serde::Serialize;

use super::params::ValuationParams;

/// One line of a move's valuation: what it is and how much it adds (GNU
/// Go's trace lines, in our words).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Note {
    /// What the amount is for, e.g. `capture of C5` or `strategic effect
    /// on C7`.
    pub what: String,
    /// The amount, in points.
    pub amount: f32,
}

/// What a move's reasons and patterns give, before they are combined.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Contributions {
    /// Territorial value T: the influence delta plus status changes,
    /// corrected for ko (§3.2), before the territory clamps.
    pub territorial: f32,
    /// Strategic value S (§3.3), either/all terms and penalties included.
    pub strategic: f32,
    /// Followup value F (§3.4), influence part included.
    pub followup: f32,
    /// Reverse followup value R (§3.4).
    pub reverse_followup: f32,
    /// Secondary value before its weight (§3.5).
    pub secondary: f32,
    /// The largest positive shape contribution (§3.6).
    pub shape_positive_max: f32,
    /// How many positive shape contributions there were.
    pub shape_positive_count: u32,
    /// The largest negative shape contribution, as a positive number.
    pub shape_negative_max: f32,
    /// How many negative shape contributions there were.
    pub shape_negative_count: u32,
    /// The connection value k of the connection bonus (§3.7).
    pub connection_k: u32,
    /// The minimum territorial value patterns set (0: none).
    pub min_territory: f32,
    /// The maximum territorial value patterns set.
    pub max_territory: Option<f32>,
    /// The minimum move value patterns set (0: none).
    pub min_value: f32,
    /// The maximum move value patterns set.
    pub max_value: Option<f32>,
    /// The lines that make up T and S (and F, R, secondary), for
    /// explanations.
    pub notes: Vec<Note>,
}

/// Which clamp decided the value (§3.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Clamp {
    /// Raised to a pattern's minimum value.
    Minimum,
    /// Lowered to a pattern's maximum value.
    Maximum,
}

/// A move's value as the sum of its terms, in GNU Go's order of
/// combination (§3.9).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValueTerms {
    /// T after the territory clamps.
    pub territorial: f32,
    /// S.
    pub strategic: f32,
    /// F, the full followup value.
    pub followup: f32,
    /// R, the full reverse followup value.
    pub reverse_followup: f32,
    /// What followup and reverse followup add (f + r, §3.4).
    pub followup_added: f32,
    /// The weighted secondary value (§3.5).
    pub secondary: f32,
    /// The combined shape value s (§3.6).
    pub shape_value: f32,
    /// The shape factor 1.05^s.
    pub shape_factor: f32,
    /// What the shape factor adds (negative for bad shape).
    pub shape: f32,
    /// The connection value k.
    pub connection_k: u32,
    /// What the connection bonus adds (§3.7).
    pub connection: f32,
    /// The value before the min/max clamp.
    pub before_clamp: f32,
    /// The clamp that replaced it, if one did.
    pub clamp: Option<Clamp>,
    /// The value the move is ranked by.
    pub value: f32,
    /// Set when the value was moved to another point (replacement) and
    /// this move counts 0.
    pub replaced: bool,
    /// The lines that make up T, S, F, R and secondary.
    pub notes: Vec<Note>,
}

/// What followup and reverse followup add to a move whose territorial +
/// strategic value is `base` (§3.4): nothing below the threshold; else
/// r = min(R/2, base + F/2), f = min(F/2, 1.1·base + r), and f + r.
pub fn followup_added(base: f32, followup: f32, reverse: f32, params: &ValuationParams) -> f32 {
    if base < params.followup_threshold {
        return 0.0;
    }
    let half_f = followup * params.followup_share;
    let r = (reverse * params.reverse_followup_share).min(base + half_f);
    let f = half_f.min(params.followup_cap_factor * base + r);
    f.max(0.0) + r.max(0.0)
}

/// The combined shape value s (§3.6): the largest positive contribution
/// plus 1 per further positive one, minus the same for the negatives.
pub fn shape_value(c: &Contributions) -> f32 {
    let side = |max: f32, count: u32| {
        if count == 0 {
            0.0
        } else {
            max + (count - 1) as f32
        }
    };
    side(c.shape_positive_max, c.shape_positive_count)
        - side(c.shape_negative_max, c.shape_negative_count)
}

/// Combines a move's contributions in GNU Go's order (§3.9 steps 1–6):
/// territory clamps, followup, secondary, shape, connection bonus,
/// min/max value.
pub fn combine(c: &Contributions, params: &ValuationParams) -> ValueTerms {
    let mut territorial = c.territorial;
    if c.min_territory > 0.0 && territorial < c.min_territory {
        territorial = c.min_territory;
    }
    if let Some(max) = c.max_territory {
        territorial = territorial.min(max);
    }
    let strategic = c.strategic;
    let base = territorial + strategic;
    let followup_added = followup_added(base, c.followup, c.reverse_followup, params);
    let extras = !params.extras_need_gain || base > 0.0;
    let secondary = if extras {
        (c.secondary * params.secondary_weight).min(params.secondary_cap)
    } else {
        0.0
    };
    let shape_value = shape_value(c);
    let shape_factor = params.shape_base.powf(shape_value);
    let scaled =
        territorial.min(params.shape_territory_cap) + strategic + followup_added + secondary;
    let shape = if extras {
        (shape_factor - 1.0) * scaled
    } else {
        0.0
    };
    let so_far = base + followup_added + secondary + shape;
    let connection = if extras {
        (params.connection_base.powi(c.connection_k as i32) - 1.0)
            * so_far.clamp(params.connection_clamp_low, params.connection_clamp_high)
    } else {
        0.0
    };
    let before_clamp = so_far + connection;
    let (value, clamp) = clamp_value(before_clamp, c.min_value, c.max_value);
    ValueTerms {
        territorial,
        strategic,
        followup: c.followup,
        reverse_followup: c.reverse_followup,
        followup_added,
        secondary,
        shape_value,
        shape_factor,
        shape,
        connection_k: c.connection_k,
        connection,
        before_clamp,
        clamp,
        value,
        replaced: false,
        notes: c.notes.clone(),
    }
}

/// The min/max clamp (§3.8): the value is replaced outright.
fn clamp_value(value: f32, min: f32, max: Option<f32>) -> (f32, Option<Clamp>) {
    if min > 0.0 && value < min {
        return (min, Some(Clamp::Minimum));
    }
    match max {
        Some(max) if value > max => (max, Some(Clamp::Maximum)),
        _ => (value, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32) {
        assert!((a - b).abs() < 0.006, "{a} is not {b}");
    }

    fn params() -> ValuationParams {
        ValuationParams::default()
    }

    #[test]
    fn pub03_f7_territory_strategy_and_influence_followup() {
        // move-generation.md §6: T 18.19, S 9.42, F 8.24 → 31.73.
        let c = Contributions {
            territorial: 18.19,
            strategic: 9.42,
            followup: 8.24,
            ..Contributions::default()
        };
        let t = combine(&c, &params());
        close(t.followup_added, 4.12);
        assert_eq!((t.shape, t.connection, t.clamp), (0.0, 0.0, None));
        close(t.value, 31.73);
    }

    #[test]
    fn pub15_g6_either_term_followup_and_connection_bonus() {
        // T 13.92, either 6.03 + S 1.36, F 15.92, k 4 → 29.68.
        let c = Contributions {
            territorial: 13.92,
            strategic: 6.03 + 1.36,
            followup: 15.92,
            connection_k: 4,
            ..Contributions::default()
        };
        let t = combine(&c, &params());
        close(t.followup_added, 7.96);
        close(t.connection, 0.41);
        close(t.value, 29.68);
    }

    #[test]
    fn pub28_d8_is_clamped_to_the_joseki_minimum() {
        // Genuine 14.81 + 12.44 + 3.87 + 0.20 = 31.32, J minimum 35.
        let c = Contributions {
            territorial: 14.81,
            strategic: 12.44,
            followup: 7.74,
            connection_k: 2,
            min_value: 35.0,
            ..Contributions::default()
        };
        let t = combine(&c, &params());
        close(t.followup_added, 3.87);
        close(t.connection, 0.20);
        close(t.before_clamp, 31.32);
        assert_eq!(t.clamp, Some(Clamp::Minimum));
        assert_eq!(t.value, 35.0);
    }

    #[test]
    fn pub01_g2_ko_penalty_and_connection_on_a_small_value() {
        // T = 1.00 − 0.5 (ko stone), k 4: 0.082 × clamp(0.5, 1, 5) → 0.58.
        let c = Contributions {
            territorial: 0.5,
            connection_k: 4,
            ..Contributions::default()
        };
        close(combine(&c, &params()).value, 0.58);
    }

    #[test]
    fn pub01_c7_minimum_territory_bad_shape_and_connection() {
        // T raised to 0.10, shape −2 (× 0.907), k 2 → 0.13.
        let c = Contributions {
            territorial: 0.0,
            min_territory: 0.10,
            shape_negative_max: 2.0,
            shape_negative_count: 1,
            connection_k: 2,
            ..Contributions::default()
        };
        let t = combine(&c, &params());
        close(t.territorial, 0.10);
        close(t.shape_factor, 0.907);
        close(t.value, 0.13);
    }

    #[test]
    fn pub01_d4_followup_needs_a_base_of_half_a_point() {
        let c = Contributions {
            territorial: 0.10,
            followup: 6.0,
            ..Contributions::default()
        };
        assert_eq!(combine(&c, &params()).followup_added, 0.0);
        assert_eq!(followup_added(0.47, 6.0, 0.0, &params()), 0.0);
        close(followup_added(0.50, 6.0, 0.0, &params()), 0.55);
    }

    #[test]
    fn followup_caps_sente_at_2_1_and_reverse_sente_at_2_times_the_base() {
        let p = params();
        close(followup_added(10.0, 1000.0, 0.0, &p), 11.0);
        close(followup_added(10.0, 0.0, 1000.0, &p), 10.0);
        // r first, then f may use it: r = min(R/2, B + F/2), f = min(F/2, 1.1B + r).
        close(followup_added(2.0, 10.0, 4.0, &p), 2.0 + 4.2);
    }

    #[test]
    fn shape_counts_one_per_further_contribution_and_scales_at_most_15_points() {
        let c = Contributions {
            shape_positive_max: 5.0,
            shape_positive_count: 2,
            shape_negative_max: 2.0,
            shape_negative_count: 2,
            territorial: 40.0,
            ..Contributions::default()
        };
        // s = (5 + 1) − (2 + 1) = 3.
        assert_eq!(shape_value(&c), 3.0);
        let t = combine(&c, &params());
        close(t.shape, (1.05f32.powi(3) - 1.0) * 15.0);
        let two_minus = Contributions {
            shape_negative_max: 2.0,
            shape_negative_count: 2,
            ..Contributions::default()
        };
        close(1.05f32.powf(shape_value(&two_minus)), 0.864);
    }

    #[test]
    fn secondary_is_weighted_and_capped() {
        let p = params();
        let small = combine(
            &Contributions {
                territorial: 1.0,
                secondary: 2.0,
                ..Contributions::default()
            },
            &p,
        );
        close(small.secondary, 0.10);
        let big = combine(
            &Contributions {
                territorial: 1.0,
                secondary: 100.0,
                ..Contributions::default()
            },
            &p,
        );
        assert_eq!(big.secondary, p.secondary_cap);
    }

    #[test]
    fn filllib9_j2_a_move_that_gains_nothing_gets_no_secondary_shape_or_connection() {
        // GNU Go: `J2: not a safe move`, nothing else, not valued; before,
        // the attack on defenseless G1 and k 2 made it 0.34.
        let c = Contributions {
            secondary: 7.0,
            shape_positive_max: 1.0,
            shape_positive_count: 1,
            connection_k: 2,
            ..Contributions::default()
        };
        let t = combine(&c, &params());
        assert_eq!(
            (t.secondary, t.shape, t.connection, t.value),
            (0.0, 0.0, 0.0, 0.0)
        );
        let lost = combine(
            &Contributions {
                territorial: -1.0,
                ..c.clone()
            },
            &params(),
        );
        assert_eq!(lost.value, -1.0);
        let off = ValuationParams {
            extras_need_gain: false,
            ..params()
        };
        close(combine(&c, &off).value, 0.30 + 0.015 + 0.04);
    }

    #[test]
    fn maximum_value_lowers_and_territory_bounds_replace_t() {
        let c = Contributions {
            territorial: 30.0,
            max_territory: Some(5.0),
            max_value: Some(4.0),
            ..Contributions::default()
        };
        let t = combine(&c, &params());
        assert_eq!(t.territorial, 5.0);
        assert_eq!((t.value, t.clamp), (4.0, Some(Clamp::Maximum)));
    }
}
