#!/usr/bin/env bash
# One agent on a host of its own (a network namespace) against the same race run locally, interleaved, and the
# controller's own CPU while measuring: is a run on an agent the same measurement as a run on one box?
#
# As root: makes a bridge with a private /24 and one namespace per agent (removed on exit), starts `./dbrace agent`
# in each, then per round runs `./dbrace run` locally and `./dbrace run --agents 1 --bind BRIDGE` (same stacks, load,
# duration, warm-up; the embedded database on the bridge for the agent's run) and prints, per round and as medians,
# the agent run's throughput and CPU per 1,000 operations as ratios to the local run's, and the controller's (the
# runner JVM's) % of a core while measuring, beside the local runner's; then the same with the agent in the root
# namespace (no veth pair between its worker and the database). With -n N > 1 it also runs the same race with --agents 1..N and prints
# throughput, p99 and the server's CPU per step (on one shared box the agents share its cores: no scaling is expected).
#
#   bench/agents.sh [-s STACK] [-c CONCURRENCY] [-t SECONDS] [-w WARMUP] [-r ROUNDS] [-n AGENTS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STACK=vertx; C=16; T=5; W=5s; ROUNDS=3; N=1
while getopts "s:c:t:w:r:n:" o; do
  case "$o" in s) STACK=$OPTARG;; c) C=$OPTARG;; t) T=$OPTARG;; w) W=$OPTARG;; r) ROUNDS=$OPTARG;; n) N=$OPTARG;;
    *) echo "usage: $0 [-s STACK] [-c CONCURRENCY] [-t SECONDS] [-w WARMUP] [-r ROUNDS] [-n AGENTS]" >&2; exit 2;; esac
done
[ "$(id -u)" = 0 ] || { echo "bench: needs root (ip netns add, ip link add)" >&2; exit 2; }
command -v ip >/dev/null || { echo "bench: needs ip (apt-get install iproute2)" >&2; exit 2; }
command -v jq >/dev/null || { echo "bench: needs jq (apt-get install jq)" >&2; exit 2; }

WORK="$(mktemp -d)"; TAG="dbb$$"; NET="10.232.$((RANDOM % 200 + 10))"; BR="${TAG}br"
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  for i in $(seq 1 "$N"); do ip link del "${TAG}v$i" 2>/dev/null || true; ip netns del "${TAG}n$i" 2>/dev/null || true; done
  ip link del "$BR" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

"$ROOT/dbrace" build
ip link add "$BR" type bridge && ip addr add "$NET.1/24" dev "$BR" && ip link set "$BR" up
for i in $(seq 1 "$N"); do
  ip netns add "${TAG}n$i"
  ip link add "${TAG}v$i" type veth peer name eth0 netns "${TAG}n$i"
  ip link set "${TAG}v$i" master "$BR" up
  ip netns exec "${TAG}n$i" ip addr add "$NET.$((i + 1))/24" dev eth0
  ip netns exec "${TAG}n$i" ip link set eth0 up
  ip netns exec "${TAG}n$i" ip link set lo up
done
export PGPASSWORD="bench-$$-$RANDOM"
"$ROOT/dbrace" cluster-key --out "$WORK/key.p12" >/dev/null
for i in $(seq 1 "$N"); do
  ip netns exec "${TAG}n$i" "$ROOT/dbrace" agent --bind "$NET.$((i + 1))" --join "$NET.1" --key "$WORK/key.p12" \
    2>"$WORK/agent-$i.log" & PIDS+=($!)
done

