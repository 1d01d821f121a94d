#!/usr/bin/env bash
# Owner accuracy of one JDK against another: the A-1ms/B-6ms workload (MonitorContentionTest$Workload:
# two threads hold one monitor 1 ms in holdA, two 6 ms in holdB) traced on each; prints each trace's
# owner shares beside the share of the hold time the workload measured for B, and fails when a trace
# does not verify or the two JDKs' errors (owner share of holdB minus measured share) differ by more
# than 3 points. The errors are compared, not the shares: a sleep of 1 ms overshoots by different
# amounts on different machines (under qemu, B's measured share is a few points lower), so the
# truth itself differs between the runs. Both traces are read by REFERENCE_JDK's lockstat.
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
declare -A err=()
for name in reference other; do
  jdk=$ref; [ "$name" = other ] && jdk=$other
  trace=$out/$name.lct
  "$jdk/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionFile="$trace" -cp "$out/classes" \
    'MonitorContentionTest$Workload' "$millis" > "$out/$name.out"
  "$ref/bin/lockstat" verify "$trace" > /dev/null || { echo "compare-owners: $trace ($jdk) does not verify" >&2; exit 1; }
  measured=$(sed -nE 's/.*holdNanos A=([0-9]+) B=([0-9]+).*/\1 \2/p' "$out/$name.out" | awk '{ printf "%.1f", 100 * $2 / ($1 + $2) }')
  b=$(share "$trace" holdB)
  err[$name]=$(awk -v b="$b" -v m="$measured" 'BEGIN { printf "%.1f", b - m }')
  echo "compare-owners: $name ($("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *os.arch = //p')):" \
       "owner holdB ${b}%, holdA $(share "$trace" holdA)%, hand-off $(share "$trace" '<hand-off>')%," \
       "unknown $(share "$trace" '<unknown owner>')%; measured hold share of B ${measured}% (error ${err[$name]} points)"
done
awk -v r="${err[reference]}" -v o="${err[other]}" 'BEGIN { d = r - o; if (d < 0) d = -d;
  printf "compare-owners: the errors differ by %.1f points (at most 3)\n", d; exit d > 3 }'
