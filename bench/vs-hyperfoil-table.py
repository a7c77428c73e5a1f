#!/usr/bin/env python3
"""The table of bench/vs-hyperfoil.sh, from its results.tsv.

Each line of results.tsv (tab-separated, the header's columns): the rate as % of capacity, the rate, the round, which
tool ran first that round, the tool (dbrace | hyperfoil), valid (1, or 0 with a note: a Hyperfoil run whose session pool
ran out, a dbrace run not ok or with arrivals not issued), requests sent, requests expected (rate x measured seconds),
errors, arrivals not issued (dbrace), p50, p90, p99, p99.9, mean (ms; dbrace's from each request's intended start,
Hyperfoil's its own figure), the measured span (s), the tool's CPU seconds over it, its lateness p50 and p99 (ms:
dbrace's issue lateness, Hyperfoil's session-start lateness against its own even schedule), Hyperfoil's answers timed
from the intended start (p50, p90, p99; '-' for dbrace, whose latency already is), dbrace's service latency p50, p99
('-' for Hyperfoil), the requests the flat-out pre-warm got answered (how warm the service was when measuring began),
and a note.

Per rate, one line per round and a line of medians over the rounds: each tool's p50, p90, p99, whether dbrace's is within
max(10 % of Hyperfoil's, 0.2 ms) of Hyperfoil's, and the requests each sent against the expected count (error in %,
within 1 %); then the diagnostic figures that say which moment each tool starts its clock.
    python3 bench/vs-hyperfoil-table.py RESULTS.tsv
"""
import statistics
import sys

SHARE, FLOOR_MS, COUNT_SHARE = 0.10, 0.2, 0.01
PERCENTILES = ("p50", "p90", "p99")


def num(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def load(path):
    lines = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    header, rows = lines[0], lines[1:]
    return [{k: (v if k in ("tool", "first", "note") else num(v)) for k, v in zip(header, row)} for row in rows]


def within(d, h):
    """dbrace's figure d against Hyperfoil's h: inside max(10 % of h, 0.2 ms)."""
    return None if d is None or h is None else abs(d - h) <= max(SHARE * h, FLOOR_MS)


def mark(ok):
    return "-" if ok is None else ("ok" if ok else "OUT")


def count_error(row):
    return None if row is None or row["requests"] is None or not row["expected"] else \
        (row["requests"] - row["expected"]) / row["expected"] * 100


def fmt(v, spec=".3f"):
    return "-" if v is None else format(v, spec)


def median(rows, key):
    values = [r[key] for r in rows if r is not None and r.get(key) is not None]
    return statistics.median(values) if values else None


def cells(d, h):
    """The figures of one line: per percentile dbrace, Hyperfoil, within; then requests and their error in %."""
    out = []
    for p in PERCENTILES:
        dv, hv = d and d[p], h and h[p]
        out += [fmt(dv), fmt(hv), mark(within(dv, hv))]
    for row in (d, h):
        e = count_error(row)
        out += [fmt(row and row["requests"], ",.0f"), fmt(e, "+.2f") + (" " + mark(abs(e) <= COUNT_SHARE * 100)
                                                                         if e is not None else "")]
    return out


def table(rows):
    head = ["round", "first"] + [x for p in PERCENTILES for x in (p + " dbrace", p + " hf", "within")] + \
        ["dbrace requests", "err %", "hf requests", "err %"]
    widths = [6, 10] + [9, 9, 6] * 3 + [16, 10, 13, 10]
    line = lambda vals: " ".join(str(v).rjust(w) for v, w in zip(vals, widths))
    for pct in sorted({r["pct"] for r in rows}):
        at = [r for r in rows if r["pct"] == pct]
        rate, expected = at[0]["rate"], at[0]["expected"]
        print(f"\n{pct:.0f} % of capacity: {rate:,.0f} req/s, expected {expected:,.0f} requests per run")
        print(line(head))
        pairs = []
        for rnd in sorted({r["round"] for r in at}):
            d = next((r for r in at if r["round"] == rnd and r["tool"] == "dbrace"), None)
            h = next((r for r in at if r["round"] == rnd and r["tool"] == "hyperfoil"), None)
            pairs.append((d, h))
            print(line([f"{rnd:.0f}", (d or h)["first"]] + cells(d, h)))
            for r in (d, h):
                if r is not None and (r["valid"] != 1 or r["note"] not in ("", "-")):
                    print(f"{'':17}{r['tool']}: {'INVALID: ' if r['valid'] != 1 else ''}{r['note']}")
        valid = [(d, h) for d, h in pairs if d and h and d["valid"] == 1 and h["valid"] == 1]
        if valid:
            med = lambda side: {k: median([p[side] for p in valid], k) for k in PERCENTILES + ("requests", "expected")}
            print(line(["median", f"{len(valid)} valid"] + cells(med(0), med(1))))
        else:
            print("  no round with both runs valid: the figures below are every round's")
        shown = valid or pairs
        diagnostics([d for d, _ in shown if d], [h for _, h in shown if h])


def diagnostics(ds, hs):
    """Which moment each tool's clock starts at, and what each tool cost: medians over the rounds given."""
    if not ds or not hs:
        return
    m = lambda rows, k: fmt(median(rows, k))
    per_k = lambda rows: fmt(median([{"v": r["cpu_s"] * 1e6 / r["requests"]} for r in rows
                                     if r["cpu_s"] is not None and r["requests"]], "v"), ".1f")
    print(f"  dbrace:    from intended start p50/p90/p99 {m(ds, 'p50')}/{m(ds, 'p90')}/{m(ds, 'p99')} ms; issue lateness "
          f"p50/p99 {m(ds, 'late_p50')}/{m(ds, 'late_p99')} ms; service latency (from the request's send) p50/p99 "
          f"{m(ds, 'service_p50')}/{m(ds, 'service_p99')} ms; generator CPU {per_k(ds)} ms per 1,000 requests; "
          f"pre-warm {fmt(median(ds, 'prewarm'), ',.0f')} requests")
    print(f"  hyperfoil: own figure (from the session's actual start) p50/p90/p99 {m(hs, 'p50')}/{m(hs, 'p90')}/"
          f"{m(hs, 'p99')} ms; session-start lateness p50/p99 {m(hs, 'late_p50')}/{m(hs, 'late_p99')} ms; from its "
          f"intended start p50/p90/p99 {m(hs, 'intended_p50')}/{m(hs, 'intended_p90')}/{m(hs, 'intended_p99')} ms "
          f"(within: {'/'.join(mark(within(median(ds, p), median(hs, 'intended_' + p))) for p in PERCENTILES)}); "
          f"CPU {per_k(hs)} ms per 1,000 requests; pre-warm {fmt(median(hs, 'prewarm'), ',.0f')} requests")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: vs-hyperfoil-table.py RESULTS.tsv")
    table(load(sys.argv[1]))
