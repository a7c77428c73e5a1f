#!/usr/bin/env python3
"""The table of bench/vs-pgbench.sh, from its results.tsv.

Each line of results.tsv, in the order run: round, client, kind (pgbench | bare | via | stack), stack entry (pgbench: its
slot), ops/s, client CPU ms per 1,000 ops, the same without the JIT compiler threads' CPU. Prints per client the median
and range (min-max over rounds) of throughput, of CPU per 1,000 operations and of the same without JIT, and its ratio
to the mean of the pgbench runs just before and after its pair; then each stack's ratio to its own bare loop in the
same round (throughput: stack / bare; CPU: stack / bare, above 1 = the stack spends more per operation), median and
range. A stack whose whole throughput range lies below 0.95x its bare loop, or whose whole CPU-without-JIT range lies
above 1/0.95x, is flagged: a harness cost to find. With via runs (vs-pgbench.sh -v: the stack's adapter under the bare
loop's driver), a last table splits each gap: via / bare is the adapter's part, stack / via the load generator's.
    python3 bench/vs-pgbench-table.py RESULTS.tsv
"""
import statistics
import sys

LIMIT = 0.95


def num(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def spread(values, fmt):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}-{fmt(max(values))})"


def load(path):
    rows = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 6:
            rows.append({"round": int(f[0]), "client": f[1], "kind": f[2], "entry": f[3], "ops": num(f[4]),
                         "cpu": num(f[5]), "nojit": num(f[6]) if len(f) > 6 else None})
    # each bare / stack run's neighbouring pgbench runs: the last one before it and the first one after it
    last = None
    waiting = []
    for r in rows:
        if r["kind"] == "pgbench":
            for w in waiting:
                w["pg_after"] = r["ops"]
            waiting = []
            last = r["ops"]
        else:
            r["pg_before"] = last
            waiting.append(r)
    return rows


def vs_pgbench(r):
    pg = [v for v in (r.get("pg_before"), r.get("pg_after")) if v]
    return r["ops"] / statistics.mean(pg) if pg and r["ops"] is not None else None


def main(path):
    rows = load(path)
    if not rows:
        sys.exit("bench: no results in " + path)
    rounds = sorted({r["round"] for r in rows})
    entries = list(dict.fromkeys(r["entry"] for r in rows if r["kind"] == "stack"))

    def of(kind, entry):
        return {r["round"]: r for r in rows if r["kind"] == kind and r["entry"] == entry}

    thousands = lambda v: f"{v:,.0f}"
    one = lambda v: f"{v:.1f}"
    two = lambda v: f"{v:.2f}"
    print()
    print(f"{len(rounds)} round(s); each figure: median (min-max) over the rounds")
    head = f"{'client':<26}{'ops/s':>25}{'CPU ms/1k ops':>21}{'same, less JIT':>21}{'x pgbench':>19}"
    print(head)
    print("-" * len(head))
    pg = [r for r in rows if r["kind"] == "pgbench"]
    print(f"{'pgbench -M prepared':<26}{spread([r['ops'] for r in pg], thousands):>25}"
          f"{spread([r['cpu'] for r in pg], one):>21}{'':>21}{'1.00':>19}")
    for e in entries:
        clients = [("  bare " + e.split("@")[0], of("bare", e)), ("  via " + e, of("via", e)), (e, of("stack", e))]
        for name, mine in clients:
            m = list(mine.values())
            if not m:
                continue
            print(f"{name:<26}{spread([x['ops'] for x in m], thousands):>25}{spread([x['cpu'] for x in m], one):>21}"
                  f"{spread([x['nojit'] for x in m], one):>21}{spread([vs_pgbench(x) for x in m], two):>19}")

    print()
    head = f"{'stack / its bare loop':<26}{'throughput':>22}{'CPU per op':>22}{'CPU per op, less JIT':>24}  verdict"
    print(head)
    print("-" * (len(head) + 30))
    for e in entries:
        stack, bare = of("stack", e), of("bare", e)
        both = [x for x in rounds if x in stack and x in bare and stack[x]["ops"] and bare[x]["ops"]]
        ratio = lambda key: [stack[x][key] / bare[x][key] for x in both if stack[x][key] and bare[x][key]]
        tput, cpu, nojit = ratio("ops"), ratio("cpu"), ratio("nojit")
        if not tput:
            print(f"{e:<26}{'-':>22}{'-':>22}{'-':>24}  no round with both figures")
            continue
        verdict = []
        if max(tput) < LIMIT:
            verdict.append(f"BELOW {LIMIT}x its bare loop in every round")
        if nojit and min(nojit) > 1 / LIMIT:
            verdict.append(f"CPU/op above {1 / LIMIT:.2f}x in every round")
        if not verdict:
            verdict.append("median within 5 %" if statistics.median(tput) >= LIMIT else "median below 0.95x, range reaches it")
        if max(tput) / min(tput) > 1.3:
            verdict.append("range too wide to tell")
        print(f"{e:<26}{spread(tput, two):>22}{spread(cpu, two):>22}{spread(nojit, two):>24}  {'; '.join(verdict)}")
    if any(r["kind"] == "via" for r in rows):
        print()
        head = f"{'where the gap is':<26}{'via / bare (adapter)':>26}{'stack / via (load gen.)':>26}{'CPU: via / bare':>20}{'stack / via':>20}"
        print(head)
        print("-" * len(head))
        for e in entries:
            cells = []
            for key in ("ops", "cpu"):
                for num_kind, den_kind in (("via", "bare"), ("stack", "via")):
                    a, b = of(num_kind, e), of(den_kind, e)
                    cells.append(spread([a[x][key] / b[x][key] for x in rounds
                                         if x in a and x in b and a[x][key] and b[x][key]], two))
            print(f"{e:<26}{cells[0]:>26}{cells[1]:>26}{cells[2]:>20}{cells[3]:>20}")
        print("via: the stack's own adapter (opened through dbrace's stack SPI, as a race opens it) under the bare loop's")
        print("driver, no load generator (bench/bare/ViaStack.java); each ratio within one round.")

    print()
    print("ops/s and CPU: measured phase only, after the same warm-up for the bare loop and the stack. CPU: the client")
    print("process's user + system CPU per 1,000 operations (pgbench: its whole run); 'less JIT': without what HotSpot's")
    print("compiler threads used, which on 2 busy cores still runs for a minute in the reactive stacks. Stack / bare")
    print("ratios are taken within one round, where the two ran back to back; x pgbench: against the mean of the")
    print("pgbench runs just before and after the pair. An entry with options (name@k=v) faces its bare loop on defaults.")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: vs-pgbench-table.py RESULTS.tsv")
    main(sys.argv[1])
