#!/usr/bin/env bash
# The overhead harness on a machine with no Java (the lent many-core machine): everything it needs in
# one xz tarball small enough to travel (the device's working tree may hold 64 MiB), and the command
# that unpacks and runs it there.
#   tools/device-bench.sh pack LOCKSTAT_JDK STOCK_JDK OUT_DIR   writes OUT_DIR/bundle.tar.xz
#   tools/device-bench.sh run BUNDLE RESULTS_DIR [harness options]   unpacks to /tmp, runs OverheadHarness
# pack takes jlinked, stripped images of both JDKs with the same modules (so that neither carries more
# than the other loads), the DaCapo-style workloads' jars, the demos' classes, async-profiler and the
# harness compiled (no jdk.compiler needed there). Run `make bench-prepare` first.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "device-bench: $*" >&2; exit 1; }
mode=${1:?usage: device-bench.sh pack LOCKSTAT_JDK STOCK_JDK OUT_DIR | run BUNDLE RESULTS_DIR [options]}

# What the workloads load: xalan and pmd java.xml, h2 java.sql, tomcat java.naming and java.desktop's
# java.beans, Pekko jdk.unsupported; jdk.jfr for configuration g; jdk.lockstat for the summaries.
MODULES=java.base,java.logging,java.xml,java.sql,java.management,java.naming,java.desktop,java.scripting,java.instrument,java.net.http,java.compiler,java.security.jgss,jdk.unsupported,jdk.jfr,jdk.management,jdk.management.jfr,jdk.zipfs,jdk.crypto.ec,jdk.xml.dom

case "$mode" in
pack)
  lockstat=${2:?LockStat JDK image}; stock=${3:?stock JDK}; out=${4:?output directory}
  [ -x "$lockstat/bin/lockstat" ] || die "$lockstat is not a LockStat JDK image (make jdk)"
  [ -d "$here/bench/realworld/target/lib" ] && [ -f "$here/build/bench/libasyncProfiler.so" ] \
    || die "the workloads are not built (make bench-prepare)"
  stage=$(mktemp -d); trap 'rm -rf "$stage"' EXIT
  link() {   # link JDK DEST [more modules]
    "$1/bin/jlink" --module-path "$1/jmods" --add-modules "$MODULES$3" --strip-debug --no-man-pages \
      --no-header-files --output "$2"
  }
  link "$lockstat" "$stage/lockstat-jdk" ",jdk.lockstat"
  [ -x "$stage/lockstat-jdk/bin/lockstat" ] || die "jlink left out bin/lockstat (jdk.lockstat's jmod has it)"
  link "$stock" "$stage/stock-jdk" ""
  mkdir -p "$stage/realworld" "$stage/classes"
  cp -r "$here/bench/realworld/target/classes" "$stage/realworld/"
  # the jars rewritten with stored (not deflated) entries, which xz compresses far better than
  # deflate's output: the bundle is 60 MB instead of 80
  python3 - "$here/bench/realworld/target/lib" "$stage/realworld/lib" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
os.makedirs(dst)
for name in sorted(os.listdir(src)):
    with zipfile.ZipFile(os.path.join(src, name)) as zin, \
         zipfile.ZipFile(os.path.join(dst, name), "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            info.compress_type = zipfile.ZIP_STORED
            zout.writestr(info, data)
PY
  cp -r "$here/build/bench/classes/." "$stage/classes/"
  cp "$here/build/bench/libasyncProfiler.so" "$stage/"
  "$stock/bin/javac" -d "$stage/harness" "$here/bench/overhead/OverheadHarness.java"
  mkdir -p "$out"
  tar -C "$stage" -cf - . | xz -T2 -9 > "$out/bundle.tar.xz"
  ls -l "$out/bundle.tar.xz"
  ;;
run)
  bundle=${2:?bundle}; results=${3:?results directory}; shift 3
  dir=/tmp/lockstat-bench; rm -rf "$dir"; mkdir -p "$dir"
  xz -dc "$bundle" | tar -C "$dir" -xf -
  "$dir/lockstat-jdk/bin/java" -XX:+TraceLockContention -version 2>&1 | head -n 2
  cd "$dir"
  # JFR's settings from the checkout, which travels with the bundle (the harness runs in $dir)
  exec stock-jdk/bin/java -cp harness OverheadHarness --lockstat-jdk lockstat-jdk --stock-jdk stock-jdk \
    --asprof "$dir/libasyncProfiler.so" --classes classes --realworld-cp "realworld/classes:realworld/lib/*" \
    --jfc "$here/bench/overhead/contention.jfc" --out "$results" "$@"
  ;;
*) die "unknown mode $mode" ;;
esac
