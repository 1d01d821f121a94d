#!/usr/bin/env bash
# No crash and a sound trace under every way the VM can run the traced code: ContentionDemo (one
# auditor holds the lock 2 ms, the tellers briefly, so C2 compiles the exits within seconds) traced
# on JDK once per flag set below. Each run must exit 0, its trace must verify, and (with call chains)
# the owner report must charge the auditor's Ledger.audit with most of the blocked time. Each line
# also gives the frames that frame marks saved.
#   tools/flag-matrix.sh JDK [MILLIS] [READER_JDK]   (READER_JDK's lockstat reads the traces; default JDK)
# A run whose VM signs return addresses (UseBranchProtection=pac-ret in effect: an aarch64 image built
# with branch protection, on a CPU with pointer authentication) must also have frame marking off: no
# frame saved by a mark. With REQUIRE_SIGNED=1 every run must sign (make test-aarch64-pac, whose
# wrappers add the flag to every VM).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jdk=${1:?usage: flag-matrix.sh JDK [MILLIS] [READER_JDK]}; millis=${2:-6000}; reader=${3:-$jdk}
flag_sets=(
  ""
  "-XX:+PreserveFramePointer"
  "-XX:TieredStopAtLevel=1"
  "-XX:-TieredCompilation"
  "-Xint"
  "-XX:-TraceLockContentionCallChains"
  "-XX:LockingMode=1"
  "-XX:-LockStatFrameMarking"
)
# aarch64: also with signed return addresses (marking is then off; a CPU without pointer
# authentication runs unsigned, with a warning); each run prints its flags, which say whether it signs.
flags_final=""
if [[ "$(cat "$jdk/release" 2>/dev/null)" == *'OS_ARCH="aarch64"'* ]]; then
  flag_sets+=("-XX:UseBranchProtection=pac-ret")
  flags_final=-XX:+PrintFlagsFinal
fi
out=build/flag-matrix
rm -rf "$out"; mkdir -p "$out/classes"
"$reader/bin/javac" -d "$out/classes" bench/demo/ContentionDemo.java
failed=0; i=0
for flags in "${flag_sets[@]}"; do
  i=$((i + 1)); trace=$out/run-$i.lct
  # shellcheck disable=SC2086 # each set is a list of flags
  if ! "$jdk/bin/java" $flags $flags_final -XX:+TraceLockContention -XX:TraceLockContentionFile="$trace" -cp "$out/classes" \
       ContentionDemo 3 "$millis" > "$out/run-$i.out" 2>&1; then
    echo "flag-matrix: [${flags:-default}] the VM failed:"; tail -n 20 "$out/run-$i.out"; failed=$((failed + 1)); continue
  fi
  if ! "$reader/bin/lockstat" verify "$trace" > "$out/run-$i.verify" 2>&1; then
    echo "flag-matrix: [${flags:-default}] the trace does not verify:"; cat "$out/run-$i.verify"; failed=$((failed + 1)); continue
  fi
  signed=no
  if grep -q 'UseBranchProtection *= *pac-ret' "$out/run-$i.out" && ! grep -q 'ROP-protection specified, but' "$out/run-$i.out"; then
    signed=yes
  fi
  if [ "${REQUIRE_SIGNED:-0}" = 1 ] && [ "$signed" = no ]; then
    echo "flag-matrix: [${flags:-default}] return addresses are not signed:"; head -n 3 "$out/run-$i.out"; failed=$((failed + 1)); continue
  fi
  saved=$("$reader/bin/lockstat" summary --format json "$trace" | sed -n 's/.*"framesSaved": \([0-9]*\).*/\1/p' | head -n 1)
  if [ "$signed" = yes ] && [ "${saved:-0}" != 0 ]; then
    echo "flag-matrix: [${flags:-default}] return addresses are signed, yet frame marks saved $saved frames"; failed=$((failed + 1)); continue
  fi
  audit=-
  if [[ "$flags" != *-TraceLockContentionCallChains* ]]; then
    audit=$("$reader/bin/lockstat" report --by owner-method --format csv "$trace" \
      | awk -F, 'NR > 1 && $2 ~ /Ledger.audit/ { s += $5 } END { printf "%.1f", s }')
    if ! awk -v a="$audit" 'BEGIN { exit !(a >= 50) }'; then
      echo "flag-matrix: [${flags:-default}] Ledger.audit owns only $audit% of the blocked time"; failed=$((failed + 1)); continue
    fi
  fi
  echo "flag-matrix: [${flags:-default}] ok: $(tail -n 1 "$out/run-$i.out"); $(sed 's/^[^:]*: //' "$out/run-$i.verify"); Ledger.audit owner ${audit}%; frames saved by marks ${saved:-?}; return addresses signed: $signed"
done
echo "flag-matrix: ${#flag_sets[@]} runs, $failed failed"
[ "$failed" = 0 ]
