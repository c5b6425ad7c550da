//! Eye values (the manual's §8.7): four numbers, the eyes a space yields
//! when the attacker moves first and gets another move, when the attacker
//! moves first, when the defender moves first, and when the defender
//! moves first and gets another move; and the recognition of a space as
//! one of `eyes.db`'s graphs, which gives its value and its vital points.

use goban::Point;
use matcher::eyes::{ATTACK_POINT, DEFENCE_POINT, EyePattern, first_match};

use super::EyeSpace;
use super::topology::{EyeTopology, HalfEye};

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

/// The value of two independent local games played together (each
/// player may answer in either): attacker first, the defender either
/// answers where the attacker played or plays first in the other game;
/// defender first, the same the other way round; an extra move for one
/// side goes into one game or splits between them. Sums are not capped
/// (a dragon's genus counts past two).
impl std::ops::Add for EyeValue {
    type Output = EyeValue;

    fn add(self, other: EyeValue) -> EyeValue {
        let (x, y) = (self, other);
        let attacker_first = |p: EyeValue, q: EyeValue| (p.b + q.b).max(p.a + q.c);
        let defender_first = |p: EyeValue, q: EyeValue| (p.c + q.c).min(p.d + q.b);
        EyeValue {
            a: (x.a + y.c).min(x.c + y.a).min(x.b + y.b),
            b: attacker_first(x, y).min(attacker_first(y, x)),
            c: defender_first(x, y).max(defender_first(y, x)),
            d: (x.d + y.b).max(x.b + y.d).max(x.c + y.c),
        }
    }
}

/// How a space no `eyes.db` graph matches is valued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnmatchedSpaceRule {
    /// By its non-marginal points alone: `2222` from
    /// `two_eyes_from_interior_points`, else `0000`.
    InteriorPoints,
    /// By how many more non-marginal than marginal points it has: `2222`
    /// from `two_eyes_from_interior_excess`, `1111` from
    /// `one_eye_from_interior_excess`, else `0000`.
    InteriorExcess,
}

/// The rule for spaces no `eyes.db` graph matches (the evidence:
/// `docs/tuning/eyes.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnmatchedSpaceParams {
    /// Which of the rules below values an unmatched space.
    pub rule: UnmatchedSpaceRule,
    /// `InteriorPoints`: non-marginal points from which a space counts as two sure eyes.
    pub two_eyes_from_interior_points: usize,
    /// `InteriorExcess`: non-marginal minus marginal points from which a space counts as two sure eyes.
    pub two_eyes_from_interior_excess: i32,
    /// `InteriorExcess`: non-marginal minus marginal points from which a space counts as one sure eye.
    pub one_eye_from_interior_excess: i32,
}

impl Default for UnmatchedSpaceParams {
    fn default() -> UnmatchedSpaceParams {
        UnmatchedSpaceParams {
            rule: UnmatchedSpaceRule::InteriorPoints,
            two_eyes_from_interior_points: 6,
            two_eyes_from_interior_excess: 4,
            one_eye_from_interior_excess: 2,
        }
    }
}

impl UnmatchedSpaceParams {
    /// The `InteriorExcess` rule, off by default: it values more spaces
    /// as GNU Go does but the crude statuses and weaknesses built on the
    /// genus lose (`docs/tuning/eyes.md`).
    pub fn interior_excess() -> UnmatchedSpaceParams {
        UnmatchedSpaceParams {
            rule: UnmatchedSpaceRule::InteriorExcess,
            ..UnmatchedSpaceParams::default()
        }
    }

