#!/usr/bin/env bash
# Downloads googletest 1.16 (Debian trixie's googletest_1.16.0-1_all.deb, sha256-pinned; JDK 25's gtests
# need >= 1.14, bookworm has 1.12.1) from the archive's pool with apt's own downloader (the system's apt
# sources are never touched) and unpacks it into DIR. Prints the source directory for configure's
# --with-gtest (the one holding googletest/ and googlemock/).
set -euo pipefail

dir=${1:?usage: fetch-googletest.sh DIR}
deb=googletest_1.16.0-1_all.deb
sha256=61fa1c7592dd93ec88ba0e574ef4ca5bc33c4908ad4545ef4b987ead120fc847
out=$dir/googletest-1.16.0
src=$out/usr/src/googletest

if [ -f "$out/unpacked.ok" ]; then
  echo "$src"
  exit 0
fi
mkdir -p "$dir"
if ! echo "$sha256  $dir/$deb" | sha256sum --check --status 2>/dev/null; then
  rm -f "$dir/$deb"
  mirror=$("$(dirname "$0")/debian-mirror.sh")
  echo "fetch-googletest: downloading $deb from $mirror" >&2
  /usr/lib/apt/apt-helper -qq download-file "${mirror%/}/pool/main/g/googletest/$deb" "$dir/$deb" "SHA256:$sha256" >&2 2>/dev/null \
    || { echo "fetch-googletest: $deb did not arrive (or its sha256 is not the pinned one)" >&2; exit 1; }
fi
rm -rf "$out"
dpkg -x "$dir/$deb" "$out"
[ -d "$src/googletest/src" ] && [ -d "$src/googlemock/src" ] \
  || { echo "fetch-googletest: $deb does not hold googletest/src and googlemock/src" >&2; exit 1; }
touch "$out/unpacked.ok"
echo "$src"
