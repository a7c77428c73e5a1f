#!/usr/bin/env bash
# dbrace's open loop (serve-race --load open) beside Hyperfoil's constant-rate phase on the same service: the same
# rate, connections, warm-up and measured seconds, the two interleaved; are dbrace's latency percentiles and request
# counts Hyperfoil's?
#
# Starts the embedded PostgreSQL (./dbrace db), then finds the service's capacity once: a closed-loop serve-race at
# C connections / C in flight, its throughput. Not `capacity --level service`: that searches the highest rate that
# holds an SLA (a latency bound this bench would have to pick, over some fifteen runs); what sets the rates here is
# where the service saturates on these C connections, which a closed loop that keeps all of them busy measures in one
# run (it is the probe a capacity search starts from). -k gives it instead (rerun at the same rates).
# Then, per round and rate (PERCENTS of that capacity), both tools in an order that alternates each round:
#  - Hyperfoil (its library, 0.25.2, driven by bench/hyperfoil: built here when its jar is missing or older than its
#    sources) against a fresh `./dbrace serve SERVICE`: a flat-out pre-warm of 2 x the service's pool (32 in flight)
#    for W s, 1 s at the rate, then the rate for T s; one event loop, C shared connections, at most rate / 4 sessions
#    (a quarter second of arrivals; its JVM's GC log beside its output);
#  - `./dbrace serve-race --load open --rate R --connections C --duration T --warmup W --max-in-flight rate / 4`
#    (its own fresh service; its worker pre-warms the same way). The in-flight cap is the sessions Hyperfoil gets, far
#    above what a rate the service keeps up with puts in flight (hundreds): it never limits a sound run (its arrivals
#    not issued are printed if it did, and Hyperfoil's run is marked invalid). Not more: Hyperfoil allocates its whole
#    session pool up front, and 2 x rate sessions (48,000 at 24k/s) were ~560 MB that every young collection of its
#    JVM scanned: pauses of 0.2-0.35 s inside the measured phase, which its jitter watchdog reported and its tail showed.
# and prints, per rate, both tools' p50/p90/p99, whether dbrace's is within max(10 % of Hyperfoil's, 0.2 ms), the
# requests each sent against rate x T (within 1 %), medians over the rounds, and what says which moment each starts
# its clock: dbrace times each request from its intended start (an open loop's schedule, ns-precise; issue lateness
# apart); Hyperfoil 0.25.2 times it from when its session actually started, which its ms timer does up to ~1 ms after
# the session's place on the schedule (later on a busy machine), and only while its session pool lasts (a run whose
# pool ran out is marked INVALID). bench/hyperfoil also times each answer from the intended start on Hyperfoil's own
# schedule: that figure is the one that measures what dbrace's does.
#
# -P SVC_CPUS/GEN_CPUS (taskset lists, e.g. 0/1) pins the database and the service to the first cores and each tool's
# generator (dbrace's serve-race and its worker, Hyperfoil's JVM) to the second, for the capacity run too: sharing
# cores, an open loop's generator takes more CPU from the service than the closed loop that measured its capacity
# (18-20 against 7.5 ms per 1,000 requests at vertx-web /db), and 80 % of that capacity overloads the service.
#
#   bench/vs-hyperfoil.sh [-s SERVICE] [-e ENDPOINT] [-c CONNECTIONS] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS]
#                         [-p PERCENTS] [-k CAPACITY_REQ_S] [-P SVC_CPUS/GEN_CPUS] [-o DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SERVICE=vertx-web; ENDPOINT=/db; C=16; T=20; W=20; ROUNDS=3; PERCENTS=50,80; CAPACITY=""; OUT=""; PIN=""
POOL=16 # the service's pool: ./dbrace serve's and serve-race's default
USAGE="[-s SERVICE] [-e ENDPOINT] [-c CONNECTIONS] [-t SECONDS] [-w WARMUP_SECONDS] [-r ROUNDS] [-p PERCENTS] [-k CAPACITY_REQ_S] [-P SVC_CPUS/GEN_CPUS] [-o DIR]"
bad() { echo "bench: $1" >&2; exit 2; }
while getopts ":s:e:c:t:w:r:p:k:P:o:" o; do
  case "$o" in s) SERVICE=$OPTARG;; e) ENDPOINT=$OPTARG;; c) C=$OPTARG;; t) T=$OPTARG;; w) W=$OPTARG;; r) ROUNDS=$OPTARG;;
    p) PERCENTS=$OPTARG;; k) CAPACITY=$OPTARG;; P) PIN=$OPTARG;; o) OUT=$OPTARG;;
    :) bad "-$OPTARG needs a value; usage: $0 $USAGE";; *) bad "unknown option -$OPTARG; usage: $0 $USAGE";; esac
