#!/usr/bin/env bash
# How fast can dbrace's open-loop generator go by itself? Drives dev.dbrace.core.load.OpenLoop
# against an in-memory stack that answers at once, at a series of offered rates, and prints for
# each the achieved rate, the p99 lateness of issue against schedule and the CPU used; then the
# highest rate sustained with p99 lateness < 1 ms and its ratio to a reference rate (GeneratorBench's default
# 115000/s: the best closed-loop rate a dbrace stack reached on this kind of machine, vertx-pipelined at
# 256 in flight in bench/vs-pgbench.sh -i 256). The aim is 10x: the generator is then not a race's bottleneck.
#
#   bench/open-loop-generator.sh [REFERENCE_RATE] [--rates 100000,200000,...,1600000] [--seconds 3] [--warmup 1]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
REFERENCE=() # GeneratorBench's default unless given
if [ $# -gt 0 ] && [[ "$1" != --* ]]; then
  [[ "$1" =~ ^[0-9]+([.][0-9]+)?$ ]] || { echo "bench: the reference rate must be a number, got '$1'" >&2; exit 2; }
  REFERENCE=(--reference "$1"); shift
fi

exec "$ROOT/bench/core-bench.sh" GeneratorBench "${REFERENCE[@]}" "$@"
