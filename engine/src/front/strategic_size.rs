//! A dragon's strategic size (GNU Go's `dragon_data` `strategic_size`):
//! its effective size plus shares of its weak opponent neighbours.
//!
//! Each dragon's *weak mass* is its effective size × its weakness. A
//! dragon hands its whole weak mass to its opponent neighbours, each
//! getting a share proportional to its own weak mass (none when all of
//! them are strong); a dragon's strategic size is its effective size plus
//! what it receives, at most [`StrategicSizeParams::max_factor`] × its
//! effective size. The rule was found on GNU Go's own `dragon_data` of the
//! 60 public positions (evidence in `docs/tuning/valuation.md`,
//! *Strategic size*); the valuation's strategic effect is sized by it.

use std::collections::BTreeMap;

use goban::{Color, Vertex};

/// The bound on the strategic size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StrategicSizeParams {
    /// The strategic size is at most this many times the effective size.
    pub max_factor: f64,
}

impl Default for StrategicSizeParams {
    fn default() -> StrategicSizeParams {
        StrategicSizeParams { max_factor: 3.0 }
    }
}

/// What the strategic size reads of one dragon.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeInput<'a> {
    /// Its origin.
    pub origin: Vertex,
    /// Its colour.
    pub color: Color,
    /// Its effective size.
    pub effective_size: f64,
    /// Its weakness, 0 (safe) to 1.
    pub weakness: f32,
    /// The origins of the dragons next to it.
    pub neighbors: &'a [Vertex],
}

impl SizeInput<'_> {
    fn weak_mass(&self) -> f64 {
        self.effective_size * f64::from(self.weakness)
    }
}

/// The strategic size of each dragon of `dragons`, in the same order.
pub fn strategic_sizes(dragons: &[SizeInput<'_>], params: StrategicSizeParams) -> Vec<f64> {
    let by_origin: BTreeMap<Vertex, &SizeInput<'_>> =
        dragons.iter().map(|d| (d.origin, d)).collect();
    let hostile = |d: &SizeInput<'_>| -> Vec<&SizeInput<'_>> {
        d.neighbors
            .iter()
            .filter_map(|o| by_origin.get(o).copied())
            .filter(|n| n.color != d.color)
            .collect()
    };
    dragons
        .iter()
        .map(|d| {
            let own = d.weak_mass();
            let received: f64 = hostile(d)
                .into_iter()
                .map(|giver| {
                    let shared: f64 = hostile(giver).iter().map(|r| r.weak_mass()).sum();
                    if shared > 0.0 {
                        giver.weak_mass() * own / shared
                    } else {
                        0.0
                    }
                })
                .sum();
            (d.effective_size + received).min(params.max_factor * d.effective_size)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const C4: Vertex = Vertex(1);
    const A8: Vertex = Vertex(2);
    const B4: Vertex = Vertex(3);
    const C5: Vertex = Vertex(4);
    const E8: Vertex = Vertex(5);

    /// pub04 (filllib7 move 45) as GNU Go prints it: black C4 (11.17,
    /// weakness 0.39) next to white A8 (3.0, dead), B4 (1.25, dead) and
    /// C5 (24.42, weakness 0); A8 also next to black E8 (21.17, weakness
    /// 0). GNU Go's strategic sizes: C4 15.42, A8 6.07, B4 2.53, C5 24.42.
    #[test]
    fn weak_masses_are_shared_in_proportion() {
        let input = |origin, color, effective_size, weakness, neighbors| SizeInput {
            origin,
            color,
            effective_size,
            weakness,
            neighbors,
        };
        let dragons = [
            input(C4, Color::Black, 11.17, 0.39, &[A8, C5, B4][..]),
            input(A8, Color::White, 3.0, 1.0, &[E8, C4][..]),
            input(B4, Color::White, 1.25, 1.0, &[C4][..]),
            input(C5, Color::White, 24.42, 0.0, &[C4][..]),
            input(E8, Color::Black, 21.17, 0.0, &[A8][..]),
        ];
        let sizes = strategic_sizes(&dragons, StrategicSizeParams::default());
        let want = [15.42, 6.07, 2.53, 24.42, 21.17];
        for (got, want) in sizes.iter().zip(want) {
            assert!((got - want).abs() < 0.02, "{sizes:?}");
        }
    }

    /// pub02 (9x9-5 move 34): black J2 (2.08, weakness 0.81) alone next
    /// to dead white F4 (10.71) would receive all of it; GNU Go prints
    /// 6.25, three times its effective size.
    #[test]
    fn the_strategic_size_is_bounded() {
        const J2: Vertex = Vertex(1);
        const F4: Vertex = Vertex(2);
        let dragons = [
            SizeInput {
                origin: J2,
                color: Color::Black,
                effective_size: 2.08,
                weakness: 0.81,
                neighbors: &[F4],
            },
            SizeInput {
                origin: F4,
                color: Color::White,
                effective_size: 10.71,
                weakness: 1.0,
                neighbors: &[J2],
            },
        ];
        let sizes = strategic_sizes(&dragons, StrategicSizeParams::default());
        assert!((sizes[0] - 6.24).abs() < 0.01, "{sizes:?}");
        assert!((sizes[1] - 12.39).abs() < 0.01, "{sizes:?}");
    }
}
