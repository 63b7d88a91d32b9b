#!/usr/bin/env python3
"""Issue 26 requirement 7 on any archive: the speed of `check` without the estimate over
its speed with it, measured as this project's docs report it.

Usage:
    scripts/estimate-ratio.py DIR [--runs N] [--goref BIN] [--core K]

`goref check -j 1 --no-progress --fail-on never DIR`, with the builtin estimate and with
`--estimator none`, run N times each (31 by default) in alternating order, pinned to one
core with `taskset` where it is installed; the CPU time of each run (user + system, from
the child's rusage) is taken. Prints the quartiles of both and the ratio of the medians
(none / with: 0.7 or more meets the requirement) and of the lower quartiles. On a noisy
machine one measurement does not settle a ratio near 0.7: run it twice.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess


def cpu_ms(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def quartiles(values):
    v = sorted(values)
    return v[len(v) // 4], statistics.median(v), v[3 * len(v) // 4]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--runs", type=int, default=31)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--goref", default=None)
    ap.add_argument("--core", default="1", help="the core to pin to (taskset -c)")
    args = ap.parse_args()
    goref = args.goref or os.path.join(
        subprocess.run([os.path.join(here, "target-dir.sh")], capture_output=True, text=True).stdout.strip(),
        "release", "goref")
    pin = ["taskset", "-c", args.core] if shutil.which("taskset") else []
    base = pin + [goref, "check", "-j", "1", "--no-progress", "--fail-on", "never"]
    times = {"builtin": [], "none": []}
    for i in range(args.runs):
        order = ("builtin", "none") if i % 2 == 0 else ("none", "builtin")
        for estimator in order:
            times[estimator].append(cpu_ms(base + ["--estimator", estimator, args.dir]))
    with_q, none_q = quartiles(times["builtin"]), quartiles(times["none"])
    fmt = lambda q: f"{q[1]:.1f} ms (quartiles {q[0]:.1f}-{q[2]:.1f})"
    print(f"{args.dir}: {args.runs} runs each{' pinned to core ' + args.core if pin else ''}")
    print(f"  with the estimate:   {fmt(with_q)}")
    print(f"  --estimator none:    {fmt(none_q)}")
    print(f"  ratio of the medians {none_q[1] / with_q[1]:.3f}, of the lower quartiles {none_q[0] / with_q[0]:.3f}")


if __name__ == "__main__":
    main()