done
[ "$OPTIND" -gt $# ] || bad "unexpected argument: ${!OPTIND}"
whole() { [[ "$2" =~ ^[1-9][0-9]{0,6}$ ]] || bad "$1 must be a whole number above 0: $2"; }
whole "-c CONNECTIONS" "$C"; whole "-t SECONDS" "$T"; whole "-w WARMUP_SECONDS" "$W"; whole "-r ROUNDS" "$ROUNDS"
[ -z "$CAPACITY" ] || whole "-k CAPACITY_REQ_S" "$CAPACITY"
[[ "$ENDPOINT" == /* ]] || bad "-e ENDPOINT must start with /: $ENDPOINT"
[[ "$SERVICE" =~ ^[A-Za-z0-9._-]+$ ]] || bad "-s SERVICE is a variant's name (see ./dbrace list): $SERVICE"
IFS=, read -r -a PCTS <<< "$PERCENTS"
[ "${#PCTS[@]}" -gt 0 ] || bad "-p PERCENTS is a list such as 50,80"
for p in "${PCTS[@]}"; do [[ "$p" =~ ^[1-9][0-9]?$|^100$ ]] || bad "-p PERCENTS are whole numbers 1-100: $p"; done

JAVA="" # as ./dbrace looks first (its JVM runs the generator), so that the two JVMs differ only in what they run
for j in "${DBRACE_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25*; do
  if [ -n "$j" ] && [ -x "$j/bin/java" ] && "$j/bin/java" -version 2>&1 | grep -qE 'version "(2[1-9]|[3-9][0-9])'; then
    JAVA="$j/bin/java"; break
  fi
done
[ -n "$JAVA" ] || bad "needs a JDK >= 21 for Hyperfoil's side (dbrace's own); set JAVA_HOME"

HF="$ROOT/bench/hyperfoil"
if [ ! -f "$HF/target/hyperfoil-bench.jar" ] \
  || [ -n "$(find "$HF/pom.xml" "$HF/src" -newer "$HF/target/hyperfoil-bench.jar" -print -quit)" ]; then
  echo "bench: building bench/hyperfoil (Hyperfoil 0.25.2)..." >&2
  JAVA_HOME="$(dirname "$(dirname "$JAVA")")" mvn -B -q package -f "$HF/pom.xml" >&2 \
    || { echo "bench: bench/hyperfoil did not build" >&2; exit 1; }
fi

. "$ROOT/bench/service-bench.sh"
[ -z "$PIN" ] || pin_option "$PIN"
[ -n "$OUT" ] || OUT="$WORK/out"
mkdir -p "$OUT"

"$ROOT/dbrace" --version >/dev/null # builds dbrace first when its sources are newer than its last build
start_db
[ -z "$PIN" ] || pin_db

race() { # one serve-race run into $OUT/$1; prints its race.json's first run through bench/race-figures.py latency
  local dir="$OUT/$1"; shift
  serve_race "$dir.log" --url "$PGURL" --services "$SERVICE" --endpoint "$ENDPOINT" --pool "$POOL" --rounds 1 \
    --connections "$C" --duration "${T}s" --warmup "${W}s" "$@" --out "$dir" \
    || { tail -20 "$dir.log" >&2; echo "bench: serve-race failed (log: $dir.log)" >&2; exit 1; }
  python3 "$ROOT/bench/race-figures.py" "$dir/race.json" latency | head -1
}

COLS="pct rate round first tool valid requests expected errors not_issued p50 p90 p99 p999 mean duration_s cpu_s late_p50 late_p99 intended_p50 intended_p90 intended_p99 service_p50 service_p99 prewarm note"
TSV="$OUT/results.tsv"
tr ' ' '\t' <<< "$COLS" > "$TSV"
row() { local IFS=$'\t'; echo "$*" >> "$TSV"; }
in_flight() { echo $(($1 / 4 > 64 ? $1 / 4 : 64)); } # Hyperfoil's sessions and dbrace's --max-in-flight at rate $1

run_dbrace() { # pct rate round first
  local s issued errors not_issued dur p50 p90 p99 p999 mean lp50 lp99 sp50 sp99 cpu prewarm valid=1 note=-
  read -r s issued _ errors _ not_issued dur p50 p90 p99 p999 mean lp50 lp99 sp50 sp99 cpu prewarm \
    <<< "$(race "dbrace-$1pct-r$3" --load open --rate "$2" --max-in-flight "$(in_flight "$2")")"
  if [ "$s" != ok ]; then valid=0; note="status $s"; elif [ "$not_issued" != 0 ]; then valid=0; note="$not_issued arrivals not issued (in-flight cap)"; fi
  row "$1" "$2" "$3" "$4" dbrace "$valid" "$issued" "$(($2 * T))" "$errors" "$not_issued" "$p50" "$p90" "$p99" "$p999" \
    "$mean" "$dur" "$cpu" "$lp50" "$lp99" - - - "$sp50" "$sp99" "$prewarm" "$note"
}

run_hyperfoil() { # pct rate round first
  local line hostport log="$OUT/hyperfoil-$1pct-r$3.log"
  start_service --pool "$POOL"
  hostport="${URL#http://}"
  line="$(on_gen_cpus "$JAVA" --enable-native-access=ALL-UNNAMED -XX:-UseDynamicNumberOfCompilerThreads \
    "-Xlog:gc:file=$OUT/hyperfoil-$1pct-r$3.gc.log" -jar "$HF/target/hyperfoil-bench.jar" \
    "${hostport%:*}" "${hostport##*:}" "$ENDPOINT" "$2" "$C" "$T" "$W" "$(in_flight "$2")" "$((2 * POOL))" \
    2>"$log" | grep '^hyperfoil ')" || { tail -20 "$log" >&2; echo "bench: Hyperfoil's run failed (log: $log)" >&2; exit 1; }
  stop_service
  echo "$line" >> "$OUT/hyperfoil.out"
  get() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<< "$line"; }
  local note=- limit; limit="$(get session_limit)"
  [ "$limit" = - ] || note="session pool ran out in: $limit (Hyperfoil then times requests from their late start)"
  row "$1" "$2" "$3" "$4" hyperfoil "$(get valid)" "$(get requests)" "$(($2 * T))" "$(get errors)" - "$(get p50_ms)" \
    "$(get p90_ms)" "$(get p99_ms)" "$(get p999_ms)" "$(get mean_ms)" "$(get duration_s)" "$(get cpu_s)" \
    "$(get start_late_p50_ms)" "$(get start_late_p99_ms)" "$(get intended_p50_ms)" "$(get intended_p90_ms)" \
    "$(get intended_p99_ms)" - - "$(get prewarm_requests)" "$note"
}

echo "bench: $SERVICE $ENDPOINT, $C connections, ${W}s warm-up + ${T}s measured, $ROUNDS round(s) at ${PERCENTS//,/ %, } % of capacity${PIN:+; database and service on cores ${PIN%/*}, each generator on ${PIN#*/}}; $("$JAVA" -version 2>&1 | head -1)" >&2
if [ -z "$CAPACITY" ]; then
  read -r s _ _ _ _ _ dur _ <<< "$(race capacity --load closed --concurrency "$C")"
  CAPACITY="$(python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['runs'][0]['throughput_ops_s']))" "$OUT/capacity/race.json")"
  [ "$s" = ok ] && [ "$CAPACITY" -gt 0 ] || { echo "bench: the capacity run was not ok ($s, $CAPACITY req/s)" >&2; exit 1; }
  echo "bench: capacity $CAPACITY req/s (closed loop, $C connections / $C in flight, ${T}s after ${W}s of warm-up)" >&2
