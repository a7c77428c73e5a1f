#!/usr/bin/env python3
"""How steady a race's measured phase is at its edges: each race's first and last whole measured second against the
median second between them, per stack, from the races' intervals.csv (verified completions per second).

A first second well below the rest is a warm-up that did not end at the switch to measuring: code still compiling,
or compiled code thrown away at the switch (the load generator's, before 2026-11-28: docs/measurement.md). A last
second below the rest is something at the window's end (the runner's closing readings). Either counts in the race's
throughput, so a 10 s window that loses a third of its first second reads 3 % low.
    python3 bench/race-seconds.py DIR [DIR ...]     # a vs-pgbench -o DIR, a race's --out, or any folder above them
"""
import collections
import glob
import os
import statistics
import sys


def seconds(path):
    """Each whole (>= 0.9 s) interval's completions per second, in order."""
    rates = []
    for line in open(path):
        f = line.strip().split(",")
        if not f[0].isdigit() or len(f) < 3:
            continue  # the header and the measure_start comment
        start, end, ok = int(f[0]), int(f[1]), int(f[2])
        if end - start >= 900:
            rates.append(ok * 1000 / (end - start))
    return rates


def main(dirs):
    edges = collections.defaultdict(list)
    for d in dirs:
        # runs/STACK/intervals.csv, and runs/STACK/round-N/intervals.csv for a race's later rounds
        for path in sorted(glob.glob(os.path.join(d, "**", "runs", "**", "intervals.csv"), recursive=True)):
            rates = seconds(path)
            if len(rates) < 5:
                continue  # too short to have a middle
            middle = statistics.median(rates[1:-1])
            if middle > 0:
                parts = path.split(os.sep)
                stack = parts[len(parts) - 1 - parts[::-1].index("runs") + 1]
                edges[stack].append((rates[0] / middle, rates[-1] / middle))
    if not edges:
        sys.exit("bench: no race with 5 or more measured seconds (runs/*/intervals.csv) under " + " ".join(dirs))
    head = f"{'stack':<22}{'races':>7}{'first second / middle':>28}{'last second / middle':>28}"
    print(head)
    print("-" * len(head))
    for stack, v in sorted(edges.items()):
        first, last = [a for a, _ in v], [b for _, b in v]
        cell = lambda x: f"{statistics.median(x):.2f} ({min(x):.2f}-{max(x):.2f})"
        print(f"{stack:<22}{len(v):>7}{cell(first):>28}{cell(last):>28}")
    print("median (min-max) over the races; middle: the median of the whole seconds between the first and the last.")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: race-seconds.py DIR [DIR ...]")
    main(sys.argv[1:])
