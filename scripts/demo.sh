#!/usr/bin/env bash
# The README's demo command: installs what is missing, builds, and runs Seam on
# its bundled model (bench/models/tiny_resnet.onnx, a small ResNet-style CNN
# with random weights), showing each stage that exists today:
#   1. import:  ONNX -> seam dialect (seam-translate)
#   2. prepare: constant folding, batch_norm folded into conv (seam-opt)
# Partitioning, JIT compilation and running arrive with their issues.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${SEAM_BUILD_DIR:-$root/build}"
model="${1:-$root/bench/models/tiny_resnet.onnx}"

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" seam-opt seam-translate

out="$build/demo"
mkdir -p "$out"
name=$(basename "$model" .onnx)

echo
echo "== 1. import: seam-translate --import-onnx $(basename "$model")"
"$build/bin/seam-translate" --import-onnx "$model" --emit-weights -o "$out/$name.mlir"
echo "wrote $out/$name.mlir; ops in @main:"
grep -oE '(seam|arith)\.[a-z_]+' "$out/$name.mlir" | sort | uniq -c | sort -rn

echo
prepare="func.func(seam-fold-constants,seam-fold-batch-norm,canonicalize)"
echo "== 2. prepare: seam-opt --pass-pipeline='builtin.module($prepare)'"
"$build/bin/seam-opt" "$out/$name.mlir" --pass-pipeline="builtin.module($prepare)" \
  --mlir-elide-resource-strings-if-larger=64 -o "$out/$name.prepared.mlir"
echo "seam ops: $(grep -c ' = seam\.' "$out/$name.mlir") -> $(grep -c ' = seam\.' "$out/$name.prepared.mlir")," \
  "batch_norm: $(grep -c 'seam\.batch_norm' "$out/$name.mlir") -> $(grep -c 'seam\.batch_norm' "$out/$name.prepared.mlir")"
grep -E '^ *(%[0-9]+ = seam\.|return)' "$out/$name.prepared.mlir" | sed -E 's/ \{.*\}//; s/ : .*//'

echo
echo "demo: done (IR in $out)"
