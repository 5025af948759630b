#!/usr/bin/env bash
# Builds Seam's runtimes (lib/Runtime: a CMake project of its own) for a
# target triple, for linking with seam-compile's objects:
#
#   scripts/build-cross.sh aarch64-linux-gnu | riscv64-linux-gnu | x86_64-linux-gnu
#
# Into build/<triple>/ (build/ is $SEAM_BUILD_DIR when set), then, for
# aarch64, seam-executor (scripts/build-executor.sh: bin/seam-executor, for
# seam-run --triple):
#   lib/       libseam_runtime.a, libseam_aot_runner.a, the backend runtimes
#              whose kernel library exists for the triple (libseam_dnnl_runtime.a
#              on aarch64 and x86_64) and, for a cross triple, the shared kernel
#              libraries they need at run time (aarch64: libdnnl.so.2, with the
#              libdnnl.so link to link against)
#   runtime/   the CMake build folder (Ninja, -j2, ccache when present); for
#              x86_64 when the top-level build (build/, scripts/build.sh)
#              exists, its runtime targets are built there instead: it
#              writes the same build/x86_64-linux-gnu/lib by default
#   debs/, sysroot/   (aarch64) Debian's arm64 oneDNN packages, downloaded with
#              apt-get download and unpacked with dpkg -x: libdnnl-dev:arm64
#              cannot be installed next to the amd64 one
#
# Missing Debian packages (g++-<triple>, qemu-user; for aarch64 the arm64
# architecture in dpkg) are installed with apt-get when run as root, else the
# script says what to install. Idempotent: a second run rebuilds nothing and
# prints only its summary. riscv64 has no oneDNN package: its dnnl runtime is
# skipped (CMake's status message); XNNPACK is not cross-built.
set -euo pipefail

usage() {
  echo "usage: $0 TRIPLE" >&2
  echo "  TRIPLE: aarch64-linux-gnu, riscv64-linux-gnu or x86_64-linux-gnu (native)" >&2
  exit 2
}

[ $# -eq 1 ] || usage
triple=$1
case "$triple" in
  aarch64-linux-gnu) debarch=arm64 ;;
  riscv64-linux-gnu) debarch=riscv64 ;;
  x86_64-linux-gnu) debarch=amd64 ;;
  -h | --help) usage ;;
  *)
    echo "build-cross: unsupported triple '$triple'" >&2
    usage
    ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
build_root="${SEAM_BUILD_DIR:-$root/build}"
out="$build_root/$triple"
jobs="${SEAM_JOBS:-2}"
host_arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
native=0
[ "$debarch" = "$host_arch" ] && native=1

log() { echo "build-cross: $*"; }
die() {
  echo "build-cross: error: $*" >&2
  exit 1
}

mkdir -p "$out"
# One build of a triple at a time.
exec 9>"$out/.build-lock"
flock 9

#===------------------------------------------------------------------------===#
# Packages
#===------------------------------------------------------------------------===#
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

is_root=0
[ "$(id -u)" -eq 0 ] && is_root=1
apt_updated=0
apt_update() {
  if [ $apt_updated -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
}

packages=(cmake ninja-build)
if [ $native -eq 1 ]; then
  packages+=(g++)
else
  packages+=("g++-$triple" qemu-user)
fi
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ $is_root -eq 1 ]; then
    log "installing ${missing[*]}"
    apt_update
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    die "missing packages; install them with: sudo apt-get install ${missing[*]}"
  fi
fi

