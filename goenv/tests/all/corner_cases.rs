//! One test per corner case of Pgx's semantics, on small positions built
//! move by move (our own fixtures): the start, simple ko and its one-step
//! ban, an illegal ko retake (captures, superko flag, mover loses), single
//! and multi-stone suicide (masked, and played anyway), playing on an
//! occupied point, pass-pass scoring, the step limit, stepping a finished
//! game, out-of-range actions and the observation planes.

use goenv::{Env, EnvConfig, EnvError};

/// Point `(row, col)` on an `n` board.
fn pt(n: usize, row: usize, col: usize) -> usize {
    row * n + col
}

fn env_after(size: usize, black_player: u8, actions: &[usize]) -> Env {
    let mut env = Env::new(EnvConfig::new(size).unwrap(), black_player).unwrap();
    for &a in actions {
        env.step(a).unwrap();
    }
    env
}

/// 5x5: white stone at (1,1) inside black's three stones; white wall
/// around (1,2). Black to move next can take the ko at (1,2).
fn ko_setup() -> Vec<usize> {
    let p = |r, c| pt(5, r, c);
    vec![
        p(0, 1),
        p(0, 2),
        p(1, 0),
        p(2, 2),
        p(2, 1),
        p(1, 3),
        p(4, 4),
        p(1, 1),
    ]
}

#[test]
fn the_start_has_every_action_legal_and_an_empty_observation() {
    let mut env = env_after(9, 1, &[]);
    assert_eq!(env.legal_mask(), vec![true; 82]);
    assert_eq!(env.rewards(), [0.0, 0.0]);
    assert_eq!(env.current_player(), 1);
    assert!(!env.terminated());
    assert_eq!(env.observation_hex(), "00".repeat(81 * 17 / 8 + 1));
    assert_eq!(env.score(), [81, 81]);
}

#[test]
fn simple_ko_bans_the_retake_for_one_step_only() {
    let mut actions = ko_setup();
    actions.push(pt(5, 1, 2)); // Black takes the ko.
    let mut env = env_after(5, 0, &actions);
    assert_eq!(env.board().stone_count(goban::Color::White), 3);
    assert_eq!(env.ko_point(), Some(pt(5, 1, 1)));
    assert!(!env.legal_mask()[pt(5, 1, 1)], "the retake is banned");
    assert!(env.legal_mask()[pt(5, 3, 3)]);
    // White elsewhere, black elsewhere: the retake is legal again.
    env.step(pt(5, 4, 0)).unwrap();
    assert_eq!(env.ko_point(), None);
    env.step(pt(5, 3, 4)).unwrap();
    assert!(env.legal_mask()[pt(5, 1, 1)]);
    env.step(pt(5, 1, 1)).unwrap();
    assert!(!env.terminated());
    assert_eq!(env.ko_point(), Some(pt(5, 1, 2)));
}

#[test]
fn an_illegal_ko_retake_captures_repeats_and_loses() {
    let mut actions = ko_setup();
    actions.push(pt(5, 1, 2));
    let mut env = env_after(5, 0, &actions);
    let before_take = env_after(5, 0, &ko_setup()).board_text();
    env.step(pt(5, 1, 1)).unwrap();
    assert!(env.terminated() && env.illegal_action_taken());
    // The retake really captured: the position after white's (1,1) is back.
    assert_eq!(env.board_text(), before_take);
    assert!(env.end_reasons().psk);
    assert_eq!(env.end_reasons().names(), ["psk"]);
    // White (player 1) moved illegally.
    assert_eq!(env.rewards(), [1.0, -1.0]);
}

#[test]
fn suicide_is_masked_and_played_anyway_it_stays_and_loses() {
    let n = 5;
    // Single stone: black at (0,1) and (1,0); white to move at (0,0).
    let mut env = env_after(n, 0, &[pt(n, 0, 1), pt(n, 4, 4), pt(n, 1, 0)]);
    assert!(!env.legal_mask()[pt(n, 0, 0)]);
    env.step(pt(n, 0, 0)).unwrap();
    assert!(env.terminated() && env.illegal_action_taken());
    assert_eq!(&env.board_text()[..1], "O", "the suicide stone stays");
    assert!(env.end_reasons().names().is_empty());
    assert_eq!(env.rewards_by_color(), [1.0, -1.0]);
    // Several stones: white (0,0) would join (0,1) with no liberty left.
    let env = env_after(
        n,
        0,
        &[
            pt(n, 0, 2),
            pt(n, 0, 0),
            pt(n, 1, 0),
            pt(n, 4, 4),
            pt(n, 1, 1),
        ],
    );
    assert!(!env.legal_mask()[pt(n, 0, 1)]);
    // A move that captures is no suicide: black at (0,1) takes (0,0).
    let env = env_after(
        n,
        0,
        &[
            pt(n, 0, 2),
            pt(n, 0, 0),
            pt(n, 1, 0),
            pt(n, 4, 4),
            pt(n, 1, 1),
            pt(n, 4, 3),
        ],
    );
    assert!(env.legal_mask()[pt(n, 0, 1)]);
}

