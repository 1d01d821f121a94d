#!/usr/bin/env bash
# Configures one JDK (configure-build.sh: cached, incremental, with the patch series applied) and
# builds its images, then points LINK at the image: the one recipe behind make jdk,
# jdk-without-lockstat and jdk-aarch64, which differ only in configure-build.sh's options.
#   tools/build-image.sh LINK [configure-build.sh options...]
# BOOT_JDK and JOBS come from the environment (the Makefile's, which also runs the image's java -version).
set -euo pipefail
cd "$(dirname "$0")/.."
link=${1:?usage: tools/build-image.sh LINK [configure-build.sh options...]}; shift
build_dir=$(./configure-build.sh "$@" | tail -n 1)
echo "build-image: building images in $build_dir"
# The JDK's own make must not see this make's flags (-j, -C, variables).
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$build_dir" images JOBS="${JOBS:-$(nproc)}" LOG=warn
mkdir -p "$(dirname "$link")"
ln -sfn "$build_dir/images/jdk" "$link"
