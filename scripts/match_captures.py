#!/usr/bin/env python3
"""How the first engine's stones were captured in a match: each game of a
`match.py --moves` output file replayed into a tesuji GTP engine, and at
every capture of the first engine's stones the tactical reader asked about
the captured string, on the position before the first engine's last move
and after it. Each capture gets one kind:

- `played into capture`: a new string of the stone just played, which the
  reader captures after that move;
- `extended, still captured`: the stone just played joined the string, and
  the reader still captures it (an escape into a ladder or a net);
- `defendable, not defended`: before the move the reader could capture the
  string and also defend it, and the move played did not defend it;
- `made capturable`: the reader could not capture the string before the move
  and can after it;
- `already lost`: before the move the reader captured it and found no
  defence;
- `not tactical`: the reader cannot capture it even after the move (a deeper
  capture: owl, a semeai, a capturing race).

Prints each capture, then stones and captures per kind. With --refusals,
also each of the first engine's moves that `tesuji gtp
--refuse-unsafe-extensions` would have refused (the engine's
`tesuji-unsafe_extensions` before the move), and how many per 50 moves. Not
part of CI. Example:

    python3 scripts/match_captures.py docs/tuning/mcts-match-19x19-engine-opening.txt \\
        --engine "target/release/tesuji gtp"
"""

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Gtp  # noqa: E402
from match_estimates import games_or_exit  # noqa: E402

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def point(vertex):
    """(column, row) of a GTP vertex, None for a pass."""
    if vertex.lower() == "pass":
        return None
    return COLUMNS.index(vertex[0].upper()), int(vertex[1:]) - 1


def vertex(p):
    return f"{COLUMNS[p[0]]}{p[1] + 1}"


class Board:
    """Just enough of the rules to see which stones a move captures."""

    def __init__(self, size):
        self.size = size
        self.stones = {}

    def neighbours(self, p):
        x, y = p
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def string(self, p):
        """The stones of p's string and its liberties."""
        color, stones, todo, liberties = self.stones[p], {p}, [p], set()
        while todo:
            for q in self.neighbours(todo.pop()):
                if q not in self.stones:
                    liberties.add(q)
                elif self.stones[q] == color and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, liberties

    def play(self, color, p):
        """Plays a stone; the strings it captures, each a sorted list."""
        self.stones[p] = color
        captured = []
        for q in self.neighbours(p):
            if q in self.stones and self.stones[q] != color:
                stones, liberties = self.string(q)
                if not liberties:
                    for s in stones:
                        del self.stones[s]
                    captured.append(sorted(stones))
        return captured


def captures_of(moves, size, victim):
    """{move index: [captured strings]} for the moves that capture `victim`'s stones."""
    board, found = Board(size), {}
    for n, move in enumerate(moves):
        color, where = move.split(":")
        p = point(where) if where != "resign" else None
        if p is not None:
            for string in board.play(color.upper(), p):
                if color.upper() != victim:
                    found.setdefault(n, []).append(string)
    return found


def succeeds(answer):
    """Whether a GTP `attack`/`defend` answer names a move (code above 0)."""
    return not answer.startswith("0")


def kind(existed, holds_move, before_attack, before_defend, after_attack):
    if not succeeds(after_attack):
        return "not tactical"
    if holds_move:
        return "extended, still captured" if existed else "played into capture"
    if not succeeds(before_attack):
        return "made capturable"
    if succeeds(before_defend):
        return "defendable, not defended"
    return "already lost"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a match.py output file written with --moves")
    parser.add_argument("--engine", default="target/release/tesuji gtp", help="the GTP engine whose reader is asked")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument(
        "--refusals", action="store_true", help="also the moves the unsafe-extension rule would have refused"
    )
    args = parser.parse_args()

    stones, events = collections.Counter(), collections.Counter()
    refusals, first_moves = collections.Counter(), 0
    for number, first, _, moves in games_or_exit(args.file):
        captured = captures_of(moves, args.size, first)
        reader = Gtp(args.engine)
        reader.ask(f"boardsize {args.size}")
        reader.ask("clear_board")
        board = Board(args.size)
        for n, move in enumerate(moves):
            color, where = move.split(":")
            if where == "resign":
                break
            p = point(where)
            if args.refusals and color.upper() == first and p is not None:
                first_moves += 1
                if where.upper() in reader.ask(f"tesuji-unsafe_extensions {color}").split():
                    refusals[n // 50 * 50] += 1
                    print(f"game {number} move {n + 1} ({color} {where}): refused by the rule")
            if color.upper() == first and n + 1 in captured:
                for string in captured[n + 1]:
                    older = [s for s in string if s in board.stones]
                    existed = bool(older)
                    probe = vertex(older[0] if existed else string[0])
                    before_attack = reader.ask(f"attack {probe}") if existed else "0"
                    before_defend = reader.ask(f"defend {probe}") if existed else "0"
                    reader.ask(f"play {color} {where}")
                    after_attack = reader.ask(f"attack {probe}")
                    reader.ask("undo")
                    found = kind(existed, p in string, before_attack, before_defend, after_attack)
                    stones[found] += len(string)
                    events[found] += 1
                    print(
                        f"game {number} move {n + 1} ({color} {where}): {len(string)} stone(s) at {probe} "
                        f"captured next; attack before {before_attack or '-'}, defend before {before_defend or '-'}, "
                        f"attack after {after_attack} -> {found}"
                    )
            reader.ask(f"play {color} {where}")
            if p is not None:
                board.play(color.upper(), p)
        reader.close()
    print()
    print(f"{'kind':<26} {'captures':>8} {'stones':>7}")
    for found in sorted(stones, key=lambda k: -stones[k]):
        print(f"{found:<26} {events[found]:>8} {stones[found]:>7}")
    print(f"{'all':<26} {sum(events.values()):>8} {sum(stones.values()):>7}")
    if args.refusals:
        bands = ", ".join(f"moves {band + 1}-{band + 50}: {refusals[band]}" for band in sorted(refusals))
        print(f"\nrefused: {sum(refusals.values())} of the first engine's {first_moves} moves ({bands})")


if __name__ == "__main__":
    main()
