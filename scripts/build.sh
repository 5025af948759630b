#!/usr/bin/env bash
# Configures (once) and builds Seam in ./build with Ninja against Debian's LLVM/MLIR 22.
# Usage: scripts/build.sh [ninja targets...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${SEAM_BUILD_DIR:-$root/build}"
jobs="${SEAM_JOBS:-2}"

# One build at a time in a build folder (several people may share a machine).
mkdir -p "$build"
exec 9>"$build/.build-lock"
flock 9

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null 2>&1; then
    # ccache caches files built with a precompiled header only with this
    # sloppiness (cmake/SeamPrecompiledHeaders.cmake).
    launcher=("-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_SLOPPINESS=pch_defines,time_macros;ccache"
      -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  # clang-22 compiles Seam about twice as fast as gcc 12 (a build from
  # scratch: 1,123 s with gcc on 2 cores); SEAM_COMPILER=gcc keeps gcc.
  compiler=()
  if [ "${SEAM_COMPILER:-clang}" = clang ] && command -v clang++-22 >/dev/null 2>&1; then
    compiler=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22)
  fi
  cmake -G Ninja -S "$root" -B "$build" \
    "${compiler[@]}" \
    -DCMAKE_BUILD_TYPE="${SEAM_BUILD_TYPE:-Release}" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    "${launcher[@]}"
fi
cmake --build "$build" -j "$jobs" -- "$@"
