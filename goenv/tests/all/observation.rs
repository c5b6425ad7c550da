//! The incremental observation ([`PlaneHistory`], what `Env` keeps) against
//! the plain one ([`BoardHistory`]: eight board copies read point by point)
//! on random games with illegal actions mixed in, on small boards and 19×19:
//! after every step, the observation for both colours, and `Env`'s own.

use goban::{Color, Geometry};
use goenv::observation::{BoardHistory, PlaneHistory};
use goenv::{Env, EnvConfig, PLANES, Rng, random_legal_action};
use proptest::prelude::*;

fn check_game(
    size: usize,
    seed: u64,
    steps: usize,
    illegal_every: usize,
) -> Result<(), TestCaseError> {
    let geometry = Geometry::square(size).expect("a board size");
    let mut rng = Rng::new(seed);
    let mut env = Env::new(EnvConfig::new(size).expect("a board size"), rng.bit()).expect("an env");
    let (mut plain, mut packed) = (BoardHistory::new(geometry), PlaneHistory::new(geometry));
    let len = env.observation_len();
    let (mut want, mut got, mut from_env) = (vec![false; len], vec![false; len], vec![false; len]);
    for step in 0..steps {
        if env.terminated() {
            env.reset(rng.bit()).expect("a reset");
            plain.clear();
            packed.clear();
        }
        let action = if illegal_every > 0 && step % illegal_every == illegal_every - 1 {
            rng.below(env.num_actions())
        } else {
            random_legal_action(&env, &mut rng)
        };
        env.step(action).expect("an action in range");
        plain.push(env.board().cells());
        packed.push(env.board().cells());
        for observer in [Color::Black, Color::White] {
            plain.write_observation(geometry, observer, &mut want);
            packed.write_observation(geometry, observer, &mut got);
            prop_assert!(
                want == got,
                "size {size}, step {step}, observer {observer:?}"
            );
        }
        if !env.terminated() {
            plain.write_observation(geometry, env.color_to_move(), &mut want);
            env.write_observation(&mut from_env);
            prop_assert!(want == from_env, "Env, size {size}, step {step}");
            prop_assert_eq!(from_env.len(), size * size * PLANES);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_observation_equals_plain_on_small_boards(
        size in 1usize..=7,
        seed in any::<u64>(),
        illegal_every in 0usize..6,
    ) {
        check_game(size, seed, 120, illegal_every)?;
    }

    #[test]
    fn incremental_observation_equals_plain_on_19x19(seed in any::<u64>()) {
        check_game(19, seed, 60, 0)?;
    }
}
