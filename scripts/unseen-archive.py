#!/usr/bin/env python3
"""Issue 26's figures on records goref was never developed on, beside GNU Go's count.

Usage:
    scripts/unseen-archive.py GIT_DIR [--goref BIN] [--gnugo BIN] [--keep DIR] [--list]
                              [--all] [--jobs N] [--cache FILE] [--per-source]
                              [--every-record] [--extract-only]

GIT_DIR is a clone (or the bare mirror `fetch` gives) of github:yenw/computer-go-dataset.
The folders below (AI games that ../shared/corpus does not hold) are extracted at HEAD into a
temporary directory (never into the project), records whose bytes equal a corpus file are
dropped, and only records whose RE is a count are kept. GNU Go 3.8 counts each one
(`--chinese-rules --score aftermath`, two at a time: about four minutes for the 76 records
at commit d40334f8), goref checks them all, and the script prints, over the records whose RE
is a count above 0: how many name RE's winner, give its exact margin, and, where RE and GNU
Go name the same winner (the agree set), how many goref names, states (a computed result
that is not `unverified`) and states wrong. `--list` prints every record without RE's winner.

GNU Go reads KM from the record; Fox writes komi x 100 (KM[750] = 7.5) or KM[0] (komi 6.5 by
the `fox-km0` convention in an even game, none in a handicap game; 7.5 under RU[Chinese] by
`fox-chinese-km0`), so its margin is taken back to komi 0 and the real komi applied. An RE
counted in stones (`W+1.25` under area counting) is compared in points (`recorded_in_points`).

`--all --every-record --extract-only --keep DIR` extracts the archive the speed figures of
docs/scoring.md were measured on (every record under `AI/` outside the corpus: 4,768 at
HEAD in December 2026) and stops.

`--all` takes every folder under `AI/` instead of the list below (about 4,800 records outside
the corpus at d40334f8, 459 of them counts; GNU Go needs about 40 minutes a core for them);
`--cache FILE` keeps GNU Go's margins by content hash, so a second run costs only goref's
check; `--per-source` prints the figures per folder as well. Besides the agree set, it counts
`stated` (a computed result that is not `unverified`: what `score` offers to write), stated
results naming the other winner or 50 points or more off RE, and results whose count leaves a
colour with no area.
"""
import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

FOLDERS = [
    "AI/FineArt",
    "AI/CGI Fox Go Server",
    "AI/dolbaram9",
    "AI/2018 Tencent World AI WEIQI Competition",
    "AI/Berry Genomics Cup 2018 World AI Weiqi Competition",
    "AI/Berry Genomics Cup 2019 World AI Weiqi Competition",
    "AI/The 11th Computer Go UEC Cup/day1",
    "AI/The 11th Computer Go UEC Cup/day2",
    "AI/The 1st World AI Go Open 2017",
    "AI/The 2nd World AI Go Open 2018",
]
COUNT = re.compile(r"([BW])\+(\d+(?:\.\d+)?)")
FOX_KM = {"750": 7.5, "375": 7.5, "650": 6.5, "325": 6.5, "0": 6.5}


def signed(result):
    m = COUNT.fullmatch((result or "").strip())
    if not m:
        return None
    return (1 if m.group(1) == "B" else -1) * float(m.group(2))


def git(git_dir, *args):
    return subprocess.run(["git", "-C", git_dir, *args], capture_output=True, check=True).stdout


def corpus_hashes(corpus):
    hashes = set()
    for root, _, files in os.walk(corpus):
        for f in files:
            if f.lower().endswith(".sgf"):
                with open(os.path.join(root, f), "rb") as fh:
                    hashes.add(hashlib.md5(fh.read()).hexdigest())
    return hashes


def is_count(data):
    """RE is a count above 0 (not Fox's B+0.0, nor a margin no count gives: B+0.02)."""
    m = re.search(rb"RE\[([BW])\+([0-9.]+)\]", data)
    try:
        margin = float(m.group(2)) if m else 0.0
    except ValueError:
        return False
    return margin > 0 and (margin * 4) % 1 == 0


def folders(git_dir, every):
    """The list above, or with `every` each folder under AI/ (the archive's own sources)."""
    if not every:
        return FOLDERS
    names = git(git_dir, "ls-tree", "-d", "-z", "--name-only", "HEAD:AI").decode()
    return [f"AI/{n}" for n in filter(None, names.split("\0"))]


def extract(git_dir, out, seen, every=False, every_record=False):
    kept = []
    for folder in folders(git_dir, every):
        # -z: names unquoted (git quotes a name with a byte past ASCII, and such a name
        # would not be found again by `git show`).
        names = git(git_dir, "ls-tree", "-r", "-z", "--name-only", "HEAD", "--", folder).decode()
        for path in filter(None, names.split("\0")):
            if not path.lower().endswith(".sgf"):
                continue
            data = git(git_dir, "show", f"HEAD:{path}")
            if hashlib.md5(data).hexdigest() in seen or not (every_record or is_count(data)):
                continue
            sub = os.path.join(out, re.sub(r"[^A-Za-z0-9]", "_", folder[3:]))
            os.makedirs(sub, exist_ok=True)
            # The path below the folder: two sub-folders may hold the same file name.
            name = re.sub(r"[^\w.-]", "_", path[len(folder) + 1 :])
            target = os.path.join(sub, name)
            with open(target, "wb") as fh:
                fh.write(data)
            kept.append(target)
    return kept


