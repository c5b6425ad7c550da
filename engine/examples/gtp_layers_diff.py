"""Compares worms and dragons of two GTP engines on positions outside the public set.

The layer tests (`tactics/tests/all/worms_agreement.rs`, `tests/all/dragons.rs`)
measure agreement on the 60 public positions, whose GNU Go answers are
stored in `shared/expected/layers/`. This script measures the same on other
positions, by asking both engines live: it picks positions `(game, move)`
from the corpus games (deterministically from a seed, never one of the
public positions), loads each in both engines with `loadsgf FILE N`, and
compares

* per string (by origin, as `worm_data` prints it): `attack_code`,
  `defense_code`, and the points when the codes are non-zero;
* per position: the partition of the stones into dragons
  (`dragon_stones`), pair by pair of same-coloured strings as
  `same_dragon` would answer, and whole dragons;
* with `--eyes`: every point's `eye_data` for both colours (origin, sizes,
  marginal flag: "eye_points"), the reference's eye spaces found with the
  same points ("eye_spaces") and, for those, the same value
  ("eye_values"; start ours with `--patterns DIR` so that it has
  `eyes.db`);
* with `--owl`: `owl_attack O` and `owl_defend O` codes (0 or not) for the
  reference's dragons of two stones or more (by the origin of their first
  stone as `dragon_status` lists them; each question after `clear_cache`,
  as `shared/expected/layers/owl.jsonl.gz` was produced), and every
  reference dragon's `dragon_status` word read at its origin ("owl_attack",
  "owl_defend", "dragon_status"; start ours with `--patterns DIR`);
* with `--influence`: `initial_influence COLOR QUANTITY` for both colours
  to move and every map (`white_|black_` + `influence`, `strength`,
  `attenuation`, `permeability`; `territory_value`, `influence_regions`,
  `non_territory`): the points within 0.01, per quantity
  ("influence_<quantity>");
* with `--reasons`: for the colour `loadsgf` says is to move, the
  reference's `top_moves_black`/`top_moves_white` and its `move_reasons V`
  for each of those moves, against ours after `reg_genmove` (which records
  the generation `move_reasons` answers from): the reference's lines we
  print ("reasons_recall"), ours the reference prints
  ("reasons_precision"), and moves with the same lines as a set
  ("reasons_moves_same"). The reference runs its endgame pass when its
  best value is small; ours does not yet (genmove's valuation decides it);
* `connect A B` and `disconnect A B` codes (and points when the codes are
  non-zero) for pairs of same-coloured strings picked as in
  `shared/expected/layers/connections.jsonl.gz`: stones within Manhattan
  distance 3, the 30 closest pairs per position (the reference engine's
  `worm_stones` gives the strings; it gets `clear_cache` before each
  question, as that data was produced).

    python3 engine/examples/gtp_layers_diff.py \
        "$PWD/target/release/tesuji gtp" "/usr/games/gnugo --mode gtp --quiet" \
        [--positions 40] [--seed 1] [--shared ../shared] [--eyes] [--owl] [--influence]
        [--reasons] [--no-connections]

The reference's answers are cached per sample in a JSON file under
`--cache` (default `/tmp/gtp_layers_diff-cache`, one file per reference
command and seed; `--no-cache` leaves it alone): a rerun asks the
reference engine nothing it answered before, so a rerun costs our
engine's time only. `reading_nodes` sums our `get_reading_node_counter`
after `worm_data` over the positions; `--worms-only` leaves out the
dragons (the worm codes measured alone).

Every figure is printed for all positions and for the even and odd ones
(by their index in the sample) apart, the halves one tunes and judges on.
`defense_code_attackable` counts the defence codes of the strings the
reference can attack (its attack code not 0).

With `--walk`, each attackable string whose defence code differs (zero
against non-zero) is walked, from `attack` where the attack codes differ
(zero against non-zero) and from `defend` otherwise, down to the first point where the two trees
part: the engine that answers the question (`defend`, then `attack`, ...)
with a move has it played, and the other question is asked of both; the
walk stops where both agree after the move (both refute it: the claiming
engine's tree misses the refutation it finds at the root, "tree"; neither
does: the other engine never tries the move, "root") or after eight moves.
Each line gives the moves played and the class ("walks" at the end); the
reference's answers after moves are cached too.

It needs both engines (a measurement, not a test); its figures go into
notes, with the command line that produced them.
"""
import argparse
import hashlib
import json
import os
import random
import re
import subprocess


