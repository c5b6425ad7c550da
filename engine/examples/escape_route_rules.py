"""Escape-route rules on GNU Go's own boards and inputs (`expected/layers/dragons.jsonl.gz`,
`worms.jsonl.gz`), per half of the 60 public positions: how close each rule's route comes to
GNU Go's `escape_route` where GNU Go found no surround (status 0; status 2 halves the route,
status 1 zeroes it), and the crude status and pre-owl weakness that the rules of
`DragonDataParams::default()` give from each route together with GNU Go's genus, lunch and
worm codes. Rules: GNU Go's printed route; `owl::escape`'s stand-in (values by distance to the
nearest opponent stone 0 0 0 1 2, first line halved, friendly stones 2, paths stopped next to
opponent stones); the same with paths through friendly stones (`friendly_stones_pass`).
Usage: `python3 engine/examples/escape_route_rules.py` (`TESUJI_SHARED`, default `../shared`)."""
import gzip
import json
import os
import sys
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dragon_data_rules import BY_STATUS, crude, interpolate  # noqa: E402  (the rules as the engine states them)

SH = os.environ.get("TESUJI_SHARED", "../shared")
LAYERS = os.path.join(SH, "expected/layers")
COLS = "ABCDEFGHJKLMNOPQRST"


def point(v, n):
    return (n - int(v[1:]), COLS.index(v[0]))


def neighbours(p, n):
    r, c = p
    for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= a < n and 0 <= b < n:
            yield (a, b)


def stand_in_route(board, n, stones, me, friendly_pass):
    op = "O" if me == "X" else "X"
    dist = {}
    queue = deque()
    for r in range(n):
        for c in range(n):
            if board[r][c] == op:
                dist[(r, c)] = 0
                queue.append((r, c))
    while queue:
        p = queue.popleft()
        if dist[p] >= 4:
            continue
        for q in neighbours(p, n):
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)

    def blocked(p):
        if friendly_pass and board[p[0]][p[1]] == me:
            return False
        return board[p[0]][p[1]] == op or any(board[q[0]][q[1]] == op for q in neighbours(p, n))

    seen = {s: 0 for s in stones}
    queue = deque(stones)
    total = 0
    while queue:
        p = queue.popleft()
        if seen[p] == 4:
            cell = board[p[0]][p[1]]
            if cell == ".":
                value = [0, 0, 0, 1, 2][min(dist.get(p, 4), 4)]
                if min(p[0], p[1], n - 1 - p[0], n - 1 - p[1]) == 0:
                    value //= 2
            else:
                value = 2 if cell == me else 0
            total += value
            continue
        for q in neighbours(p, n):
            if q not in seen and not blocked(q):
                seen[q] = seen[p] + 1
                queue.append(q)
    return total


def main():
    dragons = [json.loads(line) for line in gzip.open(os.path.join(LAYERS, "dragons.jsonl.gz"))]
    worms = [json.loads(line) for line in gzip.open(os.path.join(LAYERS, "worms.jsonl.gz"))]
    rules = ["printed", "stand-in", "stand-in, friendly stones pass"]
    # per rule, per half: [route exact, route within 2, compared (surround 0/2),
    #                      crude status, pre-owl weakness within 0.1, same side of 0.4, dragons]
    tallies = {rule: [[0] * 7 for _ in range(2)] for rule in rules}
    for index, (record, worm_record) in enumerate(zip(dragons, worms)):
        n = record["board_size"]
        board = record["board"]
        data = {w["origin"]: w["worm_data"]["parsed"] for w in worm_record["worms"]}
        for dragon in record["dragons"]:
            p = dragon["dragon_data"]["parsed"]
            me = "X" if dragon["color"] == "B" else "O"
            stones = [point(s, n) for s in dragon["stones"]]
            routes = {
                "printed": p["escape_route"],
                "stand-in": stand_in_route(board, n, stones, me, False),
                "stand-in, friendly stones pass": stand_in_route(board, n, stones, me, True),
            }
            for rule, route in routes.items():
                t = tallies[rule][index % 2]
                surround = p["surround_status"]
                if surround != 1:
                    shown = route // 2 if surround == 2 and rule != "printed" else route
                    t[0] += shown == p["escape_route"]
                    t[1] += abs(shown - p["escape_route"]) <= 2
                    t[2] += 1
                status = crude([data[s] for s in p["strings"]], p["genus_abcd"], route,
                               p["lunch"] != "PASS")
                weakness = BY_STATUS.get(status)
                if weakness is None:
                    weakness = interpolate(route)
                t[3] += status == p["crude_status"]
                t[4] += abs(weakness - p["weakness_pre_owl"]) <= 0.1
                t[5] += (weakness > 0.40001) == (p["weakness_pre_owl"] > 0.40001)
                t[6] += 1
    for rule in rules:
        for name, t in zip(["even", "odd"], tallies[rule]):
            print(f"{rule:32} {name}: route exact {t[0]}/{t[2]}, within 2 {t[1]}/{t[2]} "
                  f"(surround 0 or 2); crude status {t[3]}/{t[6]}, pre-owl weakness within 0.1 "
                  f"{t[4]}, same side of 0.4 {t[5]}")


if __name__ == "__main__":
    main()
