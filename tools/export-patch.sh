#!/usr/bin/env bash
# Regenerates one concept patch of hotspot-patches/series from the cached OpenJDK tree, after its
# hooks were edited there: the patch's header (everything before its first "diff --git") is kept,
# and its diffs become those of the files it already changes, plus any PATH given, against pristine
# jdk-25.0.3+9. Each upstream file belongs to one patch, so a PATH that another patch changes is
# refused, and so is a file of the subsystem (those are edited in hotspot-patches/src/ directly).
#   tools/export-patch.sh 0002-monitor-hooks.patch [src/hotspot/share/runtime/newHookSite.cpp ...]
# A new patch: create hotspot-patches/NAME with a header, add it to series, then export with PATHs.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
patch=${1:?usage: export-patch.sh PATCH [PATH...]}; shift
file=$here/hotspot-patches/$patch
[ -f "$file" ] || { echo "export-patch: hotspot-patches/$patch does not exist; create it with a header first" >&2; exit 2; }
grep -qxF -- "$patch" "$here/hotspot-patches/series" || { echo "export-patch: $patch is not in series; add it there" >&2; exit 2; }
cache=${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}
build=$(cat "$cache/current-build")
src=$(dirname "$build")/src
git_src() { git -C "$src" -c core.quotepath=off "$@"; }

files_of() { grep -E '^diff --git ' "$1" | awk '{print substr($3, 3)}'; }
mapfile -t paths < <(files_of "$file")
for f in "$@"; do
  [ "${f#src/}" != "$f" ] && [ -e "$here/hotspot-patches/src/${f#src/}" ] \
    && { echo "export-patch: $f is a file of the subsystem: edit hotspot-patches/src/${f#src/} instead" >&2; exit 2; }
  while read -r p; do
    case "$p" in ''|\#*) continue ;; esac
    [ "$p" = "$patch" ] && continue
    if files_of "$here/hotspot-patches/$p" | grep -qxF -- "$f"; then
      echo "export-patch: $f belongs to $p; export it there" >&2; exit 2
    fi
  done < "$here/hotspot-patches/series"
  git_src cat-file -e "HEAD:$f" 2>/dev/null \
    || { echo "export-patch: $f is not an upstream file; new files go to hotspot-patches/src/" >&2; exit 2; }
  printf '%s\n' "${paths[@]}" | grep -qxF -- "$f" || paths+=("$f")
done
[ ${#paths[@]} -gt 0 ] || { echo "export-patch: no files to export; name them" >&2; exit 2; }

out=$file.new
awk '/^diff --git /{exit} {print}' "$file" > "$out"
for f in "${paths[@]}"; do
  git_src diff --no-color HEAD -- "$f" >> "$out"   # HEAD is the pristine tree
done
mv "$out" "$file"
echo "export-patch: wrote hotspot-patches/$patch ($(grep -c '^diff --git ' "$file") files)"
