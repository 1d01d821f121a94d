#!/usr/bin/env bash
# Copies this module into an OpenJDK source tree as module jdk.lockstat:
#   src/main/java + jdk-build/module-info.java + imported Snappy codec -> src/jdk.lockstat/share/classes
#   legal/                                                          -> src/jdk.lockstat/share/legal
#   jdk-build/*.gmk (Java.gmk: compile flags; Launcher.gmk: bin/lockstat) -> make/modules/jdk.lockstat/
# Only files whose content changed are rewritten, so an unchanged module does not rebuild.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
jdk=${1:?usage: install-into-jdk.sh JDK_SOURCE_TREE}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/classes" "$stage/legal" "$stage/make"
cp -r "$here/src/main/java/." "$stage/classes/"
cp "$here/jdk-build/module-info.java" "$stage/classes/"
"$here/import-snappy.sh" "$stage/classes"
cp -r "$here/legal/." "$stage/legal/"
cp "$here/jdk-build/"*.gmk "$stage/make/"

sync_dir() {  # checksum-based, deletes what is gone
  mkdir -p "$2"
  rsync -rc --delete "$1/" "$2/"
}
sync_dir "$stage/classes" "$jdk/src/jdk.lockstat/share/classes"
sync_dir "$stage/legal" "$jdk/src/jdk.lockstat/share/legal"
sync_dir "$stage/make" "$jdk/make/modules/jdk.lockstat"
echo "install-into-jdk: module jdk.lockstat synced into $jdk"
