#!/bin/sh
# Instructions per environment step of random legal play (the figure behind
# `tesuji env bench`, independent of how busy the machine is), counted by
# callgrind over goenv::bench::play_random_steps in examples/random_steps.rs.
#
# Usage: goenv/benches/callgrind_steps.sh [SIZE...] [STEPS] [observations]
#        (from the workspace root; needs valgrind; default sizes 9 19,
#        default 200000 steps; `observations`: every step also writes the
#        (N, N, 17) observation, as `tesuji env bench --observations`)
set -eu
target=${CARGO_TARGET_DIR:-target}
steps=200000
sizes=""
mode=""
collect='goenv::bench::play_random_steps'
for arg in "$@"; do
  if [ "$arg" = observations ]; then
    mode=observations
    collect='goenv::bench::play_random_steps_observed'
  elif [ "$arg" -gt 25 ]; then steps=$arg; else sizes="$sizes $arg"; fi
done
[ -n "$sizes" ] || sizes="9 19"
cargo build -p goenv --release --example random_steps 2>/dev/null
out=$(mktemp -d)
for size in $sizes; do
  valgrind --tool=callgrind --toggle-collect="$collect" \
    --callgrind-out-file="$out/cg.$size" \
    "$target/release/examples/random_steps" "$size" "$steps" $mode >/dev/null 2>"$out/log.$size"
  total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out/log.$size")
  echo "$size $total $steps $mode" | awk '{ printf "%dx%d: %.0f instructions per step (%d steps) %s\n", $1, $1, $2 / $3, $3, $4 }'
done
rm -rf "$out"
