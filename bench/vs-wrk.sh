#!/usr/bin/env bash
# dbrace's HTTP load generator vs wrk (and E5's `ab -n 10000 -c 5`), side by side on the same service.
#
# Starts the embedded PostgreSQL and one service variant (./dbrace serve), then, per round, drives
# ENDPOINT with wrk at C connections and with ./dbrace serve-race at the same C connections / C in
# flight (closed loop), and prints dbrace's throughput as a ratio to wrk's in the same round. A ratio
# near 1 says the generator is not what limits a service-level race; well below 1 says it is.
# Then E5's command: `ab -n 10000 -c 5` beside serve-race with 10,000 executions at 5 in flight.
# wrk and ab come from Debian (installed if missing). serve-race starts its own, fresh service
# process for each run (that is how it measures a service), so wrk and ab get a fresh one too (./dbrace serve,
# started for each of their runs and stopped after it), with the same warm-up: a service kept up across rounds
# would be warmer for wrk than serve-race's, and the ratio would measure the JIT, not the generator.
#
#   bench/vs-wrk.sh [-s SERVICE] [-e ENDPOINT] [-c CONNECTIONS] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-n]
#                   [-P SVC_CPUS/GEN_CPUS]
# -n: leave E5's ab comparison out (when sweeping endpoints and connection counts, it is the same each time).
# -P: the database and the service on the first cores (taskset lists), wrk and serve-race with its worker on the
#     second: the throughput ratio then says whether the generator keeps up with the service, not what its CPU took
#     from it (bench/README.md).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SERVICE=vertx-web; ENDPOINT=/db; C=16; T=10; W=20; ROUNDS=2; AB=1; PIN=""
while getopts "s:e:c:t:w:r:nP:" o; do
  case "$o" in s) SERVICE=$OPTARG;; e) ENDPOINT=$OPTARG;; c) C=$OPTARG;; t) T=$OPTARG;; w) W=$OPTARG;; r) ROUNDS=$OPTARG;;
    n) AB="";; P) PIN=$OPTARG;;
    *) echo "usage: $0 [-s SERVICE] [-e ENDPOINT] [-c CONNECTIONS] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-n] [-P SVC_CPUS/GEN_CPUS]" >&2; exit 2;; esac
done

if ! command -v wrk >/dev/null || ! command -v ab >/dev/null; then
  echo "bench: installing wrk and apache2-utils (ab)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y -q wrk apache2-utils || { apt-get update -q && apt-get install -y -q wrk apache2-utils; }; } >/dev/null 2>&1 \
    || { echo "bench: could not install wrk/apache2-utils" >&2; exit 2; }
fi

. "$ROOT/bench/service-bench.sh"
[ -z "$PIN" ] || pin_option "$PIN"

"$ROOT/dbrace" build
start_db
[ -z "$PIN" ] || pin_db

wrk_rps() { # prints "<requests/s> <wrk's CPU ms per 1,000 requests>" of one wrk run (its CPU from bash's `time`)
  local TIMEFORMAT='%U %S' rps u s
  { time on_gen_cpus wrk -t2 -c"$C" -d"$1s" "$URL$ENDPOINT" > "$WORK/wrk.out" 2>&1; } 2> "$WORK/wrk.time"
  rps="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$WORK/wrk.out")"
  read -r u s < "$WORK/wrk.time"
  awk -v r="$rps" -v t="$1" -v u="$u" -v s="$s" 'BEGIN { printf "%s %.1f\n", r, (u + s) * 1e6 / (r * t) }'
}
race_rps() { # one serve-race run: "<status> <ops/s> <errors> <generator CPU ms/1k> <same, less JIT> <server CPU ms/1k>" (bench/race-figures.py)
  local dir="$WORK/race-$RANDOM"
  serve_race "$dir.log" --url "$PGURL" --services "$SERVICE" --endpoint "$ENDPOINT" "$@" --out "$dir" \
    || { cat "$dir.log" >&2; exit 1; }
  python3 "$ROOT/bench/race-figures.py" "$dir/race.json" generator | head -1
}
one() { [ "$1" = - ] && echo - || printf '%.1f' "$1"; } # a figure to one decimal, '-' kept

echo "bench: $SERVICE $ENDPOINT, $C connections, ${W}s warm-up + ${T}s measured, $ROUNDS rounds${PIN:+; database and service on cores ${PIN%/*}, generators on ${PIN#*/}}" >&2
printf '%-8s %14s %16s %8s %8s %14s %22s %10s\n' round "wrk req/s" "dbrace req/s" ratio errors "wrk CPU ms/1k" \
  "dbrace CPU ms/1k (-JIT)" "CPU ratio"
for r in $(seq 1 "$ROUNDS"); do
  start_service
  wrk_rps "$W" >/dev/null # the same warm-up as serve-race's
  read -r w wc <<< "$(wrk_rps "$T")"
  stop_service
  read -r _ d e dc dn _ <<< "$(race_rps --concurrency "$C" --connections "$C" --duration "${T}s" --warmup "${W}s")"
  printf '%-8s %14.0f %16.0f %8.2f %8s %14s %22s %10s\n' "$r" "$w" "$d" "$(awk -v d="$d" -v w="$w" 'BEGIN { print d / w }')" "$e" \
    "$wc" "$(one "$dc") ($(one "$dn"))" "$(awk -v d="$dn" -v w="$wc" 'BEGIN { if (d + 0 > 0 && w + 0 > 0) printf "%.2f", d / w; else print "-" }')"
done

if [ -n "$AB" ]; then
echo
echo "E5's command: ab -n 10000 -c 5 $ENDPOINT (HTTP/1.0, a connection per request) beside serve-race -c 5, 10,000 executions"
start_service
wrk_rps "$W" >/dev/null
a="$(on_gen_cpus ab -q -n 10000 -c 5 "$URL$ENDPOINT" 2>&1 | sed -n 's/^Requests per second: *\([0-9.]*\).*/\1/p')"
stop_service
read -r _ d e _ <<< "$(race_rps --concurrency 5 --connections 5 --executions 10000 --warmup "${W}s")"
printf '%-8s %14s %16s %8s %8s\n' "" "ab req/s" "dbrace req/s" ratio errors
printf '%-8s %14.0f %16.0f %8.2f %8s\n' E5 "$a" "$d" "$(awk -v d="$d" -v w="$a" 'BEGIN { print d / w }')" "$e"
fi
echo
echo "ratio = dbrace serve-race throughput / wrk's (or ab's) in the same round, same service variant, same connections."
echo "dbrace verifies every answer (status, content type, JSON shape, values) and keeps its service fresh per run; wrk and ab only count."
echo "CPU: the generator's own user + system CPU per 1,000 requests over the measured seconds (wrk: its whole run, from"
echo "bash's time; dbrace: the generator JVM's, and less what HotSpot's compiler threads used). On a machine whose cores the"
echo "generator shares with the service and the database, every CPU-ms it spends is taken from them: the CPU ratio is the"
echo "generator's cost, the throughput ratio what that cost did to the service's rate."
