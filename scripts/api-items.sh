#!/usr/bin/env bash
# Counts goref-core's public items as rustdoc lists them (issue 25 requirement 4: "at most
# about 40"): structs, enums, traits, functions, constants, statics and type aliases on
# target/doc/goref_core/all.html, modules and macros left out. Prints each kind with its
# items, then the total.
#
# usage: scripts/api-items.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo doc -p goref-core --no-deps --quiet
all="$(scripts/target-dir.sh)/doc/goref_core/all.html"
python3 - "$all" <<'PY'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
total = 0
for kind, body in re.findall(r'<h3 id="([a-z-]+)">.*?</h3><ul class="all-items">(.*?)</ul>', html, re.S):
    if kind in ("modules", "macros"):
        continue
    items = re.findall(r'<a href="[^"]+">([^<]+)</a>', body)
    total += len(items)
    print(f"{kind} {len(items)}: {', '.join(items)}")
print(f"total {total}")
PY
