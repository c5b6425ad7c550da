#!/usr/bin/env python3
"""How a match's lost games were lost, in the search's own eyes: each game
the first engine lost in a `match.py --moves` output file is replayed into
`tesuji gtp --search mcts` at a fixed playout count, and before each of the
first engine's moves the search's win rate for it is asked (`lz-analyze
COLOR 0`: the most visited move's). One line per game: the largest drop
between two of its moves (the move, and the opponent's reply after it),
then the trail `move number:move played:win rate`. A single blunder shows
as one large drop; a fight lost bit by bit as a long slide. Not part of CI.
Example:

    python3 scripts/match_winrates.py docs/tuning/mcts-match-9x9-root-exclusions.txt --size 9
"""

import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Gtp  # noqa: E402
from match_estimates import games_or_exit  # noqa: E402

BEST = re.compile(r"info move (\S+) visits \d+ winrate (\d+)\b.*?order 0\b")


def analysis(engine, color):
    """The `info` line of one `lz-analyze COLOR 0` at the engine's fixed
    playout count: printed when the search ends, while the answer itself
    ends only at the next command (here `name`)."""
    engine.process.stdin.write(f"lz-analyze {color} 0\n")
    engine.process.stdin.flush()
    while True:
        line = engine.process.stdout.readline()
        if line == "":
            raise RuntimeError(f"{engine.command}: stopped at `lz-analyze {color} 0`")
        if line.startswith("?"):
            raise RuntimeError(f"{engine.command}: `lz-analyze {color} 0` -> {line.strip()}")
        if line.startswith("info"):
            break
    engine.ask("name")
    return line


def trail(engine, size, komi, moves, first_color):
    """(index, move played, win rate before it) of each of the first engine's moves."""
    engine.ask(f"boardsize {size}")
    engine.ask("clear_board")
    engine.ask(f"komi {komi}")
    mine = first_color.lower()
    rows = []
    for k, move in enumerate(moves):
        color, vertex = move.split(":")
        if vertex == "resign":
            break
        if color == mine:
            best = BEST.search(analysis(engine, color))
            if best:
                rows.append((k, vertex, int(best.group(2)) / 10000))
        engine.ask(f"play {color} {vertex}")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a match.py output file written with --moves")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--playouts", type=int, default=10000, help="playouts of each search")
    parser.add_argument("--engine", default="target/release/tesuji gtp --search mcts --threads 1 --seed 1",
                        help="the search asked (--playouts is added)")
    parser.add_argument("--all", action="store_true", help="every game, not only the lost ones")
    args = parser.parse_args()
    if args.playouts < 1:
        sys.exit("error: --playouts must be at least 1")
    rows = [r for r in games_or_exit(args.file) if args.all or "first loses" in r[2]]
    if not rows:
        sys.exit(f"error: {args.file} holds no such game with a `#   moves:` line")
    engine = Gtp(f"{args.engine} --playouts {args.playouts}")
    largest = []
    try:
        for number, color, result, moves in rows:
            seen = trail(engine, args.size, args.komi, moves, color)
            if len(seen) < 2:
                continue
            i = max(range(1, len(seen)), key=lambda j: seen[j - 1][2] - seen[j][2])
            (k, played, before), after = seen[i - 1], seen[i][2]
            largest.append(before - after)
            reply = moves[k + 1] if k + 1 < len(moves) else "?"
            print(f"game {number:3} ({color}) {result.split(',')[0]:<10} largest drop {before - after:.2f}: "
                  f"{played} at {before:.2f}, reply {reply}, then {after:.2f}")
            print("    " + " ".join(f"{k + 1}:{v}:{w:.2f}" for k, v, w in seen))
    finally:
        engine.close()
    if largest:
        print(f"largest drop per game: median {statistics.median(largest):.2f}, "
              f"over 0.2 in {sum(d > 0.2 for d in largest)} of {len(largest)}")


if __name__ == "__main__":
    main()
