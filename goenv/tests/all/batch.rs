//! A `BatchEnv` equals the same environments stepped one by one: given
//! actions (illegal ones included) and its own random play, with restarts,
//! every mask, reward, terminated flag, board and observation.

use goenv::batch::env_rng;
use goenv::{BatchConfig, BatchEnv, Env, EnvConfig, EnvError, Rng};
use proptest::prelude::*;

/// The single environments a batch stands for, with their generators.
struct OneByOne {
    envs: Vec<Env>,
    rngs: Vec<Rng>,
}

impl OneByOne {
    fn new(config: &BatchConfig) -> OneByOne {
        let mut rngs: Vec<Rng> = (0..config.batch_size)
            .map(|i| env_rng(config.seed, i))
            .collect();
        let envs = rngs
            .iter_mut()
            .map(|rng| Env::new(config.env, rng.bit()).unwrap())
            .collect();
        OneByOne { envs, rngs }
    }

    /// Steps environment `i`; returns its rewards and terminated flag of
    /// that step, restarting the game when it ended.
    fn step(&mut self, i: usize, action: usize) -> ([f32; 2], bool) {
        let env = &mut self.envs[i];
        env.step(action).unwrap();
        let outcome = (env.rewards(), env.terminated());
        if outcome.1 {
            let black_player = self.rngs[i].bit();
            env.reset(black_player).unwrap();
        }
        outcome
    }
}

fn compare(
    batch: &BatchEnv,
    singles: &OneByOne,
    outcomes: &[([f32; 2], bool)],
) -> Result<(), TestCaseError> {
    let actions = batch.config().env.num_actions();
    let points = actions - 1;
    let observation_len = points * goenv::PLANES;
    for (i, env) in singles.envs.iter().enumerate() {
        prop_assert_eq!(
            &batch.masks()[i * actions..(i + 1) * actions],
            &env.legal_mask()[..],
            "mask {}",
            i
        );
        prop_assert_eq!(
            &batch.rewards()[2 * i..2 * i + 2],
            &outcomes[i].0[..],
            "rewards {}",
            i
        );
        prop_assert_eq!(batch.terminated()[i], outcomes[i].1, "terminated {}", i);
        let mut board = vec![0i8; points];
        env.write_board(&mut board);
        prop_assert_eq!(
            &batch.boards()[i * points..(i + 1) * points],
            &board[..],
            "board {}",
            i
        );
        let mut observation = vec![false; observation_len];
        env.write_observation(&mut observation);
        let batched = batch.observations().expect("observations kept");
        prop_assert_eq!(
            &batched[i * observation_len..(i + 1) * observation_len],
            &observation[..],
            "observation {}",
            i
        );
        prop_assert_eq!(batch.env(i).board_text(), env.board_text());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn batch_equals_environments_stepped_one_by_one(
        size in 2usize..=7,
        batch_size in 1usize..6,
        seed in any::<u64>(),
        max_steps in 4u32..60,
        random_play in any::<bool>(),
    ) {
        let config = BatchConfig {
            env: EnvConfig::new(size).unwrap().with_max_steps(max_steps),
            batch_size,
            seed,
            observations: true,
        };
        let mut batch = BatchEnv::new(config).unwrap();
        let mut singles = OneByOne::new(&config);
        let mut chooser = Rng::new(seed ^ 0xabcdef);
        let mut finished = 0;
        compare(&batch, &singles, &vec![([0.0; 2], false); batch_size])?;
        for _ in 0..150 {
            let outcomes: Vec<_> = if random_play {
                batch.step_random();
                (0..batch_size)
                    .map(|i| {
                        let action = goenv::random_legal_action(&singles.envs[i], &mut singles.rngs[i]);
                        singles.step(i, action)
                    })
                    .collect()
            } else {
                // Given actions, one in twenty drawn from every action
                // (illegal ones included).
                let actions: Vec<usize> = singles
                    .envs
                    .iter()
                    .map(|env| {
                        if chooser.below(20) == 0 {
                            chooser.below(env.num_actions())
                        } else {
                            goenv::random_legal_action(env, &mut chooser)
                        }
                    })
                    .collect();
                batch.step(&actions).unwrap();
                actions.iter().enumerate().map(|(i, &a)| singles.step(i, a)).collect()
            };
            finished += outcomes.iter().filter(|o| o.1).count() as u64;
            compare(&batch, &singles, &outcomes)?;
        }
        prop_assert_eq!(batch.games_finished(), finished);
    }
}

#[test]
fn bad_batch_steps_are_errors_and_move_nothing() {
    let config = BatchConfig {
        env: EnvConfig::new(5).unwrap(),
        batch_size: 3,
        seed: 9,
        observations: false,
    };
    let mut batch = BatchEnv::new(config).unwrap();
    assert!(batch.observations().is_none());
    assert_eq!(
        batch.step(&[0, 1]),
        Err(EnvError::ActionCount { given: 2, batch: 3 })
    );
    assert_eq!(
        batch.step(&[0, 1, 26]),
        Err(EnvError::ActionOutOfRange {
            action: 26,
            pass: 25
        })
    );
    assert!((0..3).all(|i| batch.env(i).step_count() == 0));
    batch.step(&[0, 1, 25]).unwrap();
    assert!((0..3).all(|i| batch.env(i).step_count() == 1));
    assert_eq!(&batch.boards()[..2], &[1, 0]);
}
