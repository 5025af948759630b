#!/usr/bin/env bash
# The README's demo command: installs what is missing, builds, and runs Seam on
# its bundled model (bench/models/tiny_resnet.onnx, a small ResNet-style CNN
# with random weights):
#   1. import:  ONNX -> seam dialect (seam-translate)
#   2. prepare: constant folding, batch_norm folded into conv (seam-opt)
#   3. run:     partition, compile with the JIT, run and time (seam-run
#               --report --bench 50), with the oneDNN backend when this build
#               has it (else --backends=none: everything compiled)
# Usage: scripts/demo.sh [model.onnx]   (SEAM_THREADS=N: threads, default 1)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${SEAM_BUILD_DIR:-$root/build}"
model="${1:-$root/bench/models/tiny_resnet.onnx}"
threads="${SEAM_THREADS:-1}"

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" seam-opt seam-translate seam-run

out="$build/demo"
mkdir -p "$out"
name=$(basename "$model" .onnx)

echo
echo "== 1. import: seam-translate --import-onnx $(basename "$model")"
"$build/bin/seam-translate" --import-onnx "$model" -o "$out/$name.mlir"
echo "wrote $out/$name.mlir; ops in @main:"
grep -oE '= (seam|arith)\.[a-z_]+' "$out/$name.mlir" | cut -c3- | sort | uniq -c | sort -rn |
  awk '{ item = $1 " " $2; if (length(line) + length(item) > 76) { print line ","; line = "" }
         line = line (line == "" ? "  " : ", ") item }
       END { print line }'

echo
prepare="func.func(seam-fold-constants,seam-fold-batch-norm,canonicalize)"
echo "== 2. prepare: seam-opt --pass-pipeline='builtin.module($prepare)'"
"$build/bin/seam-opt" "$out/$name.mlir" --pass-pipeline="builtin.module($prepare)" \
  --mlir-elide-resource-strings-if-larger=64 -o "$out/$name.prepared.mlir"
echo "seam ops: $(grep -c ' = seam\.' "$out/$name.mlir") -> $(grep -c ' = seam\.' "$out/$name.prepared.mlir")," \
  "batch_norm: $(grep -c 'seam\.batch_norm' "$out/$name.mlir") -> $(grep -c 'seam\.batch_norm' "$out/$name.prepared.mlir")"
grep -E '^ *(%[0-9]+ = seam\.|return)' "$out/$name.prepared.mlir" | sed -E 's/ \{.*\}//; s/ : .*//'

# The oneDNN backend when this build has it (seam-run --list-backends);
# otherwise the whole model is compiled (the test-only backends are not for
# users).
if "$build/bin/seam-run" --list-backends | grep -x dnnl > /dev/null; then
  backends=dnnl
  note="oneDNN takes what its pattern table matches, the compiler the rest"
else
  backends=none
  note="this build has no dnnl backend: every op is compiled"
fi

echo
run=(seam-run "$name.onnx" --backends=$backends --report --bench 50 --threads "$threads")
echo "== 3. partition, JIT-compile, run and time: ${run[*]}"
echo "($note)"
status=0
"$build/bin/seam-run" "$model" --backends=$backends --report --bench 50 --threads "$threads" \
  > "$out/run.log" 2> "$out/run.err" || status=$?
if [ $status -ne 0 ]; then
  cat "$out/run.err" "$out/run.log"
  echo "demo: seam-run failed (status $status)"
  exit $status
fi
# The table in full; of a long list of ops left to the compiler, the first few.
awk -v full="$out/run.log" '
  /^Ops left to the compiler:/ { listing = 1; shown = 0; print; next }
  listing && /^  / { if (++shown <= 5) print; else hidden++; next }
  { if (hidden) { printf "  ... %d more (all in %s)\n", hidden, full; hidden = 0 }
    listing = 0 }
  /^(Seam partition report|  )/ || /^(compile_ms:|output |throughput:|latency_ms:)/ { print }
' "$out/run.log"

if [ "$backends" != none ]; then
  echo
  echo "== 4. the same model with --backends=none, compared with the $backends build"
  mkdir -p "$out/outputs-$backends"
  "$build/bin/seam-run" "$model" --backends=$backends --threads "$threads" \
    --save-outputs "$out/outputs-$backends" > /dev/null 2>> "$out/run.err"
  expects=()
  for f in "$out/outputs-$backends"/*.npy; do
    expects+=(--expect "$(basename "$f" .npy)=$f")
  done
  "$build/bin/seam-run" "$model" --backends=none --threads "$threads" "${expects[@]}" \
    2>> "$out/run.err" | grep '^compare:'
fi

echo
echo "demo: done (IR in $out)"
