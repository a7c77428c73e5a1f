#!/usr/bin/env python3
"""The table of bench/vs-pgbench.sh, from its results.tsv.

Each line of results.tsv, in the order run: round, client, kind (pgbench | bare | via | stack), stack entry (pgbench: its
slot), ops/s, client CPU ms per 1,000 ops, the same without the JIT compiler threads' CPU, the server's CPU ms per
1,000 ops ('-' or absent: not read), dbrace's runner JVM's CPU in % of a core (races only). Prints per client the median and range (min-max over rounds) of throughput, of
CPU per 1,000 operations and of the same without JIT, and its ratio to the mean of the pgbench runs just before and
after its pair; then what an operation cost the machine (client + server CPU) and how many cores the run kept busy,
beside pgbench's: on cores client and server share, a client can outrun pgbench only by costing the machine less per
operation or by keeping more of it busy; then each stack's ratio to its own bare loop in the
same round (throughput: stack / bare; CPU: stack / bare, above 1 = the stack spends more per operation), median and
range; and the client's CPU per operation (less JIT) over the server's in the same run, stack over bare: the figure that
drops the shared machine's drift (share_note). Verdict: within 5 % when the median of the throughput ratio or of that
CPU ratio is; a harness cost to find when neither is and one lies out of 5 % in every round. With via runs (vs-pgbench.sh -v: the stack's adapter under the bare
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
                         "cpu": num(f[5]), "nojit": num(f[6]) if len(f) > 6 else None,
                         "server": num(f[7]) if len(f) > 7 else None,
                         "runner": num(f[8]) / 100 if len(f) > 8 and num(f[8]) is not None else None})
    for r in rows:
        # CPU of client and server per 1,000 operations, and the cores that kept busy (ms/1k ops x ops/s / 1e6)
        r["both"] = r["cpu"] + r["server"] if r["cpu"] is not None and r["server"] is not None else None
        r["cores"] = r["both"] * r["ops"] / 1e6 if r["both"] is not None and r["ops"] else None
        # the client's CPU per operation (less JIT) in units of the server's over the same span: see share_note()
        r["share"] = r["nojit"] / r["server"] if r["nojit"] is not None and r["server"] else None
    # each bare / stack run's neighbouring pgbench runs: the last one before it and the first one after it
    last = None
    waiting = []
    for r in rows:
        if r["kind"] == "pgbench":
            for w in waiting:
                w["pg_after"] = r
            waiting = []
            last = r
        else:
            r["pg_before"] = last
            waiting.append(r)
    return rows


def neighbours(r, key):
    """The mean of a figure of the pgbench runs just before and after r's pair, or None."""
    pg = [p[key] for p in (r.get("pg_before"), r.get("pg_after")) if p and p[key]]
    return statistics.mean(pg) if pg else None


def vs_pgbench(r):
    pg = neighbours(r, "ops")
    return r["ops"] / pg if pg and r["ops"] is not None else None


def cost_vs_pgbench(r):
    """pgbench's client + server CPU per operation over this client's: above 1, an operation costs the machine less."""
    pg = neighbours(r, "both")
    return pg / r["both"] if pg and r["both"] else None


def cores_vs_pgbench(r):
    pg = neighbours(r, "cores")
    return r["cores"] / pg if pg and r["cores"] else None


def verdict(tput, nojit, share):
    """Within 5 % of the bare loop in throughput or in CPU per operation (over the server's where the server was read),
    the issue's test; a figure out of 5 % in every round is named either way."""
    cost = share or nojit
    what = "CPU/op over the server's" if share else "CPU/op"
    out = []
    if max(tput) < LIMIT:
        out.append(f"throughput below {LIMIT}x in every round")
    if cost and min(cost) > 1 / LIMIT:
        out.append(f"{what} above {1 / LIMIT:.2f}x in every round")
    within = []
    if statistics.median(tput) >= LIMIT:
        within.append("throughput")
    if cost and statistics.median(cost) <= 1 / LIMIT:
        within.append(what)
    if within:
        return "median within 5 % in " + " and ".join(within) + ("" if not out else " (" + "; ".join(out) + ")")
    if out:
        return "OUTSIDE 5 %: " + "; ".join(out) + ": a harness cost to find"
    return "medians outside 5 %, ranges reach it: more rounds"


