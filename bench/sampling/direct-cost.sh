#!/usr/bin/env bash
# LockStat's own share of the CPU, by perf, on the overhead harness's workloads: each traced at one in N
# (and in full), perf sampling every thread of the process at 999 Hz; the share of all samples whose
# symbol is LockStat's (libjvm's LockStat* classes and lockstat_* functions, the JVM_LockStat* natives).
# Throughput comparisons on 2 CPUs spread by 5-10% between rounds (docs/performance.md): this figure
# does not depend on them, and bounds what the recording's own code costs, not its effects elsewhere:
# a monitor exit that compiled code sends to the VM while a recorded contention is open shows under
# ObjectMonitor::exit and LightweightSynchronizer::exit (printed beside: stock's compiled exits stay
# inline), and threads spinning longer for a monitor show nowhere here. Usage: bench/sampling/direct-cost.sh N MILLIS [WORKLOAD...]
# (default: the harness's demos and bench/realworld's workloads; needs make bench-prepare's classes).
set -euo pipefail
cd "$(dirname "$0")/../.."
rate=${1:?N}; millis=${2:?MILLIS}; shift 2
workloads=("${@:-ContentionDemo ShortSectionDemo ParkDemo xalan h2 lusearch luindex tomcat pmd actors}")
# shellcheck disable=SC2206
workloads=(${workloads[@]})
java=build/jdk/bin/java
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
real="xalan h2 lusearch luindex tomcat pmd actors"
printf "# %s, %d CPUs, %s ms a run, perf at 999 Hz; %% of all samples of the process\n" "$($java -version 2>&1 | tail -1)" "$(nproc)" "$millis"
printf "%-16s %8s %10s %12s %14s %10s\n" workload sampling samples "LockStat %" "VM exits %" events
for w in "${workloads[@]}"; do
  for n in "$rate" 1; do
    if [[ " $real " == *" $w "* ]]; then
      cmd=(-cp "bench/realworld/target/classes:bench/realworld/target/lib/*" bench.realworld.Harness "$w" 4 "$millis")
    else
      cmd=(-cp build/bench/classes "$w" 4 "$millis")
    fi
    perf record -q -F 999 -o "$out/perf.data" "$java" -XX:+TraceLockContention -XX:TraceLockContentionSampling="$n" \
      -XX:TraceLockContentionFile="$out/t.lct" "${cmd[@]}" > /dev/null 2>&1
    perf report -i "$out/perf.data" --stdio --no-children --sort sym -q 2> /dev/null > "$out/report.txt"
    total=$(perf report -i "$out/perf.data" --stdio --no-children --sort sym 2> /dev/null | sed -nE 's/^# Samples: ([0-9.]+[KM]?).*/\1/p' | head -1)
    own=$(awk '/LockStat|lockstat_|JVM_LockStat/ { gsub("%", "", $1); s += $1 } END { printf "%.2f", s }' "$out/report.txt")
    exits=$(awk '/ObjectMonitor::exit|LightweightSynchronizer::exit/ { gsub("%", "", $1); s += $1 } END { printf "%.2f", s }' "$out/report.txt")
    events=$(build/jdk/bin/lockstat summary --format json "$out/t.lct" | sed -nE 's/.*"events": *([0-9]+).*/\1/p' | head -1)
    printf "%-16s %8s %10s %12s %14s %10s\n" "$w" "1/$n" "$total" "$own" "$exits" "$events"
  done
done
