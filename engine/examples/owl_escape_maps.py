#!/usr/bin/env python3
"""GNU Go's owl escape values against ours, point by point.

For every STEP-th distinct (position, dragon) of SHARED/regression/owl.tst,
asks GNU Go 3.8 for its owl escape map (`gnugo -d 0x8 --decide-dragon`),
computes ours for the same board with the `owl_escape_map` example
(`influence::region_escape_values`) and the owl's distance values
(`owl::escape::EscapeParams::default()`), and prints, per half of the test
numbers (even: tuning, odd: judging), how many empty points agree on
"positive or 0" (what the owl constraints read) and on the exact value.

    cargo build --release -p engine --example owl_escape_map
    python3 engine/examples/owl_escape_maps.py target/release/examples/owl_escape_map \\
        --shared ../shared --step 4
"""
import argparse
import collections
import os
import re
import subprocess

GNUGO = "/usr/games/gnugo"


def cases(regression, step, offset=0):
    current, seen, found = None, set(), []
    for line in open(os.path.join(regression, "owl.tst"), encoding="utf-8", errors="replace"):
        m = re.match(r"loadsgf\s+(\S+)\s*(\d*)", line)
        if m:
            current = (m.group(1), m.group(2) or "400")
            continue
        m = re.match(r"(\d+)\s+owl_(attack|defend)\s+([A-T]\d+)", line)
        if m and current and (current, m.group(3)) not in seen:
            seen.add((current, m.group(3)))
            found.append((int(m.group(1)), current[0], current[1], m.group(3)))
    return found[offset::step]


def gnugo_map(regression, sgf, move, dragon):
    run = subprocess.run([GNUGO, "--infile", sgf, "-L", move, "-d", "0x8", "--decide-dragon", dragon,
                          "--quiet"], capture_output=True, text=True, cwd=regression)
    lines = (run.stdout + run.stderr).splitlines()
    start = lines.index("Owl escape values:") + 1
    return lines[start:start + len(lines[start])]


def gnugo_board(regression, sgf, move, dragon):
    run = subprocess.run([GNUGO, "--mode", "gtp", "--quiet"], capture_output=True, text=True,
                         cwd=regression, input=f"loadsgf {sgf} {move}\nshowboard\ndragon_data {dragon}\n")
    rows = [l.split() for l in run.stdout.splitlines() if re.match(r"^\s*\d+ ", l)]
    rows = ["".join(r[1:1 + len(rows)]).replace("+", ".") for r in rows]
    return rows, re.search(r"color\s+(\w+)", run.stdout).group(1)


def distance_values(rows, color):
    """The owl's distance values (0, 0, 0, 1, 2 by the distance to the
    nearest opponent stone; halved on the first line)."""
    opponent = "X" if color == "white" else "O"
    n = len(rows)
    far = 99
    dist = [[far] * n for _ in range(n)]
    queue = collections.deque()
    for i in range(n):
        for j in range(n):
            if rows[i][j] == opponent:
                dist[i][j] = 0
                queue.append((i, j))
    while queue:
        i, j = queue.popleft()
        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= a < n and 0 <= b < n and dist[a][b] == far:
                dist[a][b] = dist[i][j] + 1
                queue.append((a, b))
    value = [0, 0, 0, 1, 2]
    return [[value[min(dist[i][j], 4)] // (2 if i in (0, n - 1) or j in (0, n - 1) else 1)
             for j in range(n)] for i in range(n)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("example")
    parser.add_argument("--shared", default="../shared")
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--offset", type=int, default=0, help="the first case taken (0 to STEP-1)")
    parser.add_argument("--stones", nargs="*", default=[],
                        help="the example's stone arguments: capturable liberties, lone strength, lone distance")
    args = parser.parse_args()
    regression = os.path.join(args.shared, "regression")
    totals = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # points, ours >0, ours exact, distance >0, positions
    for num, sgf, move, dragon in cases(regression, args.step, args.offset):
        theirs = gnugo_map(regression, sgf, move, dragon)
        rows, color = gnugo_board(regression, sgf, move, dragon)
        ours = subprocess.run([args.example, *args.stones], capture_output=True, text=True,
                              input=("W" if color == "white" else "B") + "\n" + "\n".join(rows) + "\n").stdout.split()
        distance = distance_values(rows, color)
        half = totals["even" if num % 2 == 0 else "odd"]
        half[4] += 1
        for i, row in enumerate(rows):
            for j, c in enumerate(row):
                if c != ".":
                    continue
                g, o = int(theirs[i][j]), int(ours[i][j])
                half[0] += 1
                half[1] += (g > 0) == (o > 0)
                half[2] += g == o
                half[3] += (g > 0) == (distance[i][j] > 0)
    for name in ("even", "odd"):
        points, positive, exact, dist, positions = totals[name]
        print(f"{name}: {positions} positions, {points} empty points; > 0 agree: region {positive} "
              f"({100 * positive / points:.1f}%), distance {dist} ({100 * dist / points:.1f}%); "
              f"exact: region {exact}")


if __name__ == "__main__":
    main()
