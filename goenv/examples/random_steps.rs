//! Callgrind driver: plays a fixed number of random legal steps (after a
//! warm-up) so that instructions per step can be read from callgrind on a
//! busy machine.
//!
//! ```text
//! cargo build -p goenv --release --example random_steps
//! valgrind --tool=callgrind --toggle-collect='goenv::bench::play_random_steps' \
//!     target/release/examples/random_steps 9 200000
//! ```
//!
//! Arguments: board size (default 9), steps (default 200000), and
//! `observations` to write the `(N, N, 17)` observation after every step
//! (collect `goenv::bench::play_random_steps_observed` then). Divide the
//! instructions callgrind reports (`Collected`) by the steps, or run
//! `goenv/benches/callgrind_steps.sh`, which does both.

use goenv::bench::{play_random_steps, play_random_steps_observed};
use goenv::{Env, EnvConfig, Rng};

fn main() {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let steps: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let Ok(config) = EnvConfig::new(size) else {
        eprintln!("random_steps: board size {size} is not supported (1 to 25)");
        std::process::exit(2);
    };
    let mut rng = Rng::new(1);
    let mut env = Env::new(config, 0).expect("a valid configuration");
    let games = if args.next().as_deref() == Some("observations") {
        let mut observation = vec![false; env.observation_len()];
        play_random_steps_observed(&mut env, &mut rng, steps, &mut observation)
    } else {
        play_random_steps(&mut env, &mut rng, steps)
    };
    println!("size {size}: {steps} steps, {games} games");
}
