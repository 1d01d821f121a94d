#!/bin/bash
# Counts starving virtual threads under qemu-user (docs/platforms.md): PROCESSES runs of
# VirtualStallWorkload, each with ROUNDS rounds of a trigger (jcmd GC.run, or with "lockstat" tracing
# started and stopped), 3 s apart; a process stalls when some of its six virtual threads stop making
# progress while another goes on.
#   tools/qemu-vthread-stall/run.sh [--stock] [PROCESSES] [ROUNDS] [gc|lockstat]
# --stock: Debian trixie's stock OpenJDK 25 for arm64 (openjdk-25-jre-headless) with its own glibc,
# downloaded through a private apt configuration into $LOCKSTAT_CACHE/stock-arm64 and run under
# qemu-aarch64-static -L; otherwise build/jdk-aarch64 (make jdk-aarch64). jcmd and javac: build/jdk.
# VMOPTS: options for the workload's VM.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd)
stock=false; [ "${1:-}" = --stock ] && { stock=true; shift; }
processes=${1:-4}; rounds=${2:-3}; trigger=${3:-gc}
jdk=$root/build/jdk
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$jdk/bin/javac" -d "$work" "$here/VirtualStallWorkload.java"
java=("$root/build/jdk-aarch64/bin/java")
if $stock; then
  cache=${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}/stock-arm64
  if [ ! -x "$cache/jdk/bin/java" ]; then
    mkdir -p "$cache/lists/partial" "$cache/debs"
    echo "deb $("$root/tools/debian-mirror.sh") trixie main" > "$cache/sources.list"
    opts=(-o "Dir::Etc::SourceList=$cache/sources.list" -o "Dir::Etc::SourceParts=/dev/null" -o "Dir::State::Lists=$cache/lists"
          -o "APT::Sandbox::User=root" -o "APT::Architectures::=amd64" -o "APT::Architectures::=arm64")
    apt-get "${opts[@]}" -qq update >&2
    (cd "$cache/debs" && apt-get "${opts[@]}" download openjdk-25-jre-headless:arm64 libc6:arm64 zlib1g:arm64 \
      libstdc++6:arm64 libgcc-s1:arm64 >&2)
    rm -rf "$cache/sysroot" "$cache/root"
    for d in "$cache"/debs/libc6_* "$cache"/debs/zlib1g_* "$cache"/debs/libstdc++6_* "$cache"/debs/libgcc-s1_*; do dpkg -x "$d" "$cache/sysroot"; done
    ln -sfn usr/lib "$cache/sysroot/lib"   # trixie is merged-/usr: the loader is looked up in /lib
    dpkg -x "$cache"/debs/openjdk-25-jre-headless_* "$cache/root"
    ln -sfn "$cache"/root/usr/lib/jvm/java-25-openjdk-arm64 "$cache/jdk"
    rm -f "$cache/jdk/lib/jvm.cfg" && cp "$cache/jdk/lib/jvm.cfg-default" "$cache/jdk/lib/jvm.cfg"
  fi
  java=(qemu-aarch64-static -L "$cache/sysroot" "$cache/jdk/bin/java")
  [ "$trigger" = lockstat ] && { echo "run.sh: the stock JDK has no LockStat" >&2; exit 2; }
fi
progress() { grep progress "$1" | tail -n 1 | sed 's/.*\[\(.*\)\]/\1/' | tr -d ' '; }
stalled=0
for p in $(seq "$processes"); do
  out=$work/out-$p.txt
  "${java[@]}" ${VMOPTS:-} -cp "$work" VirtualStallWorkload > "$out" 2>&1 &
  pid=$!
  for i in $(seq 120); do grep -q '^running' "$out" && break; sleep 1; done
  sleep 2
  for r in $(seq "$rounds"); do
    if [ "$trigger" = lockstat ]; then
      "$jdk/bin/jcmd" "$pid" LockStat.start file="$work/t-$p-$r.lct" > /dev/null; sleep 3; "$jdk/bin/jcmd" "$pid" LockStat.stop > /dev/null
    else
      "$jdk/bin/jcmd" "$pid" GC.run > /dev/null; sleep 3; "$jdk/bin/jcmd" "$pid" GC.run > /dev/null
    fi
    sleep 2
  done
  a=$(progress "$out"); sleep 4; b=$(progress "$out")
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  # Stalled: some counters equal in both readings while others moved.
  moved=0; still=0
  IFS=, read -ra x <<<"$a"; IFS=, read -ra y <<<"$b"
  for i in "${!x[@]}"; do if [ "${x[$i]}" = "${y[$i]}" ]; then still=$((still + 1)); else moved=$((moved + 1)); fi; done
  if [ $still -gt 0 ] && [ $moved -gt 0 ]; then stalled=$((stalled + 1)); echo "process $p: STALLED [$b]"; else echo "process $p: progressing [$b]"; fi
done
echo "$stalled of $processes processes stalled ($trigger, $rounds rounds each, $([ "$stock" = true ] && echo "stock OpenJDK 25 arm64" || echo build/jdk-aarch64))"
