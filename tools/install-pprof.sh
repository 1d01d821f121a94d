#!/usr/bin/env bash
# Installs what the module's pprof export test reads its profiles with: `go tool pprof`, from Debian's
# golang-go. No-op when `go` is on the PATH.
set -euo pipefail
command -v go >/dev/null 2>&1 && exit 0
sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
if ! apt-cache show golang-go >/dev/null 2>&1; then
  "${sudo_cmd[@]}" apt-get -qq update >&2
fi
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends golang-go >&2
