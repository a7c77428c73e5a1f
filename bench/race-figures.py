#!/usr/bin/env python3
"""One line per run of a race.json, space-separated, '-' where a figure is absent.

    bench/race-figures.py RACE_JSON process|generator
    bench/race-figures.py RACE_JSON latency

process|generator: status, ops/s, errors, and the client CPU per 1,000 operations of one process block ('process': the
worker at the driver level; 'generator': the load generator at the service level), then the same less what HotSpot's
compiler threads used, then the database server's CPU per 1,000 operations (server_cpu), then dbrace's own runner
JVM's CPU over the measured phase in % of a core (runner_cpu).

latency: status, issued, ops, errors, unfinished, not_issued, duration_s, then latency_ms's p50, p90, p99, p999 and
mean (an open loop's from each operation's intended start), issue_lateness_ms's p50 and p99 (how late the generator
sent each operation after its intended start), service_latency_ms's p50 and p99 (from when the request left on a
connection), the generator's CPU seconds (user + sys; else the worker's), and the operations an open loop's flat-out
pre-warm verified (warmup.prewarm.ops).
"""
import json
import sys


def less_jit(block):
    """CPU per 1,000 operations without the JIT's share of the block's CPU, or None."""
    cpu, jit = block.get("cpu_ms_per_1k_ops"), block.get("jit_cpu_s")
    total = (block.get("cpu_user_s") or 0) + (block.get("cpu_sys_s") or 0)
    return cpu * (1 - jit / total) if cpu is not None and total and jit is not None else None


def figure(value):
    return "-" if value is None else f"{value:.3f}"


def cpu_figures(run, which):
    block = run.get(which) or {}
    return [run["status"], f"{run['throughput_ops_s']:.1f}", run["errors"], figure(block.get("cpu_ms_per_1k_ops")),
            figure(less_jit(block)), figure((run.get("server_cpu") or {}).get("cpu_ms_per_1k_ops")),
            figure((run.get("runner_cpu") or {}).get("cpu_percent"))]


def latency_figures(run):
    def of(name, *keys):
        block = run.get(name) or {}
        return [figure(block.get(k)) for k in keys]
    client = run.get("generator") or run.get("process") or {}
    cpu = None if client.get("cpu_user_s") is None else client["cpu_user_s"] + (client.get("cpu_sys_s") or 0)
    return ([run["status"], run["issued"], run["ops"], run["errors"], run["unfinished"], run.get("not_issued", 0),
             figure(run.get("duration_s"))] + of("latency_ms", "p50", "p90", "p99", "p999", "mean")
            + of("issue_lateness_ms", "p50", "p99") + of("service_latency_ms", "p50", "p99") + [figure(cpu)]
            + [((run.get("warmup") or {}).get("prewarm") or {}).get("ops", "-")])


if len(sys.argv) != 3 or sys.argv[2] not in ("process", "generator", "latency"):
    sys.exit("usage: race-figures.py RACE_JSON process|generator|latency")
path, which = sys.argv[1], sys.argv[2]
for run in json.load(open(path))["runs"]:
    print(*(latency_figures(run) if which == "latency" else cpu_figures(run, which)))
