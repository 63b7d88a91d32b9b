#!/usr/bin/env bash
# Whole-process benchmark of `goref check` against the sgfmill oracle (issue 7).
# Needs: a release build, hyperfine, python3 with sgfmill, and ../shared (the
# development corpus). Usage: scripts/bench-cli.sh [RUNS] [BIG_COPIES]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
copies=${2:-25}
corpus=../shared/corpus
oracle=../shared/tools/oracle_sgfmill.py
[ -d "$corpus" ] || { echo "no $corpus: the benchmark needs the development corpus" >&2; exit 1; }
cargo build --release --locked
target_dir=$(scripts/target-dir.sh)
bin=$target_dir/release/goref
out=${BENCH_OUT:-$target_dir/bench}
mkdir -p "$out"
nproc | sed 's/^/cores: /'
grep -m1 'model name' /proc/cpuinfo || true
{ $bin check -q --format jsonl -j 1 "$corpus" || true; } | wc -l | sed "s/^/reports: /"

# goref with 1 and 2 threads and the oracle, side by side in one hyperfine run.
# goref exits 1 because the corpus holds illegal moves; -i keeps hyperfine going.
hyperfine -i --warmup 1 --runs "$runs" --export-json "$out/corpus.json" --export-markdown "$out/corpus.md" \
  -n 'goref -j 1' "$bin check -q --format jsonl -j 1 $corpus > /dev/null" \
  -n 'goref -j 2' "$bin check -q --format jsonl -j 2 $corpus > /dev/null" \
  -n 'oracle (sgfmill)' "python3 $oracle $corpus > /dev/null"

# CPU time and peak RSS of one run each (wall clock on a shared machine varies more).
for j in 1 2; do
  /usr/bin/time -f "goref -j $j: %e s wall, %U s user, %S s system, %M KB peak RSS" \
    $bin check -q --format jsonl -j $j "$corpus" > /dev/null || true
done

# Archive scale: the corpus linked $copies times (about 100,000 files), peak RSS.
big=$(mktemp -d)
trap 'rm -rf "$big"' EXIT
abs=$(realpath "$corpus")
for i in $(seq -w 1 "$copies"); do
  cp -rs "$abs" "$big/c$i"   # a tree of symbolic links: no data copied
done
find "$big" -name '*.sgf' | wc -l | sed 's/^/archive files: /'
for j in 1 2; do
  /usr/bin/time -f "archive -j $j: %e s wall, %U s user, %S s system, %M KB peak RSS" \
    $bin check -q --format jsonl -j $j "$big" > /dev/null || true
done
