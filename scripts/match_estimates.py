#!/usr/bin/env python3
"""Where a match's games were won or lost: each game of a `match.py --moves`
output file replayed into GNU Go 3.8, its `estimate_score` asked every
EVERY moves and printed from the first engine's side (positive: the first
engine ahead), one row per game, then the mean at each checkpoint. Not part
of CI. Example:

    python3 scripts/match_estimates.py docs/tuning/mcts-match-19x19-5s.txt --every 30
"""

import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Gtp  # noqa: E402
from opening_proxy import estimate  # noqa: E402

GAME = re.compile(r"^game (\d+): first plays ([BW]), (.*)$")


def games(path):
    """(number, first engine's colour, result text, moves) of each game with its moves."""
    found, pending = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = GAME.match(line)
            if m:
                pending = (int(m.group(1)), m.group(2), m.group(3))
            elif line.startswith("#   moves:") and pending:
                found.append((*pending, line.split(":", 1)[1].split()))
                pending = None
    return found


def games_or_exit(path):
    """`games(path)`, or the run stops with the reason the file cannot be read."""
    try:
        return games(path)
    except OSError as cause:
        sys.exit(f"error: cannot read {path}: {cause.strerror}")


def checkpoints(referee, size, komi, moves, every, first_color):
    """The estimates from the first engine's side after every `every` moves."""
    referee.ask(f"boardsize {size}")
    referee.ask("clear_board")
    referee.ask(f"komi {komi}")
    sign = 1.0 if first_color == "B" else -1.0
    values = []
    for n, move in enumerate(moves, 1):
        color, vertex = move.split(":")
        if vertex == "resign":
            break
        referee.ask(f"play {color} {vertex}")
        if n % every == 0:
            values.append(sign * estimate(referee.ask("estimate_score")))
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a match.py output file written with --moves")
    parser.add_argument("--every", type=int, default=30, help="moves between two estimates")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--referee", default="/usr/games/gnugo --mode gtp --chinese-rules",
                        help="the GTP engine asked `estimate_score`")
    args = parser.parse_args()
    if args.every < 1:
        sys.exit("error: --every must be at least 1")
    rows = games_or_exit(args.file)
    if not rows:
        sys.exit(f"error: {args.file} holds no game with a `#   moves:` line")
    referee = Gtp(args.referee)
    columns = {}
    try:
        for number, color, result, moves in rows:
            values = checkpoints(referee, args.size, args.komi, moves, args.every, color)
            for i, v in enumerate(values):
                columns.setdefault(i, []).append(v)
            cells = " ".join(f"{v:+7.1f}" for v in values)
            print(f"game {number:3} ({color}) {result.split(',')[0]:<12} {cells}")
    finally:
        referee.close()
    print("mean over the games still going (how many):")
    for i in sorted(columns):
        print(f"  move {args.every * (i + 1):4}: {statistics.mean(columns[i]):+7.1f} ({len(columns[i])})")


if __name__ == "__main__":
    main()
