#!/usr/bin/env python3
"""The records whose territory count goref puts 1 or 2 points off RE, read by GNU Go.

Usage:
    "$(scripts/target-dir.sh)"/release/goref check --format jsonl DIR > /tmp/check.jsonl
    scripts/territory-gap.py /tmp/check.jsonl [--limit N] [--gnugo PATH] [--out FILE]

Takes every game whose dead stones goref estimated, counted by territory, with a count
1 or 2 points from RE's (the same winner or not), and asks GNU Go (`--mode gtp
--japanese-rules`, the record's komi as goref read it) for its aftermath count
(`final_score`), its dead stones and its dame. One JSON line per game, then a summary:
how often GNU Go's count is RE's, how often its dead stones are goref's. Where both hold,
the gap is not in the reading of the dead stones but in which points the count gives
each side (GNU Go's dame: points the aftermath fills, such as a defence the position
still needs inside a territory).

GNU Go is installed by `.ci/run` (Debian package `gnugo`); GTP splits its arguments at
spaces, so each record is copied to a temporary file first. Nothing here is keyed on a
file name.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

COUNT = re.compile(r"^\s*([BW])\+(\d+(?:\.\d+)?)\s*$")
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def signed(result):
    """A count as Black's margin (negative for White), or None when it is no count."""
    m = COUNT.match(result or "")
    if not m:
        return None
    return (1 if m.group(1) == "B" else -1) * float(m.group(2))


def gap_records(path):
    """(file, game, RE, goref's count, komi, goref's dead stones) of every game in the
    check output whose estimated territory count is 1 or 2 points from RE's."""
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        res = r.get("result") or {}
        score = r.get("score") or {}
        if res.get("basis") != "estimated" or res.get("counting") != "territory":
            continue
        recorded, computed = signed(res.get("recorded")), signed(res.get("computed"))
        if recorded is None or computed is None or not 0 < abs(computed - recorded) <= 2:
            continue
        yield (r["file"], r.get("game"), res["recorded"], res["computed"],
               score.get("komi"), sorted(score.get("dead") or []), r["board"]["height"])


def sgf_point(vertex, height):
    """A GTP vertex (`C17`) as SGF letters (`cc` on 19x19)."""
    x = LETTERS.index(vertex[0].upper())
    y = height - int(vertex[1:])
    return "abcdefghijklmnopqrstuvwxyz"[x] + "abcdefghijklmnopqrstuvwxyz"[y]


def gnugo_reading(gnugo, sgf, komi, height):
    """GNU Go's aftermath count, dead stones (SGF points, sorted) and dame of `sgf`."""
    commands = f"loadsgf {sgf}\nkomi {komi}\nfinal_score\nfinal_status_list dead\nfinal_status_list dame\nquit\n"
    out = subprocess.run([gnugo, "--mode", "gtp", "--japanese-rules"], input=commands,
                         capture_output=True, text=True, timeout=300).stdout
    answers = [a.strip()[1:].strip() for a in out.split("\n\n") if a.strip().startswith("=")]
    if len(answers) < 5:
        return None
    dead = sorted(sgf_point(v, height) for v in answers[3].split())
    return answers[2], dead, answers[4].split()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("check_jsonl")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    ap.add_argument("--out", default=None, help="JSON lines per game (default: stdout)")
    args = ap.parse_args()
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout
    rows = list(gap_records(args.check_jsonl))[: args.limit]
    asked = as_re = same_dead = both = 0
    with tempfile.TemporaryDirectory() as tmp:
        for file, game, recorded, computed, komi, dead, height in rows:
            if game not in (None, 1) or komi is None:
                continue
            sgf = os.path.join(tmp, "record.sgf")
            shutil.copyfile(file, sgf)
            try:
                read = gnugo_reading(args.gnugo, sgf, komi, height)
            except subprocess.TimeoutExpired:
                read = None
            if read is None:
                continue
            score, gnugo_dead, dame = read
            asked += 1
            as_re += score == recorded
            same_dead += gnugo_dead == dead
            both += score == recorded and gnugo_dead == dead
            out.write(json.dumps({"file": file, "re": recorded, "goref": computed,
                                  "gnugo": score, "same_dead": gnugo_dead == dead,
                                  "dame": dame}, ensure_ascii=False) + "\n")
    print(f"{len(rows)} games 1-2 points off RE by territory; {asked} read by GNU Go: "
          f"its count is RE's in {as_re}, its dead stones are goref's in {same_dead}, "
          f"both in {both}", file=sys.stderr)


if __name__ == "__main__":
    main()
