"""Classifies the answers of a semeai-type regression run (`semeai`,
`STS-RV_*`) against GNU Go's baseline, test by test, split by test number
parity (even: tuning, odd: judging).

    python3 ../shared/regression/regress.py --engine "$TESUJI gtp --patterns \
        ../shared/corpus/gnugo-3.8/patterns" semeai STS-RV_0 STS-RV_e STS-RV_Misc \
        --baseline ../shared/regression/gnugo-baseline.json --json run.json
    python3 engine/examples/semeai_failures.py run.json \
        ../shared/regression/gnugo-baseline.json [-v]

For each suite prints our passes and GNU Go's on each half, then the
failures by GTP command and, for `analyze_semeai`, by what went wrong:
`codes` (the two result codes differ from every accepted answer: the
expected codes are shown, e.g. `want 1 0 got 1 1`) or `move` (codes right,
move not among the accepted ones). `-v` lists every failure.
"""

import json
import re
import sys
from collections import Counter


def tests(path):
    with open(path) as f:
        run = json.load(f)
    return {
        (suite["suite"], test["num"]): test
        for suite in run["suites"]
        for test in suite["tests"]
    }


def passed(test):
    return test is not None and test["status"] in ("pass", "PASS")


def codes(text):
    """The two leading result codes of an analyze_semeai answer or
    expectation, as a string (`1 0`), or None."""
    m = re.match(r"\s*!?\s*(\d)\s+(\d)", text or "")
    return f"{m.group(1)} {m.group(2)}" if m else None


def kind(test):
    cmd = test["cmd"].split()[0]
    if cmd != "analyze_semeai":
        return cmd
    want, got = codes(test["expect"]), codes(test["answer"])
    if want is None or got is None:
        return "analyze_semeai other"
    if want != got:
        return f"analyze_semeai codes: want {want} got {got}"
    return f"analyze_semeai move ({want})"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    if len(args) != 2:
        sys.exit("usage: semeai_failures.py RUN.json BASELINE.json [-v]")
    ours, gnugo = tests(args[0]), tests(args[1])
    suites = sorted({s for s, _ in ours})
    for suite in suites:
        keys = sorted(k for k in ours if k[0] == suite)
        row = []
        for parity, name in ((0, "even"), (1, "odd")):
            half = [k for k in keys if k[1] % 2 == parity]
            row.append(
                f"{name} {sum(passed(ours[k]) for k in half)}/{len(half)}"
                f" (GNU Go {sum(passed(gnugo.get(k)) for k in half)})"
            )
        total = sum(passed(ours[k]) for k in keys)
        gg = sum(passed(gnugo.get(k)) for k in keys)
        print(f"{suite}: {total}/{len(keys)} (GNU Go {gg}); " + ", ".join(row))
        failures = Counter()
        for k in keys:
            if passed(ours[k]):
                continue
            gg_pass = "gg-pass" if passed(gnugo.get(k)) else "gg-fail"
            failures[(kind(ours[k]), gg_pass)] += 1
            if verbose:
                t = ours[k]
                print(f"  {k[1]:4} {t['cmd']:28} want {t['expect']:30} got {t['answer']} [{gg_pass}]")
        for (what, gg_pass), n in sorted(failures.items(), key=lambda x: -x[1]):
            print(f"  {n:4}  {what}  [{gg_pass}]")


if __name__ == "__main__":
    main()
