#!/usr/bin/env bash
# Prepares a configured LockStat JDK build tree:
#   1. installs the Debian packages the build needs (skipped when present),
#   2. obtains OpenJDK jdk-25.0.3+9 (Debian's orig tarball, sha256-pinned) or takes --jdk-src DIR,
#   3. applies hotspot-patches/series in order and adds the subsystem's own files from
#      hotspot-patches/src/ (incrementally: only files whose content changed are rewritten, so make
#      rebuilds only what the change touches); refuses a series where an upstream file is changed by
#      two patches or a patch creates a file,
#   4. copies jdk-lockstat-module/ in as module jdk.lockstat,
#   5. runs configure (only when its inputs changed).
# The source tree and build output live in a cache outside the checkout, keyed by the source and the
# configure inputs: $LOCKSTAT_CACHE (default ~/.cache/lockstat-jdk)/jdk-<key>/{src,build}.
# The last line printed is the build directory (also written to $LOCKSTAT_CACHE/current-build, or
# current-build-aarch64 for a cross build).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${LOCKSTAT_CACHE:-$HOME/.cache/lockstat-jdk}
jdk_src=""
install_deps=1
lockstat_feature=1
target=""        # empty: a native build; aarch64: a cross build for linux-aarch64
build_jdk=""     # the native LockStat image a cross build runs its build tools on
debug_level=release   # fastdebug: HotSpot's asserts and debug checks (make jdk-fastdebug)
branch_protection=0   # 1: libjvm and the JDK's native code built with signed return addresses (aarch64)
layout_version=1   # bump when the cache layout or the way the tree is prepared changes

usage() {
  cat <<EOF
usage: configure-build.sh [--jdk-src DIR] [--cache DIR] [--no-deps] [--without-lockstat]
                          [--target aarch64 --build-jdk IMAGE [--branch-protection]]
                          [--debug-level release|fastdebug]
  --jdk-src DIR  use an existing jdk-25.0.3+9 (jdk25u) source checkout instead of downloading
  --cache DIR    where source tree and build output live (default \$LOCKSTAT_CACHE or ~/.cache/lockstat-jdk)
  --no-deps      do not install Debian build packages
  --without-lockstat  configure with --disable-jvm-feature-lockstat: a VM with none of LockStat (its
                 own cache entry; the lockstat command still reads traces)
  --branch-protection  (aarch64) configure with --enable-branch-protection: native code signs its
                 return addresses, and -XX:UseBranchProtection=pac-ret makes the JIT's code do so too
                 (its own cache entry)
  --debug-level fastdebug  HotSpot with its asserts and debug checks, LockStat's included (its own
                 cache entry; default release)
Environment: BOOT_JDK (default: Temurin 25 under /usr/lib/jvm), LOCKSTAT_CACHE.
EOF
}
while [ $# -gt 0 ]; do
  case "$1" in
    --jdk-src) jdk_src=$(cd "${2:?--jdk-src needs a directory}" && pwd); shift 2 ;;
    --cache) cache=${2:?--cache needs a directory}; shift 2 ;;
    --no-deps) install_deps=0; shift ;;
    --without-lockstat) lockstat_feature=0; shift ;;
    --target) target=${2:?--target needs a CPU}; shift 2 ;;
    --build-jdk) build_jdk=$(cd "${2:?--build-jdk needs a JDK image}" && pwd -P); shift 2 ;;
    --branch-protection) branch_protection=1; shift ;;
    --debug-level) debug_level=${2:?--debug-level needs release or fastdebug}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "configure-build.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
log() { echo "configure-build: $*" >&2; }
die() { echo "configure-build: error: $*" >&2; exit 1; }
case "$target" in
  "") ;;
  aarch64)
    [ -n "$build_jdk" ] && [ -x "$build_jdk/bin/java" ] || die "--target aarch64 needs --build-jdk with the native image (make jdk)"
    [ "$lockstat_feature" = 1 ] || die "--target and --without-lockstat do not go together" ;;
  *) die "--target: only aarch64 is supported" ;;
esac
[ "$branch_protection" = 0 ] || [ "$target" = aarch64 ] || die "--branch-protection is for --target aarch64"
case "$debug_level" in
  release) ;;
  fastdebug) [ -z "$target" ] || die "--debug-level fastdebug is for native builds" ;;
  *) die "--debug-level: release or fastdebug" ;;
esac

