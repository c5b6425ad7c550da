#!/usr/bin/env python3
"""Where GNU Go's owl search ends a line as "escaped", against the escape
route summed over GNU Go's own escape values.

For each POSITION (sgf, move number, dragon), asks GNU Go 3.8 for its owl
traces (`gnugo --infile F -L N -d 0x8 --decide-owl D --quiet -t`: the escape
map the owl reads, then every move tried with its whole stack), replays every
node's stack over GTP for the board, takes the node's goal from the trace's
goal lines, and sums the map's values at distance 4 from the goal over paths
that never pass next to an opponent stone (the manual's route, §13.9).
Prints, per side to move (`def`: the attacker has just moved), how many of
the lines GNU Go ends "escaped" and how many of the nodes it reads on have a
route at or above each cut-off.

    python3 scripts/owl_escape_ends.py --shared /work/shared \\
        games/owl28.sgf:59:E9 games/owl25.sgf:16:F4 games/incident187.sgf:35:P3 games/incident189.sgf:120:K7
"""
import argparse
import collections
import os
import re
import subprocess

GNUGO = "/usr/games/gnugo"
COLUMNS = "ABCDEFGHJKLMNOPQRST"


def gnugo(regression, args, stdin=None):
    run = subprocess.run([GNUGO] + args, capture_output=True, text=True, cwd=regression, input=stdin)
    return run.stdout + run.stderr


def board(regression, sgf, move, stack):
    plays = "".join(f"play {'black' if c == 'B' else 'white'} {m}\n" for c, m in stack)
    out = gnugo(regression, ["--mode", "gtp", "--quiet"], f"loadsgf {sgf} {move}\n{plays}showboard\n")
    rows = [l.split() for l in out.splitlines() if re.match(r"^\s*\d+ ", l)]
    return ["".join(r[1:1 + len(rows)]).replace("+", ".") for r in rows]


def vertex(name, size):
    return size - int(name[1:]), COLUMNS.index(name[0])


def route(rows, values, goal, color, distance=4):
    size = len(rows)
    opponent = "X" if color == "O" else "O"

    def neighbours(i, j):
        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= a < size and 0 <= b < size:
                yield a, b

    def blocked(i, j):
        return rows[i][j] == opponent or any(rows[a][b] == opponent for a, b in neighbours(i, j))

    seen = {g: 0 for g in goal}
    queue = collections.deque(goal)
    total = 0
    while queue:
        v = queue.popleft()
        if seen[v] == distance:
            total += int(values[v[0]][v[1]])
            continue
        for w in neighbours(*v):
            if w not in seen and not blocked(*w):
                seen[w] = seen[v] + 1
                queue.append(w)
    return total


def decide_owl(regression, sgf, move, dragon, trace):
    """GNU Go's `--decide-owl` output lines (with its variations when
    `trace`), its escape map's rows, the dragon's stones and its colour."""
    args = ["--infile", sgf, "-L", move, "-d", "0x8", "--decide-owl", dragon, "--quiet"]
    lines = gnugo(regression, args + (["-t"] if trace else [])).splitlines()
    start = lines.index("Owl escape values:") + 1
    values = lines[start:start + len(lines[start])]
    size = len(values)
    data = gnugo(regression, ["--mode", "gtp", "--quiet"],
                 f"loadsgf {sgf} {move}\ndragon_stones {dragon}\ndragon_data {dragon}\n")
    stones = [vertex(s, size) for s in data.split("\n\n")[1].split()[1:]]
    color = "O" if re.search(r"color\s+white", data) else "X"
    return lines, values, stones, color


def nodes(regression, sgf, move, dragon):
    lines, values, original, color = decide_owl(regression, sgf, move, dragon, trace=True)
    size = len(values)
    found, goals, current = [], {}, None
    for line in lines:
        if line.startswith(("owl_attack", "owl_defend")):
            goals, current = {(): original}, None
            continue
        m = re.search(r"Trying \w+ \w+\. Escape = \d+\. Current stack: (.*)\(variation (\d+)\)", line)
        if m:
            current = tuple(tuple(x.split(":")) for x in m.group(1).split())
            found.append([current, None, int(m.group(2)), goals])
            continue
        if current is not None and re.match(r"^\s*([A-T]\d+ \(\d\)\s+)+$", line):
            goals[current] = [vertex(x, size) for x in re.findall(r"([A-T]\d+) \(\d\)", line)]
            continue
        m = re.match(r"Variation (\d+): (.*)", line)
        if m and found and found[-1][2] == int(m.group(1)):
            found[-1][1] = m.group(2)
    attacker = "B" if color == "O" else "W"
    for stack, result, _, goals in found:
        key = stack
        while key not in goals:
            key = key[:-1]
        rows = board(regression, sgf, move, stack)
        goal = [v for v in goals[key] if rows[v[0]][v[1]] == color]
        side = "def" if stack[-1][0] == attacker else "att"
        yield side, result, route(rows, values, goal, color)


def root(regression, sgf, move, dragon):
    """The route at the root on GNU Go's map, and GNU Go's two verdicts."""
    lines, values, goal, color = decide_owl(regression, sgf, move, dragon, trace=False)
    verdicts = [l for l in lines if l.startswith(dragon + " ")]
    return route(board(regression, sgf, move, ()), values, goal, color), verdicts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    parser.add_argument("--cutoffs", default="5,6,7")
    parser.add_argument("--roots", action="store_true", help="print only each root's route and GNU Go's verdicts")
    parser.add_argument("positions", nargs="+", help="SGF:MOVE:DRAGON, the SGF relative to regression/")
    args = parser.parse_args()
    regression = os.path.join(args.shared, "regression")
    if args.roots:
        for position in args.positions:
            print(position, *root(regression, *position.split(":")))
        return
    cutoffs = [int(c) for c in args.cutoffs.split(",")]
    counts = collections.Counter()
    for position in args.positions:
        sgf, move, dragon = position.split(":")
        for side, result, value in nodes(regression, sgf, move, dragon):
            kind = "escaped" if result and "escaped" in result else ("read on" if result is None else "other end")
            counts[(side, kind, None)] += 1
            for c in cutoffs:
                counts[(side, kind, c)] += value >= c
    for side in ("def", "att"):
        for kind in ("escaped", "read on"):
            at = ", ".join(f">= {c}: {counts[(side, kind, c)]}" for c in cutoffs)
            print(f"{side} nodes {kind}: {counts[(side, kind, None)]}; route {at}")


if __name__ == "__main__":
    main()
