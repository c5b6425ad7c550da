"""GNU Go 3.8's move valuation traces, with its dragon data, as JSON lines.

For each position it runs `gnugo --mode gtp --quiet -t` (one process per
position, so the trace on stderr belongs to it), `loadsgf FILE N`,
`reg_genmove COLOUR`, then `dragon_data` (every dragon), and writes one line:
the position, the colour, GNU Go's move, the move reasons the trace lists
(`Move at X ...`), each move's valuation lines (`X: ...`, in order) and each
dragon's data (the printed fields). The positions are the 60 public ones
(`expected/layers/moves.jsonl.gz`) and, with `--suites`, the genmove tests of
those regression suites (`loadsgf` followed by `reg_genmove`). Output goes to
`--out` (under `target/`: GNU Go's output is GPL data and stays out of the
repository); `gnugo_valuation_fit.py` reads it.

    python3 engine/examples/gnugo_valuation_traces.py --shared ../shared \
        --out target/valuation-traces/traces.jsonl [--suites strategy endgame ...]
"""
import argparse
import concurrent.futures
import gzip
import json
import os
import re
import subprocess

GNUGO = "/usr/games/gnugo"
VALUATION = re.compile(r"^\s*([A-T]\d+): (.*)$")
REASON = re.compile(r"^Move at ([A-T]\d+) (.*)$")


def public_positions(shared):
    root = os.path.dirname(shared)
    for line in gzip.open(os.path.join(shared, "expected/layers/moves.jsonl.gz")):
        r = json.loads(line)
        yield {
            "id": r["pos"],
            "sgf": os.path.join(root, r["sgf"]),
            "move": r["move_number"],
            "color": "black" if r["color"] == "B" else "white",
        }


def suite_positions(shared, suite):
    sgf, move = None, None
    path = os.path.join(shared, "regression", suite + ".tst")
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            words = line.split()
            if len(words) >= 2 and words[0] == "loadsgf":
                sgf = os.path.join(shared, "regression", words[1])
                move = int(words[2]) if len(words) > 2 else None
            elif len(words) >= 3 and words[1] == "reg_genmove" and sgf:
                yield {"id": f"{suite}:{words[0]}", "sgf": sgf, "move": move, "color": words[2]}


def parse_dragons(text):
    dragons, current = {}, None
    for line in text.split("\n"):
        line = line[2:] if line.startswith("= ") else line
        if line.endswith(":") and " " not in line:
            current = {}
            dragons[line[:-1]] = current
        elif current is not None and line.strip():
            key, _, value = line.partition(" ")
            current[key] = value.strip()
    return dragons


def parse_trace(text):
    """GNU Go's `-t` trace of one genmove: its move reasons as `[vertex, text]` pairs and, per
    vertex, its valuation lines (with `VALUE v` for the move generation value)."""
    reasons, valuation = [], {}
    in_valuation = False
    for line in text.split("\n"):
        if line.startswith("Move valuation"):
            in_valuation = True
            continue
        m = REASON.match(line)
        if m and not in_valuation:
            reasons.append([m.group(1), m.group(2)])
        m = VALUATION.match(line)
        if m and in_valuation:
            valuation.setdefault(m.group(1), []).append(m.group(2))
        if line.startswith("Move generation values"):
            words = line.split()
            valuation.setdefault(words[3], []).append("VALUE " + words[5])
    return reasons, valuation


def trace(position):
    load = f"loadsgf {position['sgf']}" + (f" {position['move']}" if position["move"] else "")
    script = f"{load}\nreg_genmove {position['color']}\ndragon_data\nquit\n"
    try:
        run = subprocess.run([GNUGO, "--mode", "gtp", "--quiet", "-t"], input=script,
                             capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None
    answers = run.stdout.split("\n\n")
    if len(answers) < 3:
        return None
    reasons, valuation = parse_trace(run.stderr)
    return dict(position, gnugo=answers[1][2:].strip(), reasons=reasons, valuation=valuation,
                dragons=parse_dragons(answers[2]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--suites", nargs="*", default=[])
    ap.add_argument("--no-public", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    shared = os.path.abspath(args.shared)
    positions = [] if args.no_public else list(public_positions(shared))
    for suite in args.suites:
        positions.extend(suite_positions(shared, suite))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as out, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for record in pool.map(trace, positions):
            if record:
                out.write(json.dumps(record) + "\n")
                out.flush()


if __name__ == "__main__":
    main()
