//! Eye values (the manual's §8.7): four numbers, the eyes a space yields
//! when the attacker moves first and gets another move, when the attacker
//! moves first, when the defender moves first, and when the defender
//! moves first and gets another move; and the recognition of a space as
//! one of `eyes.db`'s graphs, which gives its value and its vital points.

use goban::Point;
use matcher::eyes::{ATTACK_POINT, DEFENCE_POINT, EyePattern, first_match};

use super::EyeSpace;

/// An eye value `abcd` (each 0, 1 or 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EyeValue {
    /// Eyes if the attacker moves first and gets another move.
    pub a: u8,
    /// Eyes if the attacker moves first (`min_eyes`).
    pub b: u8,
    /// Eyes if the defender moves first (`max_eyes`).
    pub c: u8,
    /// Eyes if the defender moves first and gets another move.
    pub d: u8,
}

impl EyeValue {
    /// The value from its four digits.
    pub const fn new([a, b, c, d]: [u8; 4]) -> EyeValue {
        EyeValue { a, b, c, d }
    }

    /// Eyes when the attacker moves first.
    pub const fn min_eyes(self) -> u8 {
        self.b
    }

    /// Eyes when the defender moves first.
    pub const fn max_eyes(self) -> u8 {
        self.c
    }

    /// GNU Go's text: the four digits, or `[a,b,c,d]` when one exceeds 9.
    pub fn to_gnugo(self) -> String {
        let digits = [self.a, self.b, self.c, self.d];
        if digits.iter().all(|&d| d <= 9) {
            digits.iter().map(|d| char::from(b'0' + d)).collect()
        } else {
            format!("[{},{},{},{}]", self.a, self.b, self.c, self.d)
        }
    }
}

/// What recognising an eye space gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recognised {
    /// The space's eye value.
    pub value: EyeValue,
    /// The `eyes.db` pattern that matched (`None`: no graph matched).
    pub pattern: Option<u32>,
    /// A vital point for the attacker, when the value can change.
    pub attack: Option<Point>,
    /// A vital point for the defender, when the value can change.
    pub defence: Option<Point>,
}

/// Recognises `space` through `patterns` (`eyes.db` in database order).
/// A space of marginal points only yields no eye (GNU Go stores `0000`
/// for all 1,916 such spaces of the public positions, graph or not); a
/// space no graph matches counts as two sure eyes (the manual's {2|2}).
pub fn recognise(patterns: &[EyePattern], space: &EyeSpace, rows: usize) -> Recognised {
    if space.marginal.iter().all(|&m| m) {
        return Recognised {
            value: EyeValue::new([0, 0, 0, 0]),
            pattern: None,
            attack: None,
            defence: None,
        };
    }
    let points: Vec<(u8, u8, bool, bool)> = space
        .points
        .iter()
        .zip(&space.marginal)
        .zip(&space.has_stone)
        .map(|((p, &m), &s)| (p.i, p.j, m, s))
        .collect();
    let graph = matcher::eyes::EyeSpace::from_board_points(&points, rows as u8);
    match first_match(patterns, &graph) {
        Some((pattern, mapping)) => {
            let value = EyeValue::new(pattern.value);
            let vital = |flag: u8| {
                (value.min_eyes() != value.max_eyes())
                    .then(|| {
                        pattern
                            .vertices
                            .iter()
                            .zip(&mapping)
                            .find(|(v, _)| v.flags & flag != 0)
                            .map(|(_, &k)| space.points[k])
                    })
                    .flatten()
            };
            Recognised {
                value,
                pattern: Some(pattern.number),
                attack: vital(ATTACK_POINT),
                defence: vital(DEFENCE_POINT),
            }
        }
        None => Recognised {
            value: EyeValue::new([2, 2, 2, 2]),
            pattern: None,
            attack: None,
            defence: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_as_gnugo_does() {
        assert_eq!(EyeValue::new([0, 0, 1, 1]).to_gnugo(), "0011");
        assert_eq!(EyeValue::new([0, 1, 12, 2]).to_gnugo(), "[0,1,12,2]");
        let v = EyeValue::new([0, 1, 2, 2]);
        assert_eq!((v.min_eyes(), v.max_eyes()), (1, 2));
    }
}