def gnugo_margin(gnugo, path):
    """GNU Go's area margin for Black at the record's real komi, or None."""
    out = subprocess.run(
        [gnugo, "--chinese-rules", "--score", "aftermath", "-l", path],
        capture_output=True, text=True, timeout=600,
    ).stdout
    m = re.search(r"(Black|White) wins by ([0-9.]+) points", out)
    if not m:
        return None
    margin = float(m.group(2)) * (1 if m.group(1) == "Black" else -1)
    with open(path, "rb") as fh:
        data = fh.read()
    km = re.search(rb"KM\[([^\]]*)\]", data)
    raw = km.group(1).decode() if km else "0"
    try:
        komi_read = float(raw)
    except ValueError:
        return None
    ha = re.search(rb"HA\[(\d+)\]", data)
    if raw == "0" and ha and int(ha.group(1)) >= 2:
        # A Fox handicap game: KM[0] is its komi (none), as the `fox-km0` convention reads it.
        return margin
    if raw == "0" and re.search(rb"RU\[Chinese\]", data):
        # A Fox game under Chinese rules: KM[0] stands for 7.5 (`fox-chinese-km0`).
        return margin + komi_read - 7.5
    return margin + komi_read - FOX_KM.get(raw, komi_read)


def second_opinions(files, gnugo, jobs, cache_path):
    """GNU Go's margin per file, from the cache (by content hash) where it has one."""
    cache = {}
    if cache_path and os.path.exists(cache_path):
        with open(cache_path, encoding="utf-8") as fh:
            cache = {k: v for line in fh for k, v in [json.loads(line)]}
    digest = {}
    for f in files:
        with open(f, "rb") as fh:
            digest[f] = hashlib.md5(fh.read()).hexdigest()
    todo = [f for f in files if digest[f] not in cache]

    def run(f):
        margin = gnugo_margin(gnugo, f)
        if cache_path:
            with open(cache_path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps([digest[f], margin]) + "\n")
        return f, margin

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for f, margin in pool.map(run, todo):
            cache[digest[f]] = margin
    return {f: cache.get(digest[f]) for f in files}


def no_area(r):
    """Whether an area count leaves a colour with no area (a whole colour off the board).
    A territory count's points do not say it (a colour may have no territory and live)."""
    score = r.get("score") or {}
    return score.get("counting") == "area" and 0 in (score.get("black"), score.get("white"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("git_dir")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--goref", default=None)
    ap.add_argument("--gnugo", default="gnugo" if os.path.exists("/usr/bin/gnugo") else "/usr/games/gnugo")
    ap.add_argument("--corpus", default=os.path.join(here, "..", "..", "shared", "corpus"))
    ap.add_argument("--keep", help="extract here instead of a temporary directory")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--all", action="store_true", help="every folder under AI/, not only the list")
    ap.add_argument("--jobs", type=int, default=2, help="GNU Go processes at once")
    ap.add_argument("--cache", help="a file of GNU Go's margins by content hash, read and extended")
    ap.add_argument("--per-source", action="store_true", help="the figures per folder as well")
    ap.add_argument("--every-record", action="store_true",
                    help="extract every record, not only counts (the speed measurement's archive)")
    ap.add_argument("--extract-only", action="store_true",
                    help="extract (into --keep) and stop: no GNU Go, no check")
    args = ap.parse_args()
    goref = args.goref or os.path.join(
        subprocess.run([os.path.join(here, "target-dir.sh")], capture_output=True, text=True).stdout.strip(),
        "release", "goref")
    out = args.keep or tempfile.mkdtemp(prefix="goref-unseen-")
    files = extract(args.git_dir, out, corpus_hashes(args.corpus), args.all, args.every_record)
    if args.extract_only:
        print(f"{len(files)} records extracted into {out}")
        return
    second = second_opinions(files, args.gnugo, args.jobs, args.cache)
    reports = subprocess.run(
        [goref, "check", "--format", "jsonl", "--no-progress", "--fail-on", "never", out],
        capture_output=True, text=True,
    ).stdout
    per = collections.defaultdict(collections.Counter)
    for line in reports.splitlines():
        r = json.loads(line)
        res = r.get("result") or {}
        recorded = signed(res.get("recorded_in_points") or res.get("recorded"))
        if recorded is None or recorded == 0 or (recorded * 4) % 1:
            # Fox's B+0.0 and B+0.02: wins without a count (no count gives 0.02).
            continue
        computed = res.get("computed")
        winner = "B" if recorded > 0 else "W"
        named = bool(computed) and computed[0] == winner
        g = second.get(os.path.normpath(r["file"]))
        agree = g is not None and g != 0 and ("B" if g > 0 else "W") == winner
        stated = computed is not None and res.get("status") != "unverified"
        margin = signed(computed)
        off50 = margin is not None and abs(margin - recorded) >= 50
        source = os.path.relpath(r["file"], out).split(os.sep)[0]
        t = per[source]
        t["counts"] += 1
        t["winner"] += named
        t["exact"] += bool(computed) and margin == recorded
        t["stated"] += stated
        t["stated wrong"] += stated and not named
        t["stated off50"] += stated and off50
        t["no area"] += computed is not None and no_area(r)
        if agree:
            t["agree"] += 1
            t["agree winner"] += named
            t["agree stated"] += stated
            t["agree stated wrong"] += stated and not named
            t["agree off50"] += off50
        if args.list and not named:
            print(res.get("status"), r["file"], res.get("recorded"), computed, res.get("range"), "GNU Go", g)
    total = collections.Counter()
    for source in sorted(per):
        total.update(per[source])
        if args.per_source:
            print(json.dumps({"source": source, **per[source]}))
    print(json.dumps({"records": len(files), **total}))


if __name__ == "__main__":
    sys.exit(main())
