"""Compares every answer of two runs of GNU Go's regression suites.

A change that must not move the tactical reader's answers (a refactor, a
speed-up) is checked by running the suites with the binary before and after
the change and comparing the answers test by test, not only the pass counts:

    python3 ../shared/regression/regress.py --jobs 1 \
        --engine "$BEFORE gtp --patterns ../shared/corpus/gnugo-3.8/patterns" \
        reading connection unconditional --json /tmp/before.json
    (the same with $AFTER into /tmp/after.json)
    python3 engine/examples/suite_answers_diff.py /tmp/before.json /tmp/after.json

Prints how many answers differ (and the first 50 of them); exits 1 if any do.
"""

import json
import sys


def answers(path):
    with open(path) as f:
        run = json.load(f)
    return {
        (suite["suite"], test["num"]): test["answer"]
        for suite in run["suites"]
        for test in suite["tests"]
    }


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: suite_answers_diff.py BEFORE.json AFTER.json")
    before, after = answers(sys.argv[1]), answers(sys.argv[2])
    differ = [
        (key, before.get(key), after.get(key))
        for key in sorted(set(before) | set(after))
        if before.get(key) != after.get(key)
    ]
    print(f"{len(before)} answers before, {len(after)} after, {len(differ)} differ")
    for (suite, num), was, now in differ[:50]:
        print(f"{suite} {num}: {was!r} -> {now!r}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
