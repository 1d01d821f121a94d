#!/usr/bin/env bash
# Upstream's own source checks on LockStat's HotSpot files, in a prepared build tree SRC (configure-build.sh):
# includes sorted (test/hotspot/jtreg/sources/SortIncludes.java, which upstream's TestIncludesAreSorted
# runs on a few directories of its own) and no NULL (TestNoNULL's rule: nullptr only).
#   tools/check-hotspot-style.sh SRC
# Prints one line per check, then "style: N passed, M failed"; exit status 0 when both pass.
set -uo pipefail
src=${1:?usage: check-hotspot-style.sh SRC}
java=${BOOT_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
cd "$src" || exit 1
mapfile -t dirs < <(ls -d src/hotspot/share/lockstat test/hotspot/gtest/lockstat 2>/dev/null)
mapfile -t cpu_files < <(ls src/hotspot/cpu/*/lockStat*.cpp src/hotspot/cpu/*/lockStat*.hpp 2>/dev/null)
failed=0
if "$java" test/hotspot/jtreg/sources/SortIncludes.java "${dirs[@]}" "${cpu_files[@]}" > /tmp/lockstat-sortincludes.$$ 2>&1; then
  echo "style: includes sorted in ${#dirs[@]} directories and ${#cpu_files[@]} CPU files"
else
  echo "style: unsorted includes:"; grep -E '^(src|test)/' /tmp/lockstat-sortincludes.$$ | sed 's/^/  /'; failed=$((failed + 1))
fi
rm -f /tmp/lockstat-sortincludes.$$
nulls=$(grep -rnw 'NULL' "${dirs[@]}" "${cpu_files[@]}" | grep -v '^\S*:[0-9]*:\s*//' || true)
if [ -z "$nulls" ]; then
  echo "style: no NULL (nullptr only)"
else
  echo "style: NULL where HotSpot uses nullptr:"; echo "$nulls" | sed 's/^/  /'; failed=$((failed + 1))
fi
echo "style: $((2 - failed)) passed, $failed failed"
[ "$failed" = 0 ]
