// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-collapse-elementwise))' | FileCheck %s

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A Sigmoid on contiguous 1x8x7x7 buffers: one loop over 392 elements.
// CHECK-LABEL: func @contiguous
// CHECK-DAG: %[[X:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1, 2, 3]] : memref<1x8x7x7xf32> into memref<392xf32>
// CHECK-DAG: %[[Y:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1, 2, 3]] : memref<1x8x7x7xf32> into memref<392xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[X]] : memref<392xf32>) outs(%[[Y]] : memref<392xf32>)
// CHECK: math.exp
func.func @contiguous(%x: memref<1x8x7x7xf32>, %y: memref<1x8x7x7xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : memref<1x8x7x7xf32>) outs(%y : memref<1x8x7x7xf32>) {
  ^bb0(%a: f32, %out: f32):
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %one, %d : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d0, d1)>

// A per-channel scale (squeeze-and-excitation's multiply) uses n and c: only
// the spatial dims collapse, to 49 per channel.
// CHECK-LABEL: func @channel_scale
// CHECK-DAG: memref.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : memref<1x8x7x7xf32> into memref<1x8x49xf32>
// CHECK-DAG: memref.collapse_shape %arg2 {{\[}}[0], [1], [2, 3]] : memref<1x8x7x7xf32> into memref<1x8x49xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins({{.*}}, %arg1 : memref<1x8x49xf32>, memref<1x8xf32>)
func.func @channel_scale(%x: memref<1x8x7x7xf32>, %s: memref<1x8xf32>, %y: memref<1x8x7x7xf32>) {
  linalg.generic {indexing_maps = [#id, #channel, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %s : memref<1x8x7x7xf32>, memref<1x8xf32>) outs(%y : memref<1x8x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// Writing into the interior of a padded 1x8x9x9 buffer, rows 9 apart, and
// reading it (the body uses %out): nothing is contiguous across rows and the
// op keeps its four loops.
// CHECK-LABEL: func @padded_interior
// CHECK-NOT: memref.collapse_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
func.func @padded_interior(%x: memref<1x8x7x7xf32>, %padded: memref<1x8x9x9xf32>) {
  %interior = memref.subview %padded[0, 0, 1, 1] [1, 8, 7, 7] [1, 1, 1, 1] : memref<1x8x9x9xf32> to memref<1x8x7x7xf32, strided<[648, 81, 9, 1], offset: 10>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : memref<1x8x7x7xf32>) outs(%interior : memref<1x8x7x7xf32, strided<[648, 81, 9, 1], offset: 10>>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %out : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Reductions and ops on tensors are left alone.
// CHECK-LABEL: func @left_alone
// CHECK-NOT: collapse_shape
func.func @left_alone(%x: memref<4x8xf32>, %y: memref<4xf32>, %t: tensor<4x8xf32>) -> tensor<4x8xf32> {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %out : f32
    linalg.yield %s : f32
  }
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xf32>) outs(%t : tensor<4x8xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A Sigmoid writing 7-wide rows into a padded buffer's interior: computed
// into a new contiguous buffer (one loop of 392), then copied into the
// interior and the buffer freed.
// CHECK-LABEL: func @short_rows_into_padded
// CHECK: %[[SUB:.*]] = memref.subview %arg1
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x8x7x7xf32>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[BUF]] {{\[}}[0, 1, 2, 3]] : memref<1x8x7x7xf32> into memref<392xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins({{.*}} : memref<392xf32>) outs(%[[FLAT]] : memref<392xf32>)
// CHECK: linalg.copy ins(%[[BUF]] : memref<1x8x7x7xf32>) outs(%[[SUB]] : memref<1x8x7x7xf32, strided<[648, 81, 9, 1], offset: 10>>)
// CHECK: memref.dealloc %[[BUF]]
func.func @short_rows_into_padded(%x: memref<1x8x7x7xf32>, %padded: memref<1x8x9x9xf32>) {
  %one = arith.constant 1.0 : f32
  %interior = memref.subview %padded[0, 0, 1, 1] [1, 8, 7, 7] [1, 1, 1, 1] : memref<1x8x9x9xf32> to memref<1x8x7x7xf32, strided<[648, 81, 9, 1], offset: 10>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : memref<1x8x7x7xf32>) outs(%interior : memref<1x8x7x7xf32, strided<[648, 81, 9, 1], offset: 10>>) {
  ^bb0(%a: f32, %out: f32):
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %one, %d : f32
    linalg.yield %s : f32
  }
  return
}
