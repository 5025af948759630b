#!/usr/bin/env bash
# Builds seam-executor (tools/seam-executor) for a target triple: the process
# that `seam-run MODEL --triple=TRIPLE` JIT-links code into and runs it in,
# under qemu-user:
#
#   scripts/build-executor.sh aarch64-linux-gnu
#
# Into build/<triple>/bin/seam-executor (build/ is $SEAM_BUILD_DIR when set),
# compiled with <triple>-g++ against Debian's LLVM for the triple's
# architecture (package libllvm22:<arch>, multiarch: its libLLVM.so.22.1 in
# /usr/lib/<triple>, LLVM's headers from the host's llvm-22-dev) and Seam's
# runtimes for the triple in build/<triple>/lib (scripts/build-cross.sh, run
# first when they are missing), linked whole and exported (-rdynamic).
#
# Its DT_RPATH (searched for every library it loads, before the system's
# folders) is build/<triple>/lib (libdnnl.so.2), then /usr/<triple>/lib: the
# C library of the cross toolchain, which matches the loader that
# `qemu-<arch> -L /usr/<triple>` runs. libllvm22:<arch> pulls Debian's
# libc6:<arch> into /lib/<triple>, a different build of the same glibc that
# the loader would otherwise find first (in its multiarch folders); with the
# loader and the C library of two builds, the first pthread_create spins
# forever under qemu.
#
# Missing packages (g++-<triple>, qemu-user, libllvm22:<arch>; the arch in
# dpkg) are installed with apt-get when run as root, else the script says what
# to install.
#
# riscv64-linux-gnu: Debian 12 has no riscv64 build of LLVM, so there is no
# seam-executor for it (the script says so and fails); riscv64 code runs
# through seam-compile. x86_64-linux-gnu (the host): the executor is part of
# the normal build (scripts/build.sh seam-executor -> build/bin).
set -euo pipefail

usage() {
  echo "usage: $0 TRIPLE" >&2
  echo "  TRIPLE: aarch64-linux-gnu (riscv64-linux-gnu: not available;" >&2
  echo "          x86_64-linux-gnu: scripts/build.sh seam-executor)" >&2
  exit 2
}
log() { echo "build-executor: $*"; }
die() {
  echo "build-executor: error: $*" >&2
  exit 1
}

[ $# -eq 1 ] || usage
triple=$1
root=$(cd "$(dirname "$0")/.." && pwd)
build_root="${SEAM_BUILD_DIR:-$root/build}"
case "$triple" in
  aarch64-linux-gnu) debarch=arm64 ;;
  riscv64-linux-gnu)
    die "no seam-executor for riscv64-linux-gnu: Debian 12 has no riscv64 build of LLVM (libllvm22:riscv64), which the executor needs for ORC's executor side; compile riscv64 models ahead of time with seam-compile --triple=riscv64-linux-gnu and run them under qemu-riscv64"
    ;;
  x86_64-linux-gnu)
    log "the host's seam-executor is part of Seam's build: scripts/build.sh seam-executor"
    exec "$root/scripts/build.sh" seam-executor
    ;;
  -h | --help) usage ;;
  *)
    echo "build-executor: unsupported triple '$triple'" >&2
    usage
    ;;
esac

out="$build_root/$triple"
mkdir -p "$out/bin"

#===------------------------------------------------------------------------===#
# Packages
#===------------------------------------------------------------------------===#
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
is_root=0
[ "$(id -u)" -eq 0 ] && is_root=1

if ! dpkg --print-foreign-architectures | grep -qx "$debarch"; then
  [ $is_root -eq 1 ] ||
    die "dpkg does not know $debarch; run: sudo dpkg --add-architecture $debarch && sudo apt-get update"
  log "adding the $debarch architecture to dpkg"
  dpkg --add-architecture "$debarch"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
fi
missing=()
for p in "g++-$triple" qemu-user "libllvm22:$debarch"; do
  installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ $is_root -eq 1 ] ||
    die "missing packages; install them with: sudo apt-get install ${missing[*]}"
  log "installing ${missing[*]}"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
      die "apt-get install ${missing[*]} failed"
  fi
fi

# The real file of the library (libLLVM.so.22.1), not a development link.
libllvm=$(dpkg -L "libllvm22:$debarch" | grep -E "/libLLVM\.so\.[0-9.]+$" | head -n1 || true)
[ -n "$libllvm" ] && [ -f "$libllvm" ] || die "libllvm22:$debarch has no libLLVM.so.<version>"
headers=/usr/lib/llvm-22/include
[ -f "$headers/llvm/ExecutionEngine/Orc/TargetProcess/SimpleRemoteEPCServer.h" ] ||
  die "LLVM 22's headers are missing ($headers): install llvm-22-dev (scripts/install-deps.sh)"

#===------------------------------------------------------------------------===#
# Seam's runtimes for the triple
#===------------------------------------------------------------------------===#
libdir="$out/lib"
if [ ! -f "$libdir/libseam_runtime.a" ]; then
  log "no Seam runtime in $libdir yet: running scripts/build-cross.sh $triple"
  "$root/scripts/build-cross.sh" "$triple"
fi
[ -f "$libdir/libseam_runtime.a" ] || die "scripts/build-cross.sh $triple made no $libdir/libseam_runtime.a"
archives=("$libdir/libseam_runtime.a")
kernel_libs=()
for archive in "$libdir"/libseam_*_runtime.a; do
  [ -f "$archive" ] || continue
  archives+=("$archive")
  backend=$(basename "$archive" .a)
  backend=${backend#libseam_}
  backend=${backend%_runtime}
  case "$backend" in
    dnnl) kernel_libs+=(-ldnnl) ;;
    *) die "no rule to link the kernel library of backend '$backend' into seam-executor" ;;
  esac
done

#===------------------------------------------------------------------------===#
# Compile and link
#===------------------------------------------------------------------------===#
exe="$out/bin/seam-executor"
cxx="$triple-g++"
# LLVM's own flags for code using its headers: no RTTI (libLLVM has none),
# its C macros.
cmd=("$cxx" -std=c++17 -O2 -fno-rtti -fno-exceptions
  -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
  -isystem "$headers"
  -o "$exe.tmp" "$root/tools/seam-executor/seam-executor.cpp"
  -rdynamic
  -Wl,--whole-archive "${archives[@]}" -Wl,--no-whole-archive
  "$libllvm" -L"$libdir" "${kernel_libs[@]}"
  -Wl,-rpath-link,"/usr/lib/$triple"
  -Wl,--disable-new-dtags -Wl,-rpath,"\$ORIGIN/../lib:/usr/$triple/lib"
  -fopenmp -Wl,--push-state,--no-as-needed -lm -Wl,--pop-state -lpthread)
if ! "${cmd[@]}" >"$out/executor-build.log" 2>&1; then
  cat "$out/executor-build.log" >&2
  die "compiling seam-executor failed (log: $out/executor-build.log)"
fi
mv "$exe.tmp" "$exe"
log "built $exe ($(basename "$libllvm"), runtimes: $(basename -a "${archives[@]}" | tr '\n' ' '))"

# It must load under qemu-user.
qemu="qemu-${triple%%-*}"
if ! "$qemu" -L "/usr/$triple" "$exe" --help >/dev/null 2>"$out/executor-check.log"; then
  cat "$out/executor-check.log" >&2
  die "$exe does not start under $qemu -L /usr/$triple"
fi
log "seam-run MODEL --triple=$triple runs it as: $qemu -L /usr/$triple $exe"
