#!/usr/bin/env bash
# Where sampled tracing's fixed cost on many cores comes from (issue 40): on the lent 16-core machine
# one in 100 kept 0.94-0.96 on pmd, lusearch and actors with a few thousand events a run, a cost that
# does not fall with the events. Three suspects, each measured beside stock in the same call:
#   1. the LockStat JDK itself, tracing off (a): its build and its defaults (-XX:+DebugNonSafepoints);
#   2. the same again with -XX:-DebugNonSafepoints for every JVM (stock's default already);
#   3. the drain's collect safepoints (one per 100 ms period while events flow): -Xlog:safepoint of one
#      sampled run and one stock run, counted and summed.
# Usage (device machine, repository root, the bundle carried): bench/sampling/fixed-cost-device.sh BUNDLE OUT
set -euo pipefail
bundle=${1:?bundle}; out=${2:?output directory}
rounds=${ROUNDS:-3}
mkdir -p "$out"
here=$(pwd)
tools/device-bench.sh run "$bundle" "$out/base" --threads 16 --rounds "$rounds" \
  --workloads pmd:4000,lusearch:4000 --configs stock,off,sampled > "$out/base.log" 2>&1
JAVA_TOOL_OPTIONS="-XX:+UnlockDiagnosticVMOptions -XX:-DebugNonSafepoints" \
  tools/device-bench.sh run "$bundle" "$out/nodebug" --threads 16 --rounds "$rounds" \
  --workloads pmd:4000 --configs stock,off,sampled > "$out/nodebug.log" 2>&1
dir=/tmp/lockstat-bench
cd "$dir"
cp="realworld/classes:realworld/lib/*"
for i in 1 2; do
  stock-jdk/bin/java -Xlog:safepoint:file="$out/safepoint-stock-$i.log" -cp "$cp" bench.realworld.Harness pmd 16 4000 \
    > "$out/run-stock-$i.txt" 2>&1
  lockstat-jdk/bin/java -XX:+TraceLockContention -XX:TraceLockContentionSampling=100 \
    -XX:TraceLockContentionFile=/tmp/s.lct -Xlog:safepoint:file="$out/safepoint-sampled-$i.log" \
    -cp "$cp" bench.realworld.Harness pmd 16 4000 > "$out/run-sampled-$i.txt" 2>&1
done
# Per log: safepoints by operation, and the sums of time to safepoint and of the pause.
for f in "$out"/safepoint-*.log; do
  awk -v f="$(basename "$f")" '/Safepoint "/ {
      match($0, /Safepoint "[A-Za-z0-9_]+"/); op = substr($0, RSTART + 11, RLENGTH - 12); n[op]++;
      if (match($0, /Reaching safepoint: [0-9]+ ns/)) { s = substr($0, RSTART, RLENGTH); gsub(/[^0-9]/, "", s); reach[op] += s }
      if (match($0, /Total: [0-9]+ ns/)) { s = substr($0, RSTART, RLENGTH); gsub(/[^0-9]/, "", s); total[op] += s }
    }
    END { for (op in n) printf "%s %s count %d reaching %.1f ms total %.1f ms\n", f, op, n[op], reach[op] / 1e6, total[op] / 1e6 }' "$f"
done > "$out/safepoints.txt"
cat "$out/safepoints.txt"
grep -h "ops\|operations" "$out"/run-*.txt | head -n 8 || true
cd "$here"
