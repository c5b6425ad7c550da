#!/usr/bin/env python3
"""Replays games of a match file (`scripts/match.py --moves`) and, at each
move of the first engine from --from-move on, asks two GTP engines
(e.g. the search without and with a remedy) for their best move with
`lz-analyze COLOR 0 maxmoves 1`; prints one line per position where the
best moves differ (move number, the move played in the game, each
engine's best move with its visits and win rate), then how many
positions were looked at and how many differed. Several --b engines are
each compared with --a (e.g. a remedy and, as the control for the
search's own noise, --a with another seed).

Not part of CI. Example (the ladder rule on the lost games of a match):

    python3 scripts/compare_positions.py --file docs/tuning/mcts-match-seki-rule.txt \\
        --games 1 3 --a "target/release/tesuji gtp --search mcts --playouts 5000" \\
        --b "target/release/tesuji gtp --search mcts --playouts 5000 --ladder-extensions 20"
"""

import argparse
import re
import sys

from match import Gtp


def read_games(path):
    """{game number: (first engine's colour 'b'/'w', [(colour, move)])}."""
    games, current = {}, None
    for line in open(path):
        m = re.match(r"game (\d+): first plays ([BW]),", line)
        if m:
            current = (int(m.group(1)), m.group(2).lower())
            continue
        if current and line.startswith("#   moves:"):
            moves = [tuple(t.split(":")) for t in line.split(":", 1)[1].split()]
            games[current[0]] = (current[1], moves)
            current = None
    return games


def best(engine, color):
    """(move, visits, win rate %) of the engine's first analysis entry.
    With `--playouts` the analysis reports once and ends its answer when
    the next command arrives: `name` follows it at once."""
    command = f"lz-analyze {color} 0 maxmoves 1"
    engine.process.stdin.write(f"{command}\nname\n")
    engine.process.stdin.flush()
    info = engine.read_answer(command)
    engine.read_answer("name")
    m = re.search(r"info move (\S+) visits (\d+) winrate (\d+)", info)
    if not m:
        return ("?", 0, 0.0)
    return (m.group(1).lower(), int(m.group(2)), int(m.group(3)) / 100)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", required=True, help="match file written with --moves")
    parser.add_argument("--games", type=int, nargs="+", required=True)
    parser.add_argument("--a", required=True, help="first engine command line")
    parser.add_argument("--b", required=True, nargs="+", help="engine command lines compared with --a")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--from-move", type=int, default=10)
    args = parser.parse_args()
    games = read_games(args.file)
    a, others = Gtp(args.a), [Gtp(b) for b in args.b]
    looked, differed = 0, [0] * len(others)
    for number in args.games:
        ours, moves = games[number]
        for engine in [a] + others:
            engine.ask(f"boardsize {args.size}")
            engine.ask("clear_board")
            engine.ask(f"komi {args.komi}")
        for k, (color, move) in enumerate(moves, start=1):
            if color == ours and k >= args.from_move:
                looked += 1
                best_a = best(a, color)
                for n, engine in enumerate(others):
                    best_b = best(engine, color)
                    if best_a[0] != best_b[0]:
                        differed[n] += 1
                        print(
                            f"game {number} move {k} ({color}, played {move}): "
                            f"a {best_a[0]} {best_a[1]} visits {best_a[2]:.1f}%, "
                            f"b{n + 1} {best_b[0]} {best_b[1]} visits {best_b[2]:.1f}%",
                            flush=True,
                        )
            for engine in [a] + others:
                engine.ask(f"play {color} {move}")
    for n, command in enumerate(args.b):
        print(f"b{n + 1} ({command}): {looked} positions, best move differs in {differed[n]}")
    a.close()
    for engine in others:
        engine.close()


if __name__ == "__main__":
    sys.exit(main())
