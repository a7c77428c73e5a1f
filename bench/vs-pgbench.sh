#!/usr/bin/env bash
# dbrace's stacks vs their own bare loops and PostgreSQL's pgbench, interleaved on the same server.
#
#   bench/vs-pgbench.sh [-c CONNECTIONS] [-i IN_FLIGHT] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-s STACKS] [-o DIR] [-v]
#
# Each round runs, for every stack, `pgbench -M prepared -c C`, the stack's bare loop (bench/bare/, no dbrace class:
# the same driver, pool and statement) and the stack itself through `dbrace run`, back to back, the two JVMs with the
# same warm-up, point-select at C connections / C in flight (-i: more in flight than connections for the bare loop
# and the stack, e.g. -s vertx-pipelined -i 64, where pipelining pays; pgbench keeps one per connection); and pgbench
# once more at the round's end. The stacks start at a different position each round and the bare loop and the stack
# swap order every round, so neither always runs first or right after a build.
# On a shared 2-core machine absolute numbers drift by 2x within minutes: the evidence is a stack's ratio to its bare
# loop within one round (run a minute apart), and its spread over the rounds. bench/vs-pgbench-table.py prints the
# table: per client the median and range of throughput and of client CPU per 1,000 operations; per stack its ratio
# to its bare loop (median and range over rounds), flagged when the whole range lies below 0.95x.
#
# STACKS: comma-separated; an entry may carry stack options after '@' (`vertx@eventLoops=1`), given to the stack only:
# its bare loop runs the stack's defaults. Defaults: -c 8 -t 15 -w 20 -r 5, every PostgreSQL stack.
# Warm-up: the reactive stacks keep compiling (C2) for 10-20 s on 2 busy cores; pgbench needs none and gets none.
# Every run's race.json / bare output stays under -o DIR (default: a temporary folder, removed at the end).
# -v: also run, between the two, the stack's own adapter under the bare loop's driver (bench/bare/ViaStack.java: the
# stack opened through dbrace's SPI, no load generator), and split each stack's gap to its bare loop into the
# adapter's part (via / bare) and the load generator's (stack / via).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
C=8; I=""; T=15; W=20; ROUNDS=5; OUT=""; VIA=""
STACKS="jdbc-platform,jdbc-virtual,r2dbc,vertx,vertx-pipelined,hibernate-orm,hibernate-reactive"
usage() { echo "usage: $0 [-c CONNECTIONS] [-i IN_FLIGHT] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-s STACKS] [-o DIR] [-v]" >&2; exit 2; }
while getopts "c:i:t:w:r:s:o:v" o; do
  case "$o" in
    c) C=$OPTARG;; i) I=$OPTARG;; t) T=$OPTARG;; w) W=$OPTARG;; r) ROUNDS=$OPTARG;; s) STACKS=$OPTARG;; o) OUT=$OPTARG;;
    v) VIA=1;; *) usage;;
  esac
done
[ "$OPTIND" -gt $# ] || { echo "bench: unexpected argument '${!OPTIND}'" >&2; usage; }
I="${I:-$C}"
for v in "$C" "$I" "$T" "$W" "$ROUNDS"; do [[ "$v" =~ ^[0-9]+$ ]] || { echo "bench: '$v' is not a whole number" >&2; usage; }; done
[ "$C" -ge 1 ] && [ "$I" -ge 1 ] && [ "$T" -ge 1 ] && [ "$ROUNDS" -ge 1 ] \
  || { echo "bench: -c, -i, -t and -r must be at least 1" >&2; exit 2; }

# The bare loop of each stack: "<module whose classpath it runs on> <source file> <mode>"
bare_of() {
  case "$1" in
    jdbc-platform) echo "jdbc BareJdbc platform" ;;
    jdbc-virtual) echo "jdbc BareJdbc virtual" ;;
    vertx) echo "vertx BareVertx pool" ;;
    vertx-pipelined) echo "vertx BareVertx pipelined" ;;
    r2dbc) echo "r2dbc BareR2dbc -" ;;
    hibernate-orm) echo "hibernate-orm BareHibernate platform" ;;
    hibernate-orm-virtual) echo "hibernate-orm BareHibernate virtual" ;;
    hibernate-reactive) echo "hibernate-reactive BareHibernateReactive -" ;;
    *) return 1 ;;
  esac
}
IFS=',' read -r -a ENTRIES <<< "$STACKS"
for e in "${ENTRIES[@]}"; do
  bare_of "${e%%@*}" >/dev/null || { echo "bench: no bare loop for stack '${e%%@*}' (known: jdbc-platform, jdbc-virtual," \
    "r2dbc, vertx, vertx-pipelined, hibernate-orm, hibernate-orm-virtual, hibernate-reactive)" >&2; exit 2; }
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
JAVA=""
for j in "${DBRACE_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25*; do
  if [ -n "$j" ] && [ -x "$j/bin/java" ] && "$j/bin/java" -version 2>&1 | grep -qE 'version "(2[2-9]|[3-9][0-9])'; then
    JAVA="$j/bin/java"; break
  fi
