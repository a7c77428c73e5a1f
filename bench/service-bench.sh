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
start_service() { # a fresh service, like the one serve-race starts for each run (extra `serve` options as arguments); sets URL
  rm -f "$WORK/svc"
  "$ROOT/dbrace" serve "$SERVICE" "${E4[@]}" "$@" --url "$PGURL" --url-file "$WORK/svc" --log-dir "$WORK/svc-log" \
    --for 4h 2>"$WORK/serve.log" & SVC_PID=$!; PIDS+=("$SVC_PID")
  for _ in $(seq 1 240); do [ -f "$WORK/svc" ] && break; sleep 0.5; done
  [ -f "$WORK/svc" ] || { cat "$WORK/serve.log" >&2; echo "bench: $SERVICE did not start" >&2; exit 1; }
  . "$WORK/svc"
}
stop_service() { kill "$SVC_PID" 2>/dev/null || true; wait "$SVC_PID" 2>/dev/null || true; }
