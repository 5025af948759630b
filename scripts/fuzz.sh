#!/usr/bin/env bash
# Runs Seam's libFuzzer targets (test/fuzz) from the AddressSanitizer +
# UBSan build of scripts/sanitize.sh (build-asan/, built here if needed).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#     TARGET: import | compile | region-desc | all (SECONDS each)
#
# SEAM_FUZZ_SEED=N fixes libFuzzer's seed (the test command uses 1, so that
# its short run replays the same inputs on every machine; unset: random), and
# SEAM_FUZZ_DIR (default build-asan/fuzz) is where corpora and findings go.
#
# Corpora live in build-asan/fuzz/corpus-TARGET and grow from run to run;
# they are seeded with ONNX's backend test models (libonnx-testdata) and the
# project's own test models. A crash, leak, timeout or out-of-memory input is
# written to build-asan/fuzz/artifacts-TARGET/ and the script exits non-zero
# with the command that replays it; commit it under test/fuzz/regressions/TARGET/
# (ctest replays every file there) with the fix.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${SEAM_ASAN_BUILD_DIR:-$root/build-asan}"
target="${1:-}"
seconds="${2:-}"
shift 2 2>/dev/null || true
case "$target" in import | compile | region-desc | all) ;; *)
  echo "usage: scripts/fuzz.sh import|compile|region-desc|all SECONDS [libFuzzer options]" >&2
  exit 2 ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a number" >&2; exit 2; }

SEAM_ASAN_BUILD_DIR="$build" "$root/scripts/sanitize.sh" asan --build-only >/dev/null ||
  { echo "fuzz.sh: the build-asan build failed (scripts/sanitize.sh asan --build-only)"; exit 1; }

export ASAN_OPTIONS="detect_leaks=1:detect_container_overflow=0:suppressions=$root/test/sanitizers/asan.supp"
export LSAN_OPTIONS="suppressions=$root/test/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$root/test/sanitizers/ubsan.supp"

testdata=/usr/share/libonnx-testdata/data
# SEAM_FUZZ_SEED_EVERY=N seeds a new corpus with every N-th model only:
# libFuzzer runs every seed before its time limit counts, and the import
# target's 2,089 seeds take 160 s under ASan (scripts/test.sh's short run
# uses 4).
thin="${SEAM_FUZZ_SEED_EVERY:-1}"
[[ "$thin" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: SEAM_FUZZ_SEED_EVERY must be a positive number" >&2; exit 2; }

# seed DIR MAXBYTES EVERY: the ONNX test models and the project's .onnx files
# of at most MAXBYTES bytes, every EVERY-th one (the compile target is slow).
seed() {
  local dir=$1 max=$2 every=$3 i=0
  mkdir -p "$dir"
  { find "$testdata" -name model.onnx -size -"${max}"c 2>/dev/null | sort
    find "$root/test" -name '*.onnx' -size -"${max}"c | sort; } |
    while read -r f; do
      if [ $((i % every)) -eq 0 ]; then
        cp "$f" "$dir/seed-$(printf '%05d' "$i").onnx"
      fi
      i=$((i + 1))
    done
}

run() {
  local name=$1 bin="$build/test/fuzz/seam-fuzz-$1"
  shift
  local work="${SEAM_FUZZ_DIR:-$build/fuzz}"
  local corpus="$work/corpus-$name" artifacts="$work/artifacts-$name"
  local seed=()
  [ -n "${SEAM_FUZZ_SEED:-}" ] && seed=(-seed="$SEAM_FUZZ_SEED")
  # SEAM_FUZZ_RUNS_<TARGET> (e.g. SEAM_FUZZ_RUNS_IMPORT): a number of inputs
  # instead of a time, so that a seeded run is the same on any machine.
  local runs_var="SEAM_FUZZ_RUNS_$(echo "$name" | tr 'a-z-' 'A-Z_')"
  [ -n "${!runs_var:-}" ] && seed+=(-runs="${!runs_var}")
  [ -x "$bin" ] || { echo "fuzz.sh: $bin was not built"; return 1; }
  mkdir -p "$artifacts"
  if [ ! -d "$corpus" ]; then
    case "$name" in
    import) seed "$corpus" 65536 "$((1 * thin))" ;;
    compile) seed "$corpus" 16384 "$((6 * thin))" ;;
    region-desc) mkdir -p "$corpus" ;;
    esac
  fi
  local log="$work/$name.log"
  echo "fuzz $name: ${seconds}s, corpus $(ls "$corpus" | wc -l) files"
  "$bin" "$corpus" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 \
    -max_len=131072 -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "${seed[@]}" "$@" \
    >"$log" 2>&1
  local status=$?
  grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$log" |
    sed "s/^/  /"
  if [ $status -ne 0 ]; then
    grep -E "ERROR: |runtime error:|seam fuzz:|==ERROR|Test unit written" "$log" | head -10
    echo "fuzz $name: FAILED (log $log); replay: $bin $artifacts/<file>"
    return 1
  fi
  echo "fuzz $name: no finding"
}

status=0
if [ "$target" = all ]; then
  for t in import compile region-desc; do run "$t" "$@" || status=1; done
else
  run "$target" "$@" || status=1
fi
exit $status
