#!/usr/bin/env bash
# Writes what a goref binary prints for testdata/ and ../shared/corpus, in every output
# format, into one folder, so that two builds can be compared with `diff -r` (issue 25:
# a refactoring must not change a byte a user sees).
#
#   scripts/compare-outputs.sh BIN OUTDIR [--quick]
#
# --quick leaves out the corpus runs other than one JSONL pass.
set -u
bin=$(realpath "$1"); out=$2; quick=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/../shared/corpus
mkdir -p "$out"
cd "$root" || exit 2
run() { # NAME ARGS... : stdout, stderr and status of one run
    local name=$1; shift
    "$bin" --color never "$@" >"$out/$name.out" 2>"$out/$name.err"
    echo "rc=$?" >>"$out/$name.err"
}
for fmt in text full json jsonl html sarif github junit; do
    run "testdata.$fmt" check testdata -j 1 --no-progress --format "$fmt" --variations
done
run testdata.verbose check testdata -j 1 --no-progress -v --show info --with-board
for rules in sst-ing simplified-ing aga-ing aga japanese chinese nz tromp-taylor; do
    run "testdata.$rules" check testdata -j 1 --no-progress --format jsonl --rules "$rules"
done
run testdata.noest check testdata -j 1 --no-progress --format jsonl --estimator none
# score and appeal, file by file
find testdata -name '*.sgf' | sort >"$out/files.txt"
while read -r f; do
    key=$(echo "$f" | tr '/' '_')
    run "score.$key.text" score "$f"
    run "score.$key.json" score "$f" --format json
    run "appeal.$key.text" appeal "$f"
    run "appeal.$key.json" appeal "$f" --format json
    run "appeal.$key.html" appeal "$f" --format html
    mkdir -p "$out/svg.$key"
    "$bin" appeal "$f" --svg "$out/svg.$key" >/dev/null 2>&1
done <"$out/files.txt"
if [ -d "$corpus" ]; then
    run corpus.jsonl check "$corpus" -j 1 --no-progress --format jsonl
    if [ "$quick" != --quick ]; then
        run corpus.full check "$corpus" -j 1 --no-progress --format full
        run corpus.html check "$corpus" -j 1 --no-progress --format html
        run corpus.sst check "$corpus" -j 1 --no-progress --format jsonl --rules sst-ing
        run corpus.aga check "$corpus" -j 1 --no-progress --format jsonl --rules aga
        run corpus.japanese check "$corpus" -j 1 --no-progress --format text --rules japanese
        run corpus.summary check "$corpus" -j 1 --no-progress --format text --summary "$out/corpus.summary.txt"
    fi
fi
# Timings differ from run to run: blank them so that `diff -r` shows only real changes.
sed -i -E 's/^time [0-9.]+ s, [0-9]+ games\/s$/time (blanked)/' "$out"/*.err
sed -i -E "/^ +[0-9.]+ ms  /d" "$out"/*.err
sed -i -E 's/ time="[0-9.]+"/ time="0"/g' "$out"/*junit*.out
# The summary's "slowest" list and its timings change with the machine's load.
[ -f "$out/corpus.summary.txt" ] && python3 - "$out/corpus.summary.txt" <<'PY'
import json, sys
path = sys.argv[1]
summary = json.load(open(path))
def blank(value):
    if isinstance(value, dict):
        return {k: (0 if k in ("ms", "seconds", "elapsed_ms", "games_per_second", "wall_seconds", "cpu_seconds") else blank(v))
                for k, v in value.items() if k != "slowest"}
    if isinstance(value, list):
        return [blank(v) for v in value]
    return value
json.dump(blank(summary), open(path, "w"), indent=2, sort_keys=True)
PY
exit 0
