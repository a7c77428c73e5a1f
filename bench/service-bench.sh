# Sourced by the benches that set dbrace's HTTP generator beside another tool on one service (vs-wrk.sh,
# vs-hyperfoil.sh): a work folder removed at exit with every process they started, the embedded PostgreSQL, and a
# fresh `./dbrace serve SERVICE` per run of the other tool, as serve-race starts one per run. Needs ROOT, SERVICE and
# ENDPOINT set.
WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

start_db() { # the embedded PostgreSQL; sets PG* (the password stays in PGPASSWORD) and PGURL
  "$ROOT/dbrace" db --env-file "$WORK/db.env" --for 4h 2>"$WORK/db.log" & PIDS+=($!)
  for _ in $(seq 1 240); do [ -f "$WORK/db.env" ] && break; sleep 0.5; done
  [ -f "$WORK/db.env" ] || { cat "$WORK/db.log" >&2; echo "bench: embedded PostgreSQL did not start" >&2; exit 1; }
  set -a; . "$WORK/db.env"; set +a
  PGURL="postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE"
}

SVC_PID=""
# the environment serve-race gives the variant on ENDPOINT: E4's sources only for /notifications
E4=(); [[ "$ENDPOINT" == /notifications* ]] || E4=(--no-notifications)
# Cores (taskset lists) for the database and the service, and for the load generator: empty unless the bench pins them
# (vs-hyperfoil.sh -P), which keeps a generator's CPU from being taken from the service it measures
SVC_CPUS=""; GEN_CPUS=""
# run in the background (&): it execs, so that $! is the service's process itself, which stop_service then stops
on_svc_cpus() { if [ -n "$SVC_CPUS" ]; then exec taskset -c "$SVC_CPUS" "$@"; else exec "$@"; fi; }
on_gen_cpus() { if [ -n "$GEN_CPUS" ]; then taskset -c "$GEN_CPUS" "$@"; else "$@"; fi; }
pin_db() { # the embedded PostgreSQL's postmaster and its processes onto SVC_CPUS (backends forked later inherit it)
  local pm
  pm="$(ss -ltnpH "sport = :$PGPORT" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)"
  [ -n "$pm" ] || { echo "bench: cannot find PostgreSQL's process on port $PGPORT to pin it" >&2; exit 1; }
  for p in "$pm" $(pgrep -P "$pm"); do taskset -a -cp "$SVC_CPUS" "$p" >/dev/null; done
}
pin_services_while() { # while process $1 runs: every process started from $ROOT/services/ (serve-race's service) onto SVC_CPUS
  # re-pinned when its thread count changes, so threads started before a thread was pinned are caught too
  declare -A seen=()
  while kill -0 "$1" 2>/dev/null; do
    for p in $(pgrep -f -- "$ROOT/services/"); do
      local t=(/proc/"$p"/task/*)
      if [ "${seen[$p]:-}" != "${#t[@]}" ]; then
        taskset -a -cp "$SVC_CPUS" "$p" >/dev/null 2>&1 && seen[$p]=${#t[@]}
      fi
    done
    sleep 0.2
  done
}

serve_race() { # ./dbrace serve-race ARGS on the generator's cores (its service moved to the service's), stderr and
  # stdout to $1; its exit status
  local log="$1"; shift
  on_gen_cpus "$ROOT/dbrace" serve-race "$@" >"$log" 2>&1 &
  local pid=$!
  [ -z "$SVC_CPUS" ] || pin_services_while "$pid"
  wait "$pid"
}
pin_option() { # checks -P SVC_CPUS/GEN_CPUS ($1) and sets SVC_CPUS and GEN_CPUS; exits 2 naming what is wrong
  [[ "$1" =~ ^[0-9][0-9,-]*/[0-9][0-9,-]*$ ]] || { echo "bench: -P is SVC_CPUS/GEN_CPUS, two taskset lists such as 0/1: $1" >&2; exit 2; }
  command -v taskset >/dev/null || { echo "bench: -P needs taskset (util-linux)" >&2; exit 2; }
  local l
  for l in "${1%/*}" "${1#*/}"; do
    taskset -c "$l" true 2>/dev/null || { echo "bench: -P: this machine cannot run on cores $l" >&2; exit 2; }
  done
  SVC_CPUS="${1%/*}"; GEN_CPUS="${1#*/}"
}

start_service() { # a fresh service, like the one serve-race starts for each run (extra `serve` options as arguments); sets URL
  rm -f "$WORK/svc"
  on_svc_cpus "$ROOT/dbrace" serve "$SERVICE" "${E4[@]}" "$@" --url "$PGURL" --url-file "$WORK/svc" --log-dir "$WORK/svc-log" \
    --for 4h 2>"$WORK/serve.log" & SVC_PID=$!; PIDS+=("$SVC_PID")
  for _ in $(seq 1 240); do [ -f "$WORK/svc" ] && break; sleep 0.5; done
  [ -f "$WORK/svc" ] || { cat "$WORK/serve.log" >&2; echo "bench: $SERVICE did not start" >&2; exit 1; }
  . "$WORK/svc"
}
stop_service() { kill "$SVC_PID" 2>/dev/null || true; wait "$SVC_PID" 2>/dev/null || true; }
