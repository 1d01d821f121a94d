#!/bin/bash
# The trace-end cost of lock names (LockNameCost.java), on the LockStat JDK: for each live-data size and
# shape, ROUNDS runs; prints each run's LockNameSearch event (duration, objects reached, memory held,
# flags: 2 = memory limit) with the stop's wall time and the process's peak-RSS growth during it.
# Usage: bench/lock-names/run.sh [JDK] [ROUNDS]   (default build/jdk, 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jdk=${1:-$here/../../build/jdk}
rounds=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$jdk/bin/javac" -d "$work" "$here/LockNameCost.java"
echo "live_mb shape round stop_ms rss_growth_kb search_ms objects memory_bytes found locks flags"
for live in 64 256 1024; do
  for shape in static unreachable; do
    for round in $(seq "$rounds"); do
      out=$("$jdk/bin/java" -Xms1536m -Xmx1536m -XX:+AlwaysPreTouch -XX:+TraceLockContention \
            -XX:TraceLockContentionFile="$work/t.lct" -cp "$work" LockNameCost "$live" "$shape")
      stop=$(sed -n 's/.* stop=\([0-9.]*\) ms.*/\1/p' <<<"$out")
      rss=$(sed -n 's/.*peak-rss-growth=\(-\?[0-9]*\) KB.*/\1/p' <<<"$out")
      search=$("$jdk/bin/lockstat" print "$work/t.lct" | grep '^LockNameSearch' | tail -1)
      field() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$search"; }
      echo "$live $shape $round $stop $rss $(awk "BEGIN{printf \"%.1f\", $(field duration)/1e6}") $(field objects) $(field memory) $(field found) $(field locks) $(field flags)"
    done
  done
done
