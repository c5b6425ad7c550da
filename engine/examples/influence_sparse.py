"""`influence_regions` in open areas: random sparse positions played into GNU Go 3.8 and
a GTP engine, compared point by point.

The public positions are crowded, so they hardly show how GNU Go decides area and moyo
far from stones. This script plays 1 to 14 random stones on 9x9, 13x13 and 19x19
boards (seeded), asks both engines `initial_influence COLOR influence_regions` for
both colours to move, and counts the empty points whose codes agree, per half (even /
odd position index). With `--rule` it also checks an area/moyo rule on GNU Go's own
printed influence maps (ratios 3 / 7, minima `--area-min` / `--moyo-min`).

    python3 engine/examples/influence_sparse.py \\
        "$PWD/target/release/tesuji gtp --patterns ../shared/corpus/gnugo-3.8/patterns" \\
        --seed 2 --positions 40 [--rule]

A measurement, not a test: its figures go into notes with the command line.
"""
import argparse
import random
import subprocess

COLUMNS = "ABCDEFGHJKLMNOPQRST"


class Gtp:
    def __init__(self, command):
        self.p = subprocess.Popen(command.split(), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            text = self.p.stdout.readline()
            if text == "\n" and out:
                break
            out.append(text.rstrip("\n"))
        answer = "\n".join(out)
        return answer[2:] if answer.startswith("= ") else answer

    def grid(self, line):
        return [[float(x) for x in row.split()] for row in self.ask(line).strip().split("\n")]


def region_code(own, other, area_min, moyo_min):
    if own > 7 * other and own > moyo_min:
        return 2
    if own > 3 * other and own > area_min:
        return 1
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ours", help="command line of the engine measured")
    parser.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --quiet")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rule", action="store_true")
    parser.add_argument("--area-min", type=float, default=1.0)
    parser.add_argument("--moyo-min", type=float, default=5.0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    gnugo, ours = Gtp(args.gnugo), Gtp(args.ours)
    same = [[0, 0], [0, 0]]
    rule = [[0, 0], [0, 0]]
    for index in range(args.positions):
        half = index % 2
        size = rng.choice([9, 13, 19])
        for engine in (gnugo, ours):
            engine.ask(f"boardsize {size}")
            engine.ask("clear_board")
        for k in range(rng.randint(1, 8 if size < 19 else 14)):
            color = "B" if k % 2 == 0 else "W"
            vertex = f"{COLUMNS[rng.randrange(size)]}{rng.randint(1, size)}"
            if gnugo.ask(f"play {color} {vertex}").startswith("?"):
                continue
            ours.ask(f"play {color} {vertex}")
        for to_move in ("black", "white"):
            want = gnugo.grid(f"initial_influence {to_move} influence_regions")
            got = ours.grid(f"initial_influence {to_move} influence_regions")
            if args.rule:
                white = gnugo.grid(f"initial_influence {to_move} white_influence")
                black = gnugo.grid(f"initial_influence {to_move} black_influence")
            for i in range(size):
                for j in range(size):
                    if abs(want[i][j]) == 4:
                        continue
                    same[half][0] += want[i][j] == got[i][j]
                    same[half][1] += 1
                    if args.rule:
                        code = (region_code(white[i][j], black[i][j], args.area_min, args.moyo_min)
                                - region_code(black[i][j], white[i][j], args.area_min, args.moyo_min))
                        rule[half][0] += code == max(-2, min(2, want[i][j]))
                        rule[half][1] += 1
    report = [("influence_regions (ours = GNU Go's)", same)]
    if args.rule:
        report.append((f"rule on GNU Go's maps, minima {args.area_min} / {args.moyo_min}", rule))
    for name, halves in report:
        print(f"{name}: even {halves[0][0]} / {halves[0][1]} "
              f"({100.0 * halves[0][0] / max(halves[0][1], 1):.2f}%), odd {halves[1][0]} / "
              f"{halves[1][1]} ({100.0 * halves[1][0] / max(halves[1][1], 1):.2f}%)")


if __name__ == "__main__":
    main()
