#!/bin/sh
# Instructions per reading call on the `reading` suite's fixed positions
# (see tactics/benches/attack.rs), counted by callgrind: the bench reads
# every test once (attack, then defend) with collection on only inside
# `measured_read`, and the total is divided by the calls and the nodes.
#
# Usage: tactics/benches/callgrind_attack.sh   (from the workspace root; needs valgrind)
set -eu
target=${CARGO_TARGET_DIR:-target}
cargo bench -p tactics --bench attack --no-run 2>/dev/null
binary=$(ls -t "$target"/release/deps/attack-* | grep -v '\.d$' | head -n 1)
out=$(mktemp -d)
ENGINE_BENCH_ONCE=1 valgrind --tool=callgrind --toggle-collect='attack::measured_read' \
  --callgrind-out-file="$out/cg" "$binary" >"$out/stdout" 2>"$out/stderr"
nodes=$(sed -n 's/^nodes: attack \([0-9]*\), defend \([0-9]*\)/\1 \2/p' "$out/stdout")
total=$(sed -n 's/.*I *refs: *//p' "$out/stderr" | tr -d ,)
set -- $nodes
echo "instructions in attack+find_defense: $total over $(($1 + $2)) reading nodes ($1 attack, $2 defend): $((total / ($1 + $2))) per node"
rm -rf "$out"
