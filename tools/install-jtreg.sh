#!/usr/bin/env bash
# Installs jtreg 8 (Debian trixie's jtreg8, Architecture: all; its dependencies come from bookworm)
# through a private apt configuration; the system's apt sources are not touched. No-op when present.
set -euo pipefail
if command -v jtreg >/dev/null 2>&1 && JT_JAVA=${JT_JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64} jtreg -version 2>/dev/null | grep -q 'jtreg 8'; then
  exit 0
fi
work=${1:-${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}/jtreg}
mkdir -p "$work/lists/partial"
mirror=$("$(dirname "$0")/debian-mirror.sh")
echo "deb $mirror trixie main" > "$work/sources.list"
opts=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
      -o "Dir::State::Lists=$work/lists" -o "APT::Sandbox::User=root")
sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
apt-get "${opts[@]}" -qq update >&2
(cd "$work" && rm -f jtreg8_*.deb && apt-get "${opts[@]}" download jtreg8 >&2)
"${sudo_cmd[@]}" apt-get -qq update >&2
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "$work"/jtreg8_*.deb >&2
JT_JAVA=${JT_JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64} jtreg -version 2>&1 | head -n 1 >&2 || true