#[test]
fn playing_on_an_occupied_point_overwrites_it_and_loses() {
    let mut env = env_after(5, 0, &[12]);
    assert!(!env.legal_mask()[12]);
    env.step(12).unwrap();
    assert!(env.terminated() && env.illegal_action_taken());
    assert_eq!(
        env.board_text(),
        format!("{}O{}", ".".repeat(12), ".".repeat(12))
    );
    assert_eq!(env.score(), [0, 25]);
    assert_eq!(env.rewards(), [1.0, -1.0]);
    assert_eq!(env.step_count(), 2);
}

#[test]
fn pass_pass_at_the_start_scores_the_empty_board_for_both() {
    for (black_player, rewards) in [(0, [-1.0, 1.0]), (1, [1.0, -1.0])] {
        let mut env = env_after(9, black_player, &[81, 81]);
        assert!(env.terminated());
        assert_eq!(env.end_reasons().names(), ["two_passes"]);
        assert_eq!(env.score(), [81, 81]);
        assert_eq!(env.rewards(), rewards, "white wins on komi");
    }
    // One pass does not end the game.
    let env = env_after(9, 0, &[81, 40, 81]);
    assert!(!env.terminated());
}

#[test]
fn the_step_limit_terminates_and_the_score_decides() {
    let config = EnvConfig::new(5).unwrap().with_max_steps(4);
    let mut env = Env::new(config, 0).unwrap();
    for a in [12, 0, 25, 25] {
        assert!(!env.terminated());
        env.step(a).unwrap();
    }
    assert!(env.terminated());
    assert_eq!(env.end_reasons().names(), ["two_passes", "step_limit"]);
    // Black 1 stone, white 1 stone, all empty points touch both: 1 - 7.5 < 1.
    assert_eq!(env.rewards(), [-1.0, 1.0]);
    let mut env = Env::new(config.with_komi(0.0), 0).unwrap();
    for a in [12, 25, 6, 25] {
        env.step(a).unwrap();
    }
    assert_eq!(env.end_reasons().names(), ["step_limit"]);
    assert_eq!(env.rewards(), [1.0, -1.0], "black owns the board");
    assert!(!env.truncated());
}

#[test]
fn stepping_a_finished_game_changes_nothing_and_rewards_zero() {
    let mut env = env_after(9, 0, &[81, 81]);
    let (board, steps) = (env.board_text(), env.step_count());
    env.step(0).unwrap();
    assert_eq!(env.rewards(), [0.0, 0.0]);
    assert!(env.terminated());
    assert_eq!((env.board_text(), env.step_count()), (board, steps));
    assert_eq!(env.legal_mask(), vec![true; 82]);
}

#[test]
fn out_of_range_actions_are_errors_and_change_nothing() {
    let mut env = env_after(9, 0, &[40]);
    assert_eq!(
        env.step(82),
        Err(EnvError::ActionOutOfRange {
            action: 82,
            pass: 81
        })
    );
    assert_eq!(env.step_count(), 1);
    assert!(!env.is_legal(82));
    assert!(Env::new(EnvConfig::new(9).unwrap(), 2).is_err());
    assert!(EnvConfig::new(0).is_err() && EnvConfig::new(26).is_err());
}

#[test]
fn observation_planes_follow_the_player_to_move() {
    let n = 5;
    let env = env_after(n, 0, &[12, 0]);
    let mut obs = vec![false; env.observation_len()];
    env.write_observation(&mut obs);
    let plane = |p: usize, k: usize| obs[p * 17 + k];
    // Black to move: plane 0 my stones now, 1 theirs; 2/3 one step back
    // (after black's first move, white's stone not there yet); 4.. before
    // the start.
    assert!(plane(12, 0) && !plane(12, 1) && plane(0, 1) && !plane(0, 0));
    assert!(plane(12, 2) && !plane(0, 3));
    assert!((4..16).all(|k| !plane(12, k)));
    assert!(
        (0..25).all(|p| !plane(p, 16)),
        "black to move: plane 16 false"
    );
    let env = env_after(n, 0, &[12]);
    env.write_observation(&mut obs);
    assert!(
        obs[12 * 17 + 1] && !obs[12 * 17] && obs[16],
        "white to move sees black as theirs"
    );
}
