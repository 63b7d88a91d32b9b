#!/usr/bin/env bash
# Streaming benchmark (issue 17), three parts, all figures in docs/performance.md:
#  1. throughput on the corpus, one core: `goref check -j 1` beside the read floor (list
#     the files, read every file's bytes, scan them once: `find | xargs cat | wc -l`), run
#     alternately RUNS times, medians and their ratio;
#  2. peak memory and speed on a generated collection of about SIZE_MB megabytes (the
#     corpus's files concatenated into one file, repeated), with -j 1 and -j 2;
#  3. optional: OLD=path/to/an/older/goref adds its figures on the corpus and on a
#     collection of OLD_MB megabytes, for a before/after in the same run.
# The collection is written under ${TMPDIR:-/tmp} and removed at exit; never commit it.
# Needs: a release build, GNU time (/usr/bin/time), python3, ../shared (the corpus).
# Usage: [BIN=goref] [OLD=old-goref] [OLD_MB=33] scripts/bench-stream.sh [RUNS] [SIZE_MB]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
size_mb=${2:-1024}
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "no $corpus: the benchmark needs the development corpus" >&2; exit 1; }
# BIN=path skips the build and measures that binary.
if [ -z "${BIN:-}" ]; then cargo build --release --locked --bin goref; fi
bin=${BIN:-$(scripts/target-dir.sh)/release/goref}
floor() { find "$corpus" -name '*.sgf' -print0 | sort -z | xargs -0 cat | wc -l; }
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"

ms() { # wall milliseconds of one run of a command line
  local t0 t1
  t0=$(date +%s%N); "$@" > /dev/null || true; t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

games=$($bin check -q --no-progress --format jsonl -j 1 "$corpus" | grep -c '"game":[0-9]' || true)
echo "corpus games: $games"
: > /tmp/bench-floor.$$; : > /tmp/bench-check.$$; : > /tmp/bench-old.$$
for _ in $(seq "$runs"); do
  ms floor >> /tmp/bench-floor.$$
  ms "$bin" check -q --no-progress --format jsonl -j 1 "$corpus" >> /tmp/bench-check.$$
  if [ -n "${OLD:-}" ]; then ms "$OLD" check -q --no-progress --format jsonl -j 1 "$corpus" >> /tmp/bench-old.$$; fi
done
f=$(median < /tmp/bench-floor.$$); c=$(median < /tmp/bench-check.$$)
echo "read floor: median $f ms; check -j 1: median $c ms ($(( games * 1000 / (c > 0 ? c : 1) )) games/s); ratio $(awk "BEGIN {printf \"%.1f\", $c / ($f > 0 ? $f : 1)}")x"
if [ -n "${OLD:-}" ]; then
  o=$(median < /tmp/bench-old.$$)
  echo "old check -j 1: median $o ms ($(( games * 1000 / (o > 0 ? o : 1) )) games/s)"
fi
rm -f /tmp/bench-floor.$$ /tmp/bench-check.$$ /tmp/bench-old.$$

# One copy of the corpus as one collection, then repeated up to the size asked.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
find "$corpus" -name '*.sgf' -print0 | sort -z | xargs -0 cat > "$dir/one.sgf"
copies=$(( size_mb * 1048576 / $(stat -c %s "$dir/one.sgf") + 1 ))
for _ in $(seq "$copies"); do cat "$dir/one.sgf"; done > "$dir/big.sgf"
echo "collection: $(( $(stat -c %s "$dir/big.sgf") / 1048576 )) MB, $copies copies of the corpus"
for j in 1 2; do
  /usr/bin/time -f "collection -j $j: %e s wall, %U s user, %S s system, %M KB peak RSS" \
    "$bin" check -q --no-progress --format jsonl -j $j "$dir/big.sgf" > "$dir/out.jsonl" || true
  echo "  reports: $(wc -l < "$dir/out.jsonl")"
done
if [ -n "${OLD:-}" ]; then
  head -c $(( ${OLD_MB:-33} * 1048576 )) "$dir/big.sgf" > "$dir/old.sgf"
  /usr/bin/time -f "old, ${OLD_MB:-33} MB collection -j 1: %e s wall, %M KB peak RSS" \
    "$OLD" check -q --no-progress --format jsonl -j 1 "$dir/old.sgf" > /dev/null || true
  /usr/bin/time -f "new, ${OLD_MB:-33} MB collection -j 1: %e s wall, %M KB peak RSS" \
    "$bin" check -q --no-progress --format jsonl -j 1 "$dir/old.sgf" > /dev/null || true
fi
