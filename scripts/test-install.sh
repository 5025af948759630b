#!/usr/bin/env bash
# Checks that a built Seam installs and is usable from another CMake project:
#
#   scripts/test-install.sh [BUILD_DIR]     (default: build/; ctest's `install`)
#
# 1. `cmake --install BUILD_DIR --prefix P` into a temporary prefix; the tree
#    holds only what cmake/SeamInstall.cmake says (no static library, test or
#    benchmark), the public headers include nothing of LLVM/MLIR, every
#    installed program and library finds its libraries from P;
# 2. libseam.so hides LLVM/MLIR but keeps no second copy of a singleton that
#    libMLIR.so/libLLVM.so export (cmake/libseam.map);
# 3. examples/cpp is configured with only -DCMAKE_PREFIX_PATH=P, built, and
#    run on two convolutions of ONNX's backend test data (libonnx-testdata)
#    with --backends=none and each kernel library the installed seam-run
#    lists (dnnl, xnnpack), comparing with ONNX's reference outputs; with a
#    library, its region must show in the partition report;
# 4. the installed seam-run: --version, --list-backends, a model checked
#    against its reference;
# 5. if P has the Python package (lib/python3/dist-packages/seam): `import
#    seam`, and examples/python/run_model.py on a model when that file exists.
#
# Prints one line per check and ends with "install: N passed, M failed";
# exits non-zero if a check failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-${SEAM_BUILD_DIR:-$root/build}}" 2>/dev/null && pwd) ||
  { echo "FAIL: no build folder ${1:-${SEAM_BUILD_DIR:-$root/build}}"; echo "install: 0 passed, 1 failed"; exit 1; }
testdata=/usr/share/libonnx-testdata/data
models=(pytorch-converted/test_Conv2d pytorch-converted/test_Conv2d_depthwise_padded)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/seam-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
# The compiled-object cache of these runs stays in the temporary folder.
export SEAM_CACHE_DIR="$tmp/cache"

passed=0
failed=0
start=$SECONDS
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() {
  echo "FAIL: $1"
  [ -n "${2:-}" ] && echo "$2" | tail -20 | sed 's/^/    /'
  failed=$((failed + 1))
}
summary() {
  echo "install: $passed passed, $failed failed ($((SECONDS - start)) s)"
  [ "$failed" -eq 0 ]
  exit
}

#===------------------------------------------------------------------------===#
# 1. The install tree
#===------------------------------------------------------------------------===#
if [ ! -e "$build/lib/libseam.so" ]; then
  fail "no $build/lib/libseam.so (SEAM_BUILD_SHARED_LIBRARY off, or not built)"
  summary
fi
if out=$(cmake --install "$build" --prefix "$prefix" 2>&1); then
  pass "cmake --install $build --prefix <tmp>"
else
  fail "cmake --install" "$out"
  summary
fi

# Every installed file must be one of these (a new install rule adds its
# files here).
unexpected=$(cd "$prefix" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort |
  grep -vE '^bin/seam-(opt|translate|run)$' |
  grep -vE '^include/seam/(Session|Error|TensorIO|Version)\.h$' |
  grep -vE '^lib/libseam\.so(\.[0-9]+)*$' |
  grep -vE '^lib/cmake/Seam/Seam(Config|ConfigVersion|Targets|Targets-[a-z]+)\.cmake$' |
  grep -vE '^lib/python3/dist-packages/seam/')
missing=""
for f in bin/seam-opt bin/seam-translate bin/seam-run include/seam/Session.h \
  include/seam/Error.h include/seam/TensorIO.h include/seam/Version.h lib/libseam.so \
  lib/cmake/Seam/SeamConfig.cmake lib/cmake/Seam/SeamConfigVersion.cmake \
  lib/cmake/Seam/SeamTargets.cmake; do
  [ -e "$prefix/$f" ] || missing="$missing $f"
