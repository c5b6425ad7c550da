//! `Env` against the plain reference rules of `common/` on random games on
//! small boards (where kos, superko repetitions, suicides and captures are
//! frequent), with illegal actions mixed in and steps taken after the end:
//! every mask, board, ko point, reward, end flag, score and observation.

use crate::common;

use common::Reference;
use goenv::{Env, EnvConfig, Rng};
use proptest::prelude::*;

fn compare(env: &mut Env, reference: &Reference, step: usize) -> Result<(), TestCaseError> {
    let at = format!("step {step}");
    prop_assert_eq!(env.legal_mask(), reference.mask(), "mask at {}", at);
    prop_assert_eq!(env.board_text(), reference.board_text(), "board at {}", at);
    prop_assert_eq!(env.ko_point(), reference.ko, "ko at {}", at);
    prop_assert_eq!(env.rewards(), reference.rewards, "rewards at {}", at);
    prop_assert_eq!(
        env.terminated(),
        reference.terminated,
        "terminated at {}",
        at
    );
    let reasons = env.end_reasons();
    prop_assert_eq!(
        (reasons.two_passes, reasons.psk, reasons.step_limit),
        reference.reasons,
        "end reasons at {}",
        at
    );
    prop_assert_eq!(env.score(), reference.score(), "score at {}", at);
    prop_assert_eq!(
        env.current_player(),
        reference.current_player(),
        "player at {}",
        at
    );
    prop_assert_eq!(
        env.step_count(),
        reference.step_count,
        "step count at {}",
        at
    );
    let mut observation = vec![false; env.observation_len()];
    env.write_observation(&mut observation);
    prop_assert_eq!(
        observation,
        reference.observation(),
        "observation at {}",
        at
    );
    let listed: Vec<usize> = env.legal_actions().collect();
    let from_mask: Vec<usize> = (0..env.num_actions())
        .filter(|&a| env.is_legal(a))
        .collect();
    prop_assert_eq!(&listed, &from_mask, "legal actions at {}", at);
    prop_assert_eq!(env.legal_count(), listed.len());
    for (k, &a) in listed.iter().enumerate() {
        prop_assert_eq!(env.nth_legal_action(k), a);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn env_matches_the_reference_rules(
        size in 1usize..=6,
        seed in any::<u64>(),
        illegal_per_mille in prop_oneof![Just(0u64), Just(5), Just(50)],
        pass_per_mille in prop_oneof![Just(0u64), Just(30), Just(200)],
        black_player in 0u8..=1,
        max_steps in prop_oneof![Just(None), (1u32..40).prop_map(Some)],
        komi in prop_oneof![Just(7.5f32), Just(0.0), Just(2.0)],
    ) {
        let mut config = EnvConfig::new(size).unwrap().with_komi(komi);
        if let Some(max) = max_steps {
            config = config.with_max_steps(max);
        }
        let mut env = Env::new(config, black_player).unwrap();
        let mut reference = Reference::new(size, komi, config.max_steps(), black_player);
        let mut rng = Rng::new(seed);
        compare(&mut env, &reference, 0)?;
        let mut after_end = 0;
        for step in 1..=400 {
            let roll = rng.below(1000) as u64;
            let action = if roll < illegal_per_mille {
                rng.below(env.num_actions())
            } else if roll < illegal_per_mille + pass_per_mille {
                env.pass_action()
            } else {
                goenv::random_legal_action(&env, &mut rng)
            };
            env.step(action).unwrap();
            reference.step(action);
            compare(&mut env, &reference, step)?;
            if env.terminated() {
                after_end += 1;
                if after_end > 2 {
                    break;
                }
            }
        }
    }
}
