"""Same move as GNU Go on the 60 public positions, per half.

Runs `tesuji gtp --patterns DIR` once, loads every public position of
`shared/expected/layers/moves.jsonl.gz` (`loadsgf FILE N`) and asks
`reg_genmove COLOUR`; compares with GNU Go's recorded `genmove` there
(`resign` counts as `PASS`) and with `postconstraint.jsonl`'s
`gnugo_move`. Prints the share equal per half (even / odd position index)
and in all, and, with `--list`, each position's moves and our top moves.

    python3 engine/examples/genmove_agreement.py "$PWD/target/release/tesuji" \
        [--shared ../shared] [--list]
"""
import argparse
import gzip
import json
import os
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tesuji")
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    shared = os.path.abspath(args.shared)
    root = os.path.dirname(shared)
    records = [json.loads(l) for l in gzip.open(os.path.join(shared, "expected/layers/moves.jsonl.gz"))]
    post = {}
    with open(os.path.join(shared, "expected/postconstraint/postconstraint.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            post[r["pos"]] = r["gnugo_move"]
    script = []
    for r in records:
        color = "black" if r["color"] == "B" else "white"
        script.append(f"loadsgf {os.path.join(root, r['sgf'])} {r['move_number']}")
        script.append(f"reg_genmove {color}")
        script.append("top_moves")
    script.append("quit")
    out = subprocess.run([args.tesuji, "gtp", "--patterns", os.path.join(shared, "corpus/gnugo-3.8/patterns")],
                         input="\n".join(script) + "\n", capture_output=True, text=True, check=True).stdout
    answers = [a[2:] if len(a) > 1 else "" for a in out.split("\n\n")]
    same = [[0, 0], [0, 0]]
    same_post = [[0, 0], [0, 0]]
    for k, r in enumerate(records):
        ours = answers[3 * k + 1].strip().upper()
        top = answers[3 * k + 2].strip()
        theirs = r["genmove"]["raw"].strip().upper()
        theirs = "PASS" if theirs == "RESIGN" else theirs
        half = k % 2
        same[half][0] += ours == theirs
        same[half][1] += 1
        p = post.get(r["pos"], "").upper()
        same_post[half][0] += ours == p
        same_post[half][1] += 1
        if args.list:
            mark = "=" if ours == theirs else " "
            print(f"{mark} {r['pos']:28} gnugo {theirs:5} ours {ours:5} | {top[:60]}")
            print(f"  {'':28} gnugo top {r['top_moves']['raw'][:60]}")
    for name, table in [("moves.jsonl genmove", same), ("postconstraint gnugo_move", same_post)]:
        (a, n), (b, m) = table
        print(f"{name}: even {a}/{n}, odd {b}/{m}, all {a + b}/{n + m} = {100 * (a + b) / (n + m):.1f}%")


if __name__ == "__main__":
    main()
