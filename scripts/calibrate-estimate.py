#!/usr/bin/env python3
"""The estimate's confidences against GNU Go's reading of the same final positions.

Usage:
    cargo build --release --example estimate_strings
    scripts/calibrate-estimate.py [--corpus DIR] [--holdout PREFIX] [--gnugo BIN] [--cache FILE]

For every record of the corpus that ends with two passes or whose RE is a count above 0 (a
finished game, 9x9, 13x13 or 19x19, 40 moves or more), GNU Go 3.8 is asked
`final_status_list dead` and `final_status_list seki` of its final position (two at a
time; about ten minutes for the 679 records of ../shared/corpus; `--cache` keeps the answers
and reuses them), and goref's estimate of every string is printed beside it by the example
`estimate_strings`. The table counts strings that are not proven, per held-out flag (the
sources starting with PREFIX), goref's status and confidence, and the kill's size class
(one or two stones with at most two liberties, ten stones or more, or between): how many GNU Go reads dead, alive
or in seki. GNU Go is a second opinion, not the truth: it plays out nothing here and misreads
some positions (docs/scoring.md names some).
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
COUNT = re.compile(r"^\s*[BW]\+(\d+(?:\.\d+)?)\s*$")


def finished_records(corpus, goref):
    """The corpus files whose first game is a finished game worth reading."""
    out = subprocess.run(
        [goref, "check", "--format", "jsonl", "--fail-on", "never", "-q", "--no-progress", corpus],
        capture_output=True, text=True, check=False,
    ).stdout
    files = []
    for line in out.splitlines():
        r = json.loads(line)
        if r.get("game") not in (None, 1) or (r.get("board") or {}).get("width") not in (9, 13, 19):
            continue
        m = COUNT.match((r.get("result") or {}).get("recorded") or "")
        counted = m is not None and float(m.group(1)) > 0
        if (counted or (r.get("passes") or 0) >= 2) and (r.get("moves") or 0) >= 40:
            files.append(r["file"])
    return files


def gnugo_status(gnugo, path):
    commands = f"loadsgf {path}\nfinal_status_list dead\nfinal_status_list seki\nquit\n"
    try:
        out = subprocess.run([gnugo, "--mode", "gtp", "--chinese-rules"], input=commands,
                             capture_output=True, text=True, timeout=300).stdout
    except subprocess.TimeoutExpired:
        return None
    answers = [b.strip() for b in out.split("\n\n") if b.strip()]
    if len(answers) < 3 or not all(a.startswith("=") for a in answers[1:3]):
        return None
    return {"dead": answers[1][1:].split(), "seki": answers[2][1:].split()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--holdout", default="yenw-")
    ap.add_argument("--gnugo", default="/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else "gnugo")
    ap.add_argument("--goref", help="the goref binary (default: the release build)")
    ap.add_argument("--example", help="the estimate_strings example (default: the release build)")
    ap.add_argument("--cache", help="JSON lines of GNU Go's answers, read and extended")
    args = ap.parse_args()
    # Where cargo puts the builds (CARGO_TARGET_DIR may move them): scripts/target-dir.sh.
    here = os.path.dirname(os.path.abspath(__file__))
    target = subprocess.run([os.path.join(here, "target-dir.sh")], capture_output=True,
                            text=True, check=True).stdout.strip()
    release = os.path.join(target, "release")
    args.goref = args.goref or os.path.join(release, "goref")
    args.example = args.example or os.path.join(release, "examples", "estimate_strings")
    files = finished_records(args.corpus, args.goref)
    cache = {}
    if args.cache and os.path.exists(args.cache):
        for line in open(args.cache, encoding="utf-8"):
            o = json.loads(line)
            cache[o["file"]] = o
    todo = [f for f in files if f not in cache]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for f, answer in zip(todo, pool.map(lambda f: gnugo_status(args.gnugo, f), todo)):
            if answer is not None:
                cache[f] = {"file": f, **answer}
    if args.cache:
        with open(args.cache, "w", encoding="utf-8") as out:
            for o in cache.values():
                out.write(json.dumps(o) + "\n")
    estimates = {}
    for chunk in range(0, len(files), 200):
        out = subprocess.run([args.example, *files[chunk:chunk + 200]],
                             capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            o = json.loads(line)
            estimates[o["file"]] = o
    table = collections.Counter()
    for f in files:
        if f not in cache or f not in estimates:
            continue
        held = os.path.relpath(f, args.corpus).startswith(args.holdout)
        dead, seki = set(cache[f]["dead"]), set(cache[f]["seki"])
        for group in group_strings(estimates[f]["stones"], estimates[f]["size"]):
            vertex, status, confidence, proven, size, libs = group
            if proven:
                continue
            theirs = "dead" if vertex & dead else ("seki" if vertex & seki else "alive")
            if size <= 2 and libs <= 2:
                small = "1-2 stones, <=2 libs"
            elif size >= 10:
                small = "10+ stones"
            else:
                small = "bigger"
            key = ("held out" if held else "tuned on", status, round(confidence, 2), small if status == "dead" else "")
            table[key + (theirs,)] += 1
    print(f"{'split':9} {'goref':6} {'conf':>5} {'kill':21} {'n':>5} {'GNU Go dead':>12} {'alive':>6} {'seki':>5}")
    for key in sorted({k[:4] for k in table}):
        d, a, s = (table[key + (t,)] for t in ("dead", "alive", "seki"))
        n = d + a + s
        agree = {"dead": d, "alive": a, "seki": s}[key[1]]
        print(f"{key[0]:9} {key[1]:6} {key[2]:5.2f} {key[3]:21} {n:5} {d:6} {a:6} {s:5}   goref's reading {100 * agree / n:5.1f}%")


def group_strings(stones, size):
    """Per string of goref's stones (one colour, adjacent): its vertices, goref's status,
    confidence and proof, its size and its liberties on the final board."""
    width, height = size
    info = {}
    for vertex, colour, status, confidence, proven in stones:
        info[(LETTERS.index(vertex[0]), int(vertex[1:]))] = (colour, status, confidence, proven)
    seen = set()
    for start in sorted(info):
        if start in seen:
            continue
        colour = info[start][0]
        string, stack, libs = {start}, [start], set()
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if not (0 <= n[0] < width and 1 <= n[1] <= height):
                    continue
                if n not in info:
                    libs.add(n)
                elif n not in string and info[n][0] == colour:
                    string.add(n)
                    stack.append(n)
        seen |= string
        _, status, confidence, proven = info[start]
        vertices = {f"{LETTERS[x]}{y}" for x, y in string}
        yield vertices, status, confidence, proven, len(string), len(libs)


if __name__ == "__main__":
    main()
