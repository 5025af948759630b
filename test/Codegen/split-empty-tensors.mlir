// RUN: seam-opt %s --seam-split-empty-tensors=max-uses=2 --split-input-file | FileCheck %s
// RUN: seam-opt %s --seam-split-empty-tensors --split-input-file | FileCheck %s --check-prefix=DEFAULT
// RUN: not seam-opt %s --seam-split-empty-tensors=max-uses=0 --split-input-file 2>&1 | FileCheck %s --check-prefix=ZERO

// One tensor.empty used as the destination of five ops: the first two keep
// it, the next two share a clone, the last gets another; the clones sit
// right after the original. With the default bound (16) nothing changes.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[A:.*]] = linalg.exp ins(%{{.*}} : tensor<4xf32>) outs(%[[E0]] : tensor<4xf32>)
// CHECK-NEXT:    %[[B:.*]] = linalg.exp ins(%[[A]] : tensor<4xf32>) outs(%[[E0]] : tensor<4xf32>)
// CHECK-NEXT:    %[[C:.*]] = linalg.exp ins(%[[B]] : tensor<4xf32>) outs(%[[E1]] : tensor<4xf32>)
// CHECK-NEXT:    %[[D:.*]] = linalg.exp ins(%[[C]] : tensor<4xf32>) outs(%[[E1]] : tensor<4xf32>)
// CHECK-NEXT:    %[[F:.*]] = linalg.exp ins(%[[D]] : tensor<4xf32>) outs(%[[E2]] : tensor<4xf32>)
// CHECK-NEXT:    return %[[F]]
// DEFAULT-LABEL: func.func @chain
// DEFAULT-COUNT-1: tensor.empty
// DEFAULT-NOT:   tensor.empty
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.exp ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.exp ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c = linalg.exp ins(%b : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %d = linalg.exp ins(%c : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %f = linalg.exp ins(%d : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
// ZERO: error: seam-split-empty-tensors: max-uses must be at least 1

// -----

// Dynamic sizes are cloned with the op; uses inside a nested region are
// counted in program order and still dominated by the clone.
// CHECK-LABEL: func.func @dynamic
// DEFAULT-LABEL: func.func @dynamic
// CHECK-SAME:    (%[[X:.*]]: tensor<?xf32>, %[[N:.*]]: index, %[[P:.*]]: i1)
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK-NEXT:    linalg.exp ins(%[[X]] : tensor<?xf32>) outs(%[[E0]] : tensor<?xf32>)
// CHECK-NEXT:    linalg.exp ins(%{{.*}} : tensor<?xf32>) outs(%[[E0]] : tensor<?xf32>)
// CHECK-NEXT:    scf.if %[[P]]
// CHECK-NEXT:      linalg.exp ins(%{{.*}} : tensor<?xf32>) outs(%[[E1]] : tensor<?xf32>)
func.func @dynamic(%x: tensor<?xf32>, %n: index, %p: i1) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.exp ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %b = linalg.exp ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = scf.if %p -> tensor<?xf32> {
    %c = linalg.exp ins(%b : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %c : tensor<?xf32>
  } else {
    scf.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
