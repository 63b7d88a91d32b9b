#!/usr/bin/env bash
# Mutation testing with cargo-mutants, one core module at a time, each against the test
# targets that guard it (docs/testing.md). Needs `cargo install --locked cargo-mutants`.
#
#   scripts/mutants.sh                  # every module of the table below
#   scripts/mutants.sh result decode    # some of them
#
# Environment:
#   MUTANTS_JOBS     parallel build directories (default 1; one per core pair on a big machine)
#   MUTANTS_TIMEOUT  seconds a mutant's tests may run before it counts as a timeout (default 60;
#                    the unit tests take a few seconds, the engine's targets some 30)
#   MUTANTS_TREE     scratch copy of the tree that is mutated (default target/mutants-tree):
#                    the working tree itself is never touched, and the scratch copy keeps its
#                    own target/ between modules and runs, so only goref is rebuilt each time
#   MUTANTS_OUT      where each module's mutants.out goes (default target/mutants)
#   MUTANTS_SHARD    k/n: test every n-th mutant only, from the k-th (0-based; a sample for
#                    a small machine)
#   MUTANTS_RE       a regex (cargo mutants --re): test only the mutants it matches, e.g. the
#                    lines of earlier survivors, 'score.rs:(120|344):'
#   MUTANTS_EXCLUDE_RE  a regex (cargo mutants --exclude-re): leave out the mutants it matches,
#                    e.g. a file already run in full, 'semeai\.rs'
#
# Each module runs in two passes. The first tests every mutant against the quick targets
# (the unit tests: one crate to rebuild and link); the second retests only the missed ones,
# by name, against every target that guards the module (results in MODULE/pass2/), so a
# mutant counts as missed only if all of them let it through. The mutants build without debug information and link
# with mold where it is installed: the cost of a mutant is nearly all rebuild and link.
#
# Prints one line per module: caught, missed, unviable, timeout, viable caught %, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

# module | files | first-pass targets | targets of the second pass (cargo options) |
# test binary options (after `--`). The engine's million-move memory test (~10 s in debug)
# guards the engine only: skipped elsewhere, and in the engine's first pass. To add a module,
# add a line.
TABLE='
result  | crates/goref-core/src/read/result.rs  | --workspace --lib | --workspace --lib --test=quirks     | --skip engine::
decode  | crates/goref-core/src/read/decode.rs  | --workspace --lib | --workspace --lib --test=quirks     | --skip engine::
timing  | crates/goref-core/src/count/timing.rs  | --workspace --lib | --workspace --lib       | --skip engine::
rules   | crates/goref-core/src/rules.rs   | --workspace --lib | --workspace --lib --test=scenarios --test=cli_help | --skip engine::
score   | crates/goref-core/src/count/score.rs   | --workspace --lib | --workspace --lib --test=scenarios --test=reading | --skip engine::
ending  | crates/goref-core/src/replay/ending.rs  | --workspace --lib | --workspace --lib --test=scenarios --test=engine_scenarios | --skip engine::
engine  | crates/goref-core/src/replay/engine.rs crates/goref-core/src/replay/engine/history.rs crates/goref-core/src/replay/engine/judge.rs crates/goref-core/src/replay/engine/sst.rs | --workspace --lib | --workspace --lib --test=engine_scenarios --test=engine_proptest --test=scenarios |
reading | crates/goref-core/src/count/reading.rs crates/goref-core/src/count/reading/verdict.rs crates/goref-core/src/count/reading/dead.rs crates/goref-core/src/count/reading/method.rs | --workspace --lib | --workspace --lib --test=reading --test=appeal | --skip engine::
playout | crates/goref-core/src/count/estimate/playout.rs | --workspace --lib | --workspace --lib --test=reading | --skip engine::
estimate | crates/goref-core/src/count/estimate.rs crates/goref-core/src/count/estimate/benson.rs crates/goref-core/src/count/estimate/grid.rs crates/goref-core/src/count/estimate/life.rs crates/goref-core/src/count/estimate/semeai.rs crates/goref-core/src/count/convention.rs | --workspace --lib | --workspace --lib --test=reading | --skip engine::
'

jobs=${MUTANTS_JOBS:-1}
timeout=${MUTANTS_TIMEOUT:-60}
root=$(pwd)
tree=${MUTANTS_TREE:-$root/target/mutants-tree}
out=${MUTANTS_OUT:-$root/target/mutants}

# Refresh the scratch copy from the working tree (tracked and untracked-not-ignored files),
# keeping modification times so that unchanged files are not rebuilt, and links as links
# (crates/goref-core/testdata is one: copied as a folder it stops the script).
mkdir -p "$tree" "$out"
git ls-files -z --cached --others --exclude-standard |
    xargs -0 cp --parents -pd -t "$tree"

