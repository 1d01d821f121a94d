#!/usr/bin/env bash
# Makes an aarch64 JDK image runnable on an x86_64 machine: DIR gets the image's top-level entries as
# symlinks, and in DIR/bin a wrapper for each launcher that runs it under qemu-aarch64-static. jtreg,
# and tests that start tools from test.jdk/bin, use DIR as they would a native JDK.
#   tools/qemu-jdk.sh IMAGE DIR
# qemu runs without -L: with -L /usr/aarch64-linux-gnu, glibc's loader and libc come from two
# packages (the cross toolchain's and multiarch libc6:arm64), and every pthread_create spins. Without
# it, the multiarch loader (/lib/ld-linux-aarch64.so.1) and libraries serve the image.
set -euo pipefail
image=$(cd "${1:?usage: qemu-jdk.sh IMAGE DIR}" && pwd -P)
dir=${2:?usage: qemu-jdk.sh IMAGE DIR}
shift 2
vm_options=("$@")
qemu=$(command -v qemu-aarch64-static) \
  || { echo "qemu-jdk: qemu-aarch64-static is not installed (apt-get install qemu-user-static)" >&2; exit 1; }
[ -e /lib/ld-linux-aarch64.so.1 ] \
  || { echo "qemu-jdk: no aarch64 loader in /lib (dpkg --add-architecture arm64; apt-get install libc6:arm64)" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir/bin"
for f in "$image"/*; do
  [ "$(basename "$f")" = bin ] || ln -s "$f" "$dir/"
done
# A VM under qemu starts processes by fork and exec, not through jspawnhelper: qemu-user emulates only
# the process it was started with, so an aarch64 helper exec'ed from it cannot run (exit 127), while a
# wrapper below can, being a host script. A launcher that is itself a script (a distribution's
# bin/lockstat-viewer) is copied: it finds the image from its own place, so it runs DIR's wrappers.
for tool in "$image"/bin/*; do
  name=$(basename "$tool")
  if [ "$(head -c 2 "$tool")" = '#!' ]; then
    cp "$tool" "$dir/bin/$name"
    continue
  fi
  options=""
  [ "$name" = java ] && options=" -Djdk.lang.Process.launchMechanism=FORK"
  for o in "${vm_options[@]}"; do
    if [ "$name" = java ]; then options+=" $o"; else options+=" -J$o"; fi
  done
  printf '#!/bin/sh\nexec %s -cpu max,pauth-impdef=on %s%s "$@"\n' "$qemu" "$tool" "$options" > "$dir/bin/$name"
  chmod 755 "$dir/bin/$name"
done