def share_note(pg):
    """Why the client's CPU per operation is also given over the server's, with pgbench's own runs as the evidence."""
    cpu = [r["cpu"] for r in pg if r["cpu"]]
    share = [r["share"] for r in pg if r["share"]]
    if len(share) < 2:
        return []
    swing = lambda v: 100 * (max(v) / min(v) - 1)
    return [
        "CPU per op / server's: the client's CPU per operation (less JIT) over the server's in the same run. On this",
        "shared machine both swing together with what the neighbours do (pgbench, the same work every run: its CPU per",
        f"op moved {swing(cpu):.0f} % over its {len(cpu)} runs here, its CPU per op over the server's {swing(share):.0f} %);"
        " the server's work per",
        "point select does not depend on the client (one in flight per connection: the backend waits for every",
        "statement either way), so the quotient keeps a client's own cost and drops the machine's drift. A client",
        "that made the server work more per op shows in the server column, not here.",
    ]


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

    if any(r["server"] is not None for r in rows):
        print()
        print("What an operation cost the machine: client + server CPU per 1,000 operations, and the cores the run kept")
        print("busy (CPU per op x ops/s); x pgbench = (cores / pgbench's) x (pgbench's CPU per op / this one's);")
        print("a race's runner: the cores dbrace's own JVM used beside worker and server (in neither figure)")
        head = (f"{'client':<26}{'server ms/1k ops':>20}{'client + server':>20}{'cores busy':>20}"
                f"{'cores / pgbench':>20}{'pgbench cost / this':>22}{'runner':>20}")
        print(head)
        print("-" * len(head))
        print(f"{'pgbench -M prepared':<26}{spread([r['server'] for r in pg], one):>20}{spread([r['both'] for r in pg], one):>20}"
              f"{spread([r['cores'] for r in pg], two):>20}{'1.00':>20}{'1.00':>22}")
        for e in entries:
            for name, mine in (("  bare " + e.split("@")[0], of("bare", e)), ("  via " + e, of("via", e)),
                               (e, of("stack", e))):
                m = list(mine.values())
                if m:
                    print(f"{name:<26}{spread([x['server'] for x in m], one):>20}{spread([x['both'] for x in m], one):>20}"
                          f"{spread([x['cores'] for x in m], two):>20}{spread([cores_vs_pgbench(x) for x in m], two):>20}"
                          f"{spread([cost_vs_pgbench(x) for x in m], two):>22}"
                          f"{spread([x['runner'] for x in m], lambda v: f'{v:.3f}'):>20}")

    print()
    head = (f"{'stack / its bare loop':<26}{'throughput':>22}{'CPU per op':>22}{'CPU per op, less JIT':>24}"
            f"{'server CPU per op':>22}{'CPU per op / server':>22}  verdict")
    print(head)
    print("-" * (len(head) + 30))
    for e in entries:
        stack, bare = of("stack", e), of("bare", e)
        both = [x for x in rounds if x in stack and x in bare and stack[x]["ops"] and bare[x]["ops"]]
        ratio = lambda key: [stack[x][key] / bare[x][key] for x in both if stack[x][key] and bare[x][key]]
        tput, cpu, nojit, server, share = ratio("ops"), ratio("cpu"), ratio("nojit"), ratio("server"), ratio("share")
        if not tput:
            print(f"{e:<26}{'-':>22}{'-':>22}{'-':>24}{'-':>22}{'-':>22}  no round with both figures")
            continue
        print(f"{e:<26}{spread(tput, two):>22}{spread(cpu, two):>22}{spread(nojit, two):>24}{spread(server, two):>22}"
              f"{spread(share, two):>22}  {verdict(tput, nojit, share)}")
    for line in share_note(pg):
        print(line)
    if any(r["kind"] == "via" for r in rows):
        print()
        head = (f"{'where the gap is':<26}{'via / bare (adapter)':>26}{'stack / via (load gen.)':>26}"
                f"{'CPU/op: via / bare':>24}{'stack / via':>22}")
        print(head)
        print("-" * len(head))
        for e in entries:
            cells = []
            for key in ("ops", "share" if any(r["share"] for r in rows) else "nojit"):
                for num_kind, den_kind in (("via", "bare"), ("stack", "via")):
                    a, b = of(num_kind, e), of(den_kind, e)
                    cells.append(spread([a[x][key] / b[x][key] for x in rounds
                                         if x in a and x in b and a[x][key] and b[x][key]], two))
            print(f"{e:<26}{cells[0]:>26}{cells[1]:>26}{cells[2]:>24}{cells[3]:>22}")
        print("via: the stack's own adapter (opened through dbrace's stack SPI, as a race opens it) under the bare loop's")
        print("driver, no load generator (bench/bare/ViaStack.java); each ratio within one round; CPU/op: less JIT, over")
        print("the server's where it was read.")

    print()
    print("ops/s and CPU: measured phase only, after the same warm-up for the bare loop and the stack. CPU: the client")
    print("process's user + system CPU per 1,000 operations (pgbench: its whole run); server: the postmaster and all it")
    print("started over the same span (bench/server-cpu.py); 'less JIT': without what HotSpot's")
    print("compiler threads used, which on 2 busy cores still runs for a minute in the reactive stacks. Stack / bare")
    print("ratios are taken within one round, where the two ran back to back; x pgbench: against the mean of the")
    print("pgbench runs just before and after the pair. An entry with options (name@k=v) faces its bare loop on defaults.")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: vs-pgbench-table.py RESULTS.tsv")
    main(sys.argv[1])
