"""Fits GNU Go's `strategic effect on X` from its traces (`gnugo_valuation_traces.py`).

Takes every traced `strategic effect on X` whose move has exactly one reason naming X
and that reason is `strategically attacks X` or `strategically defends X` (cuts,
connections and owl side effects follow other rules), one value per dragon and
position, and compares it with

    weakness × scale × size / (size + half)

for `size` = GNU Go's `strategic_size` and `effective_size` (the engine has only the
second), over a grid of (scale, half). Prints the best pair per size, how many
dragons it reproduces within 5% and the median relative error, the simple product
weakness × size × k for comparison, and the dragons the best fit misses.
`--suites` keeps only the records of the named suites (and the public positions).

    python3 engine/examples/gnugo_valuation_fit.py target/valuation-traces/*.jsonl \
        [--suites strategy] [--half even|odd] [--check SCALE HALF]
"""
import argparse
import json
import re

EFFECT = re.compile(r"(-?[\d.]+) - strategic effect on ([A-T]\d+)")


def number(position_id):
    """pubNN_... -> NN; suite:N -> N."""
    if ":" in position_id:
        return int(position_id.split(":")[1])
    return int(position_id[3:5])


def cases(paths, suites, half):
    found = {}
    for path in paths:
        for line in open(path):
            r = json.loads(line)
            suite = r["id"].split(":")[0] if ":" in r["id"] else None
            if suite and suites and suite not in suites:
                continue
            if half is not None and number(r["id"]) % 2 != half:
                continue
            reasons = {}
            for move, text in r["reasons"]:
                reasons.setdefault(move, []).append(text)
            for move, lines in r["valuation"].items():
                for text in lines:
                    m = EFFECT.match(text)
                    if not m or m.group(2) not in r["dragons"]:
                        continue
                    target = m.group(2)
                    naming = [t for t in reasons.get(move, []) if target in t.split()]
                    if len(naming) != 1 or not naming[0].startswith("strategically"):
                        continue
                    d = r["dragons"][target]
                    found[(r["id"], target)] = (
                        float(m.group(1)), float(d["weakness"]),
                        float(d["effective_size"]), float(d["strategic_size"]))
    return found


def score(data, predict):
    errors = sorted(abs(predict(w, s) - v) / max(v, 0.3) for v, w, s in data)
    return sum(e < 0.05 for e in errors), errors[len(errors) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("traces", nargs="+")
    ap.add_argument("--suites", nargs="*", default=[])
    ap.add_argument("--check", nargs=2, type=float, metavar=("SCALE", "HALF"),
                    help="also score this pair (e.g. the engine's defaults)")
    ap.add_argument("--half", choices=("even", "odd", "all"), default="all",
                    help="only positions with an even / odd number (pubNN, suite:N)")
    args = ap.parse_args()
    half = {"even": 0, "odd": 1, "all": None}[args.half]
    found = cases(args.traces, set(args.suites), half)
    print(f"{len(found)} dragons with a traced strategic effect from one strategic reason")
    for name, index in (("strategic_size", 3), ("effective_size", 2)):
        data = [(c[0], c[1], c[index]) for c in found.values()]
        grid = []
        for scale in [x / 10 for x in range(200, 360, 2)]:
            for half in [x / 10 for x in range(60, 240, 2)]:
                hit = score(data, lambda w, s: w * scale * s / (s + half))
                grid.append((hit[0], -hit[1], scale, half))
        hits, err, scale, half = max(grid)
        print(f"{name}: weakness x {scale} x size / (size + {half}): "
              f"{hits}/{len(data)} within 5%, median error {-err:.3f}")
        if args.check:
            scale_c, half_c = args.check
            hit = score(data, lambda w, s: w * scale_c * s / (s + half_c))
            print(f"{name}: weakness x {scale_c} x size / (size + {half_c}): "
                  f"{hit[0]}/{len(data)} within 5%, median error {hit[1]:.3f}")
        product = max((score(data, lambda w, s: w * s * k)[0], k) for k in [x / 20 for x in range(10, 40)])
        print(f"{name}: weakness x size x k at best (k = {product[1]}): {product[0]}/{len(data)} within 5%")
        if index == 3:
            for (pos, target), (v, w, es, ss) in sorted(found.items()):
                p = w * scale * ss / (ss + half)
                if abs(p - v) / max(v, 0.3) >= 0.05:
                    print(f"  miss {pos} {target}: traced {v}, formula {p:.2f} (weakness {w}, strategic size {ss})")


if __name__ == "__main__":
    main()
