//! Playout speed: one playout from the empty 9×9 and 19×19 boards with
//! the embedded pattern policy (`mc_tesuji`) and the uniform one (the hard
//! rules only), each without and with the ladder rule (`LadderRule`), and
//! `mc_tesuji` with the ladder and nakade rules (`NakadeRule`), the
//! search's default.
//! Playouts per second per core = 1 / the time per playout.
//! Run: `cargo bench -p mcts --bench playouts`.

use criterion::{Criterion, criterion_group, criterion_main};
use mcts::{LadderRule, NakadeRule, Playout, PlayoutBoard, Policy};

fn playouts(c: &mut Criterion) {
    let policies = [
        ("tesuji", Policy::new(patterns::mc_tesuji())),
        ("uniform", Policy::uniform()),
        (
            "tesuji ladder",
            Policy::new(patterns::mc_tesuji()).with_ladder(LadderRule::default()),
        ),
        (
            "uniform ladder",
            Policy::uniform().with_ladder(LadderRule::default()),
        ),
        (
            "tesuji ladder nakade",
            Policy::new(patterns::mc_tesuji())
                .with_ladder(LadderRule::default())
                .with_nakade(NakadeRule::default()),
        ),
    ];
    for size in [9usize, 19] {
        for (name, policy) in &policies {
            let start = Playout::new(PlayoutBoard::empty(size).unwrap(), policy);
            let mut rng = fastrand::Rng::with_seed(1);
            c.bench_function(&format!("playout {size}x{size} {name}"), |b| {
                b.iter(|| {
                    let mut playout = start.clone();
                    playout.run(policy, &mut rng, 3 * size * size, &mut |_, _| {});
                    playout.board().area_score(7.5)
                })
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = playouts
}
criterion_main!(benches);
