#!/usr/bin/env bash
# The LockStat JDK as users get it: the JDK image with bin/lockstat, plus the JavaFX viewer and its
# jars (bin/lockstat-viewer runs it on the image's own java; no Maven needed), a README, the docs
# (lockstat-docs/) and the licences, in one directory lockstat-jdk-<version>-linux-<arch>/.
#   tools/make-dist.sh tar JDK_IMAGE VIEWER_TARGET OUT_DIR   writes OUT_DIR/lockstat-jdk-<version>-linux-<arch>.tar.gz
#   tools/make-dist.sh install JDK_IMAGE VIEWER_TARGET PREFIX   the same tree, installed into PREFIX
# An image for another CPU (aarch64, cross-built): HOST_JDK names a native LockStat JDK to run the
# steps that need a java here, and the viewer gets that CPU's JavaFX jars (fetched with Maven).
# VIEWER_TARGET is viewer-fx/target after `make viewer` (the viewer jar, and lib/ with the module and JavaFX).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:?usage: make-dist.sh tar|install JDK_IMAGE VIEWER_TARGET OUT_DIR|PREFIX}
jdk=${2:?JDK image}; viewer=${3:?viewer target directory}; dest=${4:?output directory or prefix}
die() { echo "make-dist: $*" >&2; exit 1; }
[ -x "$jdk/bin/java" ] && [ -x "$jdk/bin/lockstat" ] || die "$jdk is not a LockStat JDK image (make jdk)"
viewer_jar=$(ls "$viewer"/lockstat-viewer-*.jar 2>/dev/null | head -n 1)
[ -n "$viewer_jar" ] && [ -d "$viewer/lib" ] || die "the viewer is not built in $viewer (make viewer)"

release_value() { sed -n "s/^$1=\"\\(.*\\)\"$/\\1/p" "$jdk/release"; }
version=$(release_value JAVA_RUNTIME_VERSION); version=${version%-lockstat}
case "$(release_value OS_ARCH)" in
  x86_64|amd64) arch=x64 ;;
  aarch64) arch=aarch64 ;;
  *) arch=$(release_value OS_ARCH) ;;
esac
name=lockstat-jdk-$version-linux-$arch
host_java=${HOST_JDK:-$jdk}/bin/java
[ -x "$host_java" ] && "$host_java" -version > /dev/null 2>&1 \
  || die "$host_java does not run here: set HOST_JDK to a native LockStat JDK (make jdk)"