class Engine:
    def __init__(self, command, cwd):
        self.proc = subprocess.Popen(command.split(), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, cwd=cwd, bufsize=1)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine exited on {command!r}")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line or lines:
                lines.append(line)
        text = "\n".join(lines)
        ok = text.startswith("=")
        return ok, re.sub(r"^[=?]\d*\s?", "", text)

    def close(self):
        try:
            self.ask("quit")
        except RuntimeError:
            pass
        self.proc.wait()


class CachedEngine:
    """A reference engine whose answers after each `loadsgf` come from a
    cache (question -> answer per position) where it has them; the engine
    is started, and the position loaded, only for a question not cached.
    Every question is asked right after `loadsgf` (no moves are played),
    and `clear_cache` changes no answer, so a cached answer is the one the
    engine would give."""

    def __init__(self, command, cwd, cache):
        self.command, self.cwd, self.cache = command, cwd, cache
        self.engine, self.position, self.loaded = None, None, False

    def ask(self, command):
        if command.startswith("loadsgf "):
            self.position, self.loaded = command, False
        elif command.startswith("play "):
            # A move played is part of the position: later answers are
            # cached under the position and the moves so far.
            self.position, self.loaded = f"{self.position} | {command}", False
            return True, ""
        elif command == "clear_cache":
            if self.engine is not None and self.loaded:
                return self.engine.ask(command)
            return True, ""
        answers = self.cache.setdefault(self.position or "", {})
        if command in answers:
            ok, text = answers[command]
            return ok, text
        if self.engine is None:
            self.engine = Engine(self.command, self.cwd)
        if not self.loaded and self.position and command != self.position:
            first, *moves = self.position.split(" | ")
            self.engine.ask(first)
            for move in moves:
                self.engine.ask(move)
        self.loaded = True
        ok, text = self.engine.ask(command)
        answers[command] = [ok, text]
        return ok, text

    def close(self):
        if self.engine is not None:
            self.engine.close()
        self.engine, self.loaded = None, False


def load_cache(folder, command, seed):
    """The cache file of a reference command and seed, and its answers."""
    if folder is None:
        return None, {}
    digest = hashlib.sha1(command.encode()).hexdigest()[:12]
    path = os.path.join(folder, f"{digest}-seed{seed}.json")
    try:
        with open(path) as f:
            return path, json.load(f)
    except (OSError, ValueError):
        return path, {}


def save_cache(path, cache):
    if path is None:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump(cache, f)
    os.replace(path + ".tmp", path)


def worms(engine):
    """origin -> {field: value} from `worm_data` without an argument."""
    ok, text = engine.ask("worm_data")
    result, current = {}, None
    for line in text.split("\n"):
        if re.match(r"^[A-T]\d+:$", line.strip()):
            current = line.strip()[:-1]
            result[current] = {}
        elif current and line.strip():
            key, _, value = line.strip().partition(" ")
            result[current][key] = value.strip()
    # GNU Go prints every point of the board; only the strings' origins
    # are compared.
    return {p: d for p, d in result.items()
            if d.get("color") in ("black", "white") and d.get("origin") == p}


def dragons(engine):
    """The dragons as frozensets of stones, from `dragon_stones`."""
    ok, text = engine.ask("dragon_stones")
    return {frozenset(line.split()) for line in text.split("\n") if line.strip()}


COLUMNS = "ABCDEFGHJKLMNOPQRST"