sysroot=""
if [ "$triple" = aarch64-linux-gnu ]; then
  # oneDNN for arm64, unpacked into a sysroot of our own.
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    if [ $is_root -eq 1 ]; then
      log "adding the arm64 architecture to dpkg (for apt-get download)"
      dpkg --add-architecture arm64
      apt_updated=0
      apt_update
    else
      die "dpkg does not know arm64; run: sudo dpkg --add-architecture arm64 && sudo apt-get update"
    fi
  fi
  debs="$out/debs"
  sysroot="$out/sysroot"
  mkdir -p "$debs"
  want=(libdnnl-dev:arm64 libdnnl2:arm64)
  have_all=1
  for pkg in "${want[@]}"; do
    compgen -G "$debs/${pkg%%:*}_*_arm64.deb" >/dev/null || have_all=0
  done
  if [ $have_all -eq 0 ]; then
    log "downloading ${want[*]}"
    if ! (cd "$debs" && apt-get download -qq "${want[@]}" >/dev/null 2>&1); then
      # The package lists may not know arm64 yet.
      [ $is_root -eq 1 ] || die "apt-get download ${want[*]} failed; run sudo apt-get update first"
      apt_updated=0
      apt_update
      (cd "$debs" && apt-get download -qq "${want[@]}" >/dev/null) ||
        die "apt-get download ${want[*]} failed"
    fi
  fi
  # Unpacked again only when the set of packages changed.
  stamp="$sysroot/.seam-debs"
  current=$(cd "$debs" && ls -1 ./*_arm64.deb | sort)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$current" ]; then
    log "unpacking the arm64 packages into $sysroot"
    rm -rf "$sysroot"
    mkdir -p "$sysroot"
    for deb in "$debs"/*_arm64.deb; do
      dpkg -x "$deb" "$sysroot"
    done
    echo "$current" >"$stamp"
  fi
fi

#===------------------------------------------------------------------------===#
# Configure and build lib/Runtime
#===------------------------------------------------------------------------===#
bdir="$out/runtime"
libdir="$out/lib"
mkdir -p "$libdir"
top_cache="$build_root/CMakeCache.txt"
if [ $native -eq 1 ] && [ -f "$build_root/build.ninja" ] &&
  grep -qx "SEAM_RUNTIME_OUTPUT_DIR:PATH=$libdir" "$top_cache" 2>/dev/null; then
  # The top-level build (scripts/build.sh) already writes the host's runtimes
  # into $libdir: built there, so that one build owns those archives.
  exec 8>"$build_root/.build-lock"
  flock 8
  targets=(seam_runtime seam_aot_runner)
  for backend in dnnl xnnpack; do
    if ninja -C "$build_root" -t query "seam_${backend}_runtime" >/dev/null 2>&1; then
      targets+=("seam_${backend}_runtime")
    fi
  done
  if ! cmake --build "$build_root" -j "$jobs" --target "${targets[@]}" >"$out/build.log" 2>&1; then
    cat "$out/build.log" >&2
    die "building failed (log: $out/build.log)"
  fi
  grep -q "no work to do" "$out/build.log" ||
    log "built ${targets[*]} in the top-level build $build_root"
else
  config=(-G Ninja -DCMAKE_BUILD_TYPE="${SEAM_BUILD_TYPE:-Release}"
    -DSEAM_RUNTIME_OUTPUT_DIR="$libdir")
  if [ $native -eq 0 ]; then
    config+=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/$triple.cmake")
    if [ -n "$sysroot" ]; then config+=(-DSEAM_CROSS_SYSROOT="$sysroot"); fi
  fi
  if command -v ccache >/dev/null 2>&1; then
    config+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  # The configuration is remembered: a changed one (other options, another
  # checkout) configures the folder again.
  config_key="$root|${config[*]}"
  if [ ! -f "$bdir/build.ninja" ] || [ "$(cat "$bdir/.seam-config" 2>/dev/null)" != "$config_key" ]; then
    log "configuring lib/Runtime for $triple in $bdir"
    rm -rf "$bdir"
    mkdir -p "$bdir"
    if ! cmake -S "$root/lib/Runtime" -B "$bdir" "${config[@]}" >"$out/configure.log" 2>&1; then
      cat "$out/configure.log" >&2
      die "configuring failed (log: $out/configure.log)"
    fi
    grep -E "Seam runtimes:" "$out/configure.log" | sed 's/^-- /build-cross: /' || true
    echo "$config_key" >"$bdir/.seam-config"
  fi
  if ! cmake --build "$bdir" -j "$jobs" >"$out/build.log" 2>&1; then
    cat "$out/build.log" >&2
    die "building failed (log: $out/build.log)"
  fi
  grep -q "no work to do" "$out/build.log" || log "built lib/Runtime for $triple"
fi

#===------------------------------------------------------------------------===#
# The shared kernel libraries the runtimes need at run time (cross triples:
# the host's are in the loader's path already)
#===------------------------------------------------------------------------===#
copy_if_changed() { # source target
  if ! cmp -s "$1" "$2"; then
    cp -fL "$1" "$2.tmp"
    mv -f "$2.tmp" "$2"
  fi
}
if [ -n "$sysroot" ] && [ -f "$libdir/libseam_dnnl_runtime.a" ]; then
  dnnl=$(ls "$sysroot/usr/lib/$triple"/libdnnl.so.2 2>/dev/null || true)
  [ -n "$dnnl" ] || die "libdnnl.so.2 is missing from $sysroot/usr/lib/$triple"
  copy_if_changed "$dnnl" "$libdir/libdnnl.so.2"
  ln -sfn libdnnl.so.2 "$libdir/libdnnl.so"
fi

#===------------------------------------------------------------------------===#
# Summary
#===------------------------------------------------------------------------===#
echo "build-cross: $triple: $libdir"
(cd "$libdir" && for f in *; do
  [ -e "$f" ] || continue
  if [ -L "$f" ]; then
    echo "  $f -> $(readlink "$f")"
  else
    echo "  $f ($(du -k "$f" | cut -f1) KiB)"
  fi
done)

#===------------------------------------------------------------------------===#
# The executor for seam-run --triple (ORC's remote executor; its own script)
#===------------------------------------------------------------------------===#
case "$triple" in
  aarch64-linux-gnu)
    "$root/scripts/build-executor.sh" "$triple" ;;
  riscv64-linux-gnu)
    echo "build-cross: no seam-executor for riscv64 (Debian 12 has no riscv64 LLVM): its models run through seam-compile" ;;
  *) ;; # the host's executor is part of the normal build
esac
