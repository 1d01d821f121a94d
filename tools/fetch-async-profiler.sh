#!/usr/bin/env bash
# Puts async-profiler 4.2's linux-x64 agent (from Maven Central: tools.profiler:async-profiler:4.2) at
# DIR/libasyncProfiler.so, for the overhead benchmark's peer configuration. No-op when present.
set -euo pipefail
dir=${1:?usage: fetch-async-profiler.sh DIR}
[ -f "$dir/libasyncProfiler.so" ] && exit 0
mkdir -p "$dir"
jar=$HOME/.m2/repository/tools/profiler/async-profiler/4.2/async-profiler-4.2.jar
if [ ! -f "$jar" ]; then
  mvn -B -q dependency:get -Dartifact=tools.profiler:async-profiler:4.2 >&2
fi
unzip -p "$jar" linux-x64/libasyncProfiler.so > "$dir/libasyncProfiler.so.tmp"
mv "$dir/libasyncProfiler.so.tmp" "$dir/libasyncProfiler.so"
