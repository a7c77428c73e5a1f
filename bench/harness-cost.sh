#!/usr/bin/env bash
# What dbrace itself costs per operation, without a database: the closed loop, the operation sequence, the check of
# every answer, the latency histogram and the counters, driving an in-memory stack that answers point-select with a
# freshly built row (as a driver-level stack does), against a bare loop doing only what a bare driver loop does with
# the same answer. One thread, rounds alternating the two; prints CPU ns per operation of each and their difference
# (the harness's cost), per round and the median. --threads 2: two completing threads share the loop, as a stack's two
# event loops do, so what its shared state costs when both cores write it shows too (noisier: the machine's other load
# decides whether the two threads get a core each). Set it beside a stack's CPU per operation in vs-pgbench.sh (e.g.
# 4.6 us for the bare pipelined Vert.x loop at 256 in flight) to see the share dbrace takes. --evict KB: both loops
# write over KB of memory of their own before each completion, as a stack's own work between two operations does in a
# race, so the harness's state is out of the caches at each operation (bench/README.md).
#
#   bench/harness-cost.sh [--rounds 5] [--seconds 2] [--users 1] [--threads 1] [--evict KB]
set -euo pipefail
exec "$(cd "$(dirname "$0")" && pwd)/core-bench.sh" HarnessBench "$@"
