#!/usr/bin/env bash
# OpenJDK's own tests with tracing on: runs upstream jtreg groups that exercise what the
# patches touch against the built image twice, plain and with -XX:+TraceLockContention (for every VM,
# the ones tests start included), with the same options and exclusions, and compares the two
# pass/fail lists. Every difference fails the run. The
# traced run's traces are verified with lockstat verify.
#
#   tools/test-openjdk.sh [--quick] [--out DIR]
#     --quick  the part `make test` runs (locking, monitors, JVMTI monitor tests, the JSR-166 TCK's default configuration)
#     --out    results (default build/test-openjdk/{quick,full}); DIR/summary.txt says what differed
#   HOTSPOT_GROUPS="runtime/Thread" JDK_GROUPS="" tools/test-openjdk.sh   runs just those groups
#   VARIANTS=traced tools/test-openjdk.sh --out DIR   reruns only the traced half against the plain results
#            already in DIR (same groups, same unchanged image): a run cut off in its second half
#   LOCKSTAT_TARGET=aarch64 tools/test-openjdk.sh --quick   the cross-built aarch64 image under qemu-user
#            (build/jdk-aarch64, make jdk-aarch64): tests compiled by the native JDK, the tests' native
#            libraries cross-built in the aarch64 build tree, timeouts scaled for emulation
#
# Exclusions, applied to both runs: upstream's ProblemLists, and jtreg-tests/openjdk/ProblemList-lockstat.txt
# (tests that cannot hold with tracing, or that only time out on 2 cores; each with its reason).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
mode=full; out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) mode=quick; shift ;;
    --out) out=${2:?}; shift 2 ;;
    *) echo "test-openjdk: unknown argument $1" >&2; exit 2 ;;
  esac
done
target=${LOCKSTAT_TARGET:-}
cache=${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}
if [ -n "$target" ]; then
  out=${out:-build/test-openjdk-$target/$mode}
  build_dir=$(cat "$cache/current-build-$target")
  default_jdk=build/jdk-$target
  compile=(-compilejdk:"$(cd build/jdk && pwd -P)")
  reader=$(cd build/jdk && pwd -P)   # reads the traces natively
else
  out=${out:-build/test-openjdk/$mode}
  build_dir=$(cat "$cache/current-build")
  default_jdk=build/jdk
  compile=()
  reader=""
