#!/usr/bin/env python3
"""Move prediction of a GTP engine's genmove on a sample of corpus games:
the positions `tesuji stats --valued --every N` counts (each game's
positions 1, 1 + N, 1 + 2N, ..., the games in sorted order), so GNU Go's
figures stand next to tesuji's on the same positions.

For each sampled position before move K the script asks the engine
`loadsgf FILE K+1` and `move_history` for the move played (passes are not
counted, as in `tesuji stats`), then `loadsgf FILE K`, `reg_genmove
COLOR` and `top_moves` for its ranking: top-1 is the move genmove chose,
top-5 the first five of `top_moves`. Prints the totals (and, with
--json FILE, writes them). Not part of CI. Example:

    python3 scripts/prediction_gnugo.py --shared ../shared --every 100 \\
        --engine "/usr/games/gnugo --mode gtp --level 10"
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Gtp  # noqa: E402


def games(directory):
    """The `*.sgf` files under `directory`, sorted as `tesuji stats` sorts."""
    found = []
    for root, _, names in os.walk(directory):
        found.extend(os.path.join(root, n) for n in names if n.endswith(".sgf"))
    return sorted(found)


def last_move(engine):
    """The last move of `move_history` as (colour, vertex), or None."""
    history = engine.ask("move_history").split("\n")
    if not history or not history[0].strip():
        return None
    colour, vertex = history[0].split()
    return colour.lower(), vertex.upper()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    parser.add_argument("--every", type=int, default=100, help="sample step (positions)")
    parser.add_argument(
        "--engine",
        default="/usr/games/gnugo --mode gtp --level 10",
        help="GTP engine command; it must answer reg_genmove, top_moves and move_history (GNU Go does)",
    )
    parser.add_argument("--json", help="write the totals to this file")
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every must be at least 1")
    files = games(os.path.join(args.shared, "corpus", "positions"))
    if not files:
        sys.exit(f"no games under {args.shared}/corpus/positions")
    engine = Gtp(args.engine)
    totals = {"positions": 0, "moves": 0, "top1": 0, "top5": 0}
    started = time.time()
    for done, path in enumerate(files, 1):
        engine.ask(f"loadsgf {path}")
        moves = len([line for line in engine.ask("move_history").split("\n") if line.strip()])
        for number in range(1, moves + 2, args.every):
            totals["positions"] += 1
            if number > moves:
                continue
            engine.ask(f"loadsgf {path} {number + 1}")
            played = last_move(engine)
            if played is None or played[1] == "PASS":
                continue
            colour = engine.ask(f"loadsgf {path} {number}")
            chosen = engine.ask(f"reg_genmove {colour}").upper()
            ranked = engine.ask("top_moves").split()[0::2]
            ranked = [v.upper() for v in ranked]
            totals["moves"] += 1
            totals["top1"] += chosen == played[1]
            totals["top5"] += played[1] in ranked[:5] or chosen == played[1]
        if done % 20 == 0:
            print(f"{done}/{len(files)} games, {totals}, {time.time() - started:.0f} s", file=sys.stderr)
    engine.close()
    moves = max(totals["moves"], 1)
    print(
        f"{args.engine}: every {args.every}th position of {len(files)} games: "
        f"{totals['positions']} positions, {totals['moves']} moves on a point, "
        f"top-1 {totals['top1']} ({100 * totals['top1'] / moves:.1f}%), "
        f"top-5 {totals['top5']} ({100 * totals['top5'] / moves:.1f}%)"
    )
    if args.json:
        with open(args.json, "w") as out:
            json.dump(dict(totals, every=args.every, engine=args.engine), out, indent=1)


if __name__ == "__main__":
    main()
