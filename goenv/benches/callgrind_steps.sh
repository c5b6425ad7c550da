#!/bin/sh
# Instructions per environment step of random legal play (the figure behind
# `tesuji env bench`, independent of how busy the machine is), counted by
# callgrind over goenv::bench::play_random_steps in examples/random_steps.rs.
#
# Usage: goenv/benches/callgrind_steps.sh [SIZE...] [STEPS]
#        (from the workspace root; needs valgrind; default sizes 9 19,
#        default 200000 steps)
set -eu
target=${CARGO_TARGET_DIR:-target}
steps=200000
sizes=""
for arg in "$@"; do
  if [ "$arg" -gt 25 ]; then steps=$arg; else sizes="$sizes $arg"; fi
done
[ -n "$sizes" ] || sizes="9 19"
cargo build -p goenv --release --example random_steps 2>/dev/null
out=$(mktemp -d)
for size in $sizes; do
  valgrind --tool=callgrind --toggle-collect='goenv::bench::play_random_steps' \
    --callgrind-out-file="$out/cg.$size" \
    "$target/release/examples/random_steps" "$size" "$steps" >/dev/null 2>"$out/log.$size"
  total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out/log.$size")
  echo "$size $total $steps" | awk '{ printf "%dx%d: %.0f instructions per step (%d steps)\n", $1, $1, $2 / $3, $3 }'
done
rm -rf "$out"
