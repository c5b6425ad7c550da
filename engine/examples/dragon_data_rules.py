"""The crude-status rule and the pre-owl weakness table of
`engine::front::dragon_data::DragonDataParams::default()`, fed GNU Go's own genus, escape
route, lunch and worm codes (`expected/layers/dragons.jsonl.gz`, `worms.jsonl.gz`), per half
of the 60 public positions: how well the rules themselves fit GNU Go, apart from our inputs.
Usage: `python3 engine/examples/dragon_data_rules.py` (`TESUJI_SHARED`, default `../shared`)."""
import gzip
import json
import os

SH = os.environ.get("TESUJI_SHARED", "../shared")
LAYERS = os.path.join(SH, "expected/layers")
# (escape route, weakness) for a crude unknown dragon, as DragonDataParams.
TABLE = [(0, .75), (4, .65), (8, .5), (10, .33), (12, .23), (14, .15), (18, .09), (20, .02)]
BY_STATUS = {"alive": 0.0, "critical": 0.9, "dead": 1.0}


def interpolate(x):
    if x <= TABLE[0][0]:
        return TABLE[0][1]
    for (a, ya), (b, yb) in zip(TABLE, TABLE[1:]):
        if x <= b:
            return ya + (yb - ya) * (x - a) / (b - a)
    return TABLE[-1][1]


def crude(worms, genus, escape, lunch):
    if len(worms) == 1 and worms[0]["attack_code"] == 5 and worms[0]["defense_code"] == 0:
        return "dead"
    if any(w["invincible"] for w in worms) or genus[1] >= 2:
        return "alive"
    if escape < 1:
        return "critical" if genus[2] >= 2 or lunch else "dead"
    return "unknown"


def main():
    dragons = [json.loads(l) for l in gzip.open(os.path.join(LAYERS, "dragons.jsonl.gz"))]
    worms = [json.loads(l) for l in gzip.open(os.path.join(LAYERS, "worms.jsonl.gz"))]
    tallies = [[0, 0, 0, 0], [0, 0, 0, 0]]
    for index, (record, worm_record) in enumerate(zip(dragons, worms)):
        data = {w["origin"]: w["worm_data"]["parsed"] for w in worm_record["worms"]}
        for dragon in record["dragons"]:
            p = dragon["dragon_data"]["parsed"]
            status = crude([data[s] for s in dragon["strings"]], p["genus_abcd"],
                           p["escape_route"], p["lunch"] != "PASS")
            weakness = BY_STATUS.get(status)
            if weakness is None:
                weakness = interpolate(p["escape_route"])
            t = tallies[index % 2]
            t[0] += 1
            t[1] += status == p["crude_status"]
            t[2] += (weakness > 0.40001) == (p["weakness_pre_owl"] > 0.40001)
            t[3] += abs(weakness - p["weakness_pre_owl"]) <= 0.1
    for name, t in zip(["even", "odd"], tallies):
        print(f"{name}: {t[0]} dragons, crude status {100 * t[1] / t[0]:.1f}%, "
              f"pre-owl weakness same side of 0.4 {100 * t[2] / t[0]:.1f}%, "
              f"within 0.1 {100 * t[3] / t[0]:.1f}%")


if __name__ == "__main__":
    main()