done
[ -n "$JAVA" ] || { echo "bench: the bare loops need a JDK >= 22 (multi-file source launcher); set JAVA_HOME" >&2; exit 2; }
"$ROOT/dbrace" db --env-file "$WORK/db.env" --for 4h 2>"$WORK/db.log" &
DB_PID=$!
for _ in $(seq 1 240); do [ -f "$WORK/db.env" ] && break; sleep 0.5; done
[ -f "$WORK/db.env" ] || { cat "$WORK/db.log" >&2; echo "bench: embedded PostgreSQL did not start" >&2; exit 1; }
set -a; . "$WORK/db.env"; set +a
# the server's CPU per operation beside each client's (bench/server-cpu.py; the bare loops read it through SERVER_PID,
# a race into its race.json): on 2 shared cores what a client spends, the server does not get
SERVER_PID="$(python3 "$ROOT/bench/server-cpu.py" find "$PGPORT")"
export SERVER_PID

# round, client, kind (pgbench|bare|stack), stack entry (pgbench: its slot in the round), ops/s,
# client CPU ms per 1k ops, the same less the JIT compiler threads' CPU, the server's CPU ms per 1k ops ('-': not read)
RESULTS="$OUT/results.tsv"; : > "$RESULTS"
record() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$RESULTS"; }

printf '\\set id random(1, 10000)\nSELECT id, randomnumber FROM world WHERE id = :id;\n' > "$WORK/point.sql"
# one pgbench run (slot $2 of round $1); records its tps and its client CPU per 1,000 transactions
pgbench_one() {
  local r="$1" slot="$2" cpu tps server0 server1
  server0="$(python3 "$ROOT/bench/server-cpu.py" read "$SERVER_PID")"
  cpu="$( { TIMEFORMAT='%U %S'; time "$PGBENCH" -n -M prepared -c "$C" -j 2 -T "$T" -f "$WORK/point.sql" \
    >"$WORK/pgbench.out" 2>"$WORK/pgbench.err"; } 2>&1 )"
  tps="$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench.out" | head -1)"
  [ -n "$tps" ] || { cat "$WORK/pgbench.err" >&2; echo "bench: pgbench gave no tps" >&2; exit 1; }
  server1="$(python3 "$ROOT/bench/server-cpu.py" read "$SERVER_PID")"
  cpu="$(echo "$cpu" | awk -v tps="$tps" -v t="$T" '{ printf "%.1f", ($1 + $2) * 1e6 / (tps * t) }')"
  record "$r" "pgbench -M prepared" pgbench "$slot" "$tps" "$cpu" "$cpu" \
    "$(echo "$server0 $server1" | awk -v tps="$tps" -v t="$T" '{ printf "%.1f", ($3 + $4 - $1 - $2) * 1e6 / (tps * t) }')"
}

# one client JVM for stack entry $2: runs bench/bare's "$@" (after the JVM flags), keeps its output as $3.$4.out and
# records its figures as kind $4 (bare | via), client $5; $6 names it in an error
java_one() {
  local r="$1" entry="$2" dir="$3" kind="$4" client="$5" what="$6" out ops cpu jit server
  shift 6
  out="$("$JAVA" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow "$@" 2>"$dir.$kind.log")" \
    || { tail -20 "$dir.$kind.log" >&2; echo "bench: $what of $entry failed" >&2; exit 1; }
  echo "$out" > "$dir.$kind.out"
  ops="$(sed -n 's/^ops_s=//p' <<< "$out")"; cpu="$(sed -n 's/^cpu_ms_per_1k=//p' <<< "$out")"
  jit="$(sed -n 's/^jit_cpu_s=//p' <<< "$out")"
  server="$(sed -n 's/^server_cpu_ms_per_1k=//p' <<< "$out")"
  record "$r" "$client" "$kind" "$entry" "$ops" "$cpu" \
    "$(awk -v c="$cpu" -v j="$jit" -v o="$ops" -v t="$T" 'BEGIN { printf "%.1f", c - j * 1e6 / (o * t) }')" "${server:--}"
}