fi
src=$(dirname "$build_dir")/src
# TEST_JDK: an image to test instead of build/jdk (a copy, so that builds can go on meanwhile)
jdk=$(cd "${TEST_JDK:-$default_jdk}" && pwd -P)
reader=${reader:-$jdk}
boot=${BOOT_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
conc=${JTREG_CONC:-2}
# jtreg timeout factor: 4 suits the quick part on 2 cores; the full run's java/lang/Thread/virtual
# stress tests take minutes each there (measured with 8)
if [ "$mode" = full ]; then timeout_factor=${JTREG_TIMEOUT_FACTOR:-8}; else timeout_factor=${JTREG_TIMEOUT_FACTOR:-4}; fi
# qemu-user runs a VM about ten times slower
[ -z "$target" ] || timeout_factor=${JTREG_TIMEOUT_FACTOR:-$((timeout_factor * 10))}

# quick: about 3.5 min a run on 2 cores (measured); the full run adds the two slowest JVMTI suspend
# tests (~60 s each), the TCK's other configurations and the thread groups.
hotspot_groups=(runtime/locking runtime/Monitor
  serviceability/jvmti/events/MonitorContendedEnter serviceability/jvmti/events/MonitorContendedEntered
  serviceability/jvmti/events/MonitorWait serviceability/jvmti/events/MonitorWaited
  serviceability/jvmti/SuspendWithObjectMonitorExit serviceability/jvmti/ObjectMonitorUsage
  serviceability/jvmti/thread/GetCurrentContendedMonitor)
jdk_groups=(java/util/concurrent/tck/JSR166TestCase.java#default)
if [ "$mode" = full ]; then
  hotspot_groups+=(serviceability/jvmti/SuspendWithObjectMonitorEnter serviceability/jvmti/SuspendWithObjectMonitorWait
    runtime/Thread runtime/vthread)
  jdk_groups=(java/util/concurrent java/lang/Thread java/lang/VirtualThread)
fi

# Native test libraries (JVMTI agents, JNI helpers, and test/lib's own such as libVThreadPinner), built
# once into the cached build tree. jtreg takes one native directory per suite, so test/lib's libraries
# are copied into both suites' directories, as upstream's test image does.
hotspot_native="$build_dir/support/test/hotspot/jtreg/native/lib"
jdk_native="$build_dir/support/test/jdk/jtreg/native/lib"
natives_stamp="$build_dir/.lockstat-test-natives-2"
if [ ! -f "$natives_stamp" ]; then
  echo "test-openjdk: building the upstream tests' native libraries (once per build tree)"
  started=$(date +%s)
  env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$build_dir" \
    build-test-hotspot-jtreg-native build-test-jdk-jtreg-native build-test-lib-native \
    JOBS="$(nproc)" LOG=warn >&2
  cp "$build_dir"/support/test/lib/native/lib/* "$hotspot_native"/
  cp "$build_dir"/support/test/lib/native/lib/* "$jdk_native"/
  echo "test-openjdk: native libraries built in $(( $(date +%s) - started )) s"
  touch "$natives_stamp"
fi
# HOTSPOT_GROUPS / JDK_GROUPS (space-separated, relative to test/hotspot/jtreg and test/jdk) replace
# the mode's groups: a part of the full run, or one group being investigated.
[ -n "${HOTSPOT_GROUPS+x}" ] && read -r -a hotspot_groups <<< "$HOTSPOT_GROUPS"
[ -n "${JDK_GROUPS+x}" ] && read -r -a jdk_groups <<< "$JDK_GROUPS"

variants=(${VARIANTS:-plain traced})
if [ "${variants[*]}" = "plain traced" ]; then
  rm -rf "$out"
else
  for v in "${variants[@]}"; do rm -rf "$out/$v-hotspot" "$out/$v-hotspot.log" "$out/$v-jdk" "$out/$v-jdk.log"; done
  [ "${variants[*]}" != traced ] || rm -rf "$out/traces"
  ls "$out"/plain-*/report/text/summary.txt > /dev/null 2>&1 || { echo "test-openjdk: no plain results in $out to compare with" >&2; exit 2; }
fi
mkdir -p "$out"
exclusions=(-exclude:"$here/jtreg-tests/openjdk/ProblemList-lockstat.txt")

# run NAME SUITE NATIVEPATH GROUPS... with the JAVA_TOOL_OPTIONS setting in $tracing_env
run_suite() {
  local name=$1 suite=$2 native=$3; shift 3
  local paths=()
  for g in "$@"; do [ -e "$src/test/$suite/${g%%#*}" ] && paths+=("$src/test/$suite/$g"); done
  [ ${#paths[@]} -gt 0 ] || return 0
  local upstream=()
  for p in "$src/test/$suite/ProblemList.txt" "$src/test/$suite/ProblemList-Virtual.txt"; do
    [ "$suite" = hotspot/jtreg ] && [ "$p" = "$src/test/$suite/ProblemList-Virtual.txt" ] && continue
    [ -f "$p" ] && upstream+=(-exclude:"$p")
  done
  local started
  started=$(date +%s)
  JT_JAVA=$boot jtreg -jdk:"$jdk" "${compile[@]}" -conc:"$conc" -timeoutFactor:"$timeout_factor" -nativepath:"$native" -retain:fail,error \
    -w:"$out/$name/work" -r:"$out/$name/report" -v:summary "${upstream[@]}" "${exclusions[@]}" \
    "${tracing_env[@]}" "${paths[@]}" > "$out/$name.log" 2>&1 || true
  echo "$name: $(grep -E '^Test results' "$out/$name.log" || echo 'no results') ($(( $(date +%s) - started )) s)"
}

traces="$out/traces"
mkdir -p "$traces"
# Tracing goes in through JAVA_TOOL_OPTIONS, not -vmoption: jtreg then sees a flagless VM, so tests
# that @require vm.flagless (most of runtime/Monitor) run too, and every VM a test starts inherits
# it. Each VM prints "Picked up JAVA_TOOL_OPTIONS" on stderr, so the plain run sets the variable as
# well, to a property nothing reads: the two runs differ in tracing only.
for variant in "${variants[@]}"; do
  if [ $variant = traced ]; then
    tracing_env=(-e:JAVA_TOOL_OPTIONS="-XX:+TraceLockContention -XX:TraceLockContentionFile=$(cd "$traces" && pwd)/t-%p.lct")
  else
    tracing_env=(-e:JAVA_TOOL_OPTIONS="-Dlockstat.test.plain=true")
  fi
  run_suite "$variant-hotspot" hotspot/jtreg "$hotspot_native" "${hotspot_groups[@]}"
  run_suite "$variant-jdk" jdk "$jdk_native" "${jdk_groups[@]}"
done

# Compare: test -> outcome (Passed/Failed/Error) from each run's text summary.
outcomes() {
  for s in "$out/$1-hotspot/report/text/summary.txt" "$out/$1-jdk/report/text/summary.txt"; do
    if [ -f "$s" ]; then awk '{ print $1, $2 }' "$s"; fi   # a part not run (empty group list) has none
  done | sort
}
outcomes plain > "$out/plain.txt"
outcomes traced > "$out/traced.txt"
compared=$(wc -l < "$out/plain.txt")
plain_passed=$(grep -c ' Passed\.' "$out/plain.txt" || true)
traced_passed=$(grep -c ' Passed\.' "$out/traced.txt" || true)
diff "$out/plain.txt" "$out/traced.txt" > "$out/differences.txt" || true
differences=$(grep -c '^[<>]' "$out/differences.txt" || true)

# Every trace the traced run left must verify (a test that kills its VM leaves a trace without an end).
verified=0; damaged=0
for t in "$traces"/*.lct; do
  [ -f "$t" ] || continue
  if "$reader/bin/lockstat" verify "$t" > /dev/null 2>&1; then verified=$((verified + 1)); else damaged=$((damaged + 1)); echo "$t" >> "$out/unverified-traces.txt"; fi
done

excluded=$(grep -cvE '^\s*(#|$)' jtreg-tests/openjdk/ProblemList-lockstat.txt || true)
{
  echo "mode: $mode; hotspot: ${hotspot_groups[*]}; jdk: ${jdk_groups[*]}"
  echo "tests: $compared compared; passed plain $plain_passed, traced $traced_passed; differences: $((differences))"
  echo "lockstat exclusions: $excluded (jtreg-tests/openjdk/ProblemList-lockstat.txt), plus upstream's ProblemLists"
  echo "traces: $verified verify, $damaged do not (see unverified-traces.txt: a test that kills its VM leaves no end record)"
  if [ "$differences" -gt 0 ]; then
    echo "differences (< plain, > traced):"
    cat "$out/differences.txt"
  fi
} | tee "$out/summary.txt"
[ "$compared" -gt 0 ] || { echo "test-openjdk: no test ran" >&2; exit 1; }
[ "$differences" -eq 0 ]
