#!/usr/bin/env bash
# A CPU profile of a demo traced to a compressed file (async-profiler 4.2, event=itimer: VM and Java
# frames together; hardware counters are not available on the machines this was measured on).
# Usage: bench/contended/profile.sh JDK DEMO THREADS MILLIS OUT.txt
# (make bench-prepare, or tools/fetch-async-profiler.sh build/bench, puts the agent in build/bench.)
set -euo pipefail
cd "$(dirname "$0")/../.."
jdk=${1:?JDK}; demo=${2:?DEMO}; threads=${3:?THREADS}; millis=${4:?MILLIS}; out=${5:?OUT}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$jdk/bin/javac" -d "$work" "bench/demo/$demo.java"
"$jdk/bin/java" -agentpath:"$PWD/build/bench/libasyncProfiler.so=start,event=itimer,file=$work/p.txt,flat=40,traces=0" \
  -XX:+TraceLockContention -XX:TraceLockContentionFile="$work/t.lct" -cp "$work" "$demo" "$threads" "$millis" > "$work/stdout"
{
  echo "# $demo, $threads threads, $millis ms, traced to a compressed file; $("$jdk/bin/java" -version 2>&1 | tail -1)"
  echo "# $(cat "$work/stdout")"
  echo "# trace: $("$jdk/bin/lockstat" summary --format json "$work/t.lct" | sed -nE 's/.*"events": *([0-9]+).*/\1 events/p' | head -1)"
  cat "$work/p.txt"
} > "$out"
