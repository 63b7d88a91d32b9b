#!/usr/bin/env python3
"""Issue 26's agreement figures, per source, from `goref check --format jsonl` output.

Usage:
    "$(scripts/target-dir.sh)"/release/goref check --format jsonl ../shared/corpus > /tmp/est.jsonl
    scripts/corpus-metrics.py /tmp/est.jsonl [--holdout PREFIX] [--oracle FILE] [--corpus DIR]

Over every record whose RE is a count above 0 (Fox's B+0.0 / W+0.0 are wins without a
count, and so is a margin no count gives, such as Fox's B+0.02): how many goref counted
(`comp`: a computed result), abstained on (`abst`: not countable, so no computed result; `unver`: a computed result the referee itself calls
unverified, a disagreement that turns on strings or open points it cannot settle), and of
the computed results how many name RE's winner (`win`), give RE's exact margin (`exact`) or
are 50 points or more off (`off50`). `agree*` repeats the counts over the records where RE
and GNU Go's aftermath count (../shared/tools/oracle-dev.jsonl) name the same winner;
`stated`, `s_wrong` and `s_off50` count, among those, the results goref states (computed and
not `unverified`: what `score` offers to write), their wrong winners and their 50+ misses.

Rows: each source (the corpus folder), then ALL, then with --holdout PREFIX the sources that
start with PREFIX (held out) and those that do not (tuned on), each as a total. Nothing is
keyed on a file name; the split is by source only.
"""
import argparse
import collections
import json
import os
import re

COUNT = re.compile(r"^\s*([BW])\+(\d+(?:\.\d+)?)\s*$")
# Fox writes KM as komi x 100 (or x 50), or KM[0] (see komi_of); GNU Go's
# margin_plus_komi needs the real komi.
FOX_KM = {"750": 7.5, "650": 6.5, "375": 7.5, "325": 6.5}


def signed(result):
    """A count as Black's margin (negative for White), or None when it is no count."""
    m = COUNT.match(result or "")
    if not m:
        return None
    return (1 if m.group(1) == "B" else -1) * float(m.group(2))


WINNER_ONLY = re.compile(r"^\s*([BW])\+\s*$")


def winner_of(result):
    """+1 for Black, -1 for White, from a count or from a winner alone (`W+`: goref's
    winner where the margin turns on strings it cannot settle); None otherwise."""
    margin = signed(result)
    if margin is not None:
        return (margin > 0) - (margin < 0)
    m = WINNER_ONLY.match(result or "")
    return (1 if m.group(1) == "B" else -1) if m else None


def komi_of(o, corpus):
    """The real komi of an oracle row: Fox's scaled KM read back, and Fox's KM[0] (an
    `AP[YuanYu]` record) 6.5 in an even game and none in a handicap game, as goref's
    `fox-km0` convention reads it; otherwise the komi the oracle read."""
    raw = str(o.get("km_raw"))
    if raw in FOX_KM:
        return FOX_KM[raw]
    if raw == "0":
        path = os.path.join(corpus, o["file"].replace("corpus/", "", 1))
        try:
            data = open(path, "rb").read()
        except OSError:
            data = b""
        if b"AP[YuanYu" in data:
            return 0.0 if (o.get("handicap") or 0) >= 2 else 6.5
    return o.get("komi") or 0


def oracle_margins(path, corpus):
    """GNU Go's aftermath count per corpus-relative file, as Black's margin after komi."""
    margins = {}
    if not os.path.exists(path):
        return margins
    for line in open(path, encoding="utf-8"):
        o = json.loads(line)
        g = o.get("gnugo") or {}
        if g.get("margin_plus_komi") is None:
            continue
        margins[o["file"].replace("corpus/", "", 1)] = g["margin_plus_komi"] - komi_of(o, corpus)
    return margins


def second_opinions(paths):
    """GNU Go's count per record, as Black's margin after komi, from the JSON lines of
    scripts/gnugo-second-opinion.py (`file` as `check` named it, `gnugo` a result such as
    `W+3.5`); the records it was not asked about are left out. Later files win."""
    margins = {}
    for path in paths or []:
        for line in open(path, encoding="utf-8"):
            o = json.loads(line)
            margin = signed(o.get("gnugo"))
            if margin is not None:
                margins[o["file"]] = margin
    return margins


