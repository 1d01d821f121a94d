#!/usr/bin/env bash
# Quick side-by-side overhead check (not bench/overhead's harness): a demo's throughput (transfers
# in a fixed time) on stock Temurin 25.0.3, on the LockStat JDK with tracing off, and with tracing on
# (compressed file), tracing without call chains, and online analysis only (no file). CONFIGS=
# picks a subset. Runs are interleaved; prints each configuration's median, min and max and the
# median's ratio to stock. Usage: bench/quick-overhead.sh [REPS] [THREADS] [MILLIS]; DEMO=ParkDemo
# measures java.util.concurrent (ReentrantLock) instead of synchronized (ContentionDemo).
# PREV_JDK=DIR adds configurations "prev" and "prevnochains": tracing on, with and without call chains,
# on another LockStat JDK build (e.g. before a patch), side by side in the same interleaved rounds.
# Besides throughput, each configuration's CPU time per operation (process user+sys over the
# operations done: on a noisy machine steadier than throughput) and, for those that write a trace,
# events per operation in its last run (lockstat summary). DEMO=ShortSectionDemo: one short
# synchronized map update after private work, the busiest kind of lock. Configuration sampledN (e.g.
# CONFIGS="stock on sampled100"): tracing on, recording one in N contentions; prevsampledN the same on PREV_JDK.
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
TIMEFORMAT="%U %S"   # bash's time: user and sys seconds of the java child
run() {
  { time run_java "$1" > "$out/stdout" 2>&1; } 2> "$out/cpu"
  local ops; ops=$(sed -nE 's/.* ([0-9]+) transfers.*/\1/p' "$out/stdout")
  echo "$ops $(awk -v o="$ops" '{printf "%.1f", ($1 + $2) * 1e9 / o}' "$out/cpu")"
  if [ -f "$out/t.lct" ]; then mv "$out/t.lct" "$out/last-$1.lct"; fi
}
run_java() {
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
    prevsampled*) "$PREV_JDK/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionSampling="${1#prevsampled}" \
             -XX:TraceLockContentionFile="$out/t.lct" -cp "$out/classes" "$demo" "$threads" "$millis" ;;
    sampled*) "$lockstat/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionSampling="${1#sampled}" \
             -XX:TraceLockContentionFile="$out/t.lct" -cp "$out/classes" "$demo" "$threads" "$millis" ;;
  esac
}
declare -A cpu
for ((i = 0; i < reps; i++)); do
  for c in "${configs[@]}"; do
    read -r ops nanos < <(run "$c")
    results[$c]="${results[$c]:-} $ops"
    cpu[$c]="${cpu[$c]:-} $nanos"
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
base=$(echo "${results[stock]}" | median)
printf "%s, %d threads, %d ms, %d interleaved runs, %d CPUs\n" "$demo" "$threads" "$millis" "$reps" "$(nproc)"
fmedian() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
cbase=$(echo "${cpu[stock]}" | fmedian)
printf "%-8s %14s %14s %14s %10s %12s %14s %12s %10s  %s\n" config median min max vs-stock cpu-ns/op cpu-min..max cpu-vs-stock events/op \
  "in critical sections (the VM's own measure, last run)"
for c in "${configs[@]}"; do
  m=$(echo "${results[$c]}" | median)
  lo=$(echo "${results[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -n | head -1)
  hi=$(echo "${results[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -n | tail -1)
  cm=$(echo "${cpu[$c]}" | fmedian)
  clo=$(echo "${cpu[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -g | head -1)
  chi=$(echo "${cpu[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -g | tail -1)
  epo=-
  sect=-
  if [ -f "$out/last-$c.lct" ]; then
    json=$("$lockstat/bin/lockstat" summary --format json "$out/last-$c.lct")
    events=$(echo "$json" | sed -nE 's/.*"events": *([0-9]+).*/\1/p' | head -1)
    last=$(echo "${results[$c]}" | awk '{print $NF}')
    epo=$(awk -v e="${events:-0}" -v o="$last" 'BEGIN {printf "%.5f", e / o}')
    # SECTION_STATS (traces that have it): LockStat's time while the traced thread owned the monitor
    sect=$(echo "$json" | sed -nE 's/.*"criticalSections": *\{"acquisitions": *([0-9]+), "acquireNanos": *([0-9]+), "nanosPerAcquisition": *([0-9.]+|null), "releases": *([0-9]+), "releasesTimed": *([0-9]+), "releaseNanos": *([0-9]+), "nanosPerRelease": *([0-9.]+|null).*/\1 acq x \3 ns, \4 rel x \7 ns (\5 timed)/p' | head -1)
    sect=${sect:--}
  fi
  printf "%-8s %14d %14d %14d %10s %12s %14s %12s %10s  %s\n" "$c" "$m" "$lo" "$hi" \
    "$(awk -v m="$m" -v b="$base" 'BEGIN {printf "%.3f", m / b}')" "$cm" "$clo..$chi" \
    "$(awk -v m="$cm" -v b="$cbase" 'BEGIN {printf "%.3f", m / b}')" "$epo" "$sect"
done
# The guest's speed changes in phases (stock's own runs vary up to 3x within minutes): the same round's
# stock run is the fairest comparison, so each configuration's per-round ratios and their median too.
echo "paired with stock's run of the same round (throughput, CPU per operation; median of the rounds):"
read -ra sops <<< "${results[stock]}"
read -ra scpu <<< "${cpu[stock]}"
for c in "${configs[@]}"; do
  [ "$c" = stock ] && continue
  read -ra ops <<< "${results[$c]}"
  read -ra cp <<< "${cpu[$c]}"
  t=""; u=""
  for ((i = 0; i < ${#ops[@]}; i++)); do
    t="$t $(awk -v a="${ops[$i]}" -v b="${sops[$i]}" 'BEGIN {printf "%.3f", a / b}')"
    u="$u $(awk -v a="${cp[$i]}" -v b="${scpu[$i]}" 'BEGIN {printf "%.3f", a / b}')"
  done
  printf "%-8s throughput%s (median %s); cpu/op%s (median %s)\n" "$c" "$t" "$(echo "$t" | fmedian)" "$u" "$(echo "$u" | fmedian)"
done
