#!/usr/bin/env python3
"""Whether a client's CPU per operation over its server's is the steadier figure, from one or more vs-pgbench runs.

On a shared machine the CPU one operation costs drifts with the neighbours' load, the client's and the server's alike.
If that drift is what moves a stack's CPU per operation against its bare loop from round to round, then within each
round the stack / bare ratio of the client's CPU per operation follows the stack / bare ratio of the server's, and
dividing the one by the other (vs-pgbench-table.py's 'CPU per op / server') removes most of the spread. This prints,
over every round of the given results.tsv files that has both a bare loop and a race of a stack:
  - pgbench's own runs: the spread of its client CPU per operation and of the same over its server's;
  - all pairs, and per stack: the correlation of log(client ratio) with log(server ratio), the slope, and the
    standard deviation of log(client ratio) before and after dividing by the server's ratio.
    python3 bench/vs-pgbench-drift.py RESULTS.tsv [RESULTS.tsv ...]
"""
import collections
import math
import sys


def fields(path):
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) < 8:
            continue
        try:
            yield f[0], f[2], f[3].split("@")[0], float(f[4]), float(f[6]), float(f[7])
        except ValueError:
            continue  # '-': a figure not read


def stats(points):
    """(n, correlation, slope, sd of y, sd of y - x) of (x, y) points."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    syy = sum((y - my) ** 2 for _, y in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    dd = [(y - x) - (my - mx) for x, y in points]
    corr = sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")
    slope = sxy / sxx if sxx else float("nan")
    return n, corr, slope, math.sqrt(syy / (n - 1)), math.sqrt(sum(d * d for d in dd) / (n - 1))


def main(paths):
    pairs = collections.defaultdict(list)
    pgbench = []
    for path in paths:
        runs = collections.defaultdict(dict)
        for rnd, kind, stack, ops, nojit, server in fields(path):
            if kind == "pgbench":
                pgbench.append((nojit, nojit / server))
            elif kind in ("bare", "stack") and server > 0 and nojit > 0:
                runs[(rnd, stack)][kind] = (nojit, server)
        for (_, stack), k in runs.items():
            if "bare" in k and "stack" in k:
                (sc, ss), (bc, bs) = k["stack"], k["bare"]
                pairs[stack].append((math.log(ss / bs), math.log(sc / bc)))
    if len(pgbench) >= 2:
        cpu = [c for c, _ in pgbench]
        share = [s for _, s in pgbench]
        print(f"pgbench, {len(pgbench)} runs: client CPU per op {min(cpu):.1f}-{max(cpu):.1f} ms/1k "
              f"({100 * (max(cpu) / min(cpu) - 1):.0f} %), over its server's {min(share):.3f}-{max(share):.3f} "
              f"({100 * (max(share) / min(share) - 1):.0f} %)")
    everything = [p for v in pairs.values() for p in v]
    if len(everything) < 3:
        sys.exit("bench: fewer than 3 rounds with both a bare loop and a race, and the server's CPU, in " + " ".join(paths))
    print("stack / bare per round: x = log(server CPU per op ratio), y = log(client CPU per op ratio, less JIT)")
    head = f"{'stack':<22}{'rounds':>8}{'correlation':>13}{'slope':>8}{'sd of y':>10}{'sd of y - x':>13}"
    print(head)
    print("-" * len(head))
    for name, points in [("all", everything)] + sorted(pairs.items()):
        if len(points) < 3:
            continue
        n, corr, slope, sd, sd_norm = stats(points)
        print(f"{name:<22}{n:>8}{corr:>13.2f}{slope:>8.2f}{sd:>10.3f}{sd_norm:>13.3f}")
    print("sd: of the log ratio (0.05 ~ 5 %); 'sd of y - x': the client's ratio over the server's, the table's"
          " 'CPU per op / server'.")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: vs-pgbench-drift.py RESULTS.tsv [RESULTS.tsv ...]")
    main(sys.argv[1:])
