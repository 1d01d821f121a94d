#!/usr/bin/env bash
# lockstat report's speed and peak memory on real traces, two builds of the module side by side,
# interleaved, ROUNDS rounds each; prints each run and the medians (wall seconds, million events per
# second from lockstat summary's event count, peak RSS). The JVM and its options are the same for both.
# Usage: bench/analysis/report-speed.sh ROUNDS BEFORE_CLASSES AFTER_CLASSES TRACE...
#   (a module's target/classes; JAVA (default Temurin 25) and JAVA_OPTS choose the JVM and its options)
set -euo pipefail
rounds=${1:?ROUNDS}; before=${2:?BEFORE_CLASSES}; after=${3:?AFTER_CLASSES}; shift 3
java=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
snappy=$(ls "$HOME"/.m2/repository/org/xerial/snappy/snappy-java/*/snappy-java-*.jar | tail -1)
echo "# $("$java" -version 2>&1 | tail -1); JAVA_OPTS=${JAVA_OPTS:-}; $(nproc) CPUs; $(date -u +%F)"
for trace in "$@"; do
  events=$("$java" -cp "$after:$snappy" jdk.lockstat.internal.tool.Main summary --format json "$trace" \
           | sed -nE 's/.*"events": *([0-9]+).*/\1/p' | head -1)
  echo "## $trace: $events events, $(du -m "$trace" | cut -f1) MB"
  for side in before after; do : > "/tmp/report-speed.$side"; done
  for ((i = 1; i <= rounds; i++)); do
    for side in before after; do
      classes=$before; [[ $side == after ]] && classes=$after
      # shellcheck disable=SC2086
      /usr/bin/time -f "%e %M" -o /tmp/report-speed.one "$java" ${JAVA_OPTS:-} -cp "$classes:$snappy" \
        jdk.lockstat.internal.tool.Main report "$trace" > /dev/null
      read -r secs kb < /tmp/report-speed.one
      echo "$secs $kb" >> "/tmp/report-speed.$side"
      printf '%-6s round %d: %6.2f s %6.2f M events/s %5d MB\n' "$side" "$i" "$secs" \
        "$(echo "$events / $secs / 1000000" | bc -l)" $((kb / 1024))
    done
  done
  for side in before after; do
    sort -n "/tmp/report-speed.$side" | awk -v side="$side" -v ev="$events" '{ s[NR] = $1; m[NR] = $2 }
      END { n = NR; med = s[int((n + 1) / 2)]; printf "%-6s median %.2f s (%.2f-%.2f), %.2f M events/s, peak RSS %d-%d MB\n",
            side, med, s[1], s[n], ev / med / 1e6, 0, 0 }' | sed "s/peak RSS 0-0 MB/peak RSS $(sort -n -k2 "/tmp/report-speed.$side" | awk 'NR==1{a=$2} END{printf "%d-%d MB", a/1024, $2/1024}')/"
  done
done
