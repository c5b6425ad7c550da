"""Compares a GTP engine's `initial_influence` maps with GNU Go's stored answers
on the 60 public positions (`shared/expected/layers/influence.jsonl.gz`).

`loader/tests/all/influence_agreement.rs` measures the layer with GNU Go's own
dead stones; this script measures what the engine computes by itself (its
own worms, dragons, owl statuses, pattern passes), as `gtp_layers_diff.py
--influence` does live on positions outside the public set. For both
colours to move and every quantity it counts the points within 0.01 of
GNU Go's printed value, in all and per half (even / odd position index).

    python3 engine/examples/influence_public.py \\
        "$PWD/target/release/tesuji gtp --patterns ../shared/corpus/gnugo-3.8/patterns" \\
        [--shared ../shared]

A measurement, not a test: its figures go into notes with the command line.
"""
import argparse
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtp_layers_diff import Engine, INFLUENCE_QUANTITIES  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ours", help="command line of the engine measured")
    parser.add_argument("--shared", default="../shared")
    args = parser.parse_args()
    shared = os.path.abspath(args.shared)
    root = os.path.dirname(shared)
    engine = Engine(args.ours, os.getcwd())
    tally = {}
    with gzip.open(os.path.join(shared, "expected", "layers", "influence.jsonl.gz"), "rt") as f:
        records = [json.loads(line) for line in f]
    for index, record in enumerate(records):
        half = index % 2
        ok, answer = engine.ask(f"loadsgf {os.path.join(root, record['sgf'])} "
                                f"{record['move_number']}")
        if not ok:
            print(f"{record['pos']}: loadsgf failed: {answer}")
            continue
        for letter, color in (("B", "black"), ("W", "white")):
            for quantity in INFLUENCE_QUANTITIES:
                ok, text = engine.ask(f"initial_influence {color} {quantity}")
                want = [x for row in record["maps"][letter][quantity]["parsed"] for x in row]
                mine = [float(x) for x in text.split()] if ok else []
                same = sum(abs(a - b) <= 0.0101 for a, b in zip(mine, want)) if ok else 0
                entry = tally.setdefault(quantity, [[0, 0], [0, 0]])
                entry[half][0] += same
                entry[half][1] += len(want)
    engine.close()
    for quantity, halves in tally.items():
        a = halves[0][0] + halves[1][0]
        n = halves[0][1] + halves[1][1]
        share = [100.0 * h[0] / max(h[1], 1) for h in halves]
        print(f"{quantity:20} all {a:6} / {n:6} {100.0 * a / max(n, 1):5.1f}%  "
              f"even {share[0]:5.1f}%  odd {share[1]:5.1f}%")


if __name__ == "__main__":
    main()
