#!/usr/bin/env bash
# Imports aircompressor's pure-Java Snappy block codec (io.airlift:aircompressor-v3:3.3, Apache 2.0,
# sources jar from Maven Central, sha256-pinned) into OUT_DIR as package jdk.lockstat.internal.snappy.
# Why rewrite it: the original reads memory through sun.misc.Unsafe, and JDK 25 warns on first use of
# those methods; a JDK module must stay silent. Our ByteArrayAccess (VarHandle views over byte[])
# replaces UnsafeUtil with the same method names, so the codec's own code is kept unchanged.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:?usage: import-snappy.sh OUT_DIR}
version=3.3
sha256=fe8bed1d3a1ad1087e75efedaba6dc12d37603bc5beb3d63aaa67d81c74d3b92
repo=${MAVEN_REPO:-$HOME/.m2/repository}
jar=$repo/io/airlift/aircompressor-v3/$version/aircompressor-v3-$version-sources.jar

if [ ! -f "$jar" ]; then
  mvn -q dependency:get -Dartifact=io.airlift:aircompressor-v3:$version:jar:sources -Dtransitive=false >&2 \
    || { echo "import-snappy: could not fetch aircompressor-v3:$version sources from Maven Central" >&2; exit 1; }
fi
echo "$sha256  $jar" | sha256sum --check --status \
  || { echo "import-snappy: $jar does not have the pinned sha256 $sha256" >&2; exit 1; }

pkg_dir=$out/jdk/lockstat/internal/snappy
mkdir -p "$pkg_dir"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && unzip -q -o "$jar" 'io/airlift/compress/v3/snappy/SnappyRaw*.java' \
                               'io/airlift/compress/v3/snappy/SnappyConstants.java')
for f in SnappyRawCompressor SnappyRawDecompressor SnappyConstants; do
  sed -e 's/^package io\.airlift\.compress\.v3\.snappy;/package jdk.lockstat.internal.snappy;/' \
      -e 's/io\.airlift\.compress\.v3\.snappy\.UnsafeUtil\.UNSAFE/jdk.lockstat.internal.snappy.ByteArrayAccess.UNSAFE/' \
      -e 's/io\.airlift\.compress\.v3\.snappy\./jdk.lockstat.internal.snappy./' \
      -e 's/^import io\.airlift\.compress\.v3\.MalformedInputException;/import jdk.lockstat.internal.snappy.MalformedInputException;/' \
      -e 's/^\(public \)\?final class /\/\/ Imported from aircompressor-v3 '"$version"' by import-snappy.sh; do not edit.\n&/' \
      "$tmp/io/airlift/compress/v3/snappy/$f.java" > "$pkg_dir/$f.java"
  grep -q 'io\.airlift' "$pkg_dir/$f.java" && { echo "import-snappy: $f still refers to io.airlift" >&2; exit 1; }
done
cp "$here/snappy-shim/"*.java "$pkg_dir/"
