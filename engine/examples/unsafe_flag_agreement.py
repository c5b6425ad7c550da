"""Our `strategically or tactically unsafe` flags against GNU Go's, per half.

Reads the traces `gnugo_valuation_traces.py` writes (each position's move
reasons as GNU Go's trace lists them), asks `tesuji gtp` for `move_reasons`
of every move listed there (after `reg_genmove`), and counts, per half (even /
odd position index), the moves we give reasons where our unsafe flag agrees
with GNU Go's, and the two kinds of disagreement.

    python3 engine/examples/unsafe_flag_agreement.py target/valuation-traces/public.jsonl \
        "$PWD/target/release/tesuji" [--shared ../shared]
"""
import argparse
import ast
import collections
import json
import os
import subprocess

UNSAFE = "strategically or tactically unsafe"


def literal(x):
    return ast.literal_eval(x) if isinstance(x, str) else x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("traces")
    ap.add_argument("tesuji", nargs="+")
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    args = ap.parse_args()
    patterns = os.path.join(os.path.abspath(args.shared), "corpus/gnugo-3.8/patterns")
    records = [json.loads(line) for line in open(args.traces)]
    for binary in args.tesuji:
        tables = [collections.Counter(), collections.Counter()]
        for k, r in enumerate(records):
            moves = collections.defaultdict(list)
            for move, text in literal(r["reasons"]):
                moves[move].append(text)
            if not moves:
                continue
            listed = sorted(moves)
            script = f"loadsgf {r['sgf']} {r['move']}\nreg_genmove {r['color']}\n"
            script += "".join(f"move_reasons {m}\n" for m in listed)
            out = subprocess.run([binary, "gtp", "--patterns", patterns], input=script,
                                 capture_output=True, text=True).stdout
            for move, answer in zip(listed, out.split("\n\n")[2:]):
                if "Move at" not in answer:
                    continue
                tables[k % 2][(UNSAFE in moves[move], "unsafe" in answer)] += 1
        for half, table in zip(("even", "odd"), tables):
            agree = table[(True, True)] + table[(False, False)]
            print(f"{binary} {half}: agree {agree}/{sum(table.values())}, "
                  f"unsafe for GNU Go only {table[(True, False)]}, for us only {table[(False, True)]}")


if __name__ == "__main__":
    main()
