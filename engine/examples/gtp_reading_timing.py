"""Times every `attack`/`defend` of GNU Go's `reading` suite in one GTP engine.

Replays the suite's setup commands in a single engine process and, for each
reading test, resets GNU Go's reading node counter, times the command alone
and reads the counter back (`reset_reading_node_counter` /
`get_reading_node_counter`, which both GNU Go and `tesuji gtp` answer).
Prints the median and mean time per `attack`, the median per `defend`, and
reading nodes per second over all tests.

    python3 engine/examples/gtp_reading_timing.py "$PWD/target/release/tesuji gtp" [SHARED]
    python3 engine/examples/gtp_reading_timing.py "/usr/games/gnugo --mode gtp --quiet"

SHARED defaults to ../shared (the suite is read in place, never copied).
"""
import os
import re
import statistics
import subprocess
import sys
import time


def main():
    engine = sys.argv[1].split()
    shared = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.getcwd(), "..", "shared")
    regression = os.path.join(shared, "regression")
    with open(os.path.join(regression, "reading.tst")) as f:
        lines = f.read().split("\n")
    proc = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=regression, bufsize=1)

    def ask(command):
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        answer = []
        while True:
            line = proc.stdout.readline()
            if line == "":
                raise SystemExit(f"the engine stopped after {command!r}")
            if line == "\n" and answer:
                break
            answer.append(line.rstrip("\n"))
        return answer[0] if answer else ""

    records = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        test = re.match(r"^(\d+)\s+(attack|defend)\s+(\S+)", line)
        if test:
            ask("reset_reading_node_counter")
            started = time.perf_counter()
            ask(f"{test.group(2)} {test.group(3)}")
            seconds = time.perf_counter() - started
            nodes = int(ask("get_reading_node_counter").split()[-1])
            records.append((test.group(2), seconds, nodes))
        else:
            ask(re.sub(r"^\d+\s+", "", line))
    ask("quit")
    attacks = [r for r in records if r[0] == "attack"]
    defends = [r for r in records if r[0] == "defend"]
    total_seconds = sum(r[1] for r in records)
    total_nodes = sum(r[2] for r in records)
    print(f"{' '.join(engine)}: {len(records)} tests; attack median "
          f"{1000 * statistics.median(r[1] for r in attacks):.3f} ms, mean "
          f"{1000 * statistics.mean(r[1] for r in attacks):.3f} ms; defend median "
          f"{1000 * statistics.median(r[1] for r in defends):.3f} ms; {total_nodes} nodes in "
          f"{total_seconds:.3f} s = {total_nodes / total_seconds:.0f} nodes/s; median nodes per "
          f"attack {statistics.median(r[2] for r in attacks)}")


if __name__ == "__main__":
    main()
