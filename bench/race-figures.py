#!/usr/bin/env python3
"""One line per run of a race.json: status, ops/s, errors, and the client CPU per 1,000 operations of one process
block ('process': the worker at the driver level; 'generator': the load generator at the service level), then the
same less what HotSpot's compiler threads used, then the database server's CPU per 1,000 operations (server_cpu), then
dbrace's own runner JVM's CPU over the measured phase in % of a core (runner_cpu).
Space-separated; '-' where a figure is absent.

    bench/race-figures.py RACE_JSON process|generator
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


path, which = sys.argv[1], sys.argv[2]
for run in json.load(open(path))["runs"]:
    block = run.get(which) or {}
    print(run["status"], f"{run['throughput_ops_s']:.1f}", run["errors"], figure(block.get("cpu_ms_per_1k_ops")),
          figure(less_jit(block)), figure((run.get("server_cpu") or {}).get("cpu_ms_per_1k_ops")),
          figure((run.get("runner_cpu") or {}).get("cpu_percent")))