def connection_pairs(reference, worms_by_origin):
    """Up to 30 pairs of same-coloured strings (origins) whose stones come
    within Manhattan distance 3, closest first."""
    def xy(v):
        return COLUMNS.index(v[0]), int(v[1:])
    strings = []
    for color in ("black", "white"):
        ok, text = reference.ask(f"worm_stones {color}")
        for line in text.split("\n"):
            stones = line.split()
            if stones:
                origin = next((s for s in stones if s in worms_by_origin), stones[0])
                strings.append((color, origin, [xy(s) for s in stones]))
    size_order = lambda v: (-xy(v)[1], xy(v)[0])  # board order: rows from the top
    pairs = []
    for i, (color, a, stones_a) in enumerate(strings):
        for color_b, b, stones_b in strings[i + 1:]:
            if color != color_b:
                continue
            distance = min(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p in stones_a for q in stones_b)
            if distance <= 3:
                first, second = sorted((a, b), key=size_order)
                pairs.append((distance, size_order(first), size_order(second), first, second))
    pairs.sort()
    return [(a, b) for *_, a, b in pairs[:30]]


def eye_fields(engine, color, vertex):
    """(origin, esize, msize, marginal, value) of `eye_data COLOR V`."""
    ok, text = engine.ask(f"eye_data {color} {vertex}")
    fields = dict(line.split(None, 1) for line in text.split("\n") if len(line.split(None, 1)) == 2)
    return tuple(fields.get(k) for k in ("origin", "esize", "msize", "marginal", "value"))


def compare_eyes(ours, reference, size, count):
    """Adds the eye figures of one position to `count(key, same)`."""
    points = [f"{COLUMNS[j]}{size - i}" for i in range(size) for j in range(size)]
    for color in ("black", "white"):
        spaces, ours_by_point, theirs_by_point = {}, {}, {}
        for v in points:
            mine, theirs = eye_fields(ours, color, v), eye_fields(reference, color, v)
            ours_by_point[v], theirs_by_point[v] = mine, theirs
            count("eye_points", mine[:4] == theirs[:4])
            if theirs[0] not in (None, "PASS"):
                spaces.setdefault(theirs[0], []).append(v)
        for origin, members in spaces.items():
            mine = {ours_by_point[v][0] for v in members}
            same_points = (len(mine) == 1 and ours_by_point[members[0]][1] == str(len(members))
                           and ours_by_point[members[0]][0] == origin)
            count("eye_spaces", same_points)
            if same_points:
                count("eye_values", ours_by_point[origin][4] == theirs_by_point[origin][4])


def compare_owl(ours, reference, their_dragons, tally, differing, where):
    """Owl codes of the reference's dragons of 2+ stones, and every
    dragon's status, both engines asked at the dragon's origin."""
    ok, text = reference.ask("dragon_status")
    statuses = {}
    for line in text.split("\n"):
        if ":" in line:
            origin, status = line.split(":", 1)
            statuses[origin.strip()] = status.split()[0] if status.split() else ""
    sizes = {}
    for d in their_dragons:
        for origin in statuses:
            if origin in d:
                sizes[origin] = len(d)
    for origin, status in statuses.items():
        ok, mine = ours.ask(f"dragon_status {origin}")
        mine_word = mine.split()[0] if mine.split() else "?"
        tally["dragon_status"][0] += mine_word == status
        tally["dragon_status"][1] += 1
        if mine_word != status:
            differing.append(f"{where}: dragon_status {origin} {mine_word} vs {status}")
        if sizes.get(origin, 1) < 2 and status != "critical":
            continue
        for question in ("owl_attack", "owl_defend"):
            reference.ask("clear_cache")
            ours.ask("clear_cache")
            answers = [e.ask(f"{question} {origin}")[1].split() for e in (ours, reference)]
            mine_code, theirs_code = (("0" if x[0] == "0" else "1") if x else "?" for x in answers)
            tally[question][0] += mine_code == theirs_code
            tally[question][1] += 1
            if mine_code != theirs_code:
                differing.append(f"{where}: {question} {origin} {' '.join(answers[0])} vs "
                                 f"{' '.join(answers[1])}")


OTHER = {"black": "white", "white": "black"}