# ---- 1. build packages ------------------------------------------------------------------------
build_packages=(autoconf zip unzip file rsync libasound2-dev libcups2-dev libfontconfig1-dev
  libx11-dev libxext-dev libxrender-dev libxrandr-dev libxtst-dev libxt-dev libpcsclite-dev
  libjpeg-dev libgif-dev libpng-dev liblcms2-dev libharfbuzz-dev zlib1g-dev pkg-config make gcc g++)
# A cross build for aarch64 also needs Debian's cross compiler and the target's libraries (multiarch
# arm64; even a headless build's configure asks for the X11 headers), and qemu-user to run the result.
# Not libpcsclite-dev:arm64: its headers are the native package's, java.smartcardio loads the library
# at run time, and apt cannot install it beside the native one here. Without recommends: they drag in
# arm64 tools that conflict with the native ones.
apt_options=()
if [ "$target" = aarch64 ]; then
  build_packages+=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user-static)
  for p in libasound2-dev libcups2-dev libfontconfig1-dev libfreetype-dev zlib1g-dev libpng-dev libjpeg-dev \
           libgif-dev liblcms2-dev libharfbuzz-dev libx11-dev libxext-dev libxrender-dev \
           libxrandr-dev libxtst-dev libxt-dev libxi-dev; do
    build_packages+=("$p:arm64")
  done
  apt_options=(--no-install-recommends)
