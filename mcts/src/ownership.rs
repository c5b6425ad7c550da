//! Who owns each point, from playouts alone: the mean area owner over
//! playouts of the policy from a position, with no tree. The tree is left
//! out on purpose: in a decided game every move of the losing side loses,
//! so its tree moves are chosen almost at random and would break sekis
//! and give up living groups that the policy's playouts leave standing.
//! This is the estimate behind scoring the end of a game and its dead
//! stones.

use crate::board::PlayoutBoard;
use crate::playout::Playout;
use crate::policy::Policy;
use goban::Color;

/// How the ownership is estimated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnershipParams {
    /// Playouts averaged.
    pub playouts: u64,
    /// Seed of the playouts' random numbers (the estimate is a function of
    /// the position, the policy and this seed).
    pub seed: u64,
    /// Playout length limit, in multiples of the number of points.
    pub playout_length: usize,
}

/// Mean owner of every point of `board` over `params.playouts` playouts
/// of `policy` (+1 Black, −1 White, 0 neither), row by row.
pub fn playout_ownership(
    board: &PlayoutBoard,
    policy: &Policy,
    params: &OwnershipParams,
) -> Vec<f32> {
    let size = board.size();
    let start = Playout::new(board.clone(), policy);
    let mut rng = fastrand::Rng::with_seed(params.seed);
    let mut sums = vec![0i64; size * size];
    for _ in 0..params.playouts {
        let mut playout = start.clone();
        playout.run(
            policy,
            &mut rng,
            params.playout_length * size * size,
            &mut |_, _| {},
        );
        let end = playout.board();
        for (k, sum) in sums.iter_mut().enumerate() {
            *sum += match end.owner(end.index(k / size, k % size)) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
    let count = params.playouts.max(1) as f32;
    sums.into_iter().map(|s| s as f32 / count).collect()
}
