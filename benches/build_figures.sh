#!/bin/sh
# The cost of compiling GNU Go's databases into tesuji: clean release builds
# of the root package without and with TESUJI_PATTERN_DIR (each in a fresh
# target directory, dependencies included, so the difference is the corpus),
# incremental rebuilds after touching our own database and one GNU Go
# database, the generated source size and the (stripped) binary growth.
#
# Usage: benches/build_figures.sh   (from the workspace root; several minutes)
# TESUJI_SHARED names the shared directory (default ../shared). Scratch
# space: a temporary directory, removed at the end.
set -eu
shared=${TESUJI_SHARED:-../shared}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A copy of GNU Go's patterns, so that one database can be touched.
cp -r "$shared/corpus/gnugo-3.8/patterns" "$scratch/gnugo"
export CARGO_TERM_COLOR=never

seconds() { # seconds taken by "$@", run quietly
  start=$(date +%s.%N)
  "$@" >"$scratch/log" 2>&1 || { cat "$scratch/log" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
build() { # target dir, then optional pattern dir
  if [ -n "${2:-}" ]; then
    TESUJI_PATTERN_DIR=$2 CARGO_TARGET_DIR=$1 cargo build --release -p tesuji
  else
    CARGO_TARGET_DIR=$1 cargo build --release -p tesuji
  fi
}

plain=$(seconds build "$scratch/plain")
corpus=$(seconds build "$scratch/corpus" "$scratch/gnugo")
echo "clean release build, own patterns only:   ${plain} s"
echo "clean release build, GNU Go corpus added: ${corpus} s (+$(echo "$corpus - $plain" | bc) s)"

touch patterns/tesuji.db
echo "touch patterns/tesuji.db, own only:       $(seconds build "$scratch/plain") s"
touch patterns/tesuji.db
echo "touch patterns/tesuji.db, with corpus:    $(seconds build "$scratch/corpus" "$scratch/gnugo") s"
touch "$scratch/gnugo/attack.db"
echo "touch GNU Go's attack.db, with corpus:    $(seconds build "$scratch/corpus" "$scratch/gnugo") s"

out=$(ls -d "$scratch"/corpus/release/build/tesuji-*/out | head -n 1)
echo "generated Rust source:                    $(cat "$out"/*.rs | wc -c) bytes"
ls -S "$out"/*.rs | head -n 3 | while read -r f; do
  echo "  $(basename "$f"): $(wc -c <"$f") bytes"
done
strip -o "$scratch/plain.bin" "$scratch/plain/release/tesuji"
strip -o "$scratch/corpus.bin" "$scratch/corpus/release/tesuji"
a=$(wc -c <"$scratch/plain.bin")
b=$(wc -c <"$scratch/corpus.bin")
echo "tesuji binary, stripped:                  $a -> $b bytes (+$((b - a)))"
