#!/usr/bin/env python3
"""Every public genmove suite through regress.py, compared with GNU Go.

A genmove test is one whose command is `reg_genmove`, `restricted_genmove` or
`gg_genmove`. The script lists them from SHARED/regression/*.tst (only those
tests of mixed suites such as `semeai` or `trevor`), runs them through
regress.py with GNU Go's databases, and prints per suite our passes and GNU
Go's (from `gnugo-baseline.json`), each split into odd and even test numbers
(the tune/judge halves), and the totals.

Not part of CI (1,280 tests: well over an hour on two busy cores; `--jobs 2` runs two suites at once). Examples:

    python3 scripts/genmove_suites.py target/release/tesuji --shared ../shared \\
        --out target/genmove-suites
    # report again from a previous run (or a run cut short) without running the engine
    python3 scripts/genmove_suites.py --report target/genmove-suites --shared ../shared
    # a subset of the suites
    python3 scripts/genmove_suites.py target/release/tesuji --shared ../shared endgame 9x9
    # which of GNU Go's passes two runs differ on (kept per half, gained, lost)
    python3 scripts/genmove_suites.py --report NEW --compare OLD --shared ../shared
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

GENMOVE_COMMANDS = ("reg_genmove", "restricted_genmove", "gg_genmove")
TEST_LINE = re.compile(r"^(\d+)\s+(\S+)")


def genmove_tests(regression_dir):
    """Map each suite name to the sorted numbers of its genmove tests."""
    suites = {}
    for name in sorted(os.listdir(regression_dir)):
        if not name.endswith(".tst"):
            continue
        numbers = []
        with open(os.path.join(regression_dir, name), encoding="utf-8", errors="replace") as f:
            for line in f:
                m = TEST_LINE.match(line)
                if m and m.group(2) in GENMOVE_COMMANDS:
                    numbers.append(int(m.group(1)))
        if numbers:
            suites[name[:-4]] = sorted(numbers)
    return suites


def compact_ranges(numbers):
    """`1,2,3,7` -> `1-3,7` (regress.py's test selection syntax)."""
    parts = []
    start = prev = None
    for n in numbers:
        if prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            parts.append(str(start) if start == prev else "%d-%d" % (start, prev))
        start = prev = n
    if start is not None:
        parts.append(str(start) if start == prev else "%d-%d" % (start, prev))
    return ",".join(parts)


def passes(status):
    return status in ("pass", "PASS")


def statuses(run_json):
    """(suite, test number) -> status, from a regress.py --json file."""
    table = {}
    for suite in run_json.get("suites", []):
        for test in suite.get("tests", []):
            table[(suite["suite"], test["num"])] = test["status"]
    return table


def load_results(path):
    """Statuses from a folder of regress.py --json files, or from one."""
    files = [path] if os.path.isfile(path) else [
        os.path.join(path, n) for n in sorted(os.listdir(path)) if n.endswith(".json")]
    table = {}
    for name in files:
        with open(name) as f:
            table.update(statuses(json.load(f)))
    return table


def report(selected, ours, gnugo):
    """Print the per-suite table; return the totals."""
    header = "%-14s %5s | %13s %13s %13s | %s" % (
        "suite", "tests", "ours/gnugo", "even", "odd", "ours as % of GNU Go's")
    print(header)
    print("-" * len(header))
    total = {"tests": 0, "ours": [0, 0], "gnugo": [0, 0], "unsup": 0}
    for suite, numbers in selected.items():
        row = {"ours": [0, 0], "gnugo": [0, 0]}
        for n in numbers:
            parity = n % 2  # 0 even, 1 odd
            status = ours.get((suite, n))
            if status == "unsupported":
                total["unsup"] += 1
            if status is not None and passes(status):
                row["ours"][parity] += 1
            if passes(gnugo.get((suite, n), "")):
                row["gnugo"][parity] += 1
        for key in ("ours", "gnugo"):
            for p in (0, 1):
                total[key][p] += row[key][p]
        total["tests"] += len(numbers)
        print(line(suite, len(numbers), row))
    print("-" * len(header))
    print(line("TOTAL", total["tests"], total))
    if total["unsup"]:
        print("(%d tests answered unsupported)" % total["unsup"])
    return total


def line(name, tests, row):
    ours, gnugo = sum(row["ours"]), sum(row["gnugo"])
    share = "%5.1f%%" % (100.0 * ours / gnugo) if gnugo else "    -"
    return "%-14s %5d | %6d/%-6d %6d/%-6d %6d/%-6d | %s (even %s, odd %s)" % (
        name, tests, ours, gnugo, row["ours"][0], row["gnugo"][0], row["ours"][1],
        row["gnugo"][1], share, pct(row["ours"][0], row["gnugo"][0]),
        pct(row["ours"][1], row["gnugo"][1]))


def pct(a, b):
    return "%.0f%%" % (100.0 * a / b) if b else "-"


def compare(selected, old, new, gnugo):
    """Print GNU Go's passes kept by each run, per half, and the tests that changed."""
    kept = {"old": [0, 0], "new": [0, 0]}
    changed = {"gained": [[], []], "lost": [[], []]}
    for suite, numbers in selected.items():
        for n in numbers:
            if not passes(gnugo.get((suite, n), "")):
                continue
            parity = n % 2
            was, now = passes(old.get((suite, n), "")), passes(new.get((suite, n), ""))
            kept["old"][parity] += was
            kept["new"][parity] += now
            if was != now:
                changed["gained" if now else "lost"][parity].append("%s:%d" % (suite, n))
    print()
    print("GNU Go's passes kept: even %d -> %d, odd %d -> %d, all %d -> %d" % (
        kept["old"][0], kept["new"][0], kept["old"][1], kept["new"][1],
        sum(kept["old"]), sum(kept["new"])))
    for what in ("gained", "lost"):
        for parity, half in ((0, "even"), (1, "odd")):
            tests = changed[what][parity]
            print("%s %s (%d): %s" % (what, half, len(tests), " ".join(tests) or "-"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tesuji", nargs="?", help="the tesuji binary")
    ap.add_argument("suites", nargs="*", help="only these suites (default: every genmove suite)")
    ap.add_argument("--shared", default="../shared", help="the shared folder (regression/, corpus/)")
    ap.add_argument("--out", help="folder for regress.py's per-test results, one SUITE.json each"
                    " (default genmove-suites)")
    ap.add_argument("--report", help="report from such a folder (or one regress.py --json file)"
                    " instead of running; suites missing there count no passes")
    ap.add_argument("--compare", help="with --report: an older run (folder or file) to compare GNU Go's"
                    " passes with, test by test")
    ap.add_argument("--jobs", type=int, default=1, help="suites run in parallel")
    ap.add_argument("--timeout", type=float, default=60, help="per-command timeout in seconds")
    a = ap.parse_intermixed_args()

    if a.report and a.tesuji:
        a.suites.insert(0, a.tesuji)  # no binary with --report: the first name is a suite
    regression = os.path.join(a.shared, "regression")
    every = genmove_tests(regression)
    wanted = a.suites or list(every)
    unknown = [s for s in wanted if s not in every]
    if unknown:
        sys.exit("error: no genmove tests in suite(s) %s (known: %s)" % (", ".join(unknown), " ".join(every)))
    selected = {s: every[s] for s in wanted}
    with open(os.path.join(regression, "gnugo-baseline.json")) as f:
        gnugo = statuses(json.load(f))

    if a.report:
        ours = load_results(a.report)
    else:
        if not a.tesuji:
            sys.exit("error: give the tesuji binary, or --report DIR")
        out = a.out or "genmove-suites"
        os.makedirs(out, exist_ok=True)
        patterns = os.path.abspath(os.path.join(a.shared, "corpus", "gnugo-3.8", "patterns"))
        engine = "%s gtp --patterns %s" % (os.path.abspath(a.tesuji), patterns)

        def run(suite):
            # One regress.py per suite, so a run cut short keeps the suites it finished.
            spec = "%s:%s" % (suite, compact_ranges(selected[suite]))
            cmd = [sys.executable, os.path.join(regression, "regress.py"), "--engine", engine,
                   "--timeout", str(a.timeout), "--json", os.path.join(out, suite + ".json"), spec]
            return subprocess.run(cmd, stdout=sys.stderr).returncode

        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            codes = list(pool.map(run, selected))
        if any(codes):
            print("warning: regress.py failed on %s" % ", ".join(
                s for s, c in zip(selected, codes) if c), file=sys.stderr)
        ours = load_results(out)
    report(selected, ours, gnugo)
    if a.compare:
        compare(selected, load_results(a.compare), ours, gnugo)


if __name__ == "__main__":
    main()
