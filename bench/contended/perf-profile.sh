#!/usr/bin/env bash
# A CPU profile of a demo traced to a compressed file with Linux perf (software cpu-clock event), for
# when frame marking must stay on: async-profiler (profile.sh) turns marking off while it is loaded,
# and the per-thread chain cache works only with marks. VM frames are named; JIT-compiled Java frames
# show as addresses (no perf map), summed here as "[JIT code]".
# Usage: bench/contended/perf-profile.sh JDK DEMO THREADS MILLIS OUT.txt
set -euo pipefail
cd "$(dirname "$0")/../.."
jdk=${1:?JDK}; demo=${2:?DEMO}; threads=${3:?THREADS}; millis=${4:?MILLIS}; out=${5:?OUT}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$jdk/bin/javac" -d "$work" "bench/demo/$demo.java"
perf record -q -e cpu-clock -F 999 -o "$work/perf.data" "$jdk/bin/java" -XX:+TraceLockContention \
  -XX:TraceLockContentionFile="$work/t.lct" -cp "$work" "$demo" "$threads" "$millis" > "$work/stdout" 2>/dev/null
{
  echo "# $demo, $threads threads, $millis ms, traced to a compressed file; perf cpu-clock; $("$jdk/bin/java" -version 2>&1 | tail -1)"
  echo "# $(cat "$work/stdout")"
  perf report -i "$work/perf.data" --no-children --sort symbol --stdio 2>/dev/null | grep '%' | grep -v '^#' \
    | sed -E 's/\[\.\] 0x[0-9a-f]+ */[.] [JIT code]/' \
    | awk '{p=$1; sub(/%/,"",p); $1=""; k=$0; s[k]+=p} END {for (k in s) printf "%6.2f%% %s\n", s[k], k}' | sed -E 's/[ -]+$//' | sort -rn | head -25
} > "$out"
