#!/usr/bin/env bash
# Downloads Debian's repack of upstream jdk-25.0.3+9 (the orig tarball of source package openjdk-25,
# trixie) into DIR and verifies its sha256. Uses a private apt configuration so that the system's
# apt sources are never touched. Prints the tarball's path.
set -euo pipefail

dir=${1:?usage: fetch-openjdk-source.sh DIR}
tarball=openjdk-25_25.0.3+9.orig.tar.xz
sha256=2dd6c441b49705480db1ebfcd03f43d5dcb7f1d4290e98c1fa6eeefae50cfa07

mkdir -p "$dir"
verify() { echo "$sha256  $dir/$tarball" | sha256sum --check --status; }

if [ -f "$dir/$tarball" ] && verify; then
  echo "$dir/$tarball"
  exit 0
fi
rm -f "$dir/$tarball"

mirror=$("$(dirname "$0")/debian-mirror.sh")

# Debian's archive keeps the orig tarball in its pool after trixie moves to a newer openjdk-25 (the
# Sources index then names only the newer version, so apt-get source can no longer find it). Fetch
# the pinned file straight from the pool with apt's own downloader, which checks the sha256.
pool_url="${mirror%/}/pool/main/o/openjdk-25/${tarball//+/%2b}"
echo "fetch-openjdk-source: downloading $tarball from the archive's pool" >&2
if /usr/lib/apt/apt-helper -qq download-file "$pool_url" "$dir/$tarball" "SHA256:$sha256" >&2 2>/dev/null \
   && verify; then
  echo "$dir/$tarball"
  exit 0
fi
rm -f "$dir/$tarball"

apt_dir=$dir/apt
mkdir -p "$apt_dir/lists/partial"
echo "deb-src $mirror trixie main" > "$apt_dir/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
          -o "Dir::State::Lists=$apt_dir/lists" -o "APT::Sandbox::User=root")
echo "fetch-openjdk-source: downloading $tarball from $mirror (trixie source package openjdk-25)" >&2
apt-get "${apt_opts[@]}" -qq update >&2
# Some files of the source package (the .dsc, googletest) answer 404; only the orig tarball matters.
(cd "$dir" && apt-get "${apt_opts[@]}" source --download-only openjdk-25 >&2) || true
if [ ! -f "$dir/$tarball" ]; then
  echo "fetch-openjdk-source: $tarball did not arrive from $mirror; use --jdk-src DIR instead" >&2
  exit 1
fi
if ! verify; then
  echo "fetch-openjdk-source: sha256 of $tarball is not the pinned $sha256" >&2
  exit 1
fi
echo "$dir/$tarball"
