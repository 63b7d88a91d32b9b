#!/usr/bin/env bash
# Whole-check speed on the corpus, one core, side by side (issue 17 requirement 4):
# `goref check -j 1` with default settings and with `--estimator none`, an older binary
# (OLD=...) and the read floor (list the files, read every byte, scan once:
# `find | xargs cat | wc -l`), run alternately RUNS times in one loop. Prints medians of
# the wall clock and, where `perf` is installed, of the CPU time (task-clock), which a
# loaded machine distorts less. Output goes to /dev/null.
# Needs: a release build (or BIN=...), ../shared (the corpus); perf is optional.
# Usage: [BIN=goref] [OLD=old-goref] scripts/bench-speed.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "no $corpus: the benchmark needs the development corpus" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then cargo build --release --locked --bin goref; fi
bin=${BIN:-$(scripts/target-dir.sh)/release/goref}
games=$("$bin" check -q --no-progress --format jsonl -j 1 "$corpus" | grep -c '"game":[0-9]' || true)
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg), corpus games: $games"

declare -A cmd=(
  [floor]="find $corpus -name '*.sgf' -print0 | sort -z | xargs -0 cat | wc -l"
  [check]="$bin check -q --no-progress --format jsonl -j 1 $corpus"
  [none]="$bin check -q --no-progress --format jsonl -j 1 --estimator none $corpus"
)
names=(check none floor)
if [ -n "${OLD:-}" ]; then
  cmd[old]="$OLD check -q --format jsonl -j 1 $corpus"
  names=(old check none floor)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for _ in $(seq "$runs"); do
  for n in "${names[@]}"; do
    t0=$(date +%s%N)
    if command -v perf > /dev/null; then
      perf stat -x, -e task-clock -o "$out/stat" bash -c "${cmd[$n]} > /dev/null 2>&1" || true
      cut -d, -f1 < "$out/stat" | grep -E '^[0-9.]+$' >> "$out/$n.cpu" || true
    else
      bash -c "${cmd[$n]} > /dev/null 2>&1" || true
    fi
    t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000000 )) >> "$out/$n.wall"
  done
done
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
floor=$(median < "$out/floor.wall")
printf '%-6s %9s %9s %9s %9s\n' run wall_ms games/s x_floor cpu_ms
for n in "${names[@]}"; do
  w=$(median < "$out/$n.wall")
  cpu=$( [ -s "$out/$n.cpu" ] && median < "$out/$n.cpu" || echo -)
  awk -v n="$n" -v w="$w" -v f="$floor" -v g="$games" -v c="$cpu" \
    'BEGIN {printf "%-6s %9d %9d %9.2f %9s\n", n, w, (n == "floor" ? 0 : g * 1000 / w), w / f, c}'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
