#!/usr/bin/env bash
# The cost of java.base's read-release hook alone (issue 26): bench/demo/ReadLockDemo on the LockStat JDK
# with java.util.concurrent.locks as patched (hooked) against the same five classes built from pristine
# jdk-25.0.3+9 (no hook), both loaded with --patch-module java.base so that everything else is the same;
# tracing off and on. Interleaved runs; prints each configuration's median, min and max operations and
# CPU time per operation, and the hooked/pristine ratios. Needs the configured tree (make jdk).
# Usage: bench/contended/readlock-hook.sh [REPS] [THREADS] [MILLIS]
set -euo pipefail
cd "$(dirname "$0")/../.."
reps=${1:-11}; threads=${2:-1}; millis=${3:-2000}
jdk=build/jdk
src=$(dirname "$(cat "${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}/current-build")")/src
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
classes=(LockSupport ReentrantReadWriteLock StampedLock AbstractQueuedSynchronizer AbstractQueuedLongSynchronizer)
dir=java/util/concurrent/locks
for variant in hooked pristine; do
  mkdir -p "$out/src-$variant/$dir" "$out/$variant"
  for c in "${classes[@]}"; do
    if [ "$variant" = hooked ]; then cp "$src/src/java.base/share/classes/$dir/$c.java" "$out/src-$variant/$dir/"
    else git -C "$src" show "HEAD:src/java.base/share/classes/$dir/$c.java" > "$out/src-$variant/$dir/$c.java"; fi
  done
  "$jdk/bin/javac" -nowarn -XDignore.symbol.file --patch-module "java.base=$out/src-$variant" -d "$out/$variant" \
    $(find "$out/src-$variant" -name '*.java') 2>&1 | grep -v '^Note:' || true
done
"$jdk/bin/javac" -d "$out/demo" bench/demo/ReadLockDemo.java
TIMEFORMAT="%U %S"
run() {   # variant tracing -> "ops cpu-ns/op"
  local trace=()
  [ "$2" = on ] && trace=(-XX:+TraceLockContention -XX:TraceLockContentionFile="$out/t.lct")
  { time "$jdk/bin/java" --patch-module "java.base=$out/$1" "${trace[@]}" -cp "$out/demo" ReadLockDemo "$threads" "$millis" \
      > "$out/stdout" 2>&1; } 2> "$out/cpu"
  local ops; ops=$(sed -nE 's/.* ([0-9]+) transfers.*/\1/p' "$out/stdout")
  echo "$ops $(awk -v o="$ops" '{printf "%.1f", ($1 + $2) * 1e9 / o}' "$out/cpu")"
}
declare -A results
configs=(pristine-off hooked-off pristine-on hooked-on)
for ((i = 1; i <= reps; i++)); do
  for c in "${configs[@]}"; do results[$c]+="$(run "${c%-*}" "${c#*-}")"$'\n'; done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "ReadLockDemo, $threads thread(s), $millis ms, $reps interleaved runs, $(nproc) CPUs; java.util.concurrent.locks patched into java.base"
printf "%-13s %12s %12s %12s %10s %10s\n" config median min max cpu-ns/op cpu-min..max
for c in "${configs[@]}"; do
  ops=$(printf '%s' "${results[$c]}" | awk '{print $1}'); cpu=$(printf '%s' "${results[$c]}" | awk '{print $2}')
  printf "%-13s %12s %12s %12s %10s %s..%s\n" "$c" "$(median <<< "$ops")" "$(sort -n <<< "$ops" | head -1)" \
    "$(sort -n <<< "$ops" | tail -1)" "$(median <<< "$cpu")" "$(sort -n <<< "$cpu" | head -1)" "$(sort -n <<< "$cpu" | tail -1)"
  eval "med_${c//-/_}=$(median <<< "$ops"); cpu_${c//-/_}=$(median <<< "$cpu")"
done
for t in off on; do
  eval "awk -v h=\$med_hooked_$t -v p=\$med_pristine_$t -v hc=\$cpu_hooked_$t -v pc=\$cpu_pristine_$t" \
    "'BEGIN {printf \"tracing $t: hooked/pristine throughput %.3f, cpu per op %.3f\n\", h / p, hc / pc}'"
done
