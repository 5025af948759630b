// RUN: seam-opt %s --pass-pipeline='builtin.module(func.func(seam-fuse-elementwise))' | FileCheck %s
// RUN: seam-opt %s --pass-pipeline='builtin.module(func.func(seam-fuse-elementwise{max-fused-ops=4}))' | FileCheck %s --check-prefix=BOUND

#id = affine_map<(d0, d1) -> (d0, d1)>

// Five elementwise ops in a chain. Without a tight bound they fuse into one
// generic whose body holds the five ops in order.
// CHECK-LABEL: func @chain
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK-NEXT: arith.negf
// CHECK-NEXT: math.tanh
// CHECK-NEXT: math.absf
// CHECK-NEXT: math.sqrt
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return

// With at most 4 operations in a body (3 and the yield), the first three
// fuse, then the last two: two generics, the second reading the first.
// BOUND-LABEL: func @chain
// BOUND: %[[FIRST:.*]] = linalg.generic
// BOUND: math.exp
// BOUND-NEXT: arith.negf
// BOUND-NEXT: math.tanh
// BOUND-NEXT: linalg.yield
// BOUND: linalg.generic {{.*}} ins(%[[FIRST]] :
// BOUND: math.absf
// BOUND-NEXT: math.sqrt
// BOUND-NEXT: linalg.yield
// BOUND-NOT: linalg.generic
// BOUND: return
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%1 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.tanh %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%2 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.absf %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%3 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}

// A producer with two users is not fused (it would be computed twice).
// CHECK-LABEL: func @shared
// CHECK-COUNT-3: linalg.generic
func.func @shared(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.tanh %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// A reshape stays out of a contraction: the Flatten before a fully connected
// layer leaves its matmul a matmul (folded in, it would expand the matmul's
// iteration space into a 5-D generic and reshape the weights).
// CHECK-LABEL: func.func @flatten_then_matmul
// CHECK:       %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2, 3]] : tensor<1x4x2x2xf32> into tensor<1x16xf32>
// CHECK:       linalg.matmul {{.*}} ins(%[[FLAT]], %arg1 : tensor<1x16xf32>, tensor<8x16xf32>)
// CHECK-NOT:   tensor.expand_shape
func.func @flatten_then_matmul(%x: tensor<1x4x2x2xf32>, %w: tensor<8x16xf32>, %c: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %f = tensor.collapse_shape %x [[0], [1, 2, 3]] : tensor<1x4x2x2xf32> into tensor<1x16xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%f, %w : tensor<1x16xf32>, tensor<8x16xf32>) outs(%c : tensor<1x8xf32>) -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}

// Squeeze-and-excitation: the Sigmoid of a 1x4 scale is not fused into the
// multiply that broadcasts it over the 1x4x8 activation (it would run once
// per element of the activation, not once per channel); a cheap producer
// (the negation) still is.
// CHECK-LABEL: func.func @broadcast_scale
// CHECK:       %[[SIG:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<1x4xf32>)
// CHECK:         math.exp
// CHECK:       linalg.generic {{.*}} ins(%arg0, %[[SIG]] : tensor<1x4x8xf32>, tensor<1x4xf32>)
// CHECK-NOT:     math.exp
// CHECK:         arith.negf
// CHECK:         arith.mulf
func.func @broadcast_scale(%x: tensor<1x4x8xf32>, %s: tensor<1x4xf32>) -> tensor<1x4x8xf32> {
  %one = arith.constant 1.0 : f32
  %es = tensor.empty() : tensor<1x4xf32>
  %sig = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<1x4xf32>) outs(%es : tensor<1x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<1x4xf32>
  %e = tensor.empty() : tensor<1x4x8xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x4x8xf32>) outs(%e : tensor<1x4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<1x4x8xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%neg, %sig : tensor<1x4x8xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1x4x8xf32>
  return %m : tensor<1x4x8xf32>
}