def tally(rows, corpus, oracle):
    per = collections.defaultdict(collections.Counter)
    for r in rows:
        res = r.get("result") or {}
        rec = signed(res.get("recorded_in_points") or res.get("recorded"))
        if rec is None or rec == 0 or (rec * 4) % 1:
            # Fox's B+0.0 and B+0.02: wins without a count (no count gives 0.02).
            continue
        rel = os.path.relpath(r["file"], corpus)
        source = rel.split(os.sep)[0]
        comp = signed(res.get("computed"))
        counted = comp is not None
        # A winner stated without a margin counts for the winner, never for the margin.
        winner = winner_of(res.get("computed"))
        named = winner is not None
        right = named and winner == (rec > 0) - (rec < 0)
        agree = oracle.get(rel, oracle.get(r["file"]))
        agree = (
            agree is not None
            and r.get("game") in (None, 0, 1)
            and agree != 0
            and (agree > 0) == (rec > 0)
        )
        c = per[source]
        c["n"] += 1
        c["comp"] += named
        c["abst"] += not named
        c["unver"] += named and res.get("status") == "unverified"
        c["win"] += right
        c["exact"] += counted and abs(comp - rec) < 1e-9
        c["off50"] += counted and abs(comp - rec) >= 50
        if agree:
            c["agreeN"] += 1
            c["a_win"] += right
            c["a_wrong"] += named and not right
            c["a_abst"] += not named
            c["a_unver"] += named and res.get("status") == "unverified"
            c["a_off50"] += counted and abs(comp - rec) >= 50
            # What goref states as the result: a computed result it does not itself
            # call unverified (`score` writes none where the estimate cannot settle it).
            stated = named and res.get("status") != "unverified"
            c["a_stated"] += stated
            c["a_s_wrong"] += stated and not right
            c["a_s_off50"] += stated and abs(comp - rec) >= 50
    return per


COLUMNS = ["n", "comp", "abst", "unver", "win", "exact", "off50"]
AGREE = ["agreeN", "a_win", "a_wrong", "a_abst", "a_unver", "a_off50", "a_stated", "a_s_wrong", "a_s_off50"]


def line(name, c):
    left = " ".join(f"{c[k]:>5}" for k in COLUMNS)
    right = " ".join(f"{c[k]:>6}" for k in AGREE)
    pct = lambda a, b: f"{100 * a / b:5.1f}%" if b else "    -"
    rates = (
        f" | win/n {pct(c['win'], c['n'])} win/comp {pct(c['win'], c['comp'])}"
        f" exact/n {pct(c['exact'], c['n'])} agree win {pct(c['a_win'], c['agreeN'])}"
        f" stated win {pct(c['a_stated'] - c['a_s_wrong'], c['a_stated'])}"
    )
    return f"{name[:30]:30} {left} | {right}{rates}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jsonl")
    ap.add_argument("--holdout", help="sources starting with this prefix are held out (e.g. yenw-)")
    ap.add_argument("--oracle", default="../shared/tools/oracle-dev.jsonl")
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument(
        "--second-opinion",
        nargs="+",
        metavar="FILE",
        help="GNU Go's counts from scripts/gnugo-second-opinion.py, by the file names "
        "`check` gave (for an archive outside ../shared/corpus): the agree columns then "
        "cover only the records it was asked about",
    )
    args = ap.parse_args()
    rows = [json.loads(l) for l in open(args.jsonl, encoding="utf-8") if l.strip()]
    oracle = oracle_margins(args.oracle, args.corpus)
    oracle.update(second_opinions(args.second_opinion))
    per = tally(rows, args.corpus, oracle)
    header = " ".join(f"{k:>5}" for k in COLUMNS) + " | " + " ".join(
        f"{k.replace('a_', '', 1):>6}" for k in AGREE
    )
    print(f"{'source':30} {header}")
    total = collections.Counter()
    held, tuned = collections.Counter(), collections.Counter()
    for source in sorted(per):
        print(line(source, per[source]))
        total.update(per[source])
        if args.holdout:
            (held if source.startswith(args.holdout) else tuned).update(per[source])
    print(line("ALL", total))
    if args.holdout:
        print(line(f"tuned on (not {args.holdout}*)", tuned))
        print(line(f"held out ({args.holdout}*)", held))


if __name__ == "__main__":
    main()