race() { # OUT ARGS... : one race, its race.json's first run as one line of figures
  local out="$1"; shift
  "$ROOT/dbrace" run --stacks "$STACK" --rounds 1 --concurrency "$C" --duration "${T}s" --warmup "$W" --out "$out" "$@" \
    >"$out.log" 2>&1 || { echo "bench: race failed, see below" >&2; tail -20 "$out.log" >&2; exit 1; }
  jq -r '.runs[0] | [.throughput_ops_s, .process.cpu_ms_per_1k_ops, .runner_cpu.cpu_percent, .latency_ms.p99,
    (.server_cpu.cpu_ms_per_1k_ops // 0)] | @tsv' "$out/race.json"
}

printf "%-6s %12s %12s %8s %12s %12s %8s %14s %14s\n" round "local ops/s" "agent ops/s" ratio "local cpu/1k" "agent cpu/1k" \
  ratio "runner %cpu" "controller %cpu"
TR=(); CR=(); CC=(); LC=()
for r in $(seq 1 "$ROUNDS"); do
  read -r lt lc lctl _ _ < <(race "$WORK/local-$r")
  read -r at ac actl _ _ < <(race "$WORK/agent-$r" --agents 1 --bind "$NET.1" --cluster-key "$WORK/key.p12")
  tr=$(echo "$at / $lt" | bc -l); cr=$(echo "$ac / $lc" | bc -l)
  TR+=("$tr"); CR+=("$cr"); CC+=("$actl"); LC+=("$lctl")
  printf "%-6s %12.0f %12.0f %8.3f %12.2f %12.2f %8.3f %14.1f %14.1f\n" "$r" "$lt" "$at" "$tr" "$lc" "$ac" "$cr" "$lctl" "$actl"
done
median() { printf "%s\n" "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf "median: agent/local throughput %.3f, CPU per 1,000 ops %.3f; runner JVM while measuring: %.1f %% of a core locally, \
%.1f %% as the agents' controller\n" "$(median "${TR[@]}")" "$(median "${CR[@]}")" "$(median "${LC[@]}")" "$(median "${CC[@]}")"

# the same comparison with the agent in the root namespace, bound to the bridge's address (its own key, so no
# namespace agent takes its place): its worker reaches the database at that address without a veth pair, which
# separates what the agents' machinery costs from what the network path costs
"$ROOT/dbrace" cluster-key --out "$WORK/root-key.p12" >/dev/null
"$ROOT/dbrace" agent --bind "$NET.1" --port 5801 --bus-port 5811 --join "$NET.1:5701" --key "$WORK/root-key.p12" \
  2>"$WORK/agent-root.log" & PIDS+=($!)
printf "\nthe agent in the root namespace (no veth):\n%-6s %12s %12s %8s %12s %12s %8s\n" round "local ops/s" "agent ops/s" \
  ratio "local cpu/1k" "agent cpu/1k" ratio
TR=(); CR=()
for r in $(seq 1 "$ROUNDS"); do
  read -r lt lc _ _ _ < <(race "$WORK/rlocal-$r")
  read -r at ac _ _ _ < <(race "$WORK/ragent-$r" --agents 1 --bind "$NET.1" --cluster-key "$WORK/root-key.p12")
  tr=$(echo "$at / $lt" | bc -l); cr=$(echo "$ac / $lc" | bc -l)
  TR+=("$tr"); CR+=("$cr")
  printf "%-6s %12.0f %12.0f %8.3f %12.2f %12.2f %8.3f\n" "$r" "$lt" "$at" "$tr" "$lc" "$ac" "$cr"
done
printf "median: agent/local throughput %.3f, CPU per 1,000 ops %.3f\n" "$(median "${TR[@]}")" "$(median "${CR[@]}")"

if [ "$N" -gt 1 ]; then
  printf "\n%-7s %12s %10s %22s\n" agents "ops/s" "p99 ms" "server cpu ms/1k ops"
  for k in $(seq 1 "$N"); do
    read -r t _ _ p99 scpu < <(race "$WORK/scale-$k" --agents "$k" --bind "$NET.1" --cluster-key "$WORK/key.p12" \
      --agents-timeout 30s)
    printf "%-7s %12.0f %10.3f %22.2f\n" "$k" "$t" "$p99" "$scpu"
  done
fi
