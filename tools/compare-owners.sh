#!/usr/bin/env bash
# Owner accuracy of one JDK against another: the A-1ms/B-6ms workload (MonitorContentionTest$Workload:
# two threads hold one monitor 1 ms in holdA, two 6 ms in holdB) traced on each; prints each trace's
# owner shares beside the hold times the workload measured, and fails when a trace does not verify
# or holdB's shares differ by more than 3 points. Both traces are read by REFERENCE_JDK's lockstat.
#   tools/compare-owners.sh REFERENCE_JDK OTHER_JDK [MILLIS]      (make test-aarch64: x86_64 vs aarch64)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ref=${1:?usage: compare-owners.sh REFERENCE_JDK OTHER_JDK [MILLIS]}; other=${2:?other JDK}; millis=${3:-4000}
out=build/compare-owners
rm -rf "$out"; mkdir -p "$out/classes"
"$ref/bin/javac" -d "$out/classes" --add-modules jdk.lockstat \
  --add-exports jdk.lockstat/jdk.lockstat.internal.format=ALL-UNNAMED \
  jtreg-tests/lockstat/MonitorContentionTest.java jtreg-tests/lib/LockStatRun.java
share() {  # share TRACE METHOD: the percent of blocked time the owner-method report gives METHOD
  "$ref/bin/lockstat" report --by owner-method --format csv "$1" \
    | awk -F, -v m="$2" 'NR > 1 && $2 ~ m { s += $5 } END { printf "%.1f", s }'
}
declare -A b=()
for name in reference other; do
  jdk=$ref; [ "$name" = other ] && jdk=$other
  trace=$out/$name.lct
  "$jdk/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionFile="$trace" -cp "$out/classes" \
    'MonitorContentionTest$Workload' "$millis" > "$out/$name.out"
  "$ref/bin/lockstat" verify "$trace" > /dev/null || { echo "compare-owners: $trace ($jdk) does not verify" >&2; exit 1; }
  measured=$(sed -nE 's/.*holdNanos A=([0-9]+) B=([0-9]+).*/\1 \2/p' "$out/$name.out" | awk '{ printf "%.1f", 100 * $2 / ($1 + $2) }')
  b[$name]=$(share "$trace" holdB)
  echo "compare-owners: $name ($("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *os.arch = //p')):" \
       "owner holdB ${b[$name]}%, holdA $(share "$trace" holdA)%, hand-off $(share "$trace" '<hand-off>')%," \
       "unknown $(share "$trace" '<unknown owner>')%; measured hold share of B ${measured}%"
done
awk -v r="${b[reference]}" -v o="${b[other]}" 'BEGIN { d = r - o; if (d < 0) d = -d;
  printf "compare-owners: holdB differs by %.1f points (at most 3)\n", d; exit d > 3 }'
