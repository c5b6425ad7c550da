//! The core of the influence function: every source radiates outwards,
//! breadth first, through the permeability of the points it crosses, and
//! the contributions of all sources are summed (GNU Go's manual, §13.6–13.8).
//!
//! The arithmetic is single precision in the order that reproduces GNU Go's
//! printed maps: a contribution is `((permeability · influence) · damping)
//! / attenuation`, with the attenuation multiplied by the diagonal damping
//! on diagonal steps and contributions below the cut-off dropped.

use super::InfluenceParams;

/// The eight directions influence spreads in: the four orthogonal ones
/// first, then the four diagonal ones.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, 0),
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];

/// What one colour's influence spreads from and through, per point in
/// row-major order (`i * width + j`).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldInputs {
    /// Board width (columns).
    pub width: usize,
    /// Board height (rows).
    pub height: usize,
    /// Source strength (0 where nothing radiates).
    pub strength: Vec<f32>,
    /// Attenuation of the source at each point.
    pub attenuation: Vec<f32>,
    /// How much influence passes through each point (0 to 1).
    pub permeability: Vec<f32>,
    /// Points that receive no influence (the stones that stay on the board).
    pub blocked: Vec<bool>,
}

impl FieldInputs {
    /// Inputs with no source, full permeability, nothing blocked and
    /// `attenuation` everywhere.
    pub fn open(width: usize, height: usize, attenuation: f32) -> FieldInputs {
        let n = width * height;
        FieldInputs {
            width,
            height,
            strength: vec![0.0; n],
            attenuation: vec![attenuation; n],
            permeability: vec![1.0; n],
            blocked: vec![false; n],
        }
    }
}

/// The influence field of `inputs`: for every source in board order, its
/// breadth-first spread, summed point by point.
pub fn accumulate(inputs: &FieldInputs, params: &InfluenceParams) -> Vec<f32> {
    let (w, h) = (inputs.width as i32, inputs.height as i32);
    let n = inputs.width * inputs.height;
    let mut total = vec![0.0f32; n];
    let mut local = vec![0.0f32; n];
    let mut queued = vec![false; n];
    let mut queue: Vec<usize> = Vec::with_capacity(n);
    for source in 0..n {
        let strength = inputs.strength[source];
        if strength <= 0.0 {
            continue;
        }
        let attenuation = inputs.attenuation[source];
        let diagonal_attenuation = attenuation * params.diagonal_damping;
        let (m, c) = (
            (source / inputs.width) as i32,
            (source % inputs.width) as i32,
        );
        local[source] = strength;
        queued[source] = true;
        queue.clear();
        queue.push(source);
        let mut head = 0;
        while head < queue.len() {
            let here = queue[head];
            head += 1;
            let (i, j) = ((here / inputs.width) as i32, (here % inputs.width) as i32);
            let current = local[here];
            let at_source = here == source;
            for (di, dj) in DIRECTIONS {
                let dot = di * (i - m) + dj * (j - c);
                if !at_source && dot <= 0 {
                    continue;
                }
                let (a, b) = (i + di, j + dj);
                if a < 0 || b < 0 || a >= h || b >= w {
                    continue;
                }
                let target = (a * w + b) as usize;
                if inputs.blocked[target] {
                    continue;
                }
                let damping = if at_source {
                    1.0f32
                } else {
                    let distance2 = ((i - m) * (i - m) + (j - c) * (j - c)) as f32;
                    (dot * dot) as f32 / distance2 / (di * di + dj * dj) as f32
                };
                let diagonal = di != 0 && dj != 0;
                let mut permeability = inputs.permeability[here];
                if diagonal {
                    let side_a = inputs.permeability[((i + di) * w + j) as usize];
                    let side_b = inputs.permeability[(i * w + j + dj) as usize];
                    permeability *= side_a.max(side_b);
                }
                let divisor = if diagonal {
                    diagonal_attenuation
                } else {
                    attenuation
                };
                let contribution = permeability * current * damping / divisor;
                if contribution < params.contribution_cutoff {
                    continue;
                }
                local[target] += contribution;
                if !queued[target] {
                    queued[target] = true;
                    queue.push(target);
                }
            }
        }
        for &p in &queue {
            total[p] += local[p];
            local[p] = 0.0;
            queued[p] = false;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_source_spreads_symmetrically_and_fades() {
        let params = InfluenceParams::default();
        let mut inputs = FieldInputs::open(9, 9, params.territorial_attenuation);
        inputs.strength[4 * 9 + 4] = 100.0;
        inputs.blocked[4 * 9 + 4] = true;
        let field = accumulate(&inputs, &params);
        assert_eq!(field[4 * 9 + 4], 100.0);
        let orthogonal = field[3 * 9 + 4];
        assert!((orthogonal - 100.0 / 2.4).abs() < 1e-4, "{orthogonal}");
        for (a, b) in [
            (3 * 9 + 4, 5 * 9 + 4),
            (4 * 9 + 3, 4 * 9 + 5),
            (2 * 9 + 3, 6 * 9 + 5),
        ] {
            assert!((field[a] - field[b]).abs() < 1e-4);
        }
        assert!(field[0] < field[2 * 9 + 2] && field[2 * 9 + 2] < field[3 * 9 + 3]);
    }

    #[test]
    fn a_closed_wall_stops_influence() {
        let params = InfluenceParams::default();
        let mut inputs = FieldInputs::open(5, 5, params.territorial_attenuation);
        inputs.strength[0] = 100.0;
        for k in 0..5 {
            inputs.blocked[k * 5 + 2] = true;
        }
        let field = accumulate(&inputs, &params);
        for k in 0..5 {
            assert_eq!(field[k * 5 + 3], 0.0);
            assert_eq!(field[k * 5 + 4], 0.0);
        }
        assert!(field[5] > 0.0);
    }
}
