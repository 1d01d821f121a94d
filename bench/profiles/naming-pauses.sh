#!/usr/bin/env bash
# What naming locks at every interval of periodic profiles costs the application (issue 40: each pause
# <= 10 ms): LockNameCost (bench/lock-names) with LIVE MB of live data in linked objects and a contended
# lock that is garbage by the end, so that each search runs into its time limit rather than finding
# everything at once, under -XX:TraceLockContentionProfiles=DIR,interval=1s for SECONDS seconds. Every
# safepoint's length from -Xlog:safepoint: LockStat's are ForceSafepoint operations (the drain's collect
# every period, the search at each interval's end), which nothing else here requests.
# Usage: bench/profiles/naming-pauses.sh [LIVE_MB] [SECONDS]; JDK= the LockStat JDK (build/jdk).
# Writes bench/profiles/naming-pauses-<LIVE_MB>mb.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
live=${1:-1024}; seconds=${2:-10}
jdk=${JDK:-build/jdk}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
out=bench/profiles/naming-pauses-${live}mb.txt
"$jdk/bin/javac" -d "$work/classes" bench/lock-names/LockNameCost.java
"$jdk/bin/java" -Xms1536m -Xmx1536m -XX:+AlwaysPreTouch -Xlog:safepoint=info:file="$work/safepoint.log" \
  -XX:TraceLockContentionProfiles="$work/p,interval=1s,keep=100" -cp "$work/classes" \
  LockNameCost "$live" unreachable "$seconds" > "$work/stdout" 2>&1
{
  echo "# $(date -u +%FT%TZ), $(nproc) CPUs: LockNameCost $live MB live, a dead contended lock, profiles every 1 s for $seconds s"
  sed 's/^/# workload: /' "$work/stdout"
  echo "# profiles written: $(ls "$work/p" | wc -l)"
  grep -c 'Safepoint "ForceSafepoint"' "$work/safepoint.log" | sed 's/^/# ForceSafepoint operations: /'
  echo "# the ten longest ForceSafepoints: total, reaching it, at it (ms)"
  grep 'Safepoint "ForceSafepoint"' "$work/safepoint.log" \
    | sed -nE 's/.*Reaching safepoint: ([0-9]+) ns.*At safepoint: ([0-9]+) ns.*Total: ([0-9]+) ns.*/\3 \1 \2/p' \
    | sort -n -r | head -10 | awk '{ printf "%.3f %.3f %.3f\n", $1 / 1e6, $2 / 1e6, $3 / 1e6 }'
} > "$out"
cat "$out"
