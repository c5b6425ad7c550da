#!/bin/sh
# Instructions per connection search node on the `connection` suite's
# fixed positions (see tactics/benches/connect.rs), counted by callgrind:
# the bench answers every connect / disconnect test once with collection
# on only inside `measured_search`, and the total is divided by the
# search nodes (the tactical reader's nodes are reported beside them).
# With ANSWERS=FILE the answers and per-test node counts are also written
# to FILE, to diff two builds for identical behaviour.
#
# Usage: tactics/benches/callgrind_connect.sh   (from the workspace root; needs valgrind)
set -eu
target=${CARGO_TARGET_DIR:-target}
cargo bench -p tactics --bench connect --no-run 2>/dev/null
binary=$(ls -t "$target"/release/deps/connect-* | grep -v '\.d$' | head -n 1)
out=$(mktemp -d)
ENGINE_BENCH_ONCE=1 valgrind --tool=callgrind --toggle-collect='connect::measured_search' \
  --callgrind-out-file="$out/cg" "$binary" >"$out/stdout" 2>"$out/stderr"
if [ -n "${ANSWERS:-}" ]; then grep '^answer:' "$out/stdout" >"$ANSWERS"; fi
if [ -n "${CALLGRIND_OUT:-}" ]; then cp "$out/cg" "$CALLGRIND_OUT"; fi
counts=$(sed -n 's/^nodes: \([0-9]*\) tests, search \([0-9]*\), tactical \([0-9]*\)/\1 \2 \3/p' "$out/stdout")
total=$(sed -n 's/.*I *refs: *//p' "$out/stderr" | tr -d ,)
set -- $counts
echo "instructions in $1 connection searches: $total over $2 search nodes ($3 tactical reader nodes): $((total / $2)) per search node"
rm -rf "$out"
