#!/usr/bin/env python3
"""Life-and-death and tactics positions for the search, through GTP: the
7x7 positions of `mcts/tests/all/search.rs` (straight three, bent three,
bulky five, capture race, snapback), each loaded as SGF setup stones
(`loadsgf`) with its komi, each colour to move, asked for its best move
(`lz-analyze COLOR 0 maxmoves 1`) by a fresh engine per seed. Prints each
position's best moves and win rates (`*` marks a winning move), then how
often a winning move was chosen. The killing side's win rate measures how
well the playouts read the group's death: a policy change that plays out
life and death better raises it.

Not part of CI. Example (the search's playout policy at 4,000 playouts,
five seeds):

    python3 scripts/ld_positions.py --engine "target/release/tesuji gtp --search mcts --playouts 4000"
"""

import argparse
import os
import sys
import tempfile

from compare_positions import best
from match import Gtp

# name: (rows from the top, X black, O white; komi; winning moves of b and w)
POSITIONS = {
    "straight three": (
        [".......", ".......", ".......", "XXXXX..", "OOOOX..", "...OX..", "OOOOX.."],
        30.5,
        {"b": ["b2"], "w": ["b2"]},
    ),
    "bent three": (
        [".......", ".......", ".......", "XXXXX..", "OOOOX..", "..OOX..", ".OOOX.."],
        30.5,
        {"b": ["a2"], "w": ["a2"]},
    ),
    "bulky five": (
        [".......", ".......", ".......", "XXXXX..", "OOOOX..", "..OOX..", "...OX.."],
        30.5,
        {"b": ["b1"], "w": ["b1"]},
    ),
    "capture race": (
        [".OXXOX.", "OOXXOXX", "O.XXOXX", "OOX.OXX", ".OXOO.X", "OOXOOXX", ".OXOOX."],
        0.5,
        {"b": ["f3"], "w": ["b5"]},
    ),
    "snapback": (
        ["OOOOOO.", "O.OOXXX", "OOOOXOO", "O.O.XO.", "OOOOXO.", "O.OOXOO", "OOOOXXX"],
        -20.5,
        {"b": ["g4", "g3"], "w": ["g7", "d4"]},
    ),
}


def sgf(rows, komi):
    """The position as SGF setup stones."""
    stones = {"X": [], "O": []}
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell in stones:
                stones[cell].append(f"[{chr(97 + j)}{chr(97 + i)}]")
    size = len(rows)
    return f"(;GM[1]SZ[{size}]KM[{komi}]AB{''.join(stones['X'])}AW{''.join(stones['O'])})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="engine command line (without --seed)")
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    chosen = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, (rows, komi, winning) in POSITIONS.items():
            path = os.path.join(tmp, "position.sgf")
            with open(path, "w") as f:
                f.write(sgf(rows, komi))
            for color in "bw":
                answers = []
                for seed in range(1, args.seeds + 1):
                    engine = Gtp(f"{args.engine} --seed {seed}")
                    engine.ask(f"loadsgf {path}")
                    engine.ask(f"komi {komi}")
                    move, _, winrate = best(engine, color)
                    engine.close()
                    good = move in winning[color]
                    chosen += good
                    total += 1
                    answers.append(f"{move}{'*' if good else ''} {winrate:.0f}%")
                print(f"{name}, {color} to move: {', '.join(answers)}", flush=True)
    print(f"a winning move in {chosen} of {total}")


if __name__ == "__main__":
    sys.exit(main())
