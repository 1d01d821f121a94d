#!/usr/bin/env bash
# Installs what the JavaFX viewer's tests and screenshots need from Debian: an X server without a
# display (Xvfb, xvfb-run, xauth) and the GTK/GL libraries JavaFX's glass and prism load. No-op when present.
#   tools/install-viewer-deps.sh [--target aarch64]   also the arm64 GTK/GL libraries (multiarch), for
#                                                     the aarch64 viewer under qemu-user
set -euo pipefail
pkgs=(xvfb xauth libgtk-3-0 libgl1 libxtst6)
if [ "${1:-}" = --target ] && [ "${2:-}" = aarch64 ]; then
  pkgs+=(libgtk-3-0:arm64 libgl1:arm64 libxtst6:arm64)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get -qq update >&2
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
