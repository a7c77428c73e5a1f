#!/usr/bin/env bash
# Builds dbrace-core (with its test classes) and runs one of the in-memory benches in dev.dbrace.core.load there:
#   bench/core-bench.sh GeneratorBench|HarnessBench [ARGS...]
# What open-loop-generator.sh and harness-cost.sh share: finding a JDK as the dbrace launcher does, and the build.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MIN_JAVA=21
CLASS="${1:-}"
case "$CLASS" in
  GeneratorBench|HarnessBench) shift ;;
  *) echo "bench: core-bench.sh needs GeneratorBench or HarnessBench, got '$CLASS'" >&2; exit 2 ;;
esac

java_feature() { # the feature version of a java binary, or nothing
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -1
}
find_jdk() { # a JAVA_HOME with java and javac >= MIN_JAVA, searched like the dbrace launcher does
  local c v best="" bestv=0 onpath
  for c in "${DBRACE_JAVA_HOME:-}" "${JAVA_HOME:-}"; do
    if [ -n "$c" ] && [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ]; then
      v="$(java_feature "$c/bin/java")"
      if [ -n "$v" ] && [ "$v" -ge "$MIN_JAVA" ]; then echo "$c"; return 0; fi
    fi
  done
  onpath="$(command -v javac 2>/dev/null || true)"
  for c in $( [ -n "$onpath" ] && dirname "$(dirname "$(readlink -f "$onpath")")") /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/*; do
    if [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ]; then
      v="$(java_feature "$c/bin/java")"
      if [ -n "$v" ] && [ "$v" -ge "$MIN_JAVA" ] && [ "$v" -gt "$bestv" ]; then best="$c"; bestv="$v"; fi
    fi
  done
  [ -n "$best" ] && echo "$best"
}

JDK="$(find_jdk || true)"
[ -n "$JDK" ] || { echo "bench: needs a JDK >= $MIN_JAVA (set DBRACE_JAVA_HOME)" >&2; exit 2; }
export JAVA_HOME="$JDK"
command -v mvn >/dev/null 2>&1 || { echo "bench: needs Maven on the PATH" >&2; exit 2; }
[ "$(java_feature "$JDK/bin/java")" -ge 23 ] && export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"

echo "bench: building dbrace-core with $JDK" >&2
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
if ! mvn -B -q -f "$ROOT/pom.xml" -pl dbrace-core -DskipTests test-compile >"$LOG" 2>&1; then
  grep -E '^\[ERROR\]' "$LOG" | head -20 >&2 || tail -20 "$LOG" >&2
  echo "bench: build failed" >&2; exit 1
fi
CORE="$ROOT/dbrace-core/target"
exec "$JDK/bin/java" -cp "$CORE/classes:$CORE/test-classes:$(cat "$CORE/runtime.classpath")" \
  "dev.dbrace.core.load.$CLASS" "$@"
