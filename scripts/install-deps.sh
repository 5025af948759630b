#!/usr/bin/env bash
# Installs every Debian package Seam builds, tests and benchmarks with. Idempotent: packages
# already present are skipped, and apt-get runs only when something is missing.
set -euo pipefail

PACKAGES=(
  # toolchain
  cmake ninja-build g++ ccache
  # LLVM / MLIR 22 (libMLIR.so, libLLVM.so, mlir-tblgen, FileCheck, lit, not)
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # ONNX import
  libonnx-dev libprotobuf-dev protobuf-compiler libonnx-testdata
  # kernel libraries
  libdnnl-dev libopenblas-dev libxnnpack-dev libpthreadpool-dev
  # tests and benchmarks; the Python package seam (pybind11, Python's headers)
  # and its tests (pytest)
  libgtest-dev libbenchmark-dev pybind11-dev python3-dev python3-pytest
  # test-data generation (Debian's /usr/bin/python3)
  python3-onnx python3-numpy
  # sanitizer builds and libFuzzer (scripts/sanitize.sh, scripts/fuzz.sh):
  # clang's runtimes and its OpenMP for the AddressSanitizer + fuzzing build
  clang-22 libclang-rt-22-dev libomp-22-dev
  # cross targets (seam-compile --triple, scripts/build-cross.sh): the
  # cross compilers that link runners and build the runtimes, and qemu-user,
  # which runs them in the tests (arm64's oneDNN: scripts/build-cross.sh)
  g++-aarch64-linux-gnu g++-riscv64-linux-gnu qemu-user
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
