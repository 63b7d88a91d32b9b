#!/usr/bin/env python3
"""GNU Go's reading of the records goref could not settle, as a second opinion beside RE.

Usage:
    "$(scripts/target-dir.sh)"/release/goref check --format jsonl DIR > /tmp/check.jsonl
    scripts/gnugo-second-opinion.py /tmp/check.jsonl --out /tmp/gnugo.jsonl \\
        [--status mismatch,unverified] [--jobs 2] [--gnugo PATH]

Takes every first game whose RE is a count above 0 and whose result has one of the given
statuses, and asks GNU Go (`--mode gtp`, `--japanese-rules` where goref counted territory,
`--chinese-rules` where it counted area, the komi goref read) for its aftermath count
(`final_score`), its dead stones and its stones in seki. Writes one JSON line per game
(`file`, `gnugo`, `dead`, `seki` as SGF points) and prints a summary: how often GNU Go
names RE's winner and gives RE exactly, and, where it names RE's winner, whether goref's
result names it too (right), names the other side (wrong) or states no winner (abstains).
Records already in --out are not asked again (a run can be resumed).

GNU Go is installed by `.ci/run` (Debian package `gnugo`); GTP splits its arguments at
spaces, so each record is copied to a temporary file first. Nothing here is keyed on a
file name.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

COUNT = re.compile(r"^\s*([BW])\+(\d+(?:\.\d+)?)\s*$")
WINNER_ONLY = re.compile(r"^\s*([BW])\+\s*$")
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SGF = "abcdefghijklmnopqrstuvwxyz"


def signed(result):
    """A count as Black's margin (negative for White), or None when it is no count."""
    m = COUNT.match(result or "")
    return None if not m else (1 if m.group(1) == "B" else -1) * float(m.group(2))


def winner(result):
    """+1 Black, -1 White, from a count or a winner alone (`W+`); None otherwise."""
    margin = signed(result)
    if margin is not None:
        return (margin > 0) - (margin < 0)
    m = WINNER_ONLY.match(result or "")
    return (1 if m.group(1) == "B" else -1) if m else None


def sgf_point(vertex, height):
    """A GTP vertex (`C17`) as SGF letters (`cc` on 19x19)."""
    return SGF[LETTERS.index(vertex[0].upper())] + SGF[height - int(vertex[1:])]


def ask(gnugo, job):
    """GNU Go's count, dead stones and seki of one record; None when it gives no answer."""
    path, komi, height, counting = job
    tmp = tempfile.mkdtemp()
    try:
        sgf = os.path.join(tmp, "record.sgf")
        shutil.copyfile(path, sgf)
        commands = (f"loadsgf {sgf}\nkomi {komi}\nfinal_score\n"
                    "final_status_list dead\nfinal_status_list seki\nquit\n")
        rules = "--japanese-rules" if counting == "territory" else "--chinese-rules"
        out = subprocess.run([gnugo, "--mode", "gtp", rules], input=commands,
                             capture_output=True, text=True, timeout=400).stdout
    except subprocess.TimeoutExpired:
        return None
    finally:
        shutil.rmtree(tmp)
    answers = [a.strip()[1:].strip() for a in out.split("\n\n") if a.strip().startswith("=")]
    if len(answers) < 5:
        return None
    return {"file": path, "gnugo": answers[2],
            "dead": sorted(sgf_point(v, height) for v in answers[3].split()),
            "seki": sorted(sgf_point(v, height) for v in answers[4].split())}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("check_jsonl")
    ap.add_argument("--out", required=True)
    ap.add_argument("--status", default="mismatch,unverified")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    args = ap.parse_args()
    wanted = set(args.status.split(","))
    reports, jobs = {}, []
    for line in open(args.check_jsonl, encoding="utf-8"):
        r = json.loads(line)
        res, score = r.get("result") or {}, r.get("score") or {}
        recorded = signed(res.get("recorded_in_points") or res.get("recorded"))
        if (r.get("game") not in (None, 1) or score.get("komi") is None or not recorded
                or res.get("status") not in wanted):
            continue
        reports[r["file"]] = r
        jobs.append((r["file"], score["komi"], r["board"]["height"], res.get("counting")))
    done = {}
    if os.path.exists(args.out):
        for line in open(args.out, encoding="utf-8"):
            row = json.loads(line)
            done[row["file"]] = row
    with open(args.out, "a", encoding="utf-8") as out, ThreadPoolExecutor(args.jobs) as pool:
        todo = [j for j in jobs if j[0] not in done]
        for row in pool.map(lambda j: ask(args.gnugo, j), todo):
            if row:
                done[row["file"]] = row
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
                out.flush()
    tally = collections.Counter()
    for path, row in done.items():
        if path not in reports:
            continue
        res = reports[path]["result"]
        recorded = signed(res.get("recorded_in_points") or res.get("recorded"))
        theirs = signed(row["gnugo"])
        tally["asked"] += 1
        if theirs is None or (theirs > 0) != (recorded > 0):
            continue
        tally["gnugo names RE's winner"] += 1
        tally["gnugo gives RE"] += abs(theirs - recorded) < 1e-9
        ours = winner(res.get("computed"))
        kind = "abstains" if ours is None else ("right" if ours == (recorded > 0) - (recorded < 0) else "wrong")
        tally[f"  goref {kind}"] += 1
        tally["  goref's dead stones are GNU Go's"] += sorted((reports[path].get("score") or {}).get("dead") or []) == row["dead"]
    for key in ["asked", "gnugo names RE's winner", "gnugo gives RE", "  goref right",
                "  goref wrong", "  goref abstains", "  goref's dead stones are GNU Go's"]:
        print(f"{key}: {tally[key]}", file=sys.stderr)


if __name__ == "__main__":
    main()
