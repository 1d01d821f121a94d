#!/usr/bin/env bash
# Quick side-by-side overhead check (not the issue-7 harness): a demo's throughput (transfers
# in a fixed time) on stock Temurin 25.0.3, on the LockStat JDK with tracing off, and with tracing on
# (compressed file), tracing without call chains, and online analysis only (no file). CONFIGS=
# picks a subset. Runs are interleaved; prints each configuration's median, min and max and the
# median's ratio to stock. Usage: bench/quick-overhead.sh [REPS] [THREADS] [MILLIS]; DEMO=ParkDemo
# measures java.util.concurrent (ReentrantLock) instead of synchronized (ContentionDemo).
# PREV_JDK=DIR adds configurations "prev" and "prevnochains": tracing on, with and without call chains,
# on another LockStat JDK build (e.g. before a patch), side by side in the same interleaved rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-5}; threads=${2:-4}; millis=${3:-2000}
stock=${STOCK_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
lockstat=build/jdk
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
demo=${DEMO:-ContentionDemo}
"$stock/bin/javac" -d "$out/classes" "bench/demo/$demo.java"
declare -A results
configs=(${CONFIGS:-stock off on nochains online ${PREV_JDK:+prev prevnochains}})
run() {
  case "$1" in
    stock) "$stock/bin/java" -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    off)   "$lockstat/bin/java" -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    on)    "$lockstat/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionFile="$out/t.lct" \
             -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    nochains) "$lockstat/bin/java" -XX:+TraceLockContention -XX:-TraceLockContentionCallChains \
             -XX:TraceLockContentionFile="$out/t.lct" -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    prev)  "$PREV_JDK/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionFile="$out/t.lct" \
             -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    prevnochains) "$PREV_JDK/bin/java" -XX:+TraceLockContention -XX:-TraceLockContentionCallChains \
             -XX:TraceLockContentionFile="$out/t.lct" -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    online) "$lockstat/bin/java" -XX:TraceLockContentionReport="$out/r.txt" \
             -cp "$out/classes" "$demo" "$threads" "$millis" ;;
  esac | sed -E 's/.* ([0-9]+) transfers.*/\1/'
}
for ((i = 0; i < reps; i++)); do
  for c in "${configs[@]}"; do
    results[$c]="${results[$c]:-} $(run "$c")"
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
base=$(echo "${results[stock]}" | median)
printf "%s, %d threads, %d ms, %d interleaved runs, %d CPUs\n" "$demo" "$threads" "$millis" "$reps" "$(nproc)"
printf "%-8s %14s %14s %14s %10s\n" config median min max vs-stock
for c in "${configs[@]}"; do
  m=$(echo "${results[$c]}" | median)
  lo=$(echo "${results[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -n | head -1)
  hi=$(echo "${results[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -n | tail -1)
  printf "%-8s %14d %14d %14d %10s\n" "$c" "$m" "$lo" "$hi" "$(awk -v m="$m" -v b="$base" 'BEGIN {printf "%.3f", m / b}')"
done
