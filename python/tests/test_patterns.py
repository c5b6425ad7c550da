"""``tesuji.PatternDatabase`` and ``tesuji.Engine``: GNU Go's databases
compiled from Python match the public positions exactly as GNU Go's raw
matches (``expected/matches``) and as ``tesuji match --json``; the engine's
proposals equal ``tesuji propose --json``'s and genmove's list ``tesuji gtp``'s
``top_moves``; bad boards
raise clear errors."""

import json
import subprocess
from collections import Counter

import numpy as np
import pytest

import tesuji
from conftest import read_jsonl

# Database, files and plain mkpat options (expected/mkpat/README.md).
PLAIN = {"conn": (["conn.db"], "-c"), "attack": (["attack.db"], "-X"),
         "patterns": (["patterns.db", "patterns2.db"], "-b")}


@pytest.fixture(scope="module")
def positions(shared):
    table = json.loads((shared / "expected" / "matches" / "positions.json").read_text())
    loaded = {}
    for pid, entry in sorted(table.items()):
        sgf = shared / entry["file"].removeprefix("shared/")
        loaded[pid] = (sgf, entry["move_number"], tesuji.load_sgf(sgf, entry["move_number"]))
    assert len(loaded) == 60
    return loaded


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_matches_equal_gnugo_raw_matches(shared, positions, name):
    files, options = PLAIN[name]
    directory = shared / "corpus" / "gnugo-3.8" / "patterns"
    db = tesuji.PatternDatabase([directory / f for f in files], options)
    assert len(db) > 0
    got = Counter()
    for pid, (_, _, (board, _, _)) in positions.items():
        for m in db.matches(board, "both"):
            got[(pid, m["color"], m["pattern"], m["ll"], m["anchor"], m["move"])] += 1
    expected = Counter(
        (r["pos"], r["color"], r["pattern"], r["ll"], r["anchor"], r.get("move"))
        for r in read_jsonl(shared / "expected" / "matches" / "public" / f"{name}.jsonl.gz"))
    assert sum(expected.values()) > 0
    missing, extra = expected - got, got - expected
    assert not missing and not extra, (list(missing)[:5], list(extra)[:5])


def test_matches_equal_tesuji_match(shared, positions, tesuji_binary):
    conn = shared / "corpus" / "gnugo-3.8" / "patterns" / "conn.db"
    db = tesuji.PatternDatabase(conn)
    for pid in list(positions)[::12]:
        sgf, move, (board, to_move, _) = positions[pid]
        out = subprocess.run([tesuji_binary, "match", sgf, "--move", str(move), "--db", conn,
                              "--json"], check=True, capture_output=True, text=True).stdout
        expected = [json.loads(line) for line in out.splitlines()]
        assert db.matches(board, to_move) == expected, pid


def _top_moves_cli(binary, sgf, move, to_move):
    """The moves of `tesuji gtp`'s `top_moves_<colour>` on the position."""
    colour = "black" if str(to_move).lower() in ("b", "black") else "white"
    script = f"loadsgf {sgf} {move}\ntop_moves_{colour}\n"
    out = subprocess.run([binary, "gtp"], input=script, check=True, capture_output=True,
                         text=True).stdout
    answer = out.split("\n\n")[1].removeprefix("=").split()
    return answer[0::2]


def _propose_cli(binary, sgf, move, extra=()):
    out = subprocess.run([binary, "propose", sgf, "--move", str(move), "--json", *extra],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_engine_proposals_equal_tesuji_propose(shared, positions, tesuji_binary):
    """The embedded databases need no layer the command line lacks: the
    engine's answers equal `tesuji propose --json`'s."""
    engine = tesuji.Engine()
    compared = 0
    for pid in list(positions)[::6]:
        sgf, move, (board, to_move, ko) = positions[pid]
        expected = _propose_cli(tesuji_binary, sgf, move)
        engine.set_position(board, ko)
        assert engine.propose(to_move) == expected, pid
        ranked = engine.genmove(to_move)
        assert ranked[:10] == _top_moves_cli(tesuji_binary, sgf, move, to_move), pid
        explained = engine.explain(to_move)
        accepted = {(e["move"], e["pattern"]) for e in explained if e["verdict"] != "rejected"}
        assert accepted == {(p["move"], p["pattern"]) for p in expected}, pid
        compared += len(expected)
    assert compared > 0


def test_engine_on_gnugo_patterns_decides_what_tesuji_propose_leaves_open(
        shared, positions, tesuji_binary):
    """GNU Go's directory compiled at load: the engine judges on the
    analysed position (dragons), `tesuji propose` on board, strings and
    reading only. Every proposal the command line decides is the engine's
    too, with the same verdict; the engine's others are ones the command
    line left undecided."""
    directory = shared / "corpus" / "gnugo-3.8" / "patterns"
    engine = tesuji.Engine(directory)
    decided_here = 0
    for pid in list(positions)[::10]:
        sgf, move, (board, to_move, ko) = positions[pid]
        key = lambda p: (p["move"], p["db"], p["pattern"], p["ll"])  # noqa: E731
        cli = {key(p): p for p in _propose_cli(tesuji_binary, sgf, move, ["--patterns", directory])}
        engine.set_position(board, ko)
        mine = {key(p): p for p in engine.propose(to_move)}
        for k, p in cli.items():
            if p["verdict"] == "accepted":
                assert mine.get(k, {}).get("verdict") == "accepted", (pid, k)
        for k, p in mine.items():
            assert k in cli, (pid, k, "proposed by the engine only")
            if p["verdict"] != cli[k]["verdict"]:
                assert cli[k]["verdict"] == "undecided", (pid, k)
                decided_here += 1
    assert decided_here > 0, "the analysis decided nothing the command line left open"


def test_bad_boards_and_databases(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_text("Pattern P1\n\n??\n\n:8,-\n")
    with pytest.raises(ValueError, match="bad.db"):
        tesuji.PatternDatabase(bad)
    with pytest.raises(ValueError, match="reading"):
        tesuji.PatternDatabase(tmp_path / "missing.db")
    with pytest.raises(TypeError, match="files"):
        tesuji.PatternDatabase(3)
    engine = tesuji.Engine()
    with pytest.raises(ValueError, match="expected a 2-d"):
        engine.set_position(np.zeros(81, dtype=np.int8))
    with pytest.raises(ValueError, match=r"board\[0, 1\] = 2"):
        engine.set_position(np.array([[0, 2], [0, 0]]))
    with pytest.raises(TypeError, match="dtype float64"):
        engine.set_position(np.zeros((9, 9)))
    with pytest.raises(ValueError, match="board size"):
        engine.set_position(np.zeros((0, 0), dtype=np.int8))
    with pytest.raises(ValueError, match="colour"):
        engine.propose("green")
    with pytest.raises(ValueError, match="not a vertex"):
        engine.set_position(np.zeros((9, 9), dtype=np.int8), ko="Z40")
    with pytest.raises(ValueError):
        tesuji.load_sgf(tmp_path / "none.sgf")
    with pytest.raises(ValueError, match="not a directory"):
        tesuji.Engine(tmp_path / "no-patterns")
