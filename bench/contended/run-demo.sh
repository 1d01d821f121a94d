#!/usr/bin/env bash
# RunDemo (one owner re-taking a monitor while a virtual thread stays blocked on it and cannot run:
# every release recorded) on stock, on this LockStat JDK traced and, with PREV_JDK=DIR, on another
# LockStat JDK traced, interleaved; prints each run's ns per iteration, then the medians.
# Usage: bench/contended/run-demo.sh [ROUNDS] [ITERATIONS]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}; n=${2:-40000000}
stock=${STOCK_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
"$stock/bin/javac" -d "$out" bench/contended/RunDemo.java
vt=(-Djdk.virtualThreadScheduler.parallelism=1 -Djdk.virtualThreadScheduler.maxPoolSize=1)
declare -A ns
configs=(stock on ${PREV_JDK:+prev})
for ((i = 0; i < rounds; i++)); do
  for c in "${configs[@]}"; do
    case "$c" in
      stock) java="$stock/bin/java"; trace=() ;;
      on) java=build/jdk/bin/java; trace=(-XX:+TraceLockContention -XX:TraceLockContentionFile="$out/t.lct") ;;
      prev) java="$PREV_JDK/bin/java"; trace=(-XX:+TraceLockContention -XX:TraceLockContentionFile="$out/t.lct") ;;
    esac
    v=$("$java" "${vt[@]}" "${trace[@]}" -cp "$out" RunDemo "$n" | sed -nE 's/.*, ([0-9.]+) ns each.*/\1/p')
    ns[$c]="${ns[$c]:-} $v"
  done
done
for c in "${configs[@]}"; do
  m=$(echo "${ns[$c]}" | tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
  echo "$c ${ns[$c]} (median $m ns an iteration)"
done