fi

for r in $(seq 1 "$ROUNDS"); do
  for p in "${PCTS[@]}"; do
    rate=$(( (CAPACITY * p + 50) / 100 )); [ "$rate" -gt 0 ] || rate=1
    if [ $((r % 2)) = 1 ]; then first=hyperfoil; else first=dbrace; fi
    echo "bench: round $r, $p % = $rate req/s, $first first" >&2
    if [ "$first" = hyperfoil ]; then run_hyperfoil "$p" "$rate" "$r" "$first"; run_dbrace "$p" "$rate" "$r" "$first"
    else run_dbrace "$p" "$rate" "$r" "$first"; run_hyperfoil "$p" "$rate" "$r" "$first"; fi
  done
done

echo
echo "capacity: $CAPACITY req/s. dbrace: serve-race --load open (latency from each request's intended start);"
echo "hf: Hyperfoil 0.25.2's constant-rate phase, its own histogram (from each session's actual start)."
echo "within: |dbrace - hf| <= max(10 % of hf, 0.2 ms); err %: requests sent against rate x ${T} s (within 1 %)."
python3 "$ROOT/bench/vs-hyperfoil-table.py" "$TSV"
[ "$OUT" = "$WORK/out" ] || echo -e "\nevery run's output and results.tsv: $OUT"
