#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, runs every test
# suite (lit + FileCheck, GoogleTest, end to end) through ctest, and ends with
# one summary line "N passed, M failed" counting individual test cases.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${SEAM_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh" || exit 1
"$root/scripts/build.sh" || { echo "build failed"; exit 1; }
# Seam's runtimes for the emulated cross-target tests (seam-compile
# --triple=..., run under qemu-user): into build/<triple>/.
for triple in aarch64-linux-gnu riscv64-linux-gnu; do
  SEAM_BUILD_DIR="$build" "$root/scripts/build-cross.sh" "$triple" ||
    { echo "cross build for $triple failed"; exit 1; }
done

# Every test compiles (the tests of the compiled-object cache turn it on
# with a folder of their own); nothing is written to ~/.cache/seam.
export SEAM_CACHE=off
log=$(mktemp "$build/test-results.XXXXXX.log")
# Two tests at a time (lit takes both slots: it runs two workers itself).
(cd "$build" && ctest --output-on-failure -V -j "${SEAM_JOBS:-2}") > "$log" 2>&1
status=$?

# lit prints "  Passed: N (..%)" (and Failed, Expectedly Failed, ...);
# GoogleTest prints "[  PASSED  ] N tests." and "[  FAILED  ] N tests, ...".
lit_sum() { grep -oE "^[0-9]+: +($1) *: +[0-9]+" "$log" | grep -oE '[0-9]+$' | awk '{s+=$1} END {print s+0}'; }
gtest_sum() { grep -oE "^[0-9]+: \\[  $1  \\] [0-9]+ test" "$log" | awk '{print $(NF-1)}' | awk '{s+=$1} END {print s+0}'; }
lit_pass=$(lit_sum "Passed")
lit_xfail=$(lit_sum "Expectedly Failed")
lit_fail=$(lit_sum "Failed|Unexpectedly Passed|Unresolved|Timed Out")
gt_pass=$(gtest_sum PASSED)
gt_fail=$(gtest_sum FAILED)
# pytest -q ends with "N passed in Ts" (or "M failed, N passed, K errors in
# Ts"); scripts/test-install.sh with "install: N passed, M failed".
py_line=$(grep -E "^[0-9]+: ([0-9]+ [a-z]+(, )?)+ in [0-9.]+s" "$log" | tail -1)
py_pass=$(echo "$py_line" | grep -oE "[0-9]+ passed" | awk '{s+=$1} END {print s+0}')
py_fail=$(echo "$py_line" | grep -oE "[0-9]+ (failed|errors?)" | awk '{s+=$1} END {print s+0}')
inst_line=$(grep -oE "^[0-9]+: install: [0-9]+ passed, [0-9]+ failed" "$log" | tail -1)
inst_pass=$(echo "$inst_line" | awk '{print $3+0}')
inst_fail=$(echo "$inst_line" | awk '{print $5+0}')

# Show what failed, with context, before the summary.
if [ $status -ne 0 ]; then
  grep -E "^[0-9]+: (FAIL|UNRESOLVED|XPASS|TIMEOUT):|\[  FAILED  \]|tests failed|\*\*\*Failed|Error" "$log" | head -60
  echo "full log: $log"
fi
passed=$((lit_pass + lit_xfail + gt_pass + py_pass + inst_pass))
failed=$((lit_fail + gt_fail + py_fail + inst_fail))
if [ $status -ne 0 ] && [ $failed -eq 0 ]; then failed=1; fi  # a suite crashed before counting
if [ $passed -eq 0 ]; then echo "no test ran"; failed=1; fi
echo "lit: $lit_pass passed, $lit_xfail expectedly failed, $lit_fail failed; gtest: $gt_pass passed, $gt_fail failed; pytest: $py_pass passed, $py_fail failed; install: $inst_pass passed, $inst_fail failed"

# A sanitizer build with its tests (AddressSanitizer + UBSan: the test set
# scripts/sanitize.sh asan describes) and a short fuzzing run of every
# libFuzzer target, on the same build. The whole-session ThreadSanitizer
# build (scripts/sanitize.sh tsan) is a third build of everything: it runs
# here with SEAM_TSAN=1 (every test run already runs the buffer cache's
# tests under TSan, unit-buffer-cache-tsan). SEAM_SKIP_SANITIZERS=1 skips
# them all, e.g. for a quick local run. Each stage that fails counts as one
# failure on top of its failed tests.
if [ "${SEAM_SKIP_SANITIZERS:-0}" != 1 ]; then
  stage() {
    local name=$1; shift
    local start=$SECONDS out
    out=$("$@" 2>&1)
    local rc=$?
    echo "$out" | tail -25
    echo "$name: $((SECONDS - start)) s"
    local counts
    counts=$(echo "$out" | grep -oE "(lit|gtest) [0-9]+ passed, [0-9]+ failed" | tail -2)
    passed=$((passed + $(echo "$counts" | awk '{s+=$2} END {print s+0}')))
    failed=$((failed + $(echo "$counts" | awk '{s+=$4} END {print s+0}')))
    if [ $rc -ne 0 ]; then failed=$((failed + 1)); fi
  }
  stage "sanitize asan" "$root/scripts/sanitize.sh" asan
  # A fixed seed and at most a number of inputs per target, each bounded by
  # 20 s (longer, random-seeded runs are scripts/fuzz.sh's job). Not the
  # same inputs on every machine: a slower one stops earlier, and coverage
  # feedback can differ (CI once found an input this seed did not reach here).
  export SEAM_FUZZ_SEED="${SEAM_FUZZ_SEED:-1}"
  export SEAM_FUZZ_RUNS_IMPORT="${SEAM_FUZZ_RUNS_IMPORT:-20000}"
  export SEAM_FUZZ_RUNS_COMPILE="${SEAM_FUZZ_RUNS_COMPILE:-5000}"
  export SEAM_FUZZ_RUNS_REGION_DESC="${SEAM_FUZZ_RUNS_REGION_DESC:-1000000}"
  # A quarter of the seed models: libFuzzer runs all seeds first, whatever
  # the time limit (all 2,089 of the import target's: 160 s).
  export SEAM_FUZZ_SEED_EVERY="${SEAM_FUZZ_SEED_EVERY:-4}"
  stage "fuzz" "$root/scripts/fuzz.sh" all "${SEAM_FUZZ_SECONDS:-20}"
  if [ "${SEAM_TSAN:-0}" = 1 ]; then
    stage "sanitize tsan" "$root/scripts/sanitize.sh" tsan
  fi
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
