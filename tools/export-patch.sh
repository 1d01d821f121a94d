#!/usr/bin/env bash
# Regenerates hotspot-patches/PATCH from the edited source tree in the build cache: the diff, for the
# files PATCH already touches plus any PATH given, between the tree with the patches before PATCH in
# the series applied and the working tree. Edit HotSpot in the cache tree, build, then export.
# Files touched by more than one patch belong to the last patch that touches them.
#   tools/export-patch.sh 0002-monitor-events.patch [src/hotspot/share/lockstat/newFile.cpp ...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
patch=${1:?usage: export-patch.sh PATCH [PATH...]}; shift
cache=${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}
build=$(cat "$cache/current-build")
src=$(dirname "$build")/src
git_src() { git -C "$src" -c core.quotepath=off "$@"; }

index=$(mktemp); trap 'rm -f "$index"' EXIT
GIT_INDEX_FILE=$index git_src read-tree HEAD
found=0
while read -r p; do
  case "$p" in ''|\#*) continue ;; esac
  if [ "$p" = "$patch" ]; then found=1; break; fi
  GIT_INDEX_FILE=$index git_src apply --cached "$here/hotspot-patches/$p"
done < "$here/hotspot-patches/series"
[ "$found" = 1 ] || echo "export-patch: $patch is not (yet) in series; add it there" >&2
base=$(GIT_INDEX_FILE=$index git_src write-tree)

paths=("$@")
if [ -f "$here/hotspot-patches/$patch" ]; then
  mapfile -t -O "${#paths[@]}" paths < <(grep -E '^\+\+\+ b/' "$here/hotspot-patches/$patch" | sed 's|^+++ b/||')
fi
[ ${#paths[@]} -gt 0 ] || { echo "export-patch: no files to export; name them" >&2; exit 2; }
# A file that a later patch touches too belongs to that later patch: exporting it here would copy the
# later patch's changes into this one (and the later patch would no longer apply).
later=0
while read -r p; do
  case "$p" in ''|\#*) continue ;; esac
  if [ "$p" = "$patch" ]; then later=1; continue; fi
  [ "$later" = 1 ] || continue
  for f in "${paths[@]}"; do
    if grep -qxF "+++ b/$f" "$here/hotspot-patches/$p"; then
      echo "export-patch: $f is also changed by the later patch $p; export it there" >&2
      exit 2
    fi
  done
done < "$here/hotspot-patches/series"
git_src add -N -- "${paths[@]}" 2>/dev/null || true
git_src diff --no-color "$base" -- "${paths[@]}" > "$here/hotspot-patches/$patch.new"
mv "$here/hotspot-patches/$patch.new" "$here/hotspot-patches/$patch"
echo "export-patch: wrote hotspot-patches/$patch ($(grep -c '^+++ ' "$here/hotspot-patches/$patch") files)"
