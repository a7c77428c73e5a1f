#!/usr/bin/env bash
# Loads dbrace's HTML report in headless Chromium and checks it really draws.
#
# Renders report.html for the given results folder (or, without one, for dbrace-report's test
# fixtures: a plain race, a capacity search with an SLA, and one full of hostile strings, plus a
# comparison), loads each with `chromium --headless --dump-dom`, and fails unless every chart was
# drawn (body data-charts-rendered == data-charts-expected) and #js-errors is empty. Then takes a
# 1400x4000 screenshot of each page and prints its path. Installs Debian's chromium if missing.
#
#   bench/report-in-chromium.sh [RESULTS_DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mktemp -d /tmp/dbrace-report-check.XXXXXX)"

if ! command -v chromium >/dev/null 2>&1; then
  echo "report-check: installing chromium..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q chromium >"$OUT/apt.log" 2>&1 \
    || { apt-get update -q >>"$OUT/apt.log" 2>&1 && apt-get install -y -q chromium >>"$OUT/apt.log" 2>&1; } \
    || { tail -5 "$OUT/apt.log" >&2; echo "report-check: could not install chromium" >&2; exit 2; }
fi

java_bin() { # a java >= 21, like the launcher picks (the test classes are built for 21)
  local c v
  for c in "${DBRACE_JAVA_HOME:-}" "${JAVA_HOME:-}" $(ls -d /usr/lib/jvm/* 2>/dev/null | sort -rV); do
    [ -n "$c" ] && [ -x "$c/bin/java" ] || continue
    v="$("$c/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -1)"
    if [ -n "$v" ] && [ "$v" -ge 21 ]; then echo "$c/bin/java"; return 0; fi
  done
  echo "report-check: needs a JDK >= 21" >&2; return 1
}

PAGES=()
if [ $# -ge 1 ]; then
  PAGES+=("$("$ROOT/dbrace" report "$1" --out "$OUT/$(basename "$1").html")")
else
  "$ROOT/dbrace" build # also compiles dbrace-report's test classes, which write the fixtures
  R="$ROOT/dbrace-report/target"
  "$(java_bin)" -cp "$R/test-classes:$R/classes:$(cat "$R/runtime.classpath")" dev.dbrace.report.FixtureResults "$OUT/fixtures" >/dev/null
  for f in plain capacity curve hostile; do
    PAGES+=("$("$ROOT/dbrace" report "$OUT/fixtures/$f" --out "$OUT/$f.html")")
  done
  "$ROOT/dbrace" compare "$OUT/fixtures/plain" "$OUT/fixtures/plain-rerun" --out "$OUT/compare.html" >/dev/null
  PAGES+=("$OUT/compare.html")
fi

CHROMIUM=(chromium --headless --no-sandbox --disable-gpu "--user-data-dir=$OUT/profile")
FAILED=0
for page in "${PAGES[@]}"; do
  name="$(basename "$page" .html)"
  "${CHROMIUM[@]}" --dump-dom "file://$page" >"$OUT/$name.dom.html" 2>"$OUT/$name.chromium.log"
  body="$(grep -o '<body[^>]*>' "$OUT/$name.dom.html" | head -1)"
  expected="$(sed -n 's/.*data-charts-expected="\([0-9]*\)".*/\1/p' <<<"$body")"
  rendered="$(sed -n 's/.*data-charts-rendered="\([0-9]*\)".*/\1/p' <<<"$body")"
  # an empty error box serialises as an empty element; anything inside it is an error line
  errors="$(grep -o '<div id="js-errors"[^>]*>.*' "$OUT/$name.dom.html" | sed -n 's/^<div id="js-errors"[^>]*>\(.*\)/\1/p' | head -1)"
  if [ -z "$expected" ] || [ "$expected" = 0 ] || [ "$rendered" != "$expected" ] || [ "${errors:0:6}" != "</div>" ]; then
    echo "FAIL $page: charts drawn ${rendered:-none} of ${expected:-?}; errors: ${errors%%</div></div>*}" >&2
    FAILED=1
  else
    echo "ok   $page: $rendered of $expected charts drawn, no JavaScript errors"
  fi
  "${CHROMIUM[@]}" --screenshot="$OUT/$name.png" --window-size=1400,4000 "file://$page" >/dev/null 2>&1
  echo "     screenshot: $OUT/$name.png"
done
exit "$FAILED"
