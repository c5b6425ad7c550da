#!/usr/bin/env python3
"""Sums up match files of `scripts/match.py` (written with `--moves`) for
the first engine: games won overall and on the odd (tuning) and even
(judging) halves of the game numbers, as Black and as White, with 95%
Wilson intervals; Fisher's exact test (two-sided) between every two files
given; and each lost game's move of resignation (or the score) with the
stones each side had captured, read by replaying its moves in the referee
(GNU Go's `captures`).

Not part of CI. Example (the eighth round of `docs/tuning/mcts.md`):

    python3 scripts/match_summary.py docs/tuning/mcts-match-r8-default.txt \\
        docs/tuning/mcts-match-r8-stacked.txt
"""

import argparse
import math
import re
import sys

from match import Gtp

GAME = re.compile(
    r"^game (\d+): first plays ([BW]), (\S+), (\d+) moves, \d+ s, first (wins|loses)"
)


def read_games(path):
    """The games of a match file: dicts with number, colour, score, moves
    (count), won, and the move list when the file has it."""
    games = []
    last_was_game = False
    with open(path) as f:
        for line in f:
            found = GAME.match(line)
            moves_line = line.startswith("#   moves:")
            if found:
                games.append(
                    {
                        "num": int(found[1]),
                        "color": found[2],
                        "score": found[3],
                        "length": int(found[4]),
                        "won": found[5] == "wins",
                        "moves": None,
                    }
                )
            elif moves_line and last_was_game:
                games[-1]["moves"] = line.split(":", 1)[1].split()
            # A game without a result (`no result`) is left out, and so
            # are its moves.
            last_was_game = bool(found)
    return games


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of wins in n, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def fisher(a, b, c, d):
    """Two-sided p of Fisher's exact test on the table [[a, b], [c, d]]
    (the tables no likelier than the one seen, summed)."""
    row1, col1, n = a + b, a + c, a + b + c + d

    def prob(x):
        return math.comb(col1, x) * math.comb(n - col1, row1 - x) / math.comb(n, row1)

    seen = prob(a)
    low, high = max(0, row1 + col1 - n), min(row1, col1)
    return min(1.0, sum(prob(x) for x in range(low, high + 1) if prob(x) <= seen * (1 + 1e-9)))


def captures(referee, moves, size):
    """Stones captured by Black and by White after `moves`."""
    referee.ask(f"boardsize {size}")
    referee.ask("clear_board")
    for move in moves:
        color, vertex = move.split(":")
        referee.ask(f"play {color} {vertex}")
    return int(referee.ask("captures black")), int(referee.ask("captures white"))


def line(label, games):
    wins = sum(g["won"] for g in games)
    low, high = wilson(wins, len(games))
    pct = 100 * wins / len(games) if games else 0
    return f"{label}: {wins} of {len(games)} ({pct:.0f}%, {100 * low:.0f}–{100 * high:.0f}%)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--referee", default="/usr/games/gnugo --mode gtp --chinese-rules")
    args = parser.parse_args()

    referee = Gtp(args.referee)
    tallies = {}
    for path in args.files:
        games = sorted(read_games(path), key=lambda g: g["num"])
        odd = [g for g in games if g["num"] % 2 == 1]
        even = [g for g in games if g["num"] % 2 == 0]
        tallies[path] = (games, odd, even)
        print(path)
        print("  " + line("all", games))
        print("  " + line("odd (tune)", odd))
        print("  " + line("even (judge)", even))
        for color in "BW":
            print("  " + line(f"as {color}", [g for g in games if g["color"] == color]))
        for g in games:
            if g["won"]:
                continue
            text = f"  lost game {g['num']} as {g['color']}: {g['score']}, {g['length']} moves"
            if g["moves"] is not None:
                black, white = captures(referee, g["moves"], args.size)
                own, other = (black, white) if g["color"] == "B" else (white, black)
                text += f", stones captured {own} by tesuji, {other} by GNU Go"
            print(text)
    paths = list(tallies)
    for i, first in enumerate(paths):
        for second in paths[i + 1 :]:
            parts = []
            for half, index in (("all", 0), ("odd", 1), ("even", 2)):
                x, y = tallies[first][index], tallies[second][index]
                wx, wy = sum(g["won"] for g in x), sum(g["won"] for g in y)
                parts.append(f"{half} p = {fisher(wx, len(x) - wx, wy, len(y) - wy):.2f}")
            print(f"Fisher {first} vs {second}: " + ", ".join(parts))
    referee.close()


if __name__ == "__main__":
    sys.exit(main())