# the bare loop of stack entry $2 (bench/bare/*.java on the stack's own classpath)
bare_one() {
  local module file mode
  read -r module file mode <<< "$(bare_of "${2%%@*}")"
  java_one "$1" "$2" "$3" bare "bare ${2%%@*}" "bare loop" -cp "$(cat "$ROOT/stacks/$module/target/runtime.classpath")" \
    "$ROOT/bench/bare/$file.java" "$mode" "$I" "$C" "$W" "$T"
}

# the stack's own adapter (entry $2, with its options) under the bare loop's driver: bench/bare/ViaStack.java
via_one() {
  local module file mode parts
  read -r module file mode <<< "$(bare_of "${2%%@*}")"
  IFS='@' read -r -a parts <<< "$2"
  java_one "$1" "$2" "$3" via "via $2" ViaStack \
    -cp "$ROOT/stacks/$module/target/classes:$(cat "$ROOT/stacks/$module/target/runtime.classpath")" \
    "$ROOT/bench/bare/ViaStack.java" "${parts[0]}" "$I" "$C" "$W" "$T" "${parts[@]:1}"
}

# one dbrace run of stack entry $2 ("name" or "name@k=v@k=v")
race_one() {
  local r="$1" entry="$2" dir="$3" name opts=() kv
  IFS='@' read -r -a parts <<< "$entry"
  name="${parts[0]}"
  for kv in "${parts[@]:1}"; do opts+=(--stack-opt "$name.$kv"); done
  "$ROOT/dbrace" run --url "postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE" --stacks "$name" "${opts[@]}" \
    --workload point-select --pool "$C" --concurrency "$I" --duration "${T}s" --warmup "${W}s" --rounds 1 \
    --out "$dir" >/dev/null 2>"$dir.log" || { tail -20 "$dir.log" >&2; echo "bench: dbrace run of $entry failed" >&2; exit 1; }
  local figures status ops errors cpu nojit server runner
  figures="$(python3 "$ROOT/bench/race-figures.py" "$dir/race.json" process)"
  while read -r status ops errors cpu nojit server runner; do
    [ "$status" = ok ] || ops=0
    record "$r" "$entry" stack "$entry" "$(printf '%.0f' "$ops")" "$cpu" "$nojit" "$server" "$runner"
  done <<< "$figures"
}

N=${#ENTRIES[@]}
echo "bench: point-select, $C connections / $I in flight (pgbench: $C), ${W}s warm-up + ${T}s measured per run, $ROUNDS rounds," \
  "stacks $STACKS, each beside its bare loop" >&2
if [ -n "${BARE_EXTRA_NS:-}" ]; then # bare/BareMeter.java's probe; the bare loop checks the value itself
  echo "bench: BARE_EXTRA_NS=$BARE_EXTRA_NS: every bare loop spins that long per operation (a probe: these bare" \
    "figures are not the drivers' own)" >&2
fi
for r in $(seq 1 "$ROUNDS"); do
  for k in $(seq 0 $((N - 1))); do
    pgbench_one "$r" "$k"   # before every pair: each pair's "x pgbench" is against the runs just before and after it
    echo "bench: round $r: pgbench $(tail -1 "$RESULTS" | cut -f5) tps" >&2
    entry="${ENTRIES[$(( (k + r - 1) % N ))]}"
    dir="$OUT/round-$r-$(echo "$entry" | tr '@=' '+-')"
    if [ $((r % 2)) -eq 1 ]; then bare_one "$r" "$entry" "$dir"; [ -z "$VIA" ] || via_one "$r" "$entry" "$dir"; race_one "$r" "$entry" "$dir"
    else race_one "$r" "$entry" "$dir"; [ -z "$VIA" ] || via_one "$r" "$entry" "$dir"; bare_one "$r" "$entry" "$dir"; fi
    echo "bench: round $r: $entry $(grep -P "^$r\t[^\t]*\tbare\t\Q$entry\E\t" "$RESULTS" | cut -f5) ops/s bare," \
      "${VIA:+$(grep -P "^$r\t[^\t]*\tvia\t\Q$entry\E\t" "$RESULTS" | cut -f5) ops/s via its adapter, }$(grep -P "^$r\t[^\t]*\tstack\t\Q$entry\E\t" "$RESULTS" | cut -f5) ops/s through dbrace" >&2
  done
  pgbench_one "$r" "$N"
done

python3 "$ROOT/bench/vs-pgbench-table.py" "$RESULTS"
[ -n "$KEEP" ] && echo "bench: every run's output and results.tsv under $KEEP" >&2
exit 0
