#!/usr/bin/env bash
# dbrace's stacks vs PostgreSQL's own benchmark, side by side on the same server.
#
# Runs point-select on every stack at C connections / C in flight, and `pgbench -M prepared -c C`
# with the same statement on the same (embedded) server, in interleaved rounds:
#   pgbench, dbrace race (all stacks), pgbench
# and prints each stack's throughput as a ratio to the mean of the two pgbench runs around it.
# Absolute numbers on a shared 2-core machine are noise; ratios from one round are the evidence.
#
#   bench/vs-pgbench.sh [-c CONNECTIONS] [-t SECONDS] [-r ROUNDS] [-s STACKS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
C=8; T=15; ROUNDS=2; STACKS="jdbc-platform,jdbc-virtual,r2dbc,vertx,vertx-pipelined"
while getopts "c:t:r:s:" o; do
  case "$o" in c) C=$OPTARG;; t) T=$OPTARG;; r) ROUNDS=$OPTARG;; s) STACKS=$OPTARG;; *) exit 2;; esac
done

PGBENCH="$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | sort -V | tail -1 || true)"
[ -x "$PGBENCH" ] || { echo "bench: pgbench not found (apt-get install postgresql-client)" >&2; exit 2; }

WORK="$(mktemp -d)"
DB_PID=""
cleanup() { [ -n "$DB_PID" ] && kill "$DB_PID" 2>/dev/null && wait "$DB_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM

"$ROOT/dbrace" build
"$ROOT/dbrace" db --env-file "$WORK/db.env" --for 2h 2>"$WORK/db.log" &
DB_PID=$!
for _ in $(seq 1 240); do [ -f "$WORK/db.env" ] && break; sleep 0.5; done
[ -f "$WORK/db.env" ] || { cat "$WORK/db.log" >&2; echo "bench: embedded PostgreSQL did not start" >&2; exit 1; }
set -a; . "$WORK/db.env"; set +a

printf '\\set id random(1, 10000)\nSELECT id, randomnumber FROM world WHERE id = :id;\n' > "$WORK/point.sql"
pgbench_tps() {
  "$PGBENCH" -n -M prepared -c "$C" -j 2 -T "$T" -f "$WORK/point.sql" 2>/dev/null \
    | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1
}

echo "bench: point-select, $C connections / $C in flight, ${T}s per measurement, $ROUNDS rounds, stacks $STACKS" >&2
RESULTS="$WORK/results.tsv"; : > "$RESULTS"
for r in $(seq 1 "$ROUNDS"); do
  before="$(pgbench_tps)"
  "$ROOT/dbrace" run --url "postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE" --stacks "$STACKS" \
    --workload point-select --pool "$C" --concurrency "$C" --duration "${T}s" --warmup 5s \
    --out "$WORK/round-$r" >/dev/null 2>"$WORK/round-$r.log" || { cat "$WORK/round-$r.log" >&2; exit 1; }
  after="$(pgbench_tps)"
  python3 - "$WORK/round-$r/race.json" "$before" "$after" "$r" >> "$RESULTS" <<'PY'
import json, sys
race = json.load(open(sys.argv[1])); before, after, rnd = float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
pg = (before + after) / 2
print(f"{rnd}\tpgbench -M prepared\t{pg:.0f}\t1.00\t-")
for run in race["runs"]:
    tps = run["throughput_ops_s"] if run["status"] == "ok" else 0
    cpu = (run.get("process") or {}).get("cpu_ms_per_1k_ops", 0) or (run.get("process") or {}).get("cpu_ms_per1k_ops", 0)
    print(f"{rnd}\t{run['stack']}\t{tps:.0f}\t{tps / pg:.2f}\t{cpu}")
PY
  echo "bench: round $r done (pgbench $before / $after tps around it)" >&2
done

python3 - "$RESULTS" <<'PY'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
names = list(dict.fromkeys(r[1] for r in rows))
rounds = sorted(set(r[0] for r in rows), key=int)
print()
head = f"{'client':<22}" + "".join(f"{'round ' + x + ' ops/s':>16}{'ratio':>8}" for x in rounds) + f"{'median ratio':>14}{'client cpu ms/1k':>18}"
print(head); print("-" * len(head))
for n in names:
    mine = [r for r in rows if r[1] == n]
    line = f"{n:<22}" + "".join(f"{float(r[2]):>16,.0f}{float(r[3]):>8.2f}" for r in mine)
    line += f"{statistics.median(float(r[3]) for r in mine):>14.2f}{mine[-1][4]:>18}"
    print(line)
print("\nratio = stack throughput / mean of pgbench -M prepared run just before and after it, same server, same connections.")
PY
