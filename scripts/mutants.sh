#!/usr/bin/env bash
# Mutation testing with cargo-mutants, one core module at a time, each against the test
# targets that guard it (docs/testing.md). Needs `cargo install --locked cargo-mutants`.
#
#   scripts/mutants.sh                  # every module of the table below
#   scripts/mutants.sh result decode    # some of them
#
# Environment:
#   MUTANTS_JOBS     parallel build directories (default 1; one per core pair on a big machine)
#   MUTANTS_TIMEOUT  seconds a mutant's tests may run before it counts as a timeout (default 120)
#   MUTANTS_TREE     scratch copy of the tree that is mutated (default target/mutants-tree):
#                    the working tree itself is never touched, and the scratch copy keeps its
#                    own target/ between modules and runs, so only goref is rebuilt each time
#   MUTANTS_OUT      where each module's mutants.out goes (default target/mutants)
#
# Prints one line per module: caught, missed, unviable, timeout, viable caught %, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

# module | files (space-separated) | cargo test arguments (the targets that guard it).
# To add a module, add a line.
TABLE='
result  | src/result.rs                 | --lib --test quirks
decode  | src/decode.rs                 | --lib --test quirks
timing  | src/timing.rs                 | --lib
rules   | src/rules.rs                  | --lib --test scenarios
score   | src/score.rs                  | --lib --test scenarios
ending  | src/ending.rs                 | --lib --test scenarios --test engine_scenarios
engine  | src/engine/mod.rs src/engine/history.rs src/engine/judge.rs src/engine/sst.rs | --lib --test engine_scenarios --test engine_proptest --test scenarios
'

jobs=${MUTANTS_JOBS:-1}
timeout=${MUTANTS_TIMEOUT:-120}
root=$(pwd)
tree=${MUTANTS_TREE:-$root/target/mutants-tree}
out=${MUTANTS_OUT:-$root/target/mutants}

# Refresh the scratch copy from the working tree (tracked and untracked-not-ignored files),
# keeping modification times so that unchanged files are not rebuilt.
mkdir -p "$tree" "$out"
git ls-files -z --cached --others --exclude-standard |
    xargs -0 cp --parents -p -t "$tree"

wanted=("$@")
printf '%-8s %7s %7s %9s %8s %9s %8s\n' module caught missed unviable timeout "caught%" seconds
while IFS='|' read -r module files test_args; do
    module=$(echo "$module" | xargs)
    [ -z "$module" ] && continue
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $module " ]]; then
        continue
    fi
    file_args=()
    for f in $files; do file_args+=(--file "$f"); done
    start=$(date +%s)
    # --in-place is safe here: the tree is the scratch copy. Exit status 2 (missed mutants)
    # and 3 (timeouts) are results, not failures of the script.
    # shellcheck disable=SC2086
    (cd "$tree" && cargo mutants --in-place --no-shuffle --baseline skip \
        --timeout "$timeout" --jobs "$jobs" "${file_args[@]}" \
        --output "$out/$module" -- $test_args) >"$out/$module.log" 2>&1 || true
    seconds=$(($(date +%s) - start))
    outcomes="$out/$module/mutants.out/outcomes.json"
    count() { jq "[.outcomes[] | select(.summary == \"$1\")] | length" "$outcomes"; }
    caught=$(count CaughtMutant)
    missed=$(count MissedMutant)
    unviable=$(count Unviable)
    timedout=$(count Timeout)
    # A timeout is a mutant the tests noticed (they hang): caught, for the percentage.
    viable=$((caught + missed + timedout))
    pct=$(awk -v c="$((caught + timedout))" -v v="$viable" 'BEGIN { if (v) printf "%.1f", 100 * c / v; else print "-" }')
    printf '%-8s %7s %7s %9s %8s %9s %8s\n' "$module" "$caught" "$missed" "$unviable" "$timedout" "$pct" "$seconds"
done <<<"$TABLE"
