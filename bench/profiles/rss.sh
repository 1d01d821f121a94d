#!/usr/bin/env bash
# Periodic profiles over a long run (issue 40): ContentionDemo (4 threads, synchronized, barging tellers and
# a 2 ms auditor) with -XX:TraceLockContentionProfiles=DIR,interval=INTERVAL,keep=KEEP for MINUTES minutes;
# the VM's resident set size sampled every 20 s, and every profile left in DIR read by go tool pprof (its
# total delay printed). Writes bench/profiles/rss-<minutes>min.txt. Usage: bench/profiles/rss.sh [MINUTES]
# [INTERVAL] [KEEP]; JDK= the LockStat JDK (build/jdk); JAVA_OPTS= more VM options (e.g. -Xmx64m: a bounded
# heap tells a leak, which runs out of it, from a heap that only grows because it may).
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=${1:-10}; interval=${2:-30s}; keep=${3:-10}
jdk=${JDK:-build/jdk}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
out=bench/profiles/rss-${minutes}min${JAVA_OPTS:+$(echo "$JAVA_OPTS" | tr -d ' =:')}.txt
"$jdk/bin/javac" -d "$work/classes" bench/demo/ContentionDemo.java
"$jdk/bin/java" ${JAVA_OPTS:-} -XX:TraceLockContentionProfiles="$work/p,interval=$interval,keep=$keep" -cp "$work/classes" \
  ContentionDemo 4 $((minutes * 60000)) > "$work/stdout" 2>&1 &
pid=$!
start=$(date +%s)
{
  echo "# $(date -u +%FT%TZ), $(nproc) CPUs: ContentionDemo 4 threads, ${minutes} min, profiles every $interval, keep $keep ${JAVA_OPTS:-}"
  echo "# seconds rss_kb profile_files"
} > "$out"
while kill -0 "$pid" 2>/dev/null; do
  sleep 20
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$rss" ] || break
  echo "$(( $(date +%s) - start )) $rss $(ls "$work/p" 2>/dev/null | wc -l)" >> "$out"
done
wait "$pid"
tail -3 "$work/stdout" | sed 's/^/# workload: /' >> "$out"
export HOME=$work/home GOCACHE=$work/home/cache GOTOOLCHAIN=local GOPROXY=off PPROF_TMPDIR=$work/home
mkdir -p "$HOME"
n=0
for f in "$work"/p/*.pb.gz; do
  total=$(go tool pprof -top -sample_index=delay "$f" 2>/dev/null | sed -nE 's/.* of ([^ ]+) total.*/\1/p' | head -1)
  [ -n "$total" ] || { echo "# unreadable by go tool pprof: $(basename "$f")" >> "$out"; exit 1; }
  echo "# $(basename "$f"): total delay $total" >> "$out"
  n=$((n + 1))
done
echo "# $n profiles read by go tool pprof" >> "$out"
cat "$out"
