#!/usr/bin/env bash
# HotSpot's gtests (configure-build.sh configures googletest in; make test-gtest builds the gtest VM): LockStat's
# own (hotspot-patches/test/hotspot/gtest/lockstat: key sets, the event encoding and buffers, file-name
# expansion, the clock, the monitor counters; asserts as death tests), then upstream's for the code
# LockStat hooks or shares (ObjectMonitor's layout, lock stacks, the synchronizer, mutex ranks, global
# counters, flags), once plain and once with -XX:+TraceLockContention; and upstream's source checks
# (sorted includes, no NULL) on LockStat's HotSpot files (tools/check-hotspot-style.sh).
# The release VM in make test; the fastdebug VM in make test-fastdebug, where the death tests of
# LockStat's asserts run too (TEST_VM_ASSERT_MSG exists only with asserts).
#   tools/run-gtest.sh [--debug-level fastdebug] [OUT]   (default OUT build/test-gtest; BOOT_JDK and JOBS
#   from the environment)
# Writes OUT/<run>.txt (each run's output) and OUT/summary.txt; exit status 0 when every run passed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
level=()
if [ "${1:-}" = --debug-level ]; then level=(--debug-level "${2:?--debug-level needs a level}"); shift 2; fi
out=${1:-build/test-gtest}
upstream='ObjectMonitor.*:LockStackTest.*:SynchronizerTest.*:MutexRank.*:MutexSafepoint.*:MutexName.*:GlobalCounter.*:ThreadsTest.*:FlagGuard.*:FlagAccess.*'
rm -rf "$out"; mkdir -p "$out"
# A gtest VM that cannot be built is one failure in the summary, with the reason.
fail_build() { echo "run-gtest: $1" >&2; echo "gtest-vm: 0 passed, 1 failed, $1" >> "$out/summary.txt"; exit 1; }
build_dir=$(./configure-build.sh "${level[@]}" | tail -n 1) || fail_build "configure-build.sh failed"
echo "run-gtest: building the gtest VM in $build_dir"
# The JDK's own make must not see this make's flags (-j, -C, variables).
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$build_dir" jdk-image test-image-hotspot-gtest \
  JOBS="${JOBS:-$(nproc)}" LOG=warn || fail_build "the gtest VM did not build"
launcher=$build_dir/images/test/hotspot/gtest/server/gtestLauncher
[ -x "$launcher" ] || fail_build "$launcher was not built (is googletest configured? configure-build.sh warns when it could not fetch it)"
status=0
# Upstream's source checks on LockStat's files first (sorted includes, no NULL): one check each.
tools/check-hotspot-style.sh "$build_dir/../src" | tee "$out/style.txt" || status=1
tail -n 1 "$out/style.txt" >> "$out/summary.txt"
# run NAME FILTER [VM options...]: one launcher run; its last lines go to the summary.
run() {
  local name=$1 filter=$2; shift 2
  echo "run-gtest: $name ($filter $*)"
  "$launcher" -jdk:"$build_dir/images/jdk" --gtest_filter="$filter" --gtest_color=no "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  local passed failed
  passed=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?\..*/\1/p' "$out/$name.txt" | tail -n 1)
  failed=$(sed -nE 's/^\[  FAILED  \] ([0-9]+) tests?, listed below:.*/\1/p' "$out/$name.txt" | tail -n 1)
  # A launcher that fails without a gtest failure (a crash, a VM that did not start) counts as one.
  if [ "$rc" != 0 ] && [ "${failed:-0}" = 0 ]; then failed=1; fi
  echo "$name: ${passed:-0} passed, ${failed:-0} failed, exit $rc" | tee -a "$out/summary.txt"
  grep -E '^\[  FAILED  \] [A-Za-z]' "$out/$name.txt" | sort -u | tee -a "$out/summary.txt"
  if [ "$rc" != 0 ] || [ -z "$passed" ]; then status=1; fi
}
run lockstat 'LockStat*'
run upstream-plain "$upstream"
run upstream-traced "$upstream" -XX:+TraceLockContention -XX:TraceLockContentionFile="$PWD/$out/upstream-traced.lct"
exit $status
