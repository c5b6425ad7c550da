"""Post-constraint F1 of `tesuji explain` against GNU Go on positions outside the public set.

`tests/all/explain_postconstraint.rs` scores `tesuji explain`'s verdicts
against GNU Go's post-constraint matches of the 60 public positions
(`shared/expected/postconstraint/`). This script measures the same on other
positions by producing GNU Go's side live, as that data was produced: GNU Go
3.8 with `-a -t` (all patterns, trace) is asked `loadsgf FILE N` and
`genmove COLOUR`, and every trace line `pattern 'NAME'+LL matched at
VERTEX` is one post-constraint match; an `Endgame pattern matcher` header
marks that GNU Go ran its endgame pass. Positions are drawn from the corpus
games with a seed, never one of the public 60.

    python3 engine/examples/postconstraint_diff.py "$PWD/target/release/tesuji" \
        [--gnugo /usr/games/gnugo] [--positions 100] [--seed 3] [--shared ../shared]

Prints micro-F1 with undecided counted as accepted and as rejected, both
over all candidates and with endgame.db only where GNU Go ran its endgame
pass (the design's candidate set). It needs GNU Go: a measurement for
notes, not a test.
"""
import argparse
import json
import os
import re
import subprocess

from gtp_layers_diff import pick_positions

TRACE = re.compile(r"^pattern '([^']+)'\+(\d+) matched at ([A-T]\d+)")


def gnugo_survivors(gnugo, path, move):
    """GNU Go's post-constraint (pattern, ll, move) keys and whether it ran
    its endgame pass; None when the position cannot be loaded."""
    loaded = subprocess.run([gnugo, "--mode", "gtp", "--quiet"], input=f"loadsgf {path} {move}\nquit\n",
                            capture_output=True, text=True).stdout
    answer = loaded.split("\n")[0]
    if not answer.startswith("= "):
        return None
    color = answer[2:].strip()
    run = subprocess.run([gnugo, "--mode", "gtp", "--quiet", "--seed", "1", "-a", "-t"],
                         input=f"loadsgf {path} {move}\ngenmove {color}\nquit\n",
                         capture_output=True, text=True)
    keys, ran_endgame = set(), False
    for line in run.stderr.split("\n"):
        if line.startswith("Endgame pattern matcher"):
            ran_endgame = True
        m = TRACE.match(line)
        if m:
            keys.add((m.group(1), int(m.group(2)), m.group(3)))
    return color, keys, ran_endgame


def our_rows(tesuji, path, move, patterns):
    out = subprocess.run([tesuji, "explain", path, "--move", str(move), "--patterns", patterns,
                          "--json"], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.split("\n") if line.strip()]


def f1(tp, fp, fn):
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tesuji")
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--shared", default=os.path.join(os.getcwd(), "..", "shared"))
    args = parser.parse_args()
    shared = os.path.abspath(args.shared)
    patterns = os.path.join(shared, "corpus", "gnugo-3.8", "patterns")
    # tally[(design candidate set?, undecided accepted?)] = [tp, fp, fn]
    tally = {(restricted, accept): [0, 0, 0] for restricted in (False, True)
             for accept in (True, False)}
    counted = 0
    for path, move in pick_positions(shared, args.positions, args.seed):
        survivors = gnugo_survivors(args.gnugo, path, move)
        if survivors is None:
            continue
        color, truth, ran_endgame = survivors
        rows = our_rows(args.tesuji, path, move, patterns)
        if any(r["color"] != color[0].upper() for r in rows):
            raise SystemExit(f"{path} {move}: explained for another colour than GNU Go's {color}")
        counted += 1
        for restricted in (False, True):
            kept = [r for r in rows if not restricted or ran_endgame or r["db"] != "endgame"]
            for accept in (True, False):
                verdicts = ("accepted", "undecided") if accept else ("accepted",)
                ours = {(r["pattern"], r["ll"], r["move"]) for r in kept if r["verdict"] in verdicts}
                t = tally[(restricted, accept)]
                t[0] += len(ours & truth)
                t[1] += len(ours - truth)
                t[2] += len(truth - ours)
    print(f"{counted} positions")
    for restricted in (False, True):
        name = "endgame.db only where GNU Go ran it" if restricted else "all candidates"
        accept, reject = tally[(restricted, True)], tally[(restricted, False)]
        print(f"{name:38} F1 undecided->accepted {f1(*accept):.3f} | undecided->rejected "
              f"{f1(*reject):.3f}  (GNU Go's matches {accept[0] + accept[2]})")


if __name__ == "__main__":
    main()
