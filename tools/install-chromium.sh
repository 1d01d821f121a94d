#!/usr/bin/env bash
# Installs what the module's HTML flame graph test runs its page in: headless Chromium, from Debian.
# No-op when chromium (or chromium-browser, google-chrome) is on the PATH.
set -euo pipefail
for b in chromium chromium-browser google-chrome; do
  command -v "$b" >/dev/null 2>&1 && exit 0
done
sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
if ! apt-cache show chromium >/dev/null 2>&1; then
  "${sudo_cmd[@]}" apt-get -qq update >&2
fi
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends chromium >&2
