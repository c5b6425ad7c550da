#!/usr/bin/env python3
"""Compares tesuji's owl_does_attack, owl_does_defend and
owl_connection_defends with live GNU Go 3.8 on GNU Go's regression suites
(read in place from $TESUJI_SHARED/regression).

Tests: the suites' own tests of these commands (nando, trevor, trevora,
owl); for every K-th `owl_attack X` / `owl_defend X` test of owl.tst and
ld_owl.tst asked straight after its `loadsgf`, GNU Go's own owl move P
asked back as `owl_does_attack P X` / `owl_does_defend P X`; for every
`connect A B` test of connection.tst, GNU Go's connecting move P as
`owl_connection_defends P A B`. Each generated test keeps its suite test's
number; agreement is printed per command, split by odd/even number.

Usage: scripts/owl_gtp_compare.py [--every K] [--tesuji target/release/tesuji]
"""
import argparse
import os
import re
import shlex
import sys
from collections import defaultdict

from match import Gtp


def suite_tests(path):
    """(number, loadsgf command, command words) of tests asked straight
    after their loadsgf."""
    load, clean = None, False
    for raw in open(path, encoding="utf-8", errors="replace"):
        line = raw.split("#")[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "loadsgf":
            load, clean = line, True
            continue
        m = re.match(r"^(\d+)\s+(\S+)(.*)$", line)
        if m and load and clean:
            yield int(m.group(1)), load, [m.group(2)] + m.group(3).split()
        elif not m:
            clean = False  # a command that changes the position


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--tesuji", default="target/release/tesuji")
    args = ap.parse_args()
    shared = os.environ.get("TESUJI_SHARED", "../shared")
    regression = os.path.join(shared, "regression")
    patterns = os.path.join(shared, "corpus/gnugo-3.8/patterns")
    tesuji = os.path.abspath(args.tesuji)
    gnugo = Gtp("/usr/games/gnugo --mode gtp --quiet", cwd=regression)
    ours = Gtp(f"{shlex.quote(tesuji)} gtp --patterns {shlex.quote(patterns)}", cwd=regression)
    tests = []  # (suite, number, load, command)
    for suite in ["nando.tst", "trevor.tst", "trevora.tst", "owl.tst"]:
        for number, load, words in suite_tests(os.path.join(regression, suite)):
            if words[0] in ("owl_does_attack", "owl_does_defend"):
                tests.append((suite, number, load, " ".join(words)))
    for suite in ["owl.tst", "ld_owl.tst"]:
        k = 0
        for number, load, words in suite_tests(os.path.join(regression, suite)):
            if words[0] not in ("owl_attack", "owl_defend") or len(words) < 2:
                continue
            k += 1
            if k % args.every:
                continue
            gnugo.ask_raw(load)
            answer = gnugo.ask_raw(f"{words[0]} {words[1]}").split()
            if len(answer) >= 3 and answer[1] != "0" and answer[2] != "PASS":
                does = "owl_does_attack" if words[0] == "owl_attack" else "owl_does_defend"
                tests.append((suite, number, load, f"{does} {answer[2]} {words[1]}"))
    for number, load, words in suite_tests(os.path.join(regression, "connection.tst")):
        if words[0] != "connect" or len(words) < 3:
            continue
        gnugo.ask_raw(load)
        answer = gnugo.ask_raw(f"connect {words[1]} {words[2]}").split()
        if len(answer) >= 3 and answer[1] != "0" and answer[2] != "PASS":
            tests.append(("connection.tst", number, load,
                          f"owl_connection_defends {answer[2]} {words[1]} {words[2]}"))
    tally = defaultdict(lambda: [[0, 0], [0, 0]])  # command -> [even, odd] -> [same, all]
    for suite, number, load, command in tests:
        gnugo.ask_raw(load)
        ours.ask_raw(load)
        want = gnugo.ask_raw(command)
        got = ours.ask_raw(command)
        same = want == got
        t = tally[command.split()[0]][number % 2]
        t[0] += int(same)
        t[1] += 1
        mark = "ok  " if same else "DIFF"
        print(f"{mark} {suite}:{number} {command}: GNU Go {want!r} tesuji {got!r}", flush=True)
    gnugo.close()
    ours.close()
    for command in sorted(tally):
        (se, ae), (so, ao) = tally[command]
        print(f"{command}: even {se}/{ae}, odd {so}/{ao}, all {se + so}/{ae + ao}")


if __name__ == "__main__":
    sys.exit(main())