done
if [ -z "$unexpected" ] && [ -z "$missing" ]; then
  pass "install tree: bin/seam-{opt,translate,run}, include/seam, lib/libseam.so, lib/cmake/Seam"
else
  fail "install tree" "missing:${missing:- none}
unexpected: ${unexpected:-none}"
fi

# The public headers need nothing but each other and the C++ library.
bad=$(grep -HnE '#include *[<"](llvm|mlir)/' "$prefix"/include/seam/*.h)
for include in $(grep -hoE '#include *"seam/[^"]+"' "$prefix"/include/seam/*.h | grep -oE 'seam/[^"]+'); do
  [ -e "$prefix/include/$include" ] || bad="$bad
includes $include, which is not installed"
done
if [ -z "$bad" ]; then
  pass "public headers: self-contained, no LLVM/MLIR header"
else
  fail "public headers" "$bad"
fi

# Every installed program and library finds its libraries from the prefix.
notfound=""
for f in "$prefix"/bin/seam-* "$prefix"/lib/libseam.so \
  $(find "$prefix/lib/python3" -name '*.so' 2>/dev/null); do
  if grep -q "not found" <<< "$(ldd "$f" 2>&1)"; then
    notfound="$notfound
$f: $(ldd "$f" 2>&1 | grep 'not found' | tr '\n' ' ')"
  fi
done
if [ -z "$notfound" ]; then
  pass "RUNPATH: every installed program and library finds its libraries"
else
  fail "RUNPATH" "$notfound"
fi

#===------------------------------------------------------------------------===#
# 2. libseam.so's symbols
#===------------------------------------------------------------------------===#
# A data symbol of libMLIR.so/libLLVM.so that libseam.so has as a local copy
# (a function-local static of an inline function: a TypeID, an effect) would
# be a second instance of a singleton. Type info, vtables, unique_function
# callback tables, constant tables and empty tag objects (clang keeps a copy
# of std::piecewise_construct) may be duplicated.
lib=$(readlink -f "$prefix/lib/libseam.so")
mlir_lib=$(ldd "$lib" | awk '/libMLIR\.so/ {print $3}')
llvm_lib=$(ldd "$lib" | awk '/libLLVM\.so/ {print $3}')
if [ -z "$mlir_lib" ] || [ -z "$llvm_lib" ]; then
  fail "libseam.so: libMLIR.so/libLLVM.so not found by ldd"
else
  nm -D --defined-only "$lib" | awk '{print $3}' | sort -u >"$tmp/exported"
  nm --defined-only "$lib" | awk '$2 ~ /^[bBdDrRsSuVvWw]$/ {print $3}' | sort -u |
    comm -23 - "$tmp/exported" >"$tmp/local-data"
  nm -D --defined-only "$mlir_lib" "$llvm_lib" | awk 'NF == 3 {print $3}' | sort -u >"$tmp/llvm-exported"
  split=$(comm -12 "$tmp/local-data" "$tmp/llvm-exported" | c++filt |
    grep -vE '^(typeinfo|typeinfo name|vtable) for |CallbacksHolder<.*>::Callbacks$|::(LUT|__digits|__tag)$|^std::piecewise_construct$')
  leaked=$(nm -D --defined-only -C "$lib" | cut -d' ' -f3- |
    grep -E '^(llvm|mlir)::' | grep -vE '^mlir::(detail::TypeIDResolver|SideEffects::)')
  if [ -z "$split" ] && [ -z "$leaked" ]; then
    pass "libseam.so exports seam::, seam_*, pthreadpool_* and MLIR's singletons only"
  else
    fail "libseam.so symbols (cmake/libseam.map)" "local copies of libMLIR/libLLVM singletons:
${split:-none}
exported LLVM/MLIR symbols:
${leaked:-none}"
  fi
fi

#===------------------------------------------------------------------------===#
# 3. examples/cpp against the installed package
#===------------------------------------------------------------------------===#
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
example="$tmp/example"
if out=$(env -u CMAKE_PREFIX_PATH cmake -S "$root/examples/cpp" -B "$example" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" 2>&1 &&
  cmake --build "$example" 2>&1); then
  pass "examples/cpp: find_package(Seam 0.4) and build against the prefix"
else
  fail "examples/cpp: configure and build" "$out"
  summary
fi

backends=$("$prefix/bin/seam-run" --list-backends 2>/dev/null)
libraries=(none)
for b in dnnl xnnpack; do
  if grep -qx "$b" <<< "$backends"; then
    libraries+=("$b")
  else
    echo "note: the build has no $b backend; not tested"
  fi
done
for model in "${models[@]}"; do
  dir="$testdata/$model"
  if [ ! -f "$dir/model.onnx" ]; then
    fail "$model: not found in $testdata (libonnx-testdata)"
    continue
  fi
  for b in "${libraries[@]}"; do
    out=$("$example/seam-example" "$dir/model.onnx" --backends="$b" --report \
      "$dir"/test_data_set_0/input_*.pb --expect "$dir"/test_data_set_0/output_*.pb 2>&1)
    rc=$?
    result=$(echo "$out" | grep -oE 'max_abs_error=[^ ]+ (PASS|FAIL)' | tr '\n' ' ')
    if [ $rc -ne 0 ]; then
      fail "seam-example $model --backends=$b: exit $rc $result" "$out"
    elif [ "$b" != none ] && ! grep -qE "^  $b +[1-9]" <<< "$out"; then
      fail "seam-example $model --backends=$b: no $b region in the report" "$out"
    else
      pass "seam-example $model --backends=$b: $result"
    fi
  done
done

#===------------------------------------------------------------------------===#
# 4. The installed seam-run
#===------------------------------------------------------------------------===#
if out=$("$prefix/bin/seam-run" --version 2>&1) && [ -n "$out" ]; then
  pass "seam-run --version: $(echo "$out" | head -1)"
else
  fail "seam-run --version" "$out"
fi
if [ -n "$backends" ]; then
  pass "seam-run --list-backends: $(echo "$backends" | tr '\n' ' ')"
else
  fail "seam-run --list-backends: no output"
fi
dir="$testdata/${models[0]}"
b=${libraries[${#libraries[@]} - 1]}
if out=$("$prefix/bin/seam-run" "$dir/model.onnx" --backends="$b" \
    --input="$dir/test_data_set_0/input_0.pb" --expect="$dir/test_data_set_0/output_0.pb" 2>&1); then
  pass "seam-run ${models[0]} --backends=$b: $(echo "$out" | grep -oE 'compare: [A-Z]+ max_abs=[^ ]+')"
else
  fail "seam-run ${models[0]} --backends=$b" "$out"
fi

#===------------------------------------------------------------------------===#
# 5. The Python package, when installed
#===------------------------------------------------------------------------===#
pydir="$prefix/lib/python3/dist-packages"
if [ -d "$pydir/seam" ]; then
  if out=$(cd "$tmp" && PYTHONPATH="$pydir" /usr/bin/python3 -c \
      'import seam, sys; sys.exit(0 if seam.__file__.startswith(sys.argv[1]) else 1)' "$pydir" 2>&1); then
    pass "python: import seam from the prefix"
  else
    fail "python: import seam from the prefix" "$out"
  fi
  script="$root/examples/python/run_model.py"
  if [ -f "$script" ]; then
    if out=$(cd "$tmp" && PYTHONPATH="$pydir" /usr/bin/python3 "$script" "$dir/model.onnx" \
        --backends "$b" --runs 3 2>&1); then
      pass "python: examples/python/run_model.py ${models[0]} --backends $b"
    else
      fail "python: examples/python/run_model.py ${models[0]} --backends $b" "$out"
    fi
  fi
else
  echo "note: no Python package in the prefix; not tested"
fi

summary
