#!/usr/bin/env bash
# dbrace's stacks vs PostgreSQL's own benchmark, side by side on the same server.
#
# Runs point-select on each stack at C connections / C in flight, and `pgbench -M prepared -c C`
# with the same statement on the same (embedded) server, strictly alternating:
#   pgbench, stack 1, pgbench, stack 2, pgbench, ..., stack n, pgbench
# and gives each stack's throughput as a ratio to the mean of the two pgbench runs right before and
# after it. On a shared 2-core machine the absolute numbers drift by 2x within minutes, so only a
# ratio to a neighbouring pgbench run is evidence; a pgbench run before and after the whole race
# would compare the last stack with a pgbench run minutes away. Each round starts the stacks at a
# different position, so no stack always runs first or right after a build.
#
#   bench/vs-pgbench.sh [-c CONNECTIONS] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-s STACKS] [-o DIR]
#
# STACKS is a comma-separated list; an entry may carry stack options after '@', e.g.
# `vertx@eventLoops=1,vertx@eventLoops=2` or `r2dbc@statementCache=0@eventLoops=1`, to race variants.
# Entries bare-jdbc, bare-vertx and bare-vertx-pipelined run minimal loops without dbrace (bench/bare/),
# the ceiling each stack should come close to, so a gap between a stack and its bare loop is the
# harness's cost and a gap between a bare loop and pgbench is the driver's (or this machine's).
# Warm-up: the reactive stacks keep compiling (C2) for 10-20 s on 2 busy cores, and JIT time in the
# measured window is CPU taken from PostgreSQL; 20 s of warm-up keeps most of it out.
# Every run's race.json stays under -o DIR (default: a temporary folder, removed at the end).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
C=8; T=15; W=20; ROUNDS=2; STACKS="jdbc-platform,jdbc-virtual,r2dbc,vertx,vertx-pipelined"; OUT=""
while getopts "c:t:w:r:s:o:" o; do
  case "$o" in c) C=$OPTARG;; t) T=$OPTARG;; w) W=$OPTARG;; r) ROUNDS=$OPTARG;; s) STACKS=$OPTARG;; o) OUT=$OPTARG;;
    *) echo "usage: $0 [-c CONNECTIONS] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-s STACKS] [-o DIR]" >&2; exit 2;; esac
done

PGBENCH="$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | sort -V | tail -1 || true)"
[ -n "$PGBENCH" ] && [ -x "$PGBENCH" ] || { echo "bench: pgbench not found (apt-get install postgresql-client)" >&2; exit 2; }

WORK="$(mktemp -d)"
KEEP="${OUT:-}"; OUT="${OUT:-$WORK/out}"; mkdir -p "$OUT"
DB_PID=""
cleanup() {
  if [ -n "$DB_PID" ]; then kill "$DB_PID" 2>/dev/null || true; wait "$DB_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

"$ROOT/dbrace" build
"$ROOT/dbrace" db --env-file "$WORK/db.env" --for 4h 2>"$WORK/db.log" &
DB_PID=$!
for _ in $(seq 1 240); do [ -f "$WORK/db.env" ] && break; sleep 0.5; done
[ -f "$WORK/db.env" ] || { cat "$WORK/db.log" >&2; echo "bench: embedded PostgreSQL did not start" >&2; exit 1; }
set -a; . "$WORK/db.env"; set +a

printf '\\set id random(1, 10000)\nSELECT id, randomnumber FROM world WHERE id = :id;\n' > "$WORK/point.sql"
# prints "<tps> <client cpu ms per 1k transactions>" of one pgbench run
pgbench_tps() {
  local tps cpu
  cpu="$( { TIMEFORMAT='%U %S'; time "$PGBENCH" -n -M prepared -c "$C" -j 2 -T "$T" -f "$WORK/point.sql" \
    >"$WORK/pgbench.out" 2>"$WORK/pgbench.err"; } 2>&1 )"
  tps="$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench.out" | head -1)"
  [ -n "$tps" ] || { cat "$WORK/pgbench.err" >&2; echo "bench: pgbench gave no tps" >&2; exit 1; }
  echo "$tps $(echo "$cpu" | awk -v tps="$tps" -v t="$T" '{ printf "%.1f", ($1 + $2) * 1e6 / (tps * t) }')"
}

# one bare loop (bench/bare/*.java, no dbrace harness); writes its ops/s to $dir.tps
bare_one() {
  local entry="$1" dir="$2" out
  local java="${JAVA_HOME:-}/bin/java"
  [ -x "$java" ] || java="$(ls -d /usr/lib/jvm/temurin-2[5-9]*/bin/java /usr/lib/jvm/*-2[1-9]*/bin/java 2>/dev/null | head -1)"
  case "$entry" in
    bare-jdbc) out="$("$java" -cp "$(cat "$ROOT/stacks/jdbc/target/runtime.classpath")" "$ROOT/bench/bare/BareJdbc.java" "$C" "$C" "$W" "$T" 2>"$dir.log")" ;;
    bare-vertx) out="$("$java" -cp "$(cat "$ROOT/stacks/vertx/target/runtime.classpath")" "$ROOT/bench/bare/BareVertx.java" pool "$C" "$C" "$W" "$T" 2>"$dir.log")" ;;
    bare-vertx-pipelined) out="$("$java" -cp "$(cat "$ROOT/stacks/vertx/target/runtime.classpath")" "$ROOT/bench/bare/BareVertx.java" pipelined "$C" "$C" "$W" "$T" 2>"$dir.log")" ;;
    *) echo "bench: unknown bare loop $entry (bare-jdbc, bare-vertx, bare-vertx-pipelined)" >&2; exit 2 ;;
  esac
  echo "$out" | sed -n 's/^ops_s=//p' > "$dir.tps"
  echo "$out" | sed -n 's/^cpu_ms_per_1k=//p' > "$dir.cpu"
  [ -s "$dir.tps" ] || { cat "$dir.log" >&2; echo "bench: $entry gave no figure" >&2; exit 1; }
}

