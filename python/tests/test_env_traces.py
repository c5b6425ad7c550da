"""Every public Pgx trace (``expected/pgx``) replayed through ``tesuji.Env``
from Python: every legal mask, player, board, observation, reward, end
flag and score compared with Pgx's record; the first difference names the
file, game, step and field."""

import numpy as np
import pytest

import tesuji
from conftest import read_jsonl

TRACES = ["go9.jsonl.gz", "go13.jsonl.gz", "go19.jsonl.gz", "go9_psk.jsonl.gz",
          "go13_psk.jsonl.gz", "special.jsonl"]


def mask_text(mask):
    return "".join("1" if m else "0" for m in mask)


def board_text(board):
    return "".join(".XO"[v] for v in board.reshape(-1))


def observation_hex(observation):
    return np.packbits(observation.reshape(-1)).tobytes().hex()


def replay(record):
    """Replays one record; returns the first difference, or None."""
    env = tesuji.Env(record["size"], 1, komi=record["komi"], max_steps=record["max_steps"])
    state = env.reset(black_player=record["black_player"])
    observations = record.get("obs", {})
    for t, action in enumerate(record["actions"]):
        if str(t) in observations and observation_hex(state.observation[0]) != observations[str(t)]:
            return f"step {t}: observation"
        if int(state.current_player[0]) != record["players"][t]:
            return f"step {t}: player {state.current_player[0]} != {record['players'][t]}"
        if mask_text(state.legal_action_mask[0]) != record["legal"][t]:
            return f"step {t}: legal mask"
        state = env.step(action)
        if board_text(state.board[0]) != record["boards"][t]:
            return f"step {t}: board after the step"
        if "rewards_after" in record and state.rewards[0].tolist() != record["rewards_after"][t]:
            return f"step {t}: rewards {state.rewards[0]} != {record['rewards_after'][t]}"
        if "terminated_after" in record and bool(state.terminated[0]) != record["terminated_after"][t]:
            return f"step {t}: terminated"
    final = {
        "terminated": bool(state.terminated[0]),
        "truncated": bool(state.truncated[0]),
        "rewards": state.rewards[0].tolist(),
        "final_board": board_text(state.board[0]),
        "final_current_player": int(state.current_player[0]),
        "final_legal": mask_text(state.legal_action_mask[0]),
        "score_black": int(env.scores()[0][0]),
        "score_white": int(env.scores()[0][1]),
    }
    if "env_step_count" in record:
        final["env_step_count"] = int(state.step_count[0])
    for field, got in final.items():
        if got != record[field]:
            return f"final {field}: {got} != {record[field]}"
    if "final" in observations and observation_hex(state.observation[0]) != observations["final"]:
        return "final observation"
    return None


@pytest.mark.parametrize("name", TRACES)
def test_trace_replays_exactly(shared, name):
    records = read_jsonl(shared / "expected" / "pgx" / name)
    assert records, f"{name}: no records"
    observed = 0
    for record in records:
        difference = replay(record)
        assert difference is None, f"{name} game {record.get('game_id')}: {difference}"
        observed += len(record.get("obs", {}))
    if name != "go9_psk.jsonl.gz" and name != "go13_psk.jsonl.gz":
        assert observed > 0, f"{name}: no observation compared"


def test_batched_replay_equals_single_replays(shared):
    """The first 64 go9 games stepped together as one batch (finished games
    keep passing, as Pgx leaves them) give each game's own final record."""
    records = read_jsonl(shared / "expected" / "pgx" / "go9.jsonl.gz")[:64]
    env = tesuji.Env(9, len(records), threads=2)
    state = env.reset(black_player=np.array([r["black_player"] for r in records]))
    longest = max(len(r["actions"]) for r in records)
    for t in range(longest):
        actions = np.array([r["actions"][t] if t < len(r["actions"]) else 81 for r in records])
        state = env.step(actions)
    scores = env.scores()
    for i, record in enumerate(records):
        assert board_text(state.board[i]) == record["final_board"], record["game_id"]
        assert bool(state.terminated[i]), record["game_id"]
        assert list(scores[i]) == [record["score_black"], record["score_white"]]
