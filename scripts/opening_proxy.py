#!/usr/bin/env python3
"""The 19x19 opening proxy: GAMES games of only the first MOVES moves
between an engine (FIRST, e.g. tesuji's search at a fixed playout count)
and an opponent (SECOND, GNU Go 3.8 level 10 by default), colours
alternating (FIRST takes Black in games 1, 3, 5, ...), komi KOMI, then
GNU Go's `estimate_score` of the position (asked of a third process, the
referee, which also checks every move legal). Prints one line per game
(the estimate from FIRST's side: positive = FIRST ahead) and the mean
and standard deviation over all games, over FIRST's Black games and over
its White games; appends them to --out FILE.

A fixed playout count (`--playouts N` in FIRST) makes the games
independent of the machine's load; `{game}` in either command line
becomes the game's number (`--seed {game}`), so a rerun repeats the
games. Not part of CI. Example:

    python3 scripts/opening_proxy.py --games 6 --moves 40 \\
        --first "target/release/tesuji gtp --search mcts --threads 1 --playouts 19000 --seed {game}" \\
        --out /tmp/proxy-default.txt
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Gtp, reporter, set_up  # noqa: E402


def estimate(text):
    """The number of an `estimate_score` answer (`W+7.5 (upper ...)`) from
    Black's side (positive: Black ahead)."""
    head = text.split()[0]
    if head in ("0", "Jigo"):
        return 0.0
    sign = 1.0 if head[0].upper() == "B" else -1.0
    return sign * float(head[2:])


def play_opening(black, white, referee, args):
    """Plays the first `args.moves` moves; returns (moves, estimate from
    Black's side). A resignation ends the opening early."""
    set_up(black, white, referee, args)
    players = {"b": black, "w": white}
    other = {"b": "w", "w": "b"}
    color, moves = "b", []
    while len(moves) < args.moves:
        move = players[color].ask(f"genmove {color}").lower()
        if move == "resign":
            moves.append(f"{color}:resign")
            break
        referee.ask(f"play {color} {move}")
        players[other[color]].ask(f"play {color} {move}")
        moves.append(f"{color}:{move}")
        color = other[color]
    return moves, estimate(referee.ask("estimate_score"))


def spread(values):
    """`mean ± sd (n)` of `values`."""
    if not values:
        return "none"
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):+.1f} ± {sd:.1f} (n={len(values)})"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    parser.add_argument("--first", required=True, help="command line of the engine measured")
    parser.add_argument(
        "--second",
        default="/usr/games/gnugo --mode gtp --level 10 --chinese-rules",
        help="command line of the opponent",
    )
    parser.add_argument(
        "--referee",
        default="/usr/games/gnugo --mode gtp --chinese-rules",
        help="command line of the engine asked `estimate_score`",
    )
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument(
        "--start", type=int, default=0, help="number of the first game less one (colours and {game} follow)"
    )
    parser.add_argument("--moves", type=int, default=40, help="moves of each game (both sides)")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--seconds", type=int, default=5, help="`time_settings 0 SECONDS 1` sent to both")
    parser.add_argument("--out", help="file the results are appended to")
    args = parser.parse_args()

    say = reporter(args.out)

    say(f"# {time.strftime('%Y-%m-%d %H:%M:%S')} first: {args.first}")
    say(f"# second: {args.second}; {args.games} openings of {args.moves} moves, {args.size}x{args.size}, komi {args.komi}")
    results = {"B": [], "W": []}
    for game in range(args.start, args.start + args.games):
        first = Gtp(args.first.replace("{game}", str(game + 1)))
        second = Gtp(args.second.replace("{game}", str(game + 1)))
        referee = Gtp(args.referee)
        first_color = "B" if game % 2 == 0 else "W"
        black, white = (first, second) if first_color == "B" else (second, first)
        start = time.time()
        try:
            moves, black_ahead = play_opening(black, white, referee, args)
        except (RuntimeError, BrokenPipeError) as cause:
            say(f"game {game + 1}: first plays {first_color}, no result ({cause})")
            continue
        finally:
            for engine in (first, second, referee):
                engine.close()
        ahead = black_ahead if first_color == "B" else -black_ahead
        results[first_color].append(ahead)
        say(
            f"game {game + 1}: first plays {first_color}, estimate {ahead:+.1f} for first "
            f"after {len(moves)} moves, {time.time() - start:.0f} s"
        )
        say(f"#   moves: {' '.join(moves)}")
    say(f"first as Black: {spread(results['B'])}")
    say(f"first as White: {spread(results['W'])}")
    say(f"all: {spread(results['B'] + results['W'])}")


if __name__ == "__main__":
    sys.exit(main())