# javafx_for ARCH DIR: DIR's JavaFX jars (Maven classifier linux, x86_64) replaced by ARCH's, of the
# same version or, where Maven Central does not serve that one for ARCH, of its feature release
# (25.0.1 -> 25): the viewer uses no API newer than that.
javafx_for() {
  local jar base artifact version v got
  for jar in "$2"/javafx-*-linux.jar; do
    [ -f "$jar" ] || continue
    base=$(basename "$jar" -linux.jar)         # javafx-graphics-25.0.1
    artifact=${base%-*}; version=${base##*-}; got=""
    for v in "$version" "${version%%.*}"; do
      if mvn -B -q dependency:get -Dartifact="org.openjfx:$artifact:$v:jar:linux-$1" -Dtransitive=false > /dev/null 2>&1; then
        got=$HOME/.m2/repository/org/openjfx/$artifact/$v/$artifact-$v-linux-$1.jar; break
      fi
    done
    [ -n "$got" ] && [ -f "$got" ] || die "Maven Central serves no org.openjfx:$artifact:$version (or ${version%%.*}) for linux-$1"
    cp "$got" "$2/" && rm -f "$jar"
  done
}

populate() {  # populate DIR: the image, the viewer, the launcher, README and licences
  local d=$1
  mkdir -p "$d"
  cp -a "$jdk/." "$d/"
  mkdir -p "$d/lib/lockstat-viewer"
  cp "$viewer_jar" "$d/lib/lockstat-viewer/lockstat-viewer.jar"
  # The analysis engine is this JDK's own module jdk.lockstat (a copy on the class path would be
  # shadowed by it): the viewer reads its API package, which the module does not export.
  find "$viewer/lib" -name '*.jar' ! -name 'jdk-lockstat-*.jar' -exec cp {} "$d/lib/lockstat-viewer/" \;
  [ "$arch" = x64 ] || javafx_for "$arch" "$d/lib/lockstat-viewer"
  # The viewer's classes name the module's packages (its API package and the types that API returns).
  "$host_java" --describe-module jdk.lockstat | awk '/^contains /{print "--add-exports=jdk.lockstat/" $2 "=ALL-UNNAMED"}' \
    > "$d/lib/lockstat-viewer/jvm.args"
  cat > "$d/bin/lockstat-viewer" <<'LAUNCHER'
#!/bin/sh
# lockstat-viewer [TRACE]: the LockStat viewer (JavaFX) on this JDK and its module jdk.lockstat.
home=$(cd "$(dirname "$0")/.." && pwd)
exec "$home/bin/java" --enable-native-access=ALL-UNNAMED "@$home/lib/lockstat-viewer/jvm.args" \
  -cp "$home/lib/lockstat-viewer/*" jdk.lockstat.viewer.Launcher "$@"
LAUNCHER
  chmod 755 "$d/bin/lockstat-viewer"
  cp "$here/LICENSE" "$d/LOCKSTAT-LICENSE"
  # The docs (1.6 MB), laid out as in the repository so that README.md's links to docs/ work; links
  # from the docs into bench/ (measured results) point to files that only the repository has.
  mkdir -p "$d/lockstat-docs"
  cp "$here/README.md" "$d/lockstat-docs/README.md"
  cp -r "$here/docs" "$d/lockstat-docs/docs"
  cat > "$d/LOCKSTAT-README.md" <<README
# LockStat JDK $version (linux-$arch)

OpenJDK $version with lock contention tracing: who was blocked, on which lock, where, and which
thread held the lock in which call chain.

    bin/java -XX:+TraceLockContention -jar app.jar      # writes lockstat-<pid>.lct
    bin/lockstat report --by owner-method lockstat-<pid>.lct
    bin/lockstat-viewer lockstat-<pid>.lct              # the JavaFX viewer (needs a display)
    bin/jcmd <pid> LockStat.start | dump | report | stop

Documentation, in lockstat-docs/ (the repository's README.md and docs/; their links into bench/,
the measured results, lead to the repository):

    lockstat-docs/README.md                  what it records, quick start, what it costs
    lockstat-docs/docs/report-format.md      reports: aspects, owners, <hand-off>, every command's columns
    lockstat-docs/docs/runtime-control.md    flags, jcmd LockStat.start/dump/report/stop
    lockstat-docs/docs/viewer.md             the viewer's views, bottle graphs
    lockstat-docs/docs/trace-format.md       the .lct trace format
    lockstat-docs/docs/performance.md        overhead and accuracy, measured
    lockstat-docs/docs/platforms.md, reliability.md, architecture.md
    lockstat-docs/docs/design/, development.md   how it works inside, how to build and change it

Without any file: bin/lockstat help TOPIC (parks, aspects, report, owners, locks, bottle, whatif, diff, sampling), and
bin/lockstat COMMAND --help for a command's usage and columns.

Licence: GPLv2 with the Classpath exception (LOCKSTAT-LICENSE; OpenJDK's own in legal/).
README
}

case "$mode" in
  tar)
    mkdir -p "$dest"
    stage=$(mktemp -d); trap 'rm -rf "$stage"' EXIT
    populate "$stage/$name"
    tar -C "$stage" -czf "$dest/$name.tar.gz.tmp" "$name"
    mv "$dest/$name.tar.gz.tmp" "$dest/$name.tar.gz"
    echo "$dest/$name.tar.gz"
    ;;
  install)
    populate "$dest"
    echo "LockStat JDK installed in $dest: $dest/bin/java -XX:+TraceLockContention ..., $dest/bin/lockstat-viewer"
    ;;
  *) die "unknown mode $mode (tar or install)" ;;
esac
