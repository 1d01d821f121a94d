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

paths=()
if [ -f "$here/hotspot-patches/$patch" ]; then
  mapfile -t paths < <(grep -E '^\+\+\+ b/' "$here/hotspot-patches/$patch" | sed 's|^+++ b/||')
fi
for f in "$@"; do
  printf '%s\n' "${paths[@]}" | grep -qxF -- "$f" || paths+=("$f")
done
[ ${#paths[@]} -gt 0 ] || { echo "export-patch: no files to export; name them" >&2; exit 2; }
# A file that a later patch touches too belongs to that later patch: its diff would copy the later
# patch's changes into this one (and the later patch would no longer apply). Such files keep their
# section of this patch as it is; a path named on the command line that a later patch owns is refused.
owned_later() {
  local f=$1 later=0 p
  while read -r p; do
    case "$p" in ''|\#*) continue ;; esac
    if [ "$p" = "$patch" ]; then later=1; continue; fi
    [ "$later" = 1 ] || continue
    if grep -qxF "+++ b/$f" "$here/hotspot-patches/$p"; then echo "$p"; return 0; fi
  done < "$here/hotspot-patches/series"
  return 1
}
for f in "$@"; do
  if owner=$(owned_later "$f"); then
    echo "export-patch: $f is also changed by the later patch $owner; export it there" >&2
    exit 2
  fi
done
out="$here/hotspot-patches/$patch.new"
: > "$out"
# One file at a time, in the order the patch already has them (new files last), so that the patch
# changes only where the code did.
for f in "${paths[@]}"; do
  if owned_later "$f" >/dev/null; then
    # this file's section of the existing patch: from its "diff --git" line to the next one
    awk -v hdr="diff --git a/$f b/$f" '/^diff --git /{on = ($0 == hdr)} on' "$here/hotspot-patches/$patch" >> "$out"
    echo "export-patch: kept this patch's section of $f (a later patch changes it too)" >&2
  else
    git_src add -N -- "$f" 2>/dev/null || true
    git_src diff --no-color "$base" -- "$f" >> "$out"
  fi
done
mv "$out" "$here/hotspot-patches/$patch"
echo "export-patch: wrote hotspot-patches/$patch ($(grep -c '^+++ ' "$here/hotspot-patches/$patch") files)"
