#!/bin/sh
# Instructions of the owl's pattern matching per owl node, incremental and
# full rescan, on every OWL_STEP-th public position's dragons (20 unless set) (see
# loader/benches/owl_search.rs), counted by callgrind: collection is on only
# inside `IncrementalMatches::matches_on` (which, in the full-rescan mode,
# scans the whole board each time).
#
# Usage: [OWL_STEP=N] loader/benches/callgrind_owl.sh   (from the workspace root; needs valgrind)
set -eu
target=${CARGO_TARGET_DIR:-target}
cargo bench -p loader --bench owl_search --no-run 2>/dev/null
binary=$(ls -t "$target"/release/deps/owl_search-* | grep -v '\.d$' | head -n 1)
out=$(mktemp -d)
for mode in incremental full; do
  OWL_MATCHING=$mode ENGINE_BENCH_ONCE=1 valgrind --tool=callgrind \
    --toggle-collect='*IncrementalMatches*matches_on*' \
    --callgrind-out-file="$out/cg" "$binary" >"$out/stdout" 2>"$out/stderr"
  nodes=$(sed -n 's/^nodes: //p' "$out/stdout")
  total=$(sed -n 's/.*I *refs: *//p' "$out/stderr" | tr -d ,)
  echo "$mode: owl pattern matching $total instructions over $nodes owl nodes: $((total / nodes)) per node"
done
rm -rf "$out"
