"""Our move reasons against GNU Go's, kind by kind, per half.

Reads the traces `gnugo_valuation_traces.py` writes (each position's move
reasons as GNU Go's trace lists them; the public positions and, with its
`--suites`, the genmove tests of regression suites), runs `tesuji gtp` on
each position (`loadsgf`, `reg_genmove`, then `move_reasons` at every
point) and compares, at every point where either engine gives a reason,
the set of reason kinds (`attack`, `owl-defend`, `unsafe`, ...). Per kind
and half it counts the points where both give the kind, where only GNU Go
does (missing) and where only we do (extra), once by kind alone and once
by kind and target (`owl-defends D2` against `owl-defends D2`). The half of
a public position is its index in the traces file (as
`genmove_agreement.py` counts); of a suite test, its test number.

    python3 engine/examples/reason_kind_agreement.py target/valuation-traces/public.jsonl \
        "$PWD/target/release/tesuji" [--shared ../shared] [--list owl-defend,either] [--json OUT]
"""
import argparse
import collections
import json
import os
import re
import subprocess

# (kind, pattern of the words after `Move at X `), the first match wins.
KINDS = [
    ("unsafe", r"strategically or tactically unsafe"),
    ("attack-threat", r"threatens to attack "),
    ("defend-threat", r"threatens to defend "),
    ("owl-attack", r"owl-attacks "),
    ("owl-defend", r"owl-defends "),
    ("owl-prevent-threat", r"owl-prevents "),
    ("strategic-attack", r"strategically attacks "),
    ("strategic-defend", r"strategically defends "),
    ("either", r"either attacks "),
    ("all", r"both defends "),
    ("attack", r"attacks "),
    ("defend", r"defends [A-T]"),
    ("connect", r"connects "),
    ("cut", r"cuts "),
    ("semeai", r"wins semeai"),
    ("territory", r"expands territory"),
    ("moyo", r"expands moyo"),
    ("invasion", r"is an invasion"),
    ("my-combination", r"captures something"),
    ("combination-defence", r"defends against combination attack"),
    ("antisuji", r"is an antisuji"),
]
VERTEX = re.compile(r"\b[A-T]\d{1,2}\b")
LINE = re.compile(r"^Move at ([A-T]\d{1,2}) (.*)$")
COLUMNS = "ABCDEFGHJKLMNOPQRST"


def kind_of(text):
    """The kind of a reason's words, or None for trace lines that are not reasons."""
    for kind, pattern in KINDS:
        if re.match(pattern, text):
            return kind
    return None


def reasons_of(pairs):
    """{move: {(kind, targets)}} from (move, words) pairs."""
    moves = collections.defaultdict(set)
    for move, text in pairs:
        kind = kind_of(text)
        if kind:
            # A good or bad ko result is the same kind here; `with` ends the targets.
            targets = tuple(VERTEX.findall(text.split(" with ")[0]))
            moves[move].add((kind, targets))
    return moves


def half_of(index, record):
    if ":" in record["id"]:
        return int(record["id"].split(":")[1]) % 2
    return index % 2


def our_reasons(binary, patterns, records):
    """Our {move: {(kind, targets)}} for each record, one GTP process."""
    script = []
    points = [f"{c}{r}" for c in COLUMNS for r in range(1, 20)]
    for r in records:
        load = f"loadsgf {r['sgf']}" + (f" {r['move']}" if r.get("move") else "")
        script += [load, f"reg_genmove {r['color']}"] + [f"move_reasons {p}" for p in points]
    script.append("quit")
    out = subprocess.run([binary, "gtp", "--patterns", patterns], input="\n".join(script) + "\n",
                         capture_output=True, text=True).stdout
    answers = out.split("\n\n")
    per = 2 + len(points)
    result = []
    for k in range(len(records)):
        pairs = []
        for answer in answers[k * per + 2:(k + 1) * per]:
            for line in answer.splitlines():
                line = line[2:] if line.startswith("= ") else line
                m = LINE.match(line)
                if m:
                    pairs.append((m.group(1), m.group(2)))
        result.append(reasons_of(pairs))
    return result


def compare(records, ours, listed):
    """Per half, per kind: Counter of both / missing / extra, by kind and by (kind, target)."""
    tables = [collections.defaultdict(collections.Counter) for _ in range(2)]
    for k, (r, mine) in enumerate(zip(records, ours)):
        theirs = reasons_of(r["reasons"])
        table = tables[half_of(k, r)]
        for move in sorted(set(theirs) | set(mine)):
            a, b = theirs.get(move, set()), mine.get(move, set())
            ka, kb = {x[0] for x in a}, {x[0] for x in b}
            for kind in ka | kb:
                table[kind]["both" if kind in ka and kind in kb else
                            "missing" if kind in ka else "extra"] += 1
            for reason in a | b:
                table[reason[0]]["t-both" if reason in a and reason in b else
                                 "t-missing" if reason in a else "t-extra"] += 1
            for kind in listed:
                if (kind in ka) != (kind in kb):
                    side = "missing" if kind in ka else "extra"
                    fmt = lambda s: ", ".join(f"{x[0]} {' '.join(x[1])}".strip() for x in sorted(s))
                    print(f"{kind} {side:7} {r['id']:26} {move:4} gnugo [{fmt(a)}] ours [{fmt(b)}]")
    return tables


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("traces")
    ap.add_argument("tesuji")
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    ap.add_argument("--list", default="",
                    help="print the points where these kinds (comma-separated) are missing or extra")
    ap.add_argument("--json", help="write the tables here")
    args = ap.parse_args()
    patterns = os.path.join(os.path.abspath(args.shared), "corpus/gnugo-3.8/patterns")
    records = [json.loads(line) for line in open(args.traces)]
    ours = our_reasons(args.tesuji, patterns, records)
    tables = compare(records, ours, [k for k in args.list.split(",") if k])
    kinds = sorted(set(tables[0]) | set(tables[1]),
                   key=lambda k: -(tables[0][k]["missing"] + tables[1][k]["missing"]))
    print(f"{'kind':20} {'both e/o':>10} {'missing e/o':>12} {'extra e/o':>10} "
          f"| by target: {'both':>9} {'missing':>9} {'extra':>9}")
    for kind in kinds:
        e, o = tables[0][kind], tables[1][kind]
        cell = lambda key: f"{e[key]}/{o[key]}"
        print(f"{kind:20} {cell('both'):>10} {cell('missing'):>12} {cell('extra'):>10} "
              f"| {cell('t-both'):>20} {cell('t-missing'):>9} {cell('t-extra'):>9}")
    for name, table in zip(("even", "odd"), tables):
        total = collections.Counter()
        for counts in table.values():
            total.update(counts)
        print(f"{name}: kinds both {total['both']}, missing {total['missing']}, extra {total['extra']}; "
              f"by target both {total['t-both']}, missing {total['t-missing']}, extra {total['t-extra']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{k: dict(v) for k, v in t.items()} for t in tables], f, indent=1)


if __name__ == "__main__":
    main()