# Cheaper mutants: no debug information (nobody reads a mutant's backtrace), and mold when
# it is there. Only the scratch copy is built this way; its own target/ keeps these settings.
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
if command -v mold >/dev/null; then
    export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-C link-arg=-fuse-ld=mold"
fi

count() { jq "[.outcomes[] | select(.summary == \"$1\")] | length" "$2"; }

# run_pass MODULE OUTPUT TARGETS BINARY_ARGS [EXTRA cargo-mutants OPTIONS...]
run_pass() {
    local module=$1 output=$2 targets=$3 binary_args=$4
    shift 4
    # --workspace: the files live in the workspace's crates, which cargo-mutants looks for
    # mutants in only when asked (without it, it lists none of them and tests nothing).
    local args=(--workspace)
    for f in $files; do args+=(--file "$f"); done
    # As --cargo-arg, the targets limit the build as well as the test run (arguments after
    # `--` would reach only the test run, after a build of every test target).
    for a in $targets; do args+=(--cargo-arg="$a"); done
    # One job mutates the scratch copy in place (it is ours to break, and its target/ stays
    # warm); more jobs need one copy each, which cargo-mutants makes from the scratch copy.
    if [ "$jobs" -gt 1 ]; then args+=(--jobs "$jobs"); else args+=(--in-place); fi
    # Exit status 2 (missed mutants) and 3 (timeouts) are results, not failures of the script.
    # shellcheck disable=SC2086
    (cd "$tree" && cargo mutants "${args[@]}" "$@" --no-shuffle --baseline skip \
        --timeout "$timeout" --output "$output" -- -- $binary_args) >>"$out/$module.log" 2>&1 || true
}

wanted=("$@")
printf '%-8s %7s %7s %9s %8s %9s %8s\n' module caught missed unviable timeout "caught%" seconds
while IFS='|' read -r module files quick_targets full_targets binary_args; do
    module=$(echo "$module" | xargs)
    [ -z "$module" ] && continue
    quick_targets=$(echo "$quick_targets" | xargs)
    full_targets=$(echo "$full_targets" | xargs)
    binary_args=$(echo "$binary_args" | xargs)
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $module " ]]; then
        continue
    fi
    start=$(date +%s)
    : >"$out/$module.log"
    outcomes="$out/$module/mutants.out/outcomes.json"
    # Pass 1: quick targets; the engine's slow memory test waits for pass 2.
    quick_args=$binary_args
    [ "$module" = engine ] && quick_args="--skip a_million_moves_stay_bounded"
    sample=()
    if [ -n "${MUTANTS_SHARD:-}" ]; then sample+=(--shard "$MUTANTS_SHARD" --sharding round-robin); fi
    if [ -n "${MUTANTS_RE:-}" ]; then sample+=(--re "$MUTANTS_RE"); fi
    if [ -n "${MUTANTS_EXCLUDE_RE:-}" ]; then sample+=(--exclude-re "$MUTANTS_EXCLUDE_RE"); fi
    run_pass "$module" "$out/$module" "$quick_targets" "$quick_args" "${sample[@]}"
    caught=$(count CaughtMutant "$outcomes")
    missed=$(count MissedMutant "$outcomes")
    unviable=$(count Unviable "$outcomes")
    timedout=$(count Timeout "$outcomes")
    # Pass 2: the missed mutants alone, by name (not by shard: a shard of a shorter list is
    # another sample), against every target of the module. Timeouts are caught already.
    survivors="$out/$module/mutants.out/missed.txt"
    if [ "$missed" -gt 0 ] && [ "$quick_targets $quick_args" != "$full_targets $binary_args" ]; then
        names=$(sed 's/[][\\.+*?(){}|^$]/\\&/g; s/^/^/; s/$/$/' "$survivors" | paste -sd'|')
        run_pass "$module" "$out/$module/pass2" "$full_targets" "$binary_args" --re "$names"
        # Only the survivors count (a name's regex can match a twin mutant as well).
        still=$(jq --rawfile s "$survivors" '($s | split("\n")) as $list | [.outcomes[]
            | select((.scenario | type) == "object")
            | select(.scenario.Mutant.name as $n | $list | index([$n]) != null)]' \
            "$out/$module/pass2/mutants.out/outcomes.json")
        now_caught=$(jq '[.[] | select(.summary == "CaughtMutant" or .summary == "Timeout")] | length' <<<"$still")
        caught=$((caught + now_caught))
        missed=$((missed - now_caught))
    fi
    seconds=$(($(date +%s) - start))
    # A timeout is a mutant the tests noticed (they hang): caught, for the percentage.
    viable=$((caught + missed + timedout))
    pct=$(awk -v c="$((caught + timedout))" -v v="$viable" 'BEGIN { if (v) printf "%.1f", 100 * c / v; else print "-" }')
    printf '%-8s %7s %7s %9s %8s %9s %8s\n' "$module" "$caught" "$missed" "$unviable" "$timedout" "$pct" "$seconds"
done <<<"$TABLE"
