#!/usr/bin/env bash
# Adds up the results of the module's and the viewer's JUnit tests (surefire reports), the jtreg run, the upstream
# comparison and the tarball test, and prints
# one closing line: "lockstat: N passed, M failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
passed=0; failed=0
for f in jdk-lockstat-module/target/surefire-reports/TEST-*.xml viewer-fx/target/surefire-reports/TEST-*.xml; do
  [ -f "$f" ] || continue
  line=$(grep -m1 -o '<testsuite [^>]*>' "$f")
  t=$(sed -E 's/.* tests="([0-9]+)".*/\1/' <<<"$line")
  fl=$(sed -E 's/.* failures="([0-9]+)".*/\1/' <<<"$line")
  er=$(sed -E 's/.* errors="([0-9]+)".*/\1/' <<<"$line")
  sk=$(sed -E 's/.* skipped="([0-9]+)".*/\1/' <<<"$line")
  passed=$((passed + t - fl - er - sk)); failed=$((failed + fl + er))
done
# Two jtreg passes (tools/run-jtreg.sh): the heavy tests' report apart.
for pass in "" -heavy; do
  summary=build/jtreg/report$pass/text/summary.txt
  if [ -f "$summary" ]; then
    jp=$(grep -c 'Passed\.' "$summary" || true)
    jf=$(grep -vc 'Passed\.' "$summary" || true)
    passed=$((passed + jp)); failed=$((failed + jf))
    # The failed tests' names and why, last, so that a log cut to its tail still says which test failed.
    grep -v 'Passed\.' "$summary" | while read -r name _; do
      jtr=build/jtreg/work$pass/${name%.java}.jtr
      echo "jtreg failed: $name"
      [ -f "$jtr" ] && grep -E '^(java\.lang\.|jdk\.|RuntimeException|Exception|Caused by|result:|test result:)' "$jtr" | head -8 | sed 's/^/  /'
    done
  fi
done
# HotSpot's gtests (tools/run-gtest.sh): each test of each run (LockStat's, upstream's plain and traced).
if [ -f build/test-gtest/summary.txt ]; then
  while read -r gp gf; do
    passed=$((passed + gp)); failed=$((failed + gf))
  done < <(sed -nE 's/^[a-z-]+: ([0-9]+) passed, ([0-9]+) failed.*/\1 \2/p' build/test-gtest/summary.txt)
  grep -E '^\[  FAILED  \]| [1-9][0-9]* failed' build/test-gtest/summary.txt | sed 's/^/gtest failed: /'
fi
# OpenJDK's tests, plain vs traced: each test compared is one check, each difference a failure.
openjdk=build/test-openjdk/quick/summary.txt
if [ -f "$openjdk" ]; then
  compared=$(sed -nE 's/^tests: ([0-9]+) compared.*/\1/p' "$openjdk")
  differences=$(sed -nE 's/.*differences: ([0-9]+).*/\1/p' "$openjdk")
  passed=$((passed + ${compared:-0} - ${differences:-0})); failed=$((failed + ${differences:-0}))
fi
# The tarball, extracted and used (tools/test-dist.sh): one check.
if [ -f build/test-dist/result ]; then
  read -r dp df < build/test-dist/result
  passed=$((passed + dp)); failed=$((failed + df))
fi
echo "lockstat: $passed passed, $failed failed"
[ "$failed" = 0 ]
