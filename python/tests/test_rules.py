"""``tesuji.Game`` (KataGo's rules): KataGo's rule test records
(``expected/katago/cases.jsonl``) replayed move by move, legality, reasons,
undo, scores, and bad input."""

import pytest

import tesuji
from conftest import read_jsonl


def _play_steps(game, steps, name):
    for k, step in enumerate(steps):
        color, vertex = step["move"].split()
        legal = game.is_legal(vertex, color)
        if "expect_legal" in step:
            assert legal == step["expect_legal"], f"{name} step {k} {step['move']}"
        if not legal:
            with pytest.raises(tesuji.IllegalMoveError) as caught:
                game.play(vertex, color)
            assert caught.value.reason == game.legality(vertex, color)
            continue
        depth = game.undo_depth
        game.play(vertex, color)
        if "expect_game_over" in step:
            assert game.is_over == step["expect_game_over"], f"{name} step {k}: game over"
        if "expect_phase" in step:
            assert game.phase == step["expect_phase"], f"{name} step {k}: phase"
        if "branch" in step:
            _play_steps(game, step["branch"], f"{name} step {k} branch")
            while game.undo_depth > depth + 1:
                assert game.undo()


def test_katago_game_records_replay(shared):
    import json

    records = [r for r in read_jsonl(shared / "expected" / "katago" / "cases.jsonl")
               if r.get("kind") == "game"]
    assert len(records) > 10
    for record in records:
        width, height = record["size"]
        case = record["rules"]
        rules = json.dumps({  # KataGo's JSON form of the record's rules
            "ko": case["ko"], "scoring": case["scoring"], "tax": case["tax"],
            "suicide": case["multi_stone_suicide"], "hasButton": case["button"],
            "whiteHandicapBonus": case["white_handicap_bonus"], "komi": case["komi"]})
        game = tesuji.Game(rules=rules, board=record["board"], to_move=record["to_move"])
        assert len(game.rows) == height and len(game.rows[0]) == width
        _play_steps(game, record["steps"], record["name"])


def test_play_legality_undo_and_score():
    game = tesuji.Game(5, "tromp-taylor", komi=0.5)
    assert game.to_move == "B"
    game.play("C3")
    assert game.legality("C3") == "occupied"
    with pytest.raises(tesuji.IllegalMoveError, match="occupied") as caught:
        game.play("C3")
    assert caught.value.reason == "occupied"
    assert game.board[2, 2] == 1 and game.to_move == "W"
    game.play((0, 0))
    assert game.rows[0] == "O...."
    assert game.undo() and game.rows[0] == "....."
    game.play(None)
    game.play("pass")
    assert game.is_over
    assert game.result()["winner"] == "B"
    assert game.score() == pytest.approx(-24.5)


def test_suicide_and_ko_reasons():
    game = tesuji.Game(rules="japanese", board=[".X...", "X....", ".....", ".....", "....."],
                       to_move="W")
    assert game.legality("A5") == "suicide"
    ko = tesuji.Game(rules="tromp-taylor",
                     board=[".XO..", "XO.O.", ".XO..", ".....", "....."], to_move="B")
    ko.play("C4")  # black captures the white stone at B4
    assert ko.legality("B4", "W") in ("ko", "superko")


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"rules": "no-such-rules"}, ValueError, "rules:"),
        ({"rules": "{\"ko\": 3}"}, ValueError, "rules:"),
        ({"size": 30}, ValueError, "size:"),
        ({"size": "big"}, TypeError, "size:"),
        ({"board": ["..", "..."]}, ValueError, "board:"),
        ({"to_move": "red"}, ValueError, "to_move:"),
    ],
)
def test_bad_games(kwargs, error, words):
    with pytest.raises(error, match=words):
        tesuji.Game(**kwargs)


@pytest.mark.parametrize("move, error", [("Z99", ValueError), ((9, 0), ValueError),
                                          (3.5, TypeError), ("", ValueError)])
def test_bad_moves(move, error):
    game = tesuji.Game(9)
    with pytest.raises(error):
        game.play(move)
    with pytest.raises(ValueError, match="color"):
        game.play("A1", "purple")
