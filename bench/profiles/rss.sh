#!/usr/bin/env bash
# Periodic profiles over a long run (issue 40): ContentionDemo (4 threads, synchronized, barging tellers and
# a 2 ms auditor) with -XX:TraceLockContentionProfiles=DIR,interval=INTERVAL,keep=KEEP for MINUTES minutes;
# the VM's resident set size sampled every 20 s, and every profile left in DIR read by go tool pprof (its
# total delay and the newest one's lock labels printed). Writes bench/profiles/rss-<minutes>min.txt. Usage: bench/profiles/rss.sh [MINUTES]
# [INTERVAL] [KEEP]; JDK= the LockStat JDK (build/jdk); JAVA_OPTS= more VM options (e.g. -Xmx64m: a bounded
# heap tells a leak, which runs out of it, from a heap that only grows because it may). Every safepoint's
# length comes from -Xlog:safepoint; LockStat's own (the drain period's collection, naming locks, the
# profile's hand-over) run as ForceSafepoint operations, which nothing else in this workload requests.
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=${1:-10}; interval=${2:-30s}; keep=${3:-10}
jdk=${JDK:-build/jdk}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
out=bench/profiles/rss-${minutes}min${JAVA_OPTS:+$(echo "$JAVA_OPTS" | tr -d ' =:')}.txt
"$jdk/bin/javac" -d "$work/classes" bench/demo/ContentionDemo.java
"$jdk/bin/java" ${JAVA_OPTS:-} -Xlog:safepoint=info:file="$work/safepoint.log" -XX:TraceLockContentionProfiles="$work/p,interval=$interval,keep=$keep" -cp "$work/classes" \
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
# Safepoints by operation: count, median, 99th percentile and longest total time (reaching it included).
sed -nE 's/.*Safepoint "([A-Za-z0-9_]+)".*Total: ([0-9]+) ns.*/\1 \2/p' "$work/safepoint.log" | sort -k1,1 -k2,2n \
  | awk '{ n[$1]++; v[$1, n[$1]] = $2 } END { for (op in n) { c = n[op]; p = int(c * 0.99); if (p < c * 0.99) p++;
      printf "# safepoints %s: %d, median %.3f ms, p99 %.3f ms, longest %.3f ms\n", op, c, v[op, int((c + 1) / 2)] / 1e6,
        v[op, p] / 1e6, v[op, c] / 1e6 } }' | sort >> "$out"
# LockStat's three longest, with how long reaching the safepoint took (the scheduler's part on a busy
# machine) beside the time at it (the operation's own).
grep 'Safepoint "ForceSafepoint"' "$work/safepoint.log" | sed -nE 's/.*Reaching safepoint: ([0-9]+) ns.*At safepoint: ([0-9]+) ns.*Total: ([0-9]+) ns.*/\3 \1 \2/p' \
  | sort -n -r | head -3 | awk '{ printf "# longest ForceSafepoint: %.3f ms, reaching it %.3f ms, at it %.3f ms\n", $1 / 1e6, $2 / 1e6, $3 / 1e6 }' >> "$out"
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
# The locks as the newest owner profile labels them: named (a reference path from a GC root) or class@hash.
last=$(ls "$work"/p/*-owner.pb.gz | tail -1)
go tool pprof -tags -tagfocus=lock= "$last" 2>/dev/null | awk '/^ *lock:/ { on = 1; next } /^ *[a-z-]+:/ { on = 0 } on && NF' \
  | sed 's/^ */# lock label in the newest owner profile: /' >> "$out"
cat "$out"
