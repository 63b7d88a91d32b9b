#!/usr/bin/env bash
# Renders goref's two HTML pages (an appeal, and a check of testdata/) in headless
# Chromium, to PNG and to an A4 PDF, and fails on a blank or broken render: a PNG of
# implausible size, with few colours or one colour nearly everywhere, or a PDF that is
# not A4 or does not break the appeal into its sections.
#
# usage: scripts/browser-check.sh [OUT_DIR]   (default: a temporary directory)
# needs: chromium (Debian: apt-get install -y chromium), python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "browser-check: no Chromium found (Debian: apt-get install -y chromium)" >&2
    exit 1
fi
out=${1:-$(mktemp -d)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

cargo build --quiet --locked
# Where cargo put it: target/, or $CARGO_TARGET_DIR when that is set.
goref="$(scripts/target-dir.sh)/debug/goref"
"$goref" appeal testdata/appeal/t11-marked.sgf --html "$out/appeal.html" >/dev/null 2>&1
# testdata/ holds illegal moves on purpose: exit status 1 is expected there.
"$goref" check -q --no-progress --format html -o "$out/check.html" testdata/ || [ $? -eq 1 ]

chrome() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --force-device-scale-factor=1 --no-pdf-header-footer "$@" 2>/dev/null
}

for page in appeal check; do
    chrome --window-size=1100,2600 --screenshot="$out/$page.png" "file://$out/$page.html" >/dev/null
    python3 scripts/png-check.py "$out/$page.png" 1000 2000
done

# Print: A4 pages, and the appeal's four sections each start a page.
chrome --print-to-pdf="$out/appeal.pdf" "file://$out/appeal.html" >/dev/null
pages=$(grep -a -o '/Type /Page\b' "$out/appeal.pdf" | wc -l)
a4=$(grep -a -c '/MediaBox \[0 0 594\.[0-9]* 841\.[0-9]*\]' "$out/appeal.pdf" || true)
if [ "$pages" -lt 4 ] || [ "$a4" -lt 1 ]; then
    echo "browser-check: $out/appeal.pdf has $pages pages ($a4 A4 media boxes); expected 4 or more A4 pages" >&2
    exit 1
fi
echo "browser-check: $out/appeal.pdf: $pages A4 pages: ok"
echo "browser-check: pages and renders in $out"
