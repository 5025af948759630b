#!/usr/bin/env bash
# Sanitizer builds of Seam, and their tests.
#
#   scripts/sanitize.sh asan [--build-only]
#       build-asan/: clang-22, AddressSanitizer + UndefinedBehaviorSanitizer
#       (-O1) with libFuzzer coverage, so the fuzz targets of
#       scripts/fuzz.sh come from the same build. Runs, two at a time, every
#       GoogleTest suite but the import of all of ONNX's test data, ONNX's
#       backend tests with --backends=none on every 12th model, and the lit
#       tests of hostile inputs, passes and errors (about a fifth of the
#       time of everything: each test runs 2.5 times slower under ASan).
#       SEAM_ASAN_ALL=1 runs every suite in full (about 35 minutes on 2
#       cores).
#   scripts/sanitize.sh tsan [--build-only]
#       build-tsan/: clang-22, ThreadSanitizer; builds and runs the
#       concurrency tests only, with one OpenMP thread per session (the
#       OpenMP runtimes are not instrumented: their barriers are invisible to
#       TSan), so every concurrent access comes from the tests' threads.
#
# Prints "<kind>: lit N passed, M failed; gtest N passed, M failed" last and
# exits non-zero if a test failed or a sanitizer reported anything.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind="${1:-}"
build_only=0
[ "${2:-}" = "--build-only" ] && build_only=1
jobs="${SEAM_JOBS:-2}"

debug=-g0
[ "${SEAM_SANITIZE_LINES:-0}" = 1 ] && debug=-g1
common=(
  -G Ninja -S "$root"
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
  -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm
  -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
  -DSEAM_BUILD_BENCH=OFF
  # -O1; reports name functions from the symbol table, and with
  # SEAM_SANITIZE_LINES=1 also files and lines (-g1: a fifth more compile
  # time, which CI does without). NDEBUG as Debian's LLVM is built: without
  # it, LLVM's headers switch to their statistics-tracking classes, which the
  # release libLLVM does not initialize.
  -DCMAKE_BUILD_TYPE=Release
  "-DCMAKE_CXX_FLAGS_RELEASE=-O1 $debug -DNDEBUG"
  "-DCMAKE_C_FLAGS_RELEASE=-O1 $debug -DNDEBUG"
)
if command -v ccache >/dev/null 2>&1; then
  # ccache caches files built with a precompiled header only with this
  # sloppiness (cmake/SeamPrecompiledHeaders.cmake).
  common+=("-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_SLOPPINESS=pch_defines,time_macros;ccache"
    -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi

case "$kind" in
asan)
  build="${SEAM_ASAN_BUILD_DIR:-$root/build-asan}"
  config=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
    -DSEAM_SANITIZE=address,undefined -DSEAM_FUZZERS=ON)
  targets=()
  # Leaks are checked (LSan) with suppressions for LLVM's process-lifetime
  # allocations; container-overflow needs every library instrumented.
  export ASAN_OPTIONS="detect_leaks=1:detect_container_overflow=0:abort_on_error=0:halt_on_error=1:suppressions=$root/test/sanitizers/asan.supp"
  export LSAN_OPTIONS="suppressions=$root/test/sanitizers/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$root/test/sanitizers/ubsan.supp"
  # ONNX's backend tests run here with --backends=none only (every import,
  # lowering and JIT path), the kernel-library runs of the same models in
  # the release stage.
  export SEAM_CONFORMANCE_BACKENDS=none
  ctest_args=()
  if [ "${SEAM_ASAN_ALL:-0}" != 1 ]; then
    # Neighbours in the sorted list are mostly variants of one op: every 12th
    # model still reaches many ops (about 1 s per model under ASan).
    export SEAM_CONFORMANCE_EVERY="${SEAM_CONFORMANCE_EVERY:-12}"
    # lit: the hostile inputs, every pass, and the importer's and tools'
    # errors. The end-to-end numerics (hundreds of seam-run processes on
    # small models: the code paths of the GoogleTest suites' sessions), the
    # importer op by op (the import fuzzer's ground) and the backends'
    # pattern tests run in the release stage.
    export LIT_FILTER='^Seam :: (hostile/|Conversion/|Transforms/|Dialect/|Codegen/|Import/err|tools/.*err)'
    ctest_args=(-E '^onnx-testdata-import$')
    # Sessions of the tf2onnx-style models with two shapes each, on every
    # backend (160 s under ASan), and the compiled-object cache's tests
    # (60 s): they run in the release stage.
    export GTEST_FILTER='-Tf2OnnxStyle.*:CompileCacheTest.*'

  fi
  ;;
tsan)
  build="${SEAM_TSAN_BUILD_DIR:-$root/build-tsan}"
  config=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
    -DSEAM_SANITIZE=thread)
  targets=(seam-session-concurrency-tests seam-buffer-cache-unittests)
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$root/test/sanitizers/tsan.supp"
  export OMP_NUM_THREADS=1
  ctest_args=(-R '^(session-concurrency|unit-buffer-cache)$')
  ;;
*)
  echo "usage: scripts/sanitize.sh asan|tsan [--build-only]" >&2
  exit 2
  ;;
esac

mkdir -p "$build"
(
  # One build at a time in a build folder; the tests run without the lock.
  flock 9
  if [ ! -f "$build/build.ninja" ]; then
    cmake "${common[@]}" -B "$build" "${config[@]}" >"$build/configure.log" 2>&1 ||
      { cat "$build/configure.log"; exit 1; }
  fi
  cmake --build "$build" -j "$jobs" -- "${targets[@]}"
) 9>"$build/.build-lock" || { echo "$kind: build failed"; exit 1; }
[ $build_only -eq 1 ] && exit 0

log=$(mktemp "$build/test-results.XXXXXX.log")
# Every test compiles (the tests of the compiled-object cache turn it on
# with a folder of their own); nothing is written to ~/.cache/seam.
export SEAM_CACHE=off
(cd "$build" && ctest --output-on-failure -V -j "$jobs" "${ctest_args[@]}") >"$log" 2>&1
status=$?
lit_sum() { grep -oE "^[0-9]+: +($1) *: +[0-9]+" "$log" | grep -oE '[0-9]+$' | awk '{s+=$1} END {print s+0}'; }
gtest_sum() { grep -oE "^[0-9]+: \\[  $1  \\] [0-9]+ test" "$log" | awk '{print $(NF-1)}' | awk '{s+=$1} END {print s+0}'; }
lit_pass=$(($(lit_sum "Passed") + $(lit_sum "Expectedly Failed")))
lit_fail=$(lit_sum "Failed|Unexpectedly Passed|Unresolved|Timed Out")
gt_pass=$(gtest_sum PASSED)
gt_fail=$(gtest_sum FAILED)
reports=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer|runtime error:" "$log")
if [ $status -ne 0 ] || [ "$reports" -ne 0 ]; then
  grep -E "^[0-9]+: (FAIL|UNRESOLVED|XPASS|TIMEOUT):|\[  FAILED  \]|tests failed|ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|runtime error:" "$log" | head -40
  echo "full log: $log"
fi
echo "$kind: lit $lit_pass passed, $lit_fail failed; gtest $gt_pass passed, $gt_fail failed; sanitizer reports: $reports"
[ $status -eq 0 ] && [ "$reports" -eq 0 ] && [ $((lit_fail + gt_fail)) -eq 0 ]