def walk_defence(ours, reference, load, origin, color, question, max_moves=8):
    """The first point where the two engines' trees part on `question`
    (`attack` or `defend`) of the string at `origin` (of `color`): (moves
    played, class)."""
    def ask_both(moves, question):
        """Both engines' answers to `question` after `moves`, and their codes."""
        answers = []
        for e in (ours, reference):
            e.ask(load)
            for m in moves:
                e.ask(m)
            answers.append(e.ask(f"{question} {origin}")[1].split())
        return answers, [x[0] if x else "?" for x in answers]

    moves = []
    for _ in range(max_moves):
        answers, codes = ask_both(moves, question)
        if (codes[0] == "0") == (codes[1] == "0"):
            return moves, f"both {question} {codes[0]}/{codes[1]}"
        claimant = 0 if codes[0] != "0" else 1
        mover = color if question == "defend" else OTHER[color]
        vertex = answers[claimant][1] if len(answers[claimant]) > 1 else "PASS"
        moves = moves + [f"play {mover} {vertex}"]
        question = "attack" if question == "defend" else "defend"
        after, after_codes = ask_both(moves, question)
        who = ("ours", "reference")[claimant]
        if after_codes[0] != "0" and after_codes[1] != "0":
            return moves, (f"tree: {who}'s {vertex} refuted at the root by "
                           f"{' '.join(after[claimant][1:2])} (other: {' '.join(after[1 - claimant][1:2])})")
        if after_codes[0] == "0" and after_codes[1] == "0":
            return moves, f"root: {('ours', 'reference')[1 - claimant]} never tries {vertex}"
    return moves, "undecided"


INFLUENCE_QUANTITIES = tuple(f"{color}_{what}" for what in
                              ("influence", "strength", "attenuation", "permeability")
                              for color in ("white", "black")) + (
                                  "territory_value", "influence_regions", "non_territory")


def compare_influence(ours, reference, count, differing, where):
    """Counts, per quantity, the points where both engines' `initial_influence`
    maps agree within 0.01, for both colours to move."""
    for color in ("black", "white"):
        for quantity in INFLUENCE_QUANTITIES:
            answers = [e.ask(f"initial_influence {color} {quantity}") for e in (ours, reference)]
            if not all(ok for ok, _ in answers):
                differing.append(f"{where}: initial_influence {color} {quantity} {answers}")
                continue
            mine, theirs = ([float(x) for x in text.split()] for _, text in answers)
            if len(mine) != len(theirs):
                differing.append(f"{where}: initial_influence {color} {quantity}: sizes differ")
                continue
            same = sum(abs(a - b) <= 0.0101 for a, b in zip(mine, theirs))
            count(f"influence_{quantity}", 1, same)
            count(f"influence_{quantity}", 0, len(theirs) - same)


def compare_reasons(ours, reference, to_move, tally, differing, where):
    """`move_reasons` of the reference's top moves, line by line."""
    color = "white" if to_move.strip().lower().startswith("w") else "black"
    ok, answer = reference.ask(f"top_moves_{color}")
    moves = answer.split()[0::2] if ok else []
    ours.ask(f"reg_genmove {color}")
    for vertex in moves:
        theirs = set(filter(None, reference.ask(f"move_reasons {vertex}")[1].split("\n")))
        mine = set(filter(None, ours.ask(f"move_reasons {vertex}")[1].split("\n")))
        shared_lines = len(mine & theirs)
        tally["reasons_recall"][0] += shared_lines
        tally["reasons_recall"][1] += len(theirs)
        tally["reasons_precision"][0] += shared_lines
        tally["reasons_precision"][1] += len(mine)
        tally["reasons_moves_same"][0] += mine == theirs
        tally["reasons_moves_same"][1] += 1
        if mine != theirs:
            differing.append(f"{where}: move_reasons {vertex}: missing {sorted(theirs - mine)} "
                             f"extra {sorted(mine - theirs)}")


