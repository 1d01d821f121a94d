#!/usr/bin/env bash
# The tarball as a user gets it: extracted into an empty directory, its java traces a contended
# workload, its lockstat verifies and reports the trace (the owner method must be named), and its
# lockstat-viewer opens the trace under Xvfb and renders every view to PNG.
#   tools/test-dist.sh TARBALL
# An aarch64 tarball on an x86_64 machine runs under qemu-user, through tools/qemu-jdk.sh's wrappers
# of the extracted image (bin/lockstat-viewer, a script, then runs the viewer on the emulated java).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tarball=$(cd "$(dirname "${1:?usage: test-dist.sh TARBALL}")" && pwd)/$(basename "$1")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
result=$here/build/test-dist/result   # read by tools/test-summary.sh: "passed failed"
mkdir -p "$(dirname "$result")"; echo "0 1" > "$result"
fail() { echo "test-dist: FAILED: $*" >&2; exit 1; }
tar -xzf "$tarball" -C "$work"
home=$(ls -d "$work"/lockstat-jdk-*)
for f in bin/java bin/lockstat bin/lockstat-viewer LOCKSTAT-README.md LOCKSTAT-LICENSE lib/lockstat-viewer/lockstat-viewer.jar; do
  [ -e "$home/$f" ] || fail "$f is missing from $(basename "$tarball")"
done
# The docs: every file LOCKSTAT-README.md names is there, and README.md's links to docs/ resolve.
for f in $(grep -oE 'lockstat-docs/[A-Za-z0-9/._-]+\.md' "$home/LOCKSTAT-README.md") \
         $(sed -nE 's#^.*(lockstat-docs/docs/)[a-z-]+\.md, ([a-z-]+\.md), ([a-z-]+\.md)$#\1\2 \1\3#p' "$home/LOCKSTAT-README.md"); do
  [ -s "$home/$f" ] || fail "LOCKSTAT-README.md names $f, which the tarball lacks"
done
for f in $(grep -oE '\]\(docs/[A-Za-z0-9/._-]+\)' "$home/lockstat-docs/README.md" | sed -E 's/^\]\((.*)\)$/\1/; s/#.*//' | sort -u); do
  [ -e "$home/lockstat-docs/$f" ] || fail "lockstat-docs/README.md links to $f, which the tarball lacks"
done
arch=$(sed -n 's/^OS_ARCH="\(.*\)"$/\1/p' "$home/release")
if [ "$arch" = aarch64 ] && [ "$(uname -m)" != aarch64 ]; then
  "$here/tools/qemu-jdk.sh" "$home" "$work/emulated" || fail "cannot run the aarch64 image here"
  home=$work/emulated
fi
cd "$work"
"$home/bin/javac" -d classes "$here/bench/demo/ContentionDemo.java"
"$home/bin/java" -XX:+TraceLockContention -XX:TraceLockContentionFile=demo.lct -cp classes ContentionDemo 4 1500 > demo.out
"$home/bin/lockstat" verify demo.lct || fail "the trace does not verify"
"$home/bin/lockstat" report --by owner-method demo.lct > report.txt
grep -q 'Ledger.audit' report.txt || { cat report.txt; fail "the report does not name the owner method Ledger.audit"; }
"$home/bin/lockstat" help locks | grep -q 'avgHoldNanos' || fail "lockstat help locks does not explain the columns"
"$home/bin/lockstat" locks --help | grep -q '^usage: lockstat locks' || fail "lockstat locks --help prints no usage"
xvfb-run -a -s "-screen 0 1600x1200x24" "$home/bin/lockstat-viewer" --screenshots shots demo.lct > viewer.out 2>&1 \
  || { cat viewer.out; fail "lockstat-viewer --screenshots failed"; }
n=$(find shots -name '*.png' -size +10k | wc -l)
[ "$n" -ge 5 ] || { ls -la shots; fail "lockstat-viewer rendered $n views (at least 5 expected)"; }
echo "test-dist: $(basename "$tarball"): docs present and linked, traced, verified, reported (Ledger.audit named), help topics, viewer rendered $n views"
echo "1 0" > "$result"
