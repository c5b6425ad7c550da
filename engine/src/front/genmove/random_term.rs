//! GNU Go's random term, only with a seed: each move with a positive
//! value gets a small random addition (uniform in `[0, scale)`), drawn in
//! board order from a generator seeded with the seed, so that moves of
//! near-equal value may trade places while the same seed gives the same
//! move. Without a seed nothing is added and genmove is deterministic.

use crate::valuation::MoveValues;

/// Adds the random term to `values` when `seed` is given; each addition
/// is kept as a note of the move's terms.
pub fn add_random_term(values: &mut MoveValues, seed: Option<u64>, scale: f32) {
    let Some(seed) = seed else {
        return;
    };
    let mut rng = fastrand::Rng::with_seed(seed);
    let valued: Vec<_> = values
        .iter()
        .filter(|(_, terms)| terms.value > 0.0)
        .map(|(at, _)| at)
        .collect();
    for at in valued {
        let term = rng.f32() * scale;
        // `lower` by a negative amount raises the value, noted.
        values.lower(at, -term, "random term".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reasons::{MoveReasons, Reason};
    use crate::valuation::{ValuationInputs, ValuationParams, value_moves};
    use goban::{Color, Geometry};

    fn values() -> MoveValues {
        let geometry = Geometry::square(9).unwrap();
        let mut reasons = MoveReasons::new(geometry, Color::Black);
        for name in ["C3", "G7", "E5"] {
            let at = geometry.parse_gtp(name).unwrap();
            reasons.add(at, Reason::ExpandTerritory);
            reasons.entry(at).facts.add_min_value(10.0);
        }
        value_moves(
            &reasons,
            ValuationInputs::without_position(),
            &ValuationParams::default(),
        )
    }

    #[test]
    fn without_a_seed_nothing_changes_and_a_seed_repeats_its_terms() {
        let plain = values();
        let mut unseeded = values();
        add_random_term(&mut unseeded, None, 1.0);
        assert_eq!(unseeded, plain);
        let [mut a, mut b, mut c] = [values(), values(), values()];
        add_random_term(&mut a, Some(7), 1.0);
        add_random_term(&mut b, Some(7), 1.0);
        add_random_term(&mut c, Some(8), 1.0);
        assert_eq!(a, b);
        assert_ne!(a, c);
        for ((_, seeded), (_, before)) in a.iter().zip(plain.iter()) {
            let added = seeded.value - before.value;
            assert!((0.0..1.0).contains(&added), "{added}");
        }
    }
}
