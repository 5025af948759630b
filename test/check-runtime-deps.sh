#!/bin/sh
# The runtimes (what generated code calls) must never depend on MLIR or LLVM,
# so that they can be cross-compiled for another triple (issue 10). Fails,
# naming file and line, when
#  - a source or header under lib/Runtime, include/seam/Runtime or
#    lib/Backends/*/runtime includes an llvm/, llvm-c/, mlir/ or mlir-c/ header;
#  - a CMakeLists.txt there calls an LLVM/MLIR CMake function (add_mlir_*,
#    add_llvm_*, llvm_*, mlir_*, add_lit_*), which the runtimes' standalone
#    project (cmake -S lib/Runtime) does not have.
# Usage: test/check-runtime-deps.sh [repository root]   (ctest: runtime-deps)
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2

dirs="lib/Runtime include/seam/Runtime"
for d in lib/Backends/*/runtime; do
  [ -d "$d" ] && dirs="$dirs $d"
done

status=0
sources=$(find $dirs -type f \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' \
  -o -name '*.cxx' -o -name '*.h' -o -name '*.hh' -o -name '*.hpp' \
  -o -name '*.inc' -o -name '*.def' \) | sort)
if [ -n "$sources" ]; then
  hits=$(grep -nE '^[[:space:]]*#[[:space:]]*(include|import)[[:space:]]*[<"](llvm|llvm-c|mlir|mlir-c)/' $sources)
  if [ -n "$hits" ]; then
    echo "$hits" | sed 's/^\([^:]*\):\([0-9]*\):\(.*\)$/\1:\2: error: the runtimes must not include LLVM\/MLIR headers: \3/'
    status=1
  fi
fi

cmakes=$(find $dirs -type f \( -name CMakeLists.txt -o -name '*.cmake' \) | sort)
if [ -n "$cmakes" ]; then
  hits=$(grep -niE '^[[:space:]]*(add_mlir_[a-z_]*|add_llvm_[a-z_]*|llvm_[a-z_]*|mlir_[a-z_]*|add_lit_[a-z_]*|configure_lit_site_cfg|tablegen|mlir_tablegen)[[:space:]]*\(' $cmakes)
  if [ -n "$hits" ]; then
    echo "$hits" | sed 's/^\([^:]*\):\([0-9]*\):\(.*\)$/\1:\2: error: the runtimes must not use LLVM\/MLIR CMake functions: \3/'
    status=1
  fi
fi

if [ "$status" -eq 0 ]; then
  echo "runtime-deps: no LLVM/MLIR include or CMake function in: $dirs"
fi
exit $status