def pick_positions(shared, count, seed):
    with open(os.path.join(shared, "expected", "matches", "positions.json")) as f:
        public = {(os.path.basename(p["file"]), p["move_number"]) for p in json.load(f).values()}
    folder = os.path.join(shared, "corpus", "positions")
    games = sorted(name for name in os.listdir(folder) if name.endswith(".sgf"))
    rng = random.Random(seed)
    chosen = []
    while len(chosen) < count:
        game = rng.choice(games)
        with open(os.path.join(folder, game), errors="replace") as f:
            moves = len(re.findall(r";\s*[BW]\[", f.read()))
        if moves < 2:
            continue
        move = rng.randint(2, moves)
        if (game, move) in public or (game, move) in chosen:
            continue
        chosen.append((game, move))
    return [(os.path.join(folder, game), move) for game, move in chosen]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ours")
    parser.add_argument("reference")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shared", default=os.path.join(os.getcwd(), "..", "shared"))
    parser.add_argument("--eyes", action="store_true", help="compare eye_data too")
    parser.add_argument("--owl", action="store_true",
                        help="compare owl_attack/owl_defend and dragon_status too")
    parser.add_argument("--influence", action="store_true",
                        help="compare initial_influence maps too")
    parser.add_argument("--reasons", action="store_true",
                        help="compare move_reasons of the reference's top moves too")
    parser.add_argument("--no-connections", action="store_true",
                        help="leave out the connect/disconnect questions (worm codes faster)")
    parser.add_argument("--worms-only", action="store_true",
                        help="leave out the dragons too (the worm codes alone)")
    parser.add_argument("--walk", action="store_true",
                        help="walk each differing defence of an attackable string to where the trees part")
    parser.add_argument("--cache", default="/tmp/gtp_layers_diff-cache",
                        help="folder of the reference's cached answers")
    parser.add_argument("--no-cache", action="store_true",
                        help="ask the reference engine everything afresh")
    args = parser.parse_args()
    cache_path, cache = load_cache(None if args.no_cache else args.cache, args.reference,
                                   args.seed)
    reading_nodes = [0, 0, 0]
    shared = os.path.abspath(args.shared)
    keys = ("attack_code", "defense_code", "defense_code_attackable", "attack_point",
            "defense_point", "same_dragon_pairs", "dragons_exact", "connect_code",
            "disconnect_code", "connect_point", "disconnect_point", "eye_points", "eye_spaces",
            "eye_values", "owl_attack", "owl_defend", "dragon_status", "reasons_recall",
            "reasons_precision", "reasons_moves_same") + tuple(
                f"influence_{q}" for q in INFLUENCE_QUANTITIES)
    # key -> [all, even, odd], each [same, total]
    halves = {k: [[0, 0], [0, 0], [0, 0]] for k in keys}
    differing, walks = [], []
    for index, (path, move) in enumerate(pick_positions(shared, args.positions, args.seed)):
        half = 1 + index % 2

        def count(key, same, amount=1):
            for slot in (0, half):
                halves[key][slot][0] += int(same) * amount
                halves[key][slot][1] += amount

        tally = {k: [0, 0] for k in keys}
        ours = Engine(args.ours, shared)
        reference = CachedEngine(args.reference, shared, cache)
        try:
            loaded = [e.ask(f"loadsgf {path} {move}") for e in (ours, reference)]
            if not all(ok for ok, _ in loaded):
                differing.append(f"{os.path.basename(path)} {move}: loadsgf {loaded}")
                continue
            our_worms, their_worms = worms(ours), worms(reference)
            ok, nodes = ours.ask("get_reading_node_counter")
            if ok and nodes.strip().isdigit():
                for slot in (0, half):
                    reading_nodes[slot] += int(nodes)
            for origin, theirs in their_worms.items():
                mine = our_worms.get(origin)
                if mine is None:
                    differing.append(f"{os.path.basename(path)} {move}: no worm {origin}")
                    continue
                if theirs.get("attack_code") != "0":
                    tally["defense_code_attackable"][0] += mine.get("defense_code") == theirs.get("defense_code")
                    tally["defense_code_attackable"][1] += 1
                for code, point in (("attack_code", "attack_point"),
                                    ("defense_code", "defense_point")):
                    same = mine.get(code) == theirs.get(code)
                    tally[code][0] += same
                    tally[code][1] += 1
                    if not same:
                        attackable = (" (attackable)" if code == "defense_code"
                                      and theirs.get("attack_code") != "0" else "")
                        differing.append(f"{os.path.basename(path)} {move} {origin}: {code} "
                                         f"{mine.get(code)} vs {theirs.get(code)}{attackable}")
                    elif theirs.get(code) != "0":
                        tally[point][0] += mine.get(point) == theirs.get(point)
                        tally[point][1] += 1
            if args.walk:
                load = f"loadsgf {path} {move}"
                for origin, theirs in their_worms.items():
                    mine = our_worms.get(origin)
                    if (mine is None or theirs.get("attack_code") == "0"
                            or (mine.get("defense_code") == "0") == (theirs.get("defense_code") == "0")):
                        continue
                    # A string our attacker cannot attack has defence code 0
                    # whatever its defence: walk the attack then.
                    first = ("attack" if (mine.get("attack_code") == "0")
                             != (theirs.get("attack_code") == "0") else "defend")
                    played, verdict = walk_defence(ours, reference, load, origin,
                                                   theirs.get("color"), first)
                    walks.append(f"{os.path.basename(path)} {move} {origin} "
                                 f"{mine.get('defense_code')}/{theirs.get('defense_code')} "
                                 f"{first}: "
                                 f"{' '.join(m[5] + m.split()[2] for m in played)} -> {verdict}")
            pairs = [] if args.no_connections else connection_pairs(reference, their_worms)
            for a, b in pairs:
                for question in ("connect", "disconnect"):
                    reference.ask("clear_cache")
                    answers = [e.ask(f"{question} {a} {b}")[1].split() for e in (ours, reference)]
                    mine_code, theirs_code = (x[0] if x else "?" for x in answers)
                    tally[f"{question}_code"][0] += mine_code == theirs_code
                    tally[f"{question}_code"][1] += 1
                    if mine_code != theirs_code:
                        differing.append(f"{os.path.basename(path)} {move}: {question} {a} {b} "
                                         f"{' '.join(answers[0])} vs {' '.join(answers[1])}")
                    elif theirs_code != "0":
                        tally[f"{question}_point"][0] += answers[0] == answers[1]
                        tally[f"{question}_point"][1] += 1
            if args.eyes:
                ok, answer = reference.ask("query_boardsize")
                compare_eyes(ours, reference, int(answer), count)
            if args.owl:
                compare_owl(ours, reference, dragons(reference), tally, differing,
                            f"{os.path.basename(path)} {move}")
            if args.influence:
                compare_influence(ours, reference, count, differing,
                                  f"{os.path.basename(path)} {move}")
            if args.reasons:
                compare_reasons(ours, reference, loaded[1][1], tally, differing,
                                f"{os.path.basename(path)} {move}")
            if not args.worms_only:
                our_dragons, their_dragons = dragons(ours), dragons(reference)
                tally["dragons_exact"][0] += len(our_dragons & their_dragons)
                tally["dragons_exact"][1] += len(their_dragons)
                dragon_of = lambda ds: {s: d for d in ds for s in d}
                mine, theirs = dragon_of(our_dragons), dragon_of(their_dragons)
                origins = sorted(their_worms)
                for i, a in enumerate(origins):
                    for b in origins[i + 1:]:
                        if their_worms[a].get("color") != their_worms[b].get("color"):
                            continue
                        together = theirs.get(a) is not None and theirs.get(a) == theirs.get(b)
                        ours_together = mine.get(a) is not None and mine.get(a) == mine.get(b)
                        tally["same_dragon_pairs"][0] += together == ours_together
                        tally["same_dragon_pairs"][1] += 1
        finally:
            ours.close()
            reference.close()
        for key, (same, total) in tally.items():
            if total:
                for slot in (0, half):
                    halves[key][slot][0] += same
                    halves[key][slot][1] += total
    save_cache(cache_path, cache)
    print(f"{'reading_nodes':24} " + "  ".join(
        f"{name} {n:15}" for name, n in zip(("all", "even", "odd"), reading_nodes)))
    for key, slots in halves.items():
        if not slots[0][1]:
            continue
        text = "  ".join(f"{name} {same:6} / {total:6} {100.0 * same / total if total else 0:5.1f}%"
                         for name, (same, total) in zip(("all", "even", "odd"), slots))
        print(f"{key:24} {text}")
    for line in differing[:int(os.environ.get("DIFF_LINES", "40"))]:
        print("  " + line)
    if walks:
        print("walks")
        for line in walks:
            print("  " + line)


if __name__ == "__main__":
    main()
