"""final_score and final_status_list dead, tesuji against GNU Go, on finished games.

Loads each game whole (`loadsgf FILE`) in `tesuji gtp --patterns DIR` and
in `gnugo --mode gtp --quiet`, asks `final_score` and
`final_status_list dead` (after `komi KM` with the game's KM, which
tesuji's `loadsgf` does not read), and prints per game both answers and whether
they agree (the score exactly; the dead stones as a set), then the counts.
GNU Go runs with `--chinese-rules` (area scoring, as tesuji's default
rules) unless `--gnugo-args` says otherwise.
Games: the first `--games` SGF files of `--folder` (under `shared`,
default `corpus/positions`; sorted) that were counted (`RE[B+N` or
`RE[W+N`, not resigned) and have at least `--min-moves` moves.

    python3 scripts/final_score_agreement.py "$PWD/target/release/tesuji" \
        [--shared ../shared] [--folder corpus/positions] [--games 12] [--gnugo /usr/games/gnugo] [--gnugo-args ARGS]
"""
import argparse
import os
import re
import subprocess


def answers(argv, script):
    out = subprocess.run(argv, input="\n".join(script + ["quit"]) + "\n", capture_output=True,
                         text=True, timeout=1200).stdout
    return [a[2:].strip() if len(a) > 1 else "" for a in out.strip().split("\n\n")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tesuji")
    ap.add_argument("--shared", default=os.environ.get("TESUJI_SHARED", "../shared"))
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--folder", default="corpus/positions")
    ap.add_argument("--min-moves", type=int, default=100)
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--gnugo-args", default="--chinese-rules")
    args = ap.parse_args()
    shared = os.path.abspath(args.shared)
    folder = os.path.join(shared, args.folder)
    games = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not name.endswith(".sgf") or not os.path.isfile(path):
            continue
        text = open(path, errors="replace").read()
        if re.search(r"RE\[[BW]\+[0-9]", text) and len(re.findall(r";[BW]\[", text)) >= args.min_moves:
            komi = re.search(r"KM\[([-0-9.]+)\]", text)
            games.append((path, komi.group(1) if komi else "0"))
        if len(games) == args.games:
            break
    script = []
    for path, komi in games:
        script += [f"loadsgf {path}", f"komi {komi}", "final_score", "final_status_list dead"]
    ours = answers([args.tesuji, "gtp", "--patterns", os.path.join(shared, "corpus/gnugo-3.8/patterns")],
                   script)
    theirs = answers([args.gnugo, "--mode", "gtp", "--quiet"] + args.gnugo_args.split(), script)
    same_score = same_dead = 0
    for k, (path, _) in enumerate(games):
        score = (ours[4 * k + 2], theirs[4 * k + 2])
        dead = [set(a[4 * k + 3].split()) for a in (ours, theirs)]
        same_score += score[0] == score[1]
        same_dead += dead[0] == dead[1]
        print(f"{os.path.basename(path):28} score ours {score[0]:8} gnugo {score[1]:8} "
              f"dead stones ours {len(dead[0]):3} gnugo {len(dead[1]):3} common {len(dead[0] & dead[1]):3}")
    n = len(games)
    print(f"same final_score {same_score}/{n}, same dead stones {same_dead}/{n}")


if __name__ == "__main__":
    main()
