"""``tesuji.Env``'s contract beyond the traces: shapes and dtypes, bad
input raising clear exceptions with nothing stepped, auto-reset as Pgx's
wrapper does it, and the same games whatever the number of threads."""

import numpy as np
import pytest

import tesuji


def test_state_shapes_and_dtypes():
    env = tesuji.Env(9, 3, seed=5)
    state = env.reset()
    assert state.observation.shape == (3, 9, 9, 17) and state.observation.dtype == np.bool_
    assert state.legal_action_mask.shape == (3, 82) and state.legal_action_mask.all()
    assert state.rewards.shape == (3, 2) and state.rewards.dtype == np.float32
    assert state.terminated.shape == (3,) and not state.terminated.any()
    assert state.current_player.dtype == np.int32
    assert state.board.shape == (3, 9, 9) and state.board.dtype == np.int8
    assert (env.size, env.batch_size, env.num_actions) == (9, 3, 82)
    # Black moves first: plane 16 is all false, the board planes empty.
    assert not state.observation.any()


def test_step_plays_and_observes_for_the_player_to_move():
    env = tesuji.Env(5, 1)
    env.reset(black_player=0)
    state = env.step(12)  # black at the centre
    assert state.board[0, 2, 2] == 1
    assert not state.legal_action_mask[0, 12]
    # White to move: plane 1 (the opponent's stones now) has the stone,
    # plane 16 is all true.
    assert state.observation[0, 2, 2, 1] and not state.observation[0, 2, 2, 0]
    assert state.observation[0, :, :, 16].all()
    assert state.current_player[0] == 1


@pytest.mark.parametrize(
    "actions, error, words",
    [
        (np.array([0, 1]), ValueError, "expected shape (3,)"),
        (np.array([[0, 1, 2]]), ValueError, "expected shape (3,)"),
        (np.array([0.0, 1.0, 2.0]), TypeError, "expected integers, got dtype float64"),
        (np.array([0, 82, 3]), ValueError, "actions[1] = 82 is out of range (0..=81, 81 is pass)"),
        (np.array([0, -1, 3]), ValueError, "actions[1] = -1 is out of range"),
        ("abc", TypeError, "expected integers"),
        (np.array([True, False, True]), TypeError, "got dtype bool"),
    ],
)
def test_bad_actions_raise_and_step_nothing(actions, error, words):
    env = tesuji.Env(9, 3)
    before = env.reset(seed=1)
    with pytest.raises(error) as caught:
        env.step(actions)
    assert words in str(caught.value)
    after = env.step(np.array([81, 81, 81]))
    assert (after.step_count == before.step_count + 1).all(), "the bad step moved something"


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"size": 0}, "size: board size 0"),
        ({"size": 26}, "size: board size 26"),
        ({"batch_size": 0}, "batch_size: must be at least 1"),
        ({"threads": 0}, "threads: must be at least 1"),
    ],
)
def test_bad_constructor_arguments(kwargs, words):
    with pytest.raises(ValueError) as caught:
        tesuji.Env(**kwargs)
    assert words in str(caught.value)


def test_bad_black_player():
    env = tesuji.Env(9, 2)
    with pytest.raises(ValueError, match=r"black_player\[1\] = 2"):
        env.reset(black_player=np.array([0, 2]))
    with pytest.raises(ValueError, match="expected shape"):
        env.reset(black_player=1)


def test_illegal_action_loses_and_finished_games_stay_finished():
    env = tesuji.Env(9, 1)
    env.reset(black_player=0)
    env.step(40)
    state = env.step(40)  # white on black's stone: illegal, white loses
    assert state.terminated[0] and state.rewards[0].tolist() == [1.0, -1.0]
    state = env.step(0)
    assert state.terminated[0] and state.rewards[0].tolist() == [0.0, 0.0]


def test_auto_reset_reports_the_end_and_shows_the_new_game():
    env = tesuji.Env(9, 1, auto_reset=True)
    env.reset(black_player=0)
    env.step(81)
    state = env.step(81)  # two passes end the game
    assert state.terminated[0] and state.rewards[0].sum() == 0 and state.rewards[0].any()
    assert state.step_count[0] == 0 and state.legal_action_mask.all() and not state.board.any()
    state = env.step(81)
    assert not state.terminated[0] and state.rewards[0].tolist() == [0.0, 0.0]


@pytest.mark.parametrize("size", [9, 19])
def test_threads_change_nothing(size):
    """step_random on 300 environments (split over threads) gives the same
    arrays as on one thread, step after step, restarts included."""
    one = tesuji.Env(size, 300, seed=11, auto_reset=True, threads=1)
    many = tesuji.Env(size, 300, seed=11, auto_reset=True, threads=3)
    one.reset()
    many.reset()
    for _ in range(40):
        a, b = one.step_random(), many.step_random()
        for field in ("observation", "legal_action_mask", "rewards", "terminated",
                      "current_player", "step_count", "board"):
            assert np.array_equal(getattr(a, field), getattr(b, field)), field


def test_observations_off():
    env = tesuji.Env(9, 2, observations=False)
    assert env.reset().observation is None
    assert env.step_random().observation is None


def test_states_are_independent_arrays():
    env = tesuji.Env(9, 1)
    first = env.reset(black_player=0)
    env.step(0)
    assert not first.board.any(), "an earlier state changed under its holder"