    /// The eyes (each of the four numbers) of an unmatched space with
    /// `interior` non-marginal and `marginal` marginal points.
    pub fn eyes(&self, interior: usize, marginal: usize) -> u8 {
        match self.rule {
            UnmatchedSpaceRule::InteriorPoints => {
                if interior >= self.two_eyes_from_interior_points {
                    2
                } else {
                    0
                }
            }
            UnmatchedSpaceRule::InteriorExcess => {
                let excess = interior as i32 - marginal as i32;
                if excess >= self.two_eyes_from_interior_excess {
                    2
                } else if excess >= self.one_eye_from_interior_excess {
                    1
                } else {
                    0
                }
            }
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

/// Recognises `space` through `patterns` (`eyes.db` in database order),
/// with the topological judgements of its points (`judged`, from
/// [`super::topology`]; points not listed are plain): a false eye counts as
/// marginal, and a half eye gets its key point (where the eye is won or
/// lost) added as a marginal vertex joined to it alone (the manual's §8.6). A
/// space of marginal points only yields no eye (GNU Go stores `0000` for
/// all 1,916 such spaces of the public positions, graph or not); a space
/// no graph matches counts as two sure eyes when it is large (the manual's
/// {2|2}) and as none when it is small, or by how far its interior
/// outnumbers its margin ([`UnmatchedSpaceParams`]).
pub fn recognise(
    patterns: &[EyePattern],
    space: &EyeSpace,
    rows: usize,
    judged: &[(Point, HalfEye)],
    unmatched: UnmatchedSpaceParams,
) -> Recognised {
    let topology_of = |p: Point| judged.iter().find(|(q, _)| *q == p).map(|(_, eye)| eye);
    let mut points: Vec<Point> = space.points.clone();
    let mut marginal: Vec<bool> = space
        .points
        .iter()
        .zip(&space.marginal)
        .map(|(&p, &m)| m || topology_of(p).is_some_and(|e| e.marginal))
        .collect();
    let mut has_stone = space.has_stone.clone();
    if marginal.iter().all(|&m| m) {
        return Recognised {
            value: EyeValue::new([0, 0, 0, 0]),
            pattern: None,
            attack: None,
            defence: None,
        };
    }
    // Half eyes: their key points join as marginal vertices.
    let mut links: Vec<(usize, usize)> = Vec::new();
    let in_space = points.len();
    for (k, &p) in space.points.iter().enumerate() {
        let Some(eye) = topology_of(p).filter(|e| e.topology == EyeTopology::Half) else {
            continue;
        };
        let Some(&key) = eye.defence_points.first().or(eye.attack_points.first()) else {
            continue;
        };
        let index = points.iter().position(|&q| q == key).unwrap_or_else(|| {
            points.push(key);
            marginal.push(true);
            has_stone.push(false);
            points.len() - 1
        });
        links.push((k, index));
    }
    let edge_count = |v: u8| u8::from(v == 0) + u8::from(usize::from(v) + 1 == rows);
    let graph = matcher::eyes::EyeSpace {
        points: points
            .iter()
            .enumerate()
            .map(|(k, p)| {
                // A key point added for a half eye touches only its half
                // eye, whatever lies beside it on the board.
                let mut neighbours: Vec<usize> = if k < in_space {
                    points[..in_space]
                        .iter()
                        .enumerate()
                        .filter(|(_, q)| p.i.abs_diff(q.i) + p.j.abs_diff(q.j) == 1)
                        .map(|(m, _)| m)
                        .collect()
                } else {
                    Vec::new()
                };
                for &(a, b) in &links {
                    let other = if a == k {
                        Some(b)
                    } else if b == k {
                        Some(a)
                    } else {
                        None
                    };
                    if let Some(o) = other
                        && !neighbours.contains(&o)
                    {
                        neighbours.push(o);
                    }
                }
                matcher::eyes::EyePoint {
                    marginal: marginal[k],
                    edge: (edge_count(p.i) + edge_count(p.j)).min(2),
                    has_stone: has_stone[k],
                    neighbours,
                }
            })
            .collect(),
    };
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
                            .map(|(_, &k)| points[k])
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
        None => {
            let interior = marginal.iter().filter(|&&m| !m).count();
            // The space's own points only: a half eye's key point added
            // to the graph does not count as a margin.
            let eyes = unmatched.eyes(interior, in_space - interior);
            Recognised {
                value: EyeValue::new([eyes; 4]),
                pattern: None,
                attack: None,
                defence: None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_local_games() {
        let v = EyeValue::new;
        // Two half eyes are one sure eye, two with two defender moves.
        assert_eq!(v([0, 0, 1, 1]) + v([0, 0, 1, 1]), v([0, 1, 1, 2]));
        // Two sure eyes add up; a sure eye and a half eye make one and a half.
        assert_eq!(v([1, 1, 1, 1]) + v([1, 1, 1, 1]), v([2, 2, 2, 2]));
        assert_eq!(v([1, 1, 1, 1]) + v([0, 0, 1, 1]), v([1, 1, 2, 2]));
        // Nothing added changes nothing, in either order.
        for e in [
            v([0, 1, 1, 2]),
            v([1, 1, 2, 2]),
            v([0, 0, 2, 2]),
            v([0, 1, 2, 2]),
        ] {
            assert_eq!(e + v([0, 0, 0, 0]), e);
            assert_eq!(v([0, 0, 0, 0]) + e, e);
        }
    }

    /// The corner space GNU Go values `1111` on four public positions
    /// (pub03 A9, pub10 A9, pub30 B9, pub36 B4): six interior points, four
    /// marginal ones, no `eyes.db` graph. Rows from the top:
    ///
    /// ```text
    /// e e ! .
    /// e e e !
    /// ! e O .
    /// . ! . .
    /// ```
    #[test]
    fn unmatched_space_by_interior_excess() {
        let cells = [
            (0, 0, false),
            (0, 1, false),
            (0, 2, true),
            (1, 0, false),
            (1, 1, false),
            (1, 2, false),
            (1, 3, true),
            (2, 0, true),
            (2, 1, false),
            (3, 1, true),
        ];
        let space = EyeSpace {
            color: goban::Color::Black,
            points: cells.iter().map(|&(i, j, _)| Point::new(i, j)).collect(),
            marginal: cells.iter().map(|&(_, _, m)| m).collect(),
            has_stone: vec![false; cells.len()],
        };
        let value = |params| recognise(&[], &space, 9, &[], params).value;
        assert_eq!(
            value(UnmatchedSpaceParams::interior_excess()),
            EyeValue::new([1, 1, 1, 1])
        );
        assert_eq!(
            value(UnmatchedSpaceParams::default()),
            EyeValue::new([2, 2, 2, 2])
        );
        let params = UnmatchedSpaceParams::interior_excess();
        // Excess 4 and more: two eyes; 2 or 3: one; below: none.
        assert_eq!(params.eyes(8, 4), 2);
        assert_eq!(params.eyes(5, 2), 1);
        assert_eq!(params.eyes(6, 6), 0);
        assert_eq!(params.eyes(1, 0), 0);
    }

    #[test]
    fn values_print_as_gnugo_does() {
        assert_eq!(EyeValue::new([0, 0, 1, 1]).to_gnugo(), "0011");
        assert_eq!(EyeValue::new([0, 1, 12, 2]).to_gnugo(), "[0,1,12,2]");
        let v = EyeValue::new([0, 1, 2, 2]);
        assert_eq!((v.min_eyes(), v.max_eyes()), (1, 2));
    }
}
