"""GNU Go 3.8's valuation traces of genmove tests, with `worm_data` of every worm the move
reasons name, as JSON lines (for GNU Go's `X cutstone` term: `docs/tuning/valuation.md`).

For each test of one parity (`--parity 0`: the even, tuning half) of the given suites it runs
`gnugo --mode gtp --quiet -t`, `loadsgf FILE N`, `reg_genmove COLOUR`, then `worm_data V` for
every vertex the move reasons name (after genmove, so `cutstone2` is the value after the
dragons), and writes the test, GNU Go's move, the reasons, each move's valuation lines and
the worm data. `--summary` reads such a file and prints every `cutstone` line with its worm's
`cutstone`/`cutstone2`, and per reason kind and `cutstone2` how often a line was printed.
Output goes under `target/` (GNU Go's output is GPL data and stays out of the repository).

    python3 engine/examples/gnugo_cutstone_traces.py --shared ../shared \
        --out target/valuation-traces/cutstone-even.jsonl trevora 9x9 nngs ...
    python3 engine/examples/gnugo_cutstone_traces.py --summary target/valuation-traces/cutstone-even.jsonl
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnugo_valuation_traces import parse_trace  # noqa: E402

GNUGO = "/usr/games/gnugo"
WORM_REASON = re.compile(
    r"(attacks|defends|threatens to attack|threatens to defend|owl-attacks|owl-defends)\s+([A-T]\d+)(.*)")


def tests(regression, suite):
    sgf = move = None
    for line in open(os.path.join(regression, suite + ".tst"), errors="replace"):
        words = line.split()
        if len(words) >= 2 and words[0] == "loadsgf":
            sgf, move = words[1], (words[2] if len(words) > 2 else None)
        elif len(words) >= 3 and words[1] == "reg_genmove" and sgf and words[0].isdigit():
            yield int(words[0]), sgf, move, words[2]


def ask(gnugo, command):
    gnugo.stdin.write(command + "\n")
    gnugo.stdin.flush()
    lines = []
    while True:
        line = gnugo.stdout.readline()
        if line == "" or (not line.strip() and lines):
            break
        if line.strip():
            lines.append(line.rstrip("\n"))
    return "\n".join(lines)


def trace(regression, sgf, move, color):
    err = tempfile.TemporaryFile(mode="w+")
    gnugo = subprocess.Popen([GNUGO, "--mode", "gtp", "--quiet", "-t"], cwd=regression,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        ask(gnugo, f"loadsgf {sgf}" + (f" {move}" if move else ""))
        answer = ask(gnugo, f"reg_genmove {color}")
        err.flush()
        err.seek(0)
        reasons, valuation = parse_trace(err.read())
        worms = {}
        for vertex in sorted({v for _, r in reasons for v in re.findall(r"[A-T]\d+", r)}):
            fields = (line.strip().partition(" ") for line in ask(gnugo, f"worm_data {vertex}").split("\n")[1:])
            worms[vertex] = {key: value.strip() for key, _, value in fields}
        ask(gnugo, "quit")
    finally:
        gnugo.kill()
        gnugo.wait()
    return dict(gnugo=answer[2:], reasons=reasons, valuation=valuation, worms=worms)


def summary(path):
    counts = collections.Counter()
    for line in open(path):
        r = json.loads(line)
        test = f"{r['suite']}:{r['num']}"
        for move, lines in r["valuation"].items():
            for text in lines:
                if "cutstone" in text:
                    worm = r["worms"].get(text.split(" - ")[1].split()[0], {})
                    print(test, move, text, "| cutstone", worm.get("cutstone"), "cutstone2",
                          worm.get("cutstone2"), "size", worm.get("size"))
        for move, reason in r["reasons"]:
            m = WORM_REASON.match(reason)
            if not m:
                continue
            verb, target, rest = m.groups()
            cutstone2 = int(r["worms"].get(target, {}).get("cutstone2", "0"))
            lines = r["valuation"].get(move, [])
            kind = verb + (" ko" if "ko" in rest else "") + (" defenseless" if "defenseless" in rest else "")
            safe = "unsafe" if any("not a safe move" in x for x in lines) else "safe"
            printed = any("cutstone" in x and target in x for x in lines)
            counts[(kind, cutstone2, safe, printed)] += 1
    for key, n in sorted(counts.items()):
        print("reason %-26s cutstone2 %d %-6s cutstone line %-5s %5d" % (*key, n))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    ap.add_argument("--out")
    ap.add_argument("--parity", type=int, default=0)
    ap.add_argument("--summary")
    ap.add_argument("suites", nargs="*")
    args = ap.parse_args()
    if args.summary:
        summary(args.summary)
        return
    regression = os.path.join(os.path.abspath(args.shared), "regression")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "a") as out:
        for suite in args.suites:
            for num, sgf, move, color in tests(regression, suite):
                if num % 2 != args.parity:
                    continue
                record = dict(suite=suite, num=num, sgf=sgf, move=move, color=color)
                record.update(trace(regression, sgf, move, color))
                out.write(json.dumps(record) + "\n")
                out.flush()


if __name__ == "__main__":
    main()
