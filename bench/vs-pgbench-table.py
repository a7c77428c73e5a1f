#!/usr/bin/env python3
"""The table of bench/vs-pgbench.sh, from its results.tsv.

Each line of results.tsv: round, client, kind (pgbench | bare | stack), stack entry, ops/s, client CPU ms per 1,000 ops.
Prints, per client, the median and range (min-max over rounds) of throughput and of CPU per 1,000 operations, and for
each stack its ratio to its own bare loop in the same round (throughput: stack / bare; CPU: stack / bare, so above 1
means the stack spends more per operation), median and range over the rounds. A stack whose whole throughput range
lies below 0.95x its bare loop, or whose whole CPU range lies above 1/0.95, is flagged: a harness cost to find.
    python3 bench/vs-pgbench-table.py RESULTS.tsv
"""
import statistics
import sys

LIMIT = 0.95


def num(text):
    return float(text) if text not in ("", "-", None) else None


def spread(values, fmt):
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}-{fmt(max(values))})"


def main(path):
    rows = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 6:
            rows.append({"round": int(f[0]), "client": f[1], "kind": f[2], "entry": f[3], "ops": num(f[4]), "cpu": num(f[5])})
    if not rows:
        sys.exit("bench: no results in " + path)
    rounds = sorted({r["round"] for r in rows})
    pg = {r["round"]: r["ops"] for r in rows if r["kind"] == "pgbench"}
    entries = list(dict.fromkeys(r["entry"] for r in rows if r["kind"] == "stack"))

    def of(kind, entry=None, client=None):
        return {r["round"]: r for r in rows if r["kind"] == kind
                and (entry is None or r["entry"] == entry) and (client is None or r["client"] == client)}

    thousands = lambda v: f"{v:,.0f}"
    one = lambda v: f"{v:.1f}"
    two = lambda v: f"{v:.2f}"
    print()
    print(f"{len(rounds)} round(s); median (min-max) over rounds")
    head = f"{'client':<28}{'ops/s':>26}{'client CPU ms/1k ops':>24}{'x pgbench':>20}"
    print(head)
    print("-" * len(head))
    clients = [("pgbench -M prepared", of("pgbench"))]
    for e in entries:
        clients.append(("  bare " + e.split("@")[0], of("bare", e)))
        clients.append((e, of("stack", e)))
    for name, mine in clients:
        vs_pg = [mine[x]["ops"] / pg[x] for x in mine if pg.get(x) and mine[x]["ops"] is not None]
        print(f"{name:<28}{spread([m['ops'] for m in mine.values()], thousands):>26}"
              f"{spread([m['cpu'] for m in mine.values()], one):>24}{spread(vs_pg, two):>20}")

    print()
    head = f"{'stack vs its bare loop':<28}{'throughput ratio':>24}{'CPU/op ratio':>24}  verdict"
    print(head)
    print("-" * (len(head) + 20))
    for e in entries:
        stack, bare = of("stack", e), of("bare", e)
        both = [x for x in rounds if x in stack and x in bare and stack[x]["ops"] and bare[x]["ops"]]
        tput = [stack[x]["ops"] / bare[x]["ops"] for x in both]
        cpu = [stack[x]["cpu"] / bare[x]["cpu"] for x in both if stack[x]["cpu"] and bare[x]["cpu"]]
        if not tput:
            print(f"{e:<28}{'-':>24}{'-':>24}  no round with both figures")
            continue
        verdict = []
        if max(tput) < LIMIT:
            verdict.append(f"BELOW {LIMIT}x bare in every round")
        if cpu and min(cpu) > 1 / LIMIT:
            verdict.append(f"CPU/op above {1 / LIMIT:.2f}x bare in every round")
        if not verdict:
            verdict.append("within 5 %" if statistics.median(tput) >= LIMIT else "range reaches 0.95x; median below")
        print(f"{e:<28}{spread(tput, two):>24}{spread(cpu, two):>24}  {'; '.join(verdict)}")
    print()
    print("ops/s: measured phase only, after the same warm-up; client CPU: the client process's CPU (user + system) in the")
    print("measured phase per 1,000 operations (pgbench: its whole run). Ratios are taken within one round, where the")
    print("bare loop and the stack ran back to back; x pgbench: against the pgbench run at the start of the same round.")
    print("A stack given options (name@k=v) is compared with its bare loop on the stack's defaults.")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: vs-pgbench-table.py RESULTS.tsv")
    main(sys.argv[1])
