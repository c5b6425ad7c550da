"""Time per genmove on the 19x19 public positions, tesuji against GNU Go.

Loads each 19x19 position of `shared/expected/layers/moves.jsonl.gz`
(`loadsgf FILE N`) in one GTP process per engine and times
`reg_genmove COLOUR` (the analysis of the new position included): wall
seconds, and CPU seconds of the process (all its threads, from
/proc/PID/stat), per position and their medians. tesuji runs once per
`--threads` value (RAYON_NUM_THREADS); GNU Go at `--level`.

    python3 scripts/genmove_speed.py "$PWD/target/release/tesuji" \
        [--shared ../shared] [--threads 1 2] [--gnugo /usr/games/gnugo] [--list]
"""
import argparse
import gzip
import json
import os
import re
import shlex
import statistics
import time

from match import Gtp


def cpu_seconds(pid):
    """User plus system CPU seconds of the process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(engine, command):
    """The answer, wall seconds and CPU seconds of `command` (`match.Gtp`)."""
    cpu = cpu_seconds(engine.process.pid)
    start = time.perf_counter()
    answer = engine.ask(command)
    return answer, time.perf_counter() - start, cpu_seconds(engine.process.pid) - cpu


def positions(shared):
    root = os.path.dirname(shared)
    found = []
    for line in gzip.open(os.path.join(shared, "expected/layers/moves.jsonl.gz")):
        r = json.loads(line)
        path = os.path.join(root, r["sgf"])
        with open(path, errors="replace") as f:
            size = re.search(r"SZ\[(\d+)\]", f.read())
        if size and int(size.group(1)) == 19:
            found.append((r["pos"], path, r["move_number"], "black" if r["color"] == "B" else "white"))
    return found


def run(name, argv, cases, threads=None):
    if threads is not None:
        os.environ["RAYON_NUM_THREADS"] = str(threads)
    engine = Gtp(shlex.join(argv))
    rows = []
    for pos, path, number, color in cases:
        engine.ask(f"loadsgf {path} {number}")
        move, wall, cpu = timed(engine, f"reg_genmove {color}")
        rows.append((pos, move.upper(), wall, cpu))
    engine.close()
    return name, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tesuji")
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    shared = os.path.abspath(args.shared)
    cases = positions(shared)
    patterns = os.path.join(shared, "corpus/gnugo-3.8/patterns")
    results = []
    for threads in args.threads:
        results.append(run(f"tesuji {threads} thread(s)", [args.tesuji, "gtp", "--patterns", patterns],
                           cases, threads))
    if args.gnugo:
        results.append(run(f"gnugo level {args.level}",
                           [args.gnugo, "--mode", "gtp", "--quiet", "--level", str(args.level)], cases))
    if args.list:
        for k, (pos, _, _, _) in enumerate(cases):
            cells = "  ".join(f"{rows[k][1]:5} {rows[k][2]:6.2f}s {rows[k][3]:6.2f}cpu" for _, rows in results)
            print(f"{pos:28} {cells}")
    print(f"{len(cases)} positions of 19x19")
    for name, rows in results:
        walls = [r[2] for r in rows]
        cpus = [r[3] for r in rows]
        print(f"{name:22} median wall {statistics.median(walls):6.2f} s, median cpu {statistics.median(cpus):6.2f} s,"
              f" max wall {max(walls):6.2f} s, total wall {sum(walls):7.1f} s")


if __name__ == "__main__":
    main()
