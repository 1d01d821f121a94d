#!/usr/bin/env bash
# Runs lockstat jtreg tests in two passes: every test but the heavy ones (jtreg-tests/lockstat/heavy/)
# with the options given (-conc:2), then the heavy ones alone, one at a time. jtreg's exclusiveAccess.dirs
# keeps the heavy tests from each other only; beside the rest, the what-if rerun measured 1.31 where it
# measures 1.9-2.0 alone, and the heap-exhaustion test's late phase met no contention.
#
#   tools/run-jtreg.sh JDK OUT [jtreg options ...] -- TESTS ...
# Results: OUT/work and OUT/report, OUT/work-heavy and OUT/report-heavy (a report covers every test its
# work directory holds, so each pass has its own). Exit status 0 when both passed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
jdk=$1 out=$2; shift 2
opts=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || { echo "run-jtreg.sh: no tests given" >&2; exit 2; }
# The heavy tests are those in jtreg-tests/lockstat/heavy/, listed for -exclude/-match (ProblemList
# format: test, bug id, platforms).
heavy=$(mktemp)
trap 'rm -f "$heavy"' EXIT
for t in jtreg-tests/lockstat/heavy/*.java; do echo "${t#jtreg-tests/} 0000000 generic-all"; done > "$heavy"
none='^Test results: no tests selected'
status=0
# pass WORK REPORT jtreg-options...: one jtreg run; a selection without tests for it (a concept group with no
# heavy test, or only heavy ones) is not a failure.
pass() {
  local work=$1 report=$2; shift 2
  local log; log=$(mktemp)
  jtreg -jdk:"$jdk" "$@" -w:"$out/$work" -r:"$out/$report" -v:fail,error,summary "${tests[@]}" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  if grep -q "$none" "$log"; then
    rm -rf "${out:?}/$report" "${out:?}/$work"
  elif [ "$rc" != 0 ]; then
    status=1
  fi
  rm -f "$log"
}
tests=("$@")
: "${JT_JAVA:?JT_JAVA names the JDK that runs jtreg}"
export JT_JAVA
pass work report "${opts[@]}" -exclude:"$heavy"
# The second pass one test at a time: jtreg refuses a second -conc, so the given one goes.
serial=()
for o in "${opts[@]}"; do case $o in -conc:*) ;; *) serial+=("$o") ;; esac; done
pass work-heavy report-heavy "${serial[@]}" -conc:1 -match:"$heavy"
exit $status
