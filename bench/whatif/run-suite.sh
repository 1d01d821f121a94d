#!/bin/bash
# What-if accuracy suite (lockstat whatif): each case runs once traced on the LockStat JDK, and lockstat
# whatif predicts the speedup of halving (or removing) one section; then the case runs on stock Temurin
# as it is and with that section actually shortened, ROUNDS times interleaved, and the measured speedup
# is the ratio of the median throughputs. Writes a Markdown table to OUT (default bench/whatif/RESULTS.md).
#
#   bench/whatif/run-suite.sh [ROUNDS]          (env: JDK, STOCK_JDK, LOCKSTAT, MILLIS, OUT)
#
# Target (issue 37): predicted within 0.05 + 20% of the measured gain; the sections of a case ranked by
# gain as measured.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
ROUNDS=${1:-3}
JDK=${JDK:-$here/build/jdk}
STOCK_JDK=${STOCK_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
LOCKSTAT=${LOCKSTAT:-$JDK/bin/lockstat}
MILLIS=${MILLIS:-3000}
OUT=${OUT:-$here/bench/whatif/RESULTS.md}
work=$(mktemp -d /tmp/whatif-suite.XXXXXX)
trap 'rm -rf "$work"' EXIT
# Log4j 2 for the real-library case, from the local Maven repository (mvn dependency:get fetches it).
m2=${M2_REPO:-$HOME/.m2/repository}/org/apache/logging/log4j
LOG4J=$m2/log4j-api/2.24.3/log4j-api-2.24.3.jar:$m2/log4j-core/2.24.3/log4j-core-2.24.3.jar
"$STOCK_JDK/bin/javac" -cp "$LOG4J" -d "$work/classes" "$here/jtreg-tests/lib/WhatIfWorkload.java" "$here/bench/whatif/LogWorkload.java"

# case name | main class and arguments (MILLIS: the run's length) | --by | section key | scale |
# the arguments that shorten it
W=WhatIfWorkload
CASES=(
  "one bottleneck lock|$W one-lock 4 MILLIS|owner-method|$W.sectionA|0.5|a=200"
  "one bottleneck lock|$W one-lock 4 MILLIS|owner-method|$W.sectionA|0|a=0"
  "two locks, one saturated|$W two-locks 4 MILLIS|owner-method|$W.sectionA|0.5|a=150"
  "two locks, one saturated|$W two-locks 4 MILLIS|owner-method|$W.sectionB|0.5|b=600"
  "two locks, both near saturation|$W two-locks 4 MILLIS work=1000 a=800 b=900|owner-method|$W.sectionA|0.5|a=400"
  "two locks, both near saturation|$W two-locks 4 MILLIS work=1000 a=800 b=900|owner-method|$W.sectionB|0.5|b=450"
  "nested locks|$W nested 4 MILLIS|owner-method|$W.outer|0.5|o=100 i=200"
  "nested locks|$W nested 4 MILLIS|owner-method|$W.innerSection|0.5|i=200 j=150"
  "ReentrantLock, two locks|$W reentrant 4 MILLIS|owner-method|$W.lockedA|0.5|a=150"
  "ReentrantLock, two locks|$W reentrant 4 MILLIS|owner-method|$W.lockedB|0.5|b=600"
  "8 threads on the CPUs, short section|$W cpu-bound 8 MILLIS|owner-method|$W.sectionA|0.5|a=50"
  "8 threads on the CPUs, long section|$W cpu-bound 8 MILLIS work=200 a=300|owner-method|$W.sectionA|0.5|a=150"
  "ReentrantReadWriteLock, readers then a writer|$W rwlock 4 MILLIS|owner-method|$W.reading|0.5|r=400"
  "ReentrantReadWriteLock, readers then a writer|$W rwlock 4 MILLIS|owner-method|$W.writing|0.5|w=150"
  "Log4j appender, slow stream|LogWorkload 4 MILLIS stream=400|lock-class|org.apache.logging.log4j.core.appender.OutputStreamManager|0.5|stream=200"
)

ops() {   # JAVA MAIN ARGS... -> ops/s
  "$1/bin/java" -cp "$work/classes:$LOG4J" "${@:2}" | awk '/^ops\/s/ {print $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

{
echo "# What-if: predicted against measured speedup"
echo
echo "$(date -u +%Y-%m-%d), $(nproc) CPUs, $(git -C "$here" rev-parse --short HEAD); each case traced once ($MILLIS ms),"
echo "then on stock Temurin as it is and with the section shortened, $ROUNDS rounds interleaved (median, min-max)."
echo "Target: predicted within 0.05 + 20% of the measured gain (|pred - meas| <= 0.05 + 0.2 (meas - 1))."
echo
echo "| case | section | scale | predicted | measured | range | blocked rank | CPUs busy | within |"
echo "|---|---|--:|--:|--:|---|--:|--:|---|"
} > "$OUT.tmp"
declare -A traced
for c in "${CASES[@]}"; do
  IFS='|' read -r name wargs by key scale shorter <<<"$c"
  base=(${wargs/MILLIS/$MILLIS})
  trace="$work/$(echo "$wargs" | tr -c 'a-zA-Z0-9' _).lct"
  if [ -z "${traced[$trace]:-}" ]; then
    "$JDK/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionFile="$trace" -cp "$work/classes:$LOG4J" "${base[@]}" >/dev/null
    traced[$trace]=1
  fi
  json=$("$LOCKSTAT" whatif --format json --by "$by" --scale "$scale" "$trace")
  read -r pred rank busy <<<"$(python3 -c 'import json,sys; d=json.loads(sys.argv[1]); s=[x for x in d["sections"] if x["key"]==sys.argv[2]]; print("%.2f %d %.0f" % (s[0]["predictedSpeedup"], s[0]["blockedRank"], d["cpuBusyPercent"] or 0) if s else "nan 0 0")' "$json" "$key")"
  b=(); v=()
  for r in $(seq "$ROUNDS"); do
    b+=("$(ops "$STOCK_JDK" "${base[@]}")")
    v+=("$(ops "$STOCK_JDK" "${base[@]}" $shorter)")
  done
  row=$(python3 - "$pred" "${b[*]}" "${v[*]}" <<'PY'
import sys, statistics
pred = float(sys.argv[1]); b = [float(x) for x in sys.argv[2].split()]; v = [float(x) for x in sys.argv[3].split()]
mb = statistics.median(b)
meas = statistics.median(v) / mb
lo, hi = min(v) / mb, max(v) / mb
ok = abs(pred - meas) <= 0.05 + 0.2 * abs(meas - 1)
print("%.2f | %.2f | %.2f-%.2f | %s" % (pred, meas, lo, hi, "yes" if ok else "**no**"))
PY
)
  IFS='|' read -r p m range ok <<<"$row"
  echo "| $name | \`${key##*.}\` | $scale | $p | $m | $range | #$rank | $busy% | $ok |" >> "$OUT.tmp"
  echo "$name $key $scale: $row" >&2
done
mv "$OUT.tmp" "$OUT"
cat "$OUT"
