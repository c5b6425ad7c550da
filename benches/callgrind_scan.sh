#!/bin/sh
# Instructions per full-board scan of patterns.db + patterns2.db (-b) for the
# colour to move on the 60 public positions, counted by callgrind: one dump
# per measured scan, then the medians over all positions and over the 19x19
# ones (positions in id order, as benches/scan_driver.rs scans them).
#
# Usage: benches/callgrind_scan.sh   (from the workspace root; needs valgrind)
set -eu
target=${CARGO_TARGET_DIR:-target}
cargo bench -p tesuji --bench scan_driver --no-run 2>/dev/null
binary=$(ls -t "$target"/release/deps/scan_driver-* | grep -v '\.d$' | head -n 1)
out=$(mktemp -d)
valgrind --tool=callgrind --toggle-collect='scan_driver::measured_scan' \
  --dump-after='scan_driver::measured_scan' --callgrind-out-file="$out/cg" \
  "$binary" --once >/dev/null 2>&1
shared=${TESUJI_SHARED:-../shared}
# Board sizes in position-id order (the file lists the positions in id order).
sizes=$(sed -n 's/.*"board_size": *\([0-9]*\).*/\1/p' "$shared/expected/matches/positions.json")
n=1
for size in $sizes; do
  count=$(sed -n 's/^summary: //p' "$out/cg.$n")
  echo "$size $count"
  n=$((n + 1))
done | awk '
  function median(a, k,   i, j, t) {
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  { all[++na] = $2; if ($1 == 19) big[++nb] = $2 }
  END {
    printf "instructions per scan, median of %d positions: %.0f\n", na, median(all, na)
    printf "instructions per scan, median of %d 19x19 positions: %.0f\n", nb, median(big, nb)
  }'
rm -rf "$out"
