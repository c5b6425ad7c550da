#!/usr/bin/env python3
"""Reads a `regress.py --json` run of the owl suites (owl, ld_owl) and
prints, per suite, passes per half (even/odd test number), GNU Go's passes
kept (against $TESUJI_SHARED/regression/gnugo-baseline.json), and the
classes of GNU Go's passes failed: an attack or defence not found (0 for
1), found where GNU Go finds none (1 for 0), ko codes differing, the right
code with another move, `dragon_status`.

Usage: scripts/owl_suite_classes.py RUN.json
"""
import collections
import json
import os
import sys


def passed(test):
    return test["status"] in ("pass", "PASS")


def main():
    shared = os.environ.get("TESUJI_SHARED", "../shared")
    base = json.load(open(os.path.join(shared, "regression/gnugo-baseline.json")))
    gnugo = {(s["suite"], t["num"]): t for s in base["suites"] for t in s["tests"]}
    run = json.load(open(sys.argv[1]))
    for suite in run["suites"]:
        name, tests = suite["suite"], suite["tests"]
        ours = [t for t in tests if passed(t)]
        even = sum(t["num"] % 2 == 0 for t in ours)
        theirs = [t for t in tests if passed(gnugo[(name, t["num"])])]
        kept = [t for t in theirs if passed(t)]
        kept_even = sum(t["num"] % 2 == 0 for t in kept)
        print(f"{name}: pass {len(ours)}/{len(tests)} (even {even}, odd {len(ours) - even}); "
              f"GNU Go's {len(theirs)} kept {len(kept)} = {100 * len(kept) / len(theirs):.1f}% "
              f"(even {kept_even}, odd {len(kept) - kept_even}); wall {suite['wall_time']:.0f} s")
        classes = collections.defaultdict(lambda: ([], []))
        for t in theirs:
            if passed(t):
                continue
            a = (t["answer"] or "").split()
            g = gnugo[(name, t["num"])]["answer"].split()
            command = t["cmd"].split()[0]
            if command == "dragon_status":
                c = "dragon_status"
            elif not a:
                c = "no answer"
            elif a[0] == "0" and g[0] == "1":
                c = f"0 for 1 ({command})"
            elif a[0] == "1" and g[0] == "0":
                c = f"1 for 0 ({command})"
            elif a[0] != g[0]:
                c = "ko codes differ"
            else:
                c = "right code, other move"
            classes[c][t["num"] % 2].append(t["num"])
        for c, (e, o) in sorted(classes.items()):
            print(f"   {c}: even {len(e)} {e}  odd {len(o)} {o}")


if __name__ == "__main__":
    main()
