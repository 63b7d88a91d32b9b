#!/usr/bin/env bash
# Prints cargo's target directory for this checkout: `target/` beside Cargo.toml, or
# wherever CARGO_TARGET_DIR (or a cargo config's build.target-dir) puts it. Scripts find
# the binaries they build through it, never through a hard-coded `target/`.
#
# usage: scripts/target-dir.sh          (e.g. bin="$(scripts/target-dir.sh)/debug/goref")
set -euo pipefail
cd "$(dirname "$0")/.."
# `cargo metadata` reads the configuration cargo builds with and builds nothing.
cargo metadata --format-version 1 --no-deps --offline |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p'
