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
#   MUTANTS_SHARD    k/n: test every n-th mutant only, from the k-th (0-based; a sample for
#                    a small machine)
#
# Prints one line per module: caught, missed, unviable, timeout, viable caught %, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

# module | files | test targets (cargo options) | test binary options (after `--`).
# The engine's million-move memory test (~20 s in debug) guards the engine only: skipped
# elsewhere. To add a module, add a line.
TABLE='
result  | src/result.rs  | --lib --test=quirks     | --skip engine::
decode  | src/decode.rs  | --lib --test=quirks     | --skip engine::
timing  | src/timing.rs  | --lib                   | --skip engine::
rules   | src/rules.rs   | --lib --test=scenarios  | --skip engine::
score   | src/score.rs   | --lib --test=scenarios  | --skip engine::
ending  | src/ending.rs  | --lib --test=scenarios --test=engine_scenarios | --skip engine::
engine  | src/engine/mod.rs src/engine/history.rs src/engine/judge.rs src/engine/sst.rs | --lib --test=engine_scenarios --test=engine_proptest --test=scenarios |
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
while IFS='|' read -r module files test_args binary_args; do
    module=$(echo "$module" | xargs)
    [ -z "$module" ] && continue
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $module " ]]; then
        continue
    fi
    file_args=()
    for f in $files; do file_args+=(--file "$f"); done
    # As --cargo-arg, the targets limit the build as well as the test run (arguments after
    # `--` would reach only the test run, after a build of every test target).
    for a in $test_args; do file_args+=(--cargo-arg="$a"); done
    start=$(date +%s)
    # One job mutates the scratch copy in place (it is ours to break, and its target/ stays
    # warm); more jobs need one copy each, which cargo-mutants makes from the scratch copy.
    if [ "$jobs" -gt 1 ]; then where=(--jobs "$jobs"); else where=(--in-place); fi
    if [ -n "${MUTANTS_SHARD:-}" ]; then where+=(--shard "$MUTANTS_SHARD" --sharding round-robin); fi
    # Exit status 2 (missed mutants) and 3 (timeouts) are results, not failures of the script.
    # shellcheck disable=SC2086
    (cd "$tree" && cargo mutants "${where[@]}" --no-shuffle --baseline skip \
        --timeout "$timeout" "${file_args[@]}" \
        --output "$out/$module" -- -- $binary_args) >"$out/$module.log" 2>&1 || true
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