# one dbrace run of one stack entry ("name" or "name@k=v@k=v"); prints the run's race.json path
race_one() {
  local entry="$1" dir="$2" name opts=() kv
  IFS='@' read -r -a parts <<< "$entry"
  name="${parts[0]}"
  for kv in "${parts[@]:1}"; do opts+=(--stack-opt "$name.$kv"); done
  "$ROOT/dbrace" run --url "postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE" --stacks "$name" "${opts[@]}" \
    --workload point-select --pool "$C" --concurrency "$C" --duration "${T}s" --warmup "${W}s" \
    --out "$dir" >/dev/null 2>"$dir.log" || { cat "$dir.log" >&2; exit 1; }
}

IFS=',' read -r -a ENTRIES <<< "$STACKS"
N=${#ENTRIES[@]}
echo "bench: point-select, $C connections / $C in flight, ${W}s warm-up + ${T}s measured per run, $ROUNDS rounds, stacks $STACKS" >&2
RESULTS="$WORK/results.tsv"; : > "$RESULTS"
for r in $(seq 1 "$ROUNDS"); do
  read -r before before_cpu <<< "$(pgbench_tps)"
  for k in $(seq 0 $((N - 1))); do
    entry="${ENTRIES[$(( (k + r - 1) % N ))]}"
    dir="$OUT/round-$r-$(echo "$entry" | tr '@=' '+-')"
    case "$entry" in bare-*) bare_one "$entry" "$dir" ;; *) race_one "$entry" "$dir" ;; esac
    read -r after after_cpu <<< "$(pgbench_tps)"
    python3 - "$dir" "$before" "$after" "$r" "$entry" "$before_cpu" >> "$RESULTS" <<'PY'
import json, os, sys
before, after, rnd, entry = float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
pg = (before + after) / 2
print(f"{rnd}\tpgbench -M prepared\t{before:.0f}\t1.00\t{sys.argv[6]}")
if os.path.exists(sys.argv[1] + ".tps"):
    tps = float(open(sys.argv[1] + ".tps").read())
    cpu = open(sys.argv[1] + ".cpu").read().strip()
    print(f"{rnd}\t{entry}\t{tps:.0f}\t{tps / pg:.3f}\t{cpu}")
    sys.exit(0)
race = json.load(open(sys.argv[1] + "/race.json"))
for run in race["runs"]:
    tps = run["throughput_ops_s"] if run["status"] == "ok" else 0
    cpu = (run.get("process") or {}).get("cpu_ms_per_1k_ops")
    jit = (run.get("gc") or {}).get("jit_ms")
    print(f"{rnd}\t{entry}\t{tps:.0f}\t{tps / pg:.3f}\t{'' if cpu is None else cpu}\t{'' if jit is None else jit}")
PY
    echo "bench: round $r: $entry $(tail -1 "$RESULTS" | cut -f3) ops/s between pgbench $before and $after tps" >&2
    before="$after"; before_cpu="$after_cpu"
  done
done

python3 - "$RESULTS" <<'PY'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
names = list(dict.fromkeys(r[1] for r in rows))
rounds = sorted(set(r[0] for r in rows), key=int)
print()
head = f"{'client':<30}" + "".join(f"{'round ' + x + ' ops/s':>16}{'ratio':>7}" for x in rounds) + f"{'median ratio':>14}{'client cpu ms/1k':>18}{'jit ms measured':>17}"
print(head); print("-" * len(head))
for n in names:
    mine = [r for r in rows if r[1] == n]
    if n.startswith("pgbench"):
        line = f"{n:<30}" + "".join(f"{statistics.median(float(r[2]) for r in mine if r[0] == x):>16,.0f}{'':>7}" for x in rounds)
        cpus = [float(r[4]) for r in mine if r[4]]
        print(line + f"{'1.00':>14}" + (f"{statistics.median(cpus):>18.1f}" if cpus else f"{'-':>18}") + f"{'-':>17}")
        continue
    line = f"{n:<30}" + "".join(f"{float(r[2]):>16,.0f}{float(r[3]):>7.2f}" for r in mine)
    cpus = [float(r[4]) for r in mine if r[4]]
    line += f"{statistics.median(float(r[3]) for r in mine):>14.2f}" + (f"{statistics.median(cpus):>18.1f}" if cpus else f"{'-':>18}")
    jits = [float(r[5]) for r in mine if len(r) > 5 and r[5]]
    line += f"{statistics.median(jits):>17,.0f}" if jits else f"{'-':>17}"
    print(line)
print("\nratio = stack throughput / mean of the pgbench -M prepared runs just before and after it (same server, same")
print("connections); pgbench row: median of that round's pgbench runs. client cpu: median over rounds, measured phase only.")
print("jit ms measured: the worker's JIT compilation time inside the measured phase (median); bare loops do not report it.")
PY
[ -n "$KEEP" ] && echo "bench: race.json of every run under $KEEP" >&2
exit 0
