#!/usr/bin/env bash
# Owner shares of a sampled trace against full tracing (issue 40): TwoHolds (holdA 1 ms, holdB 3 ms, four
# threads on one lock) on a monitor and a ReentrantLock, platform and virtual threads, traced in full and
# at one in N contentions, long enough to record about a thousand contentions at N. Prints holdB's share
# (by lockstat report --by owner-chain: chains through holdB) and the contentions recorded for each. Usage:
# bench/sampling/owner-shares.sh [N] [SECONDS]; JDK= the LockStat JDK (build/jdk).
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-10}; seconds=${2:-30}
jdk=${JDK:-build/jdk}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$jdk/bin/javac" -d "$work" bench/sampling/TwoHolds.java
printf "%-22s %10s %12s %12s %14s %14s\n" workload sampling "holdB %" "holdA %" "contentions" "recorded"
for lock in monitor reentrant; do
  for threads in platform virtual; do
    for s in 1 "$n"; do
      "$jdk/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionSampling="$s" -XX:TraceLockContentionFile="$work/t.lct" \
        -cp "$work" TwoHolds $((seconds * 1000)) "$lock" "$threads" > /dev/null
      # owner-chain: the release is in hold(), called from holdA or holdB
      report=$("$jdk/bin/lockstat" report --by owner-chain --format json "$work/t.lct")
      share() { echo "$report" | tr '{' '\n' | grep "\"key\": \"[^\"]*TwoHolds.$1" | sed -nE 's/.*"percent": ([0-9.]+).*/\1/p' \
        | awk '{s += $1} END {printf "%.2f", s}'; }
      count=$(echo "$report" | sed -nE 's/^  "contention": \{"key": "all", "totalNanos": [0-9]+, "count": ([0-9]+).*/\1/p')
      printf "%-22s %10s %12s %12s %14s %14s\n" "$lock/$threads" "1/$s" "$(share holdB)" "$(share holdA)" "$count" "$((count / s))"
    done
  done
done