fi
if [ "$install_deps" = 1 ]; then
  missing=()
  for p in "${build_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]}"
    sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
    if [ "$target" = aarch64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
      "${sudo_cmd[@]}" dpkg --add-architecture arm64
    fi
    "${sudo_cmd[@]}" apt-get -qq update >&2
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${apt_options[@]}" "${missing[@]}" >&2
  fi
fi

# ---- boot JDK ---------------------------------------------------------------------------------
boot_jdk=${BOOT_JDK:-}
if [ -z "$boot_jdk" ]; then
  for d in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25* /usr/lib/jvm/*25*; do
    [ -x "$d/bin/javac" ] && { boot_jdk=$d; break; }
  done
fi
[ -n "$boot_jdk" ] && [ -x "$boot_jdk/bin/javac" ] || die "no JDK 25 boot JDK found; set BOOT_JDK"
boot_version=$("$boot_jdk/bin/java" -version 2>&1 | head -n 3 | tr '\n' ' ')

# ---- 2. source identity and cache key ----------------------------------------------------------
if [ -n "$jdk_src" ]; then
  [ -f "$jdk_src/make/conf/version-numbers.conf" ] || die "$jdk_src is not an OpenJDK source tree"
  grep -q '^DEFAULT_VERSION_FEATURE=25$' "$jdk_src/make/conf/version-numbers.conf" \
    || die "$jdk_src is not a JDK 25 tree (patches target jdk-25.0.3+9)"
  src_id="dir:$jdk_src:$(git -C "$jdk_src" rev-parse HEAD 2>/dev/null || echo nogit)"
else
  tarball=$("$here/tools/fetch-openjdk-source.sh" "$cache/downloads")
  src_id="tarball:$(basename "$tarball"):2dd6c441b49705480db1ebfcd03f43d5dcb7f1d4290e98c1fa6eeefae50cfa07"
fi

configure_args=(--with-boot-jdk="$boot_jdk" --enable-headless-only --with-debug-level="$debug_level"
  --disable-warnings-as-errors --with-native-debug-symbols=none --with-jvm-variants=server
  --with-version-pre= --with-version-build=9 --with-version-opt=lockstat --with-vendor-name=LockStat
  --with-vendor-version-string=LockStat-JDK
  --with-zlib=system --with-giflib=system --with-libpng=system --with-libjpeg=system
  --with-lcms=system --with-harfbuzz=system
  --with-extra-cflags="$(pkg-config --cflags libpcsclite)")
[ "$lockstat_feature" = 1 ] || configure_args+=(--disable-jvm-feature-lockstat)
# No sysroot: the cross compiler finds the arm64 multiarch headers and libraries by itself. The build
# JDK is not part of the key (it changes with every native build); only the native tools run on it.
[ "$target" = aarch64 ] && configure_args+=(--openjdk-target=aarch64-linux-gnu)
[ "$branch_protection" = 1 ] && configure_args+=(--enable-branch-protection)
key=$(printf '%s\n' "$layout_version" "$src_id" "$boot_version" "${configure_args[@]}" | sha256sum | cut -c1-12)
# googletest (pinned, so not part of the key) is configured into native builds: make test-gtest
# builds the gtest VM (tools/run-gtest.sh; images alone do not). Adding it to an existing build
# reconfigures it, which recompiles HotSpot once.
if [ -z "$target" ]; then
  if gtest_src=$("$here/tools/fetch-googletest.sh" "$cache/downloads"); then
    configure_args+=(--with-gtest="$gtest_src")
  else
    log "warning: googletest could not be fetched: the JDK builds without the gtest VM (make test-gtest fails)"
  fi
fi
work=$cache/jdk-$key
src=$work/src
build=$work/build
mkdir -p "$work"
log "cache entry $work"

# ---- pristine tree, tracked by git so patches can be (re)applied incrementally -----------------
git_src() { git -C "$src" -c core.quotepath=off "$@"; }
if [ ! -f "$work/pristine.ok" ]; then
  rm -rf "$src" "$src.tmp"; mkdir -p "$src.tmp"
  if [ -n "$jdk_src" ]; then
    log "copying $jdk_src"
    (cd "$jdk_src" && tar cf - --exclude=./.git --exclude=./build .) | (cd "$src.tmp" && tar xf -)
  else
    log "extracting $(basename "$tarball")"
    tar xf "$tarball" -C "$src.tmp" --strip-components=1
  fi
  mv "$src.tmp" "$src"
  git_src init -q
  git_src config user.email lockstat@localhost; git_src config user.name lockstat
  git_src config core.autocrlf false
  # Only src/ and make/ are patched; tracking just those keeps git fast.
  printf '/*\n!/src/\n!/make/\n/src/jdk.lockstat/\n/make/modules/jdk.lockstat/\n' > "$src/.git/info/exclude"
  git_src add -A src make
  git_src commit -q -m pristine
  touch "$work/pristine.ok"
fi

# ---- 3. patches and the subsystem's files ------------------------------------------------------
series=$here/hotspot-patches/series
own_src=$here/hotspot-patches/src
patches=()
while read -r line; do
  case "$line" in ''|\#*) continue ;; esac
  [ -f "$here/hotspot-patches/$line" ] || die "hotspot-patches/series names $line, which does not exist"
  patches+=("$line")
done < "$series"

# The series' invariants: hooks only. New files live under hotspot-patches/src/, each upstream file
# is changed by one concept patch, and no patch touches a file that hotspot-patches/src/ provides.
declare -A patch_of=()
for p in "${patches[@]}"; do
  grep -qE '^(new file mode|--- /dev/null)' "$here/hotspot-patches/$p" \
    && die "$p creates a file: new files belong in hotspot-patches/src/<path in the JDK>, not in a patch"
  while read -r f; do
    [ -n "${patch_of[$f]:-}" ] && die "$f is changed by both ${patch_of[$f]} and $p: each upstream file belongs to one patch"
    [ -e "$own_src/${f#src/}" ] && die "$p changes $f, which hotspot-patches/src/ provides: edit that file instead"
    patch_of[$f]=$p
  done < <(grep -E '^diff --git ' "$here/hotspot-patches/$p" | awk '{print substr($3, 3)}' | sort -u)
done

# Build the patched tree in a scratch index, one patch at a time, so a failure names its patch.
index=$work/patched.index
rm -f "$index"
GIT_INDEX_FILE=$index git_src read-tree HEAD
for p in "${patches[@]}"; do
  if ! GIT_INDEX_FILE=$index git_src apply --cached --whitespace=nowarn "$here/hotspot-patches/$p" 2>"$work/apply.err"; then
    cat "$work/apply.err" >&2
    die "patch $p does not apply to jdk-25.0.3+9 (after the patches before it in series)"
  fi
  log "applied $p"
done
# The subsystem's own files, at their paths in the JDK (hotspot-patches/src/X is src/X), and its
# gtests (hotspot-patches/test/hotspot/gtest/lockstat/X is test/hotspot/gtest/lockstat/X).
own_files=0
for root in src test; do
  [ -d "$here/hotspot-patches/$root" ] || continue
  while IFS= read -r -d '' f; do
    rel=$root/${f#"$here/hotspot-patches/$root/"}
    blob=$(git_src hash-object -w -- "$f")
    GIT_INDEX_FILE=$index git_src update-index --add --cacheinfo "100644,$blob,$rel"
    own_files=$((own_files+1))
  done < <(find "$here/hotspot-patches/$root" -type f -print0 | sort -z)
done
patched_tree=$(GIT_INDEX_FILE=$index git_src write-tree)
rm -f "$index"

# Files to look at: those the new patch set changes, plus those the previous one had changed (test/
# is not tracked: a gtest file since removed is found in the last applied tree).
last_tree=$(cat "$work/applied-tree" 2>/dev/null || echo "")
mapfile -t touched < <( { git_src diff --name-only HEAD "$patched_tree";
                          [ -z "$last_tree" ] || git_src diff --name-only "$last_tree" "$patched_tree" -- test;
                          git_src status --porcelain --untracked-files=all -- src make | cut -c4-; } | sort -u)
# A file that differs from what the last run applied was edited in the cache tree by hand: refuse
# to overwrite it, so that work not yet exported with tools/export-patch.sh is never lost.
if [ -n "$last_tree" ]; then
  edited=()
  same_as() {  # same_as TREE FILE: the working file is what TREE holds (both absent counts)
    if git_src cat-file -e "$1:$2" 2>/dev/null; then
      [ -e "$src/$2" ] && git_src cat-file blob "$1:$2" | cmp -s - "$src/$2"
    else
      [ ! -e "$src/$2" ]
    fi
  }
  for f in "${touched[@]}"; do
    [ -n "$f" ] || continue
    same_as "$last_tree" "$f" || same_as "$patched_tree" "$f" || edited+=("$f")
  done
  if [ ${#edited[@]} -gt 0 ]; then
    die "these files in $src were edited since the patches were last applied: ${edited[*]}
  an upstream file: export it into its patch (tools/export-patch.sh PATCH); a file of the subsystem:
  copy it to hotspot-patches/src/ (its path there is its path in the JDK minus src/); or reset it; then run again"
  fi
fi
changed=0
for f in "${touched[@]}"; do
  [ -n "$f" ] || continue
  if git_src cat-file -e "$patched_tree:$f" 2>/dev/null; then
    tmp=$src/.git/lockstat-blob
    git_src cat-file blob "$patched_tree:$f" > "$tmp"
    if ! cmp -s "$tmp" "$src/$f"; then
      mkdir -p "$(dirname "$src/$f")"; mv "$tmp" "$src/$f"; changed=$((changed+1))
    else
      rm -f "$tmp"
    fi
  elif [ -e "$src/$f" ]; then
    rm -f "$src/$f"; changed=$((changed+1))
  fi
done
echo "$patched_tree" > "$work/applied-tree"
log "${#patches[@]} patches in series, $own_files files from hotspot-patches/{src,test}; $changed source files rewritten"

# ---- 4. module jdk.lockstat -------------------------------------------------------------------
# The JDK build compiles a module's sources into one class directory and never deletes a class whose
# source is gone: when a source file was removed or renamed, the module is compiled afresh, so that
# no stale class (or package) stays in the image.
module_classes=$src/src/jdk.lockstat/share/classes
module_files() { [ -d "$module_classes" ] && (cd "$module_classes" && find . -type f | sort); }
before=$(module_files || true)
"$here/jdk-lockstat-module/install-into-jdk.sh" "$src" >&2
if [ -n "$before" ] && [ -n "$(comm -23 <(printf '%s\n' "$before") <(module_files))" ]; then
  log "module sources were removed or renamed: jdk.lockstat is compiled afresh"
  rm -rf "$build/jdk/modules/jdk.lockstat"
fi

# ---- 5. configure -----------------------------------------------------------------------------
# Configure runs again when its arguments change, or when the patches change its own sources
# (make/autoconf: the lockstat JVM feature).
{ printf '%s\n' "${configure_args[@]}"; git_src ls-tree -r "$patched_tree" -- make/autoconf | sha256sum; } > "$work/configure-args.new"
if [ ! -f "$build/spec.gmk" ] || ! cmp -s "$work/configure-args.new" "$work/configure-args"; then
  log "configuring (build output in $build)"
  mkdir -p "$build"
  extra_args=(); [ -z "$target" ] || extra_args=(--with-build-jdk="$build_jdk")
  (cd "$build" && bash "$src/configure" "${configure_args[@]}" "${extra_args[@]}" > "$work/configure.log" 2>&1) \
    || { tail -n 30 "$work/configure.log" >&2; die "configure failed; full log: $work/configure.log"; }
  mv "$work/configure-args.new" "$work/configure-args"
else
  rm -f "$work/configure-args.new"
fi
# tools/export-patch.sh exports from the tree of the LockStat build, not of the one without it.
if [ "$branch_protection" = 1 ]; then
  echo "$build" > "$cache/current-build-$target-pac"
elif [ -n "$target" ]; then
  echo "$build" > "$cache/current-build-$target"
elif [ "$debug_level" != release ]; then
  echo "$build" > "$cache/current-build-$debug_level"
elif [ "$lockstat_feature" = 1 ]; then
  echo "$build" > "$cache/current-build"
fi
echo "$build"
