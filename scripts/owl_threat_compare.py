#!/usr/bin/env python3
"""Compares tesuji's owl_threaten_attack and owl_threaten_defense with live
GNU Go 3.8 on the targets of every K-th owl_attack / owl_defend test of
owl.tst (read in place from $TESUJI_SHARED/regression): per half (even/odd
test number), whether a threat is found, the first move, the whole answer.

Usage: scripts/owl_threat_compare.py [--every K] [--tesuji target/release/tesuji] [--list]
"""
import argparse
import os
import re

from match import Gtp

COMMANDS = ("owl_threaten_attack", "owl_threaten_defense")


def targets(regression, every):
    """(number, loadsgf argument, target) of every K-th owl test."""
    load, found = None, []
    for line in open(os.path.join(regression, "owl.tst"), encoding="utf-8", errors="replace"):
        m = re.match(r"loadsgf\s+(\S+)(.*)", line)
        if m:
            load = os.path.join(regression, m.group(1)) + m.group(2).rstrip()
            continue
        m = re.match(r"(\d+)\s+owl_(attack|defend)\s+(\S+)", line)
        if m and load and int(m.group(1)) % every == 0:
            found.append((int(m.group(1)), load, m.group(3)))
    return found


def answers(engine, tests):
    """{number: {command: answer}} of `engine` on `tests`."""
    out = {}
    for number, load, target in tests:
        engine.ask("loadsgf " + load)
        out[number] = {c: engine.ask(f"{c} {target}") for c in COMMANDS}
    return out


def main():
    shared = os.environ.get("TESUJI_SHARED", "../shared")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--tesuji", default="target/release/tesuji")
    parser.add_argument("--list", action="store_true", help="print every answer pair")
    args = parser.parse_args()
    regression = os.path.join(shared, "regression")
    tests = targets(regression, args.every)
    patterns = os.path.join(shared, "corpus/gnugo-3.8/patterns")
    gnugo = answers(Gtp("/usr/games/gnugo --mode gtp --quiet"), tests)
    ours = answers(Gtp(f"{args.tesuji} gtp --patterns {patterns}"), tests)
    for command in COMMANDS:
        for half, name in ((0, "even"), (1, "odd")):
            keys = [n for n, _, _ in tests if n % 2 == half]
            g = {n: gnugo[n][command].split() for n in keys}
            t = {n: ours[n][command].split() for n in keys}
            found = sum((g[n][0] == "0") == (t[n][0] == "0") for n in keys)
            first = sum(g[n][:2] == t[n][:2] for n in keys)
            same = sum(g[n] == t[n] for n in keys)
            print(f"{command} {name} ({len(keys)}): found agrees {found}, "
                  f"same first move {first}, same answer {same}")
    if args.list:
        for n, _, target in tests:
            print(n, target, *(f"{gnugo[n][c]} | {ours[n][c]}" for c in COMMANDS))


if __name__ == "__main__":
    main()
