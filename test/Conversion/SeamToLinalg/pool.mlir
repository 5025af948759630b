// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// Padded positions never win: the input is padded with -inf and the
// accumulator starts at -inf.
// CHECK-LABEL: func @max_pool_pads
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x8x8xf32>)
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEGINF]] : f32
// CHECK: } : tensor<1x2x8x8xf32> to tensor<1x2x10x10xf32>
// CHECK: %[[NEGINF2:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEGINF2]] : f32) outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK: %[[WIN:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK: %[[R:.*]] = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %[[WIN]] : tensor<1x2x10x10xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x2x4x4xf32>)
// CHECK: return %[[R]]
func.func @max_pool_pads(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %y = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @global_avg_pool
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x2xf32>)
// CHECK: %[[SUM:.*]] = linalg.reduce ins(%[[X]] : tensor<1x2x4x4xf32>) outs(%[[INIT]] : tensor<1x2xf32>) dimensions = [2, 3]
// CHECK: arith.addf
// CHECK: %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[SUM]] : tensor<1x2xf32>)
// CHECK: %[[N:.*]] = arith.constant 1.600000e+01 : f32
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
// CHECK: %[[R:.*]] = tensor.expand_shape %[[MEAN]] {{\[\[}}0], [1, 2, 3]] output_shape [1, 2, 1, 1] : tensor<1x2xf32> into tensor<1x2x1x1xf32>
// CHECK: return %[[R]]
func.func @global_avg_pool(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32> {
  %y = seam.global_avg_pool %x : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

// -----

// ceil_mode: 3 windows of 3 with stride 2 need 7 rows and columns; the end
// padding that makes the last one fit is -inf too.
// CHECK-LABEL: func @max_pool_ceil
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[NEGINF]] : f32
// CHECK: } : tensor<1x2x6x6xf32> to tensor<1x2x7x7xf32>
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[P]], %{{.*}} : tensor<1x2x7x7xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x2x3x3xf32>)
func.func @max_pool_ceil(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.max_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// CHECK-LABEL: func @max_pool_1d_dilated
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 2] high[0, 0, 2]
// CHECK: } : tensor<1x2x9xf32> to tensor<1x2x13xf32>
// CHECK: %[[WIN:.*]] = tensor.empty() : tensor<3xf32>
// CHECK: linalg.pooling_ncw_max {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%[[P]], %[[WIN]] : tensor<1x2x13xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<1x2x9xf32>)
func.func @max_pool_1d_dilated(%x: tensor<1x2x9xf32>) -> tensor<1x2x9xf32> {
  %y = seam.max_pool %x {kernel_shape = array<i64: 3>, dilations = array<i64: 2>, pads = array<i64: 2, 2>} : (tensor<1x2x9xf32>) -> tensor<1x2x9xf32>
  return %y : tensor<1x2x9xf32>
}

// -----

// No NCDHW pooling op exists: a generic with the named ops' window maps.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func @max_pool_3d
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4x4xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x2x2x2x2xf32>)
// CHECK: %[[W:.*]] = tensor.empty() : tensor<2x2x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[X]], %[[W]] : tensor<1x2x4x4x4xf32>, tensor<2x2x2xf32>) outs(%[[INIT]] : tensor<1x2x2x2x2xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK: arith.maximumf %[[ACC]], %[[A]] : f32
func.func @max_pool_3d(%x: tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32> {
  %y = seam.max_pool %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32>
  return %y : tensor<1x2x2x2x2xf32>
}

// -----

// Without padding every window counts 2 x 2 elements.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func @avg_pool_plain
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x6x6xf32>)
// CHECK-NOT: tensor.pad
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: %[[SUM:.*]] = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[X]], %{{.*}} : tensor<1x2x6x6xf32>, tensor<2x2xf32>) outs(%[[INIT]] : tensor<1x2x3x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], {{.*}}} ins(%[[SUM]] : tensor<1x2x3x3xf32>)
// CHECK: %[[N:.*]] = arith.constant 4.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
func.func @avg_pool_plain(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.avg_pool %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// Padded positions do not count: windows over rows [-1, 2), [1, 4), [3, 6)
// of 5 rows count 2, 3, 2; over columns of 6: 2, 3, 3. The divisor is the
// product of the per-dim counts, read through dim-2 and dim-3 maps.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[H:.*]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-DAG: #[[W:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func @avg_pool_pads_exclude
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor.yield %[[ZERO]] : f32
// CHECK: %[[SUM:.*]] = linalg.pooling_nchw_sum {{.*}} ins(%[[P]], %{{.*}} : tensor<1x2x7x8xf32>, tensor<3x3xf32>)
// CHECK-DAG: %[[CH:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[CW:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[H]], #[[W]], #[[ID]]], {{.*}}} ins(%[[SUM]], %[[CH]], %[[CW]] : tensor<1x2x3x3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK: ^bb0(%[[S:.*]]: f32, %[[NH:.*]]: f32, %[[NW:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[N:.*]] = arith.mulf %[[NH]], %[[NW]] : f32
// CHECK: arith.divf %[[S]], %[[N]] : f32
func.func @avg_pool_pads_exclude(%x: tensor<1x2x5x6xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x6xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// count_include_pad: every window lies inside the padded input, 3 x 3 each.
// CHECK-LABEL: func @avg_pool_pads_include
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.pooling_nchw_sum
// CHECK-NOT: arith.constant dense
// CHECK: %[[N:.*]] = arith.constant 9.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
func.func @avg_pool_pads_include(%x: tensor<1x2x5x6xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x2x5x6xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// ceil_mode: the third window over 6 rows starts at row 4 and holds 2 rows
// (one row of end padding makes it fit); columns (7) hold 3 each.
// CHECK-DAG: #[[H:.*]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-LABEL: func @avg_pool_ceil
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 1, 0]
// CHECK: } : tensor<1x2x6x7xf32> to tensor<1x2x7x7xf32>
// CHECK: %[[SUM:.*]] = linalg.pooling_nchw_sum
// CHECK: %[[CH:.*]] = arith.constant dense<[3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[H]], #{{.*}}], {{.*}}} ins(%[[SUM]], %[[CH]] : tensor<1x2x3x3xf32>, tensor<3xf32>)
// CHECK: ^bb0(%[[S:.*]]: f32, %[[NH:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[NW:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: %[[N:.*]] = arith.mulf %[[NW]], %[[NH]] : f32
// CHECK: arith.divf %[[S]], %[[N]] : f32
func.func @avg_pool_ceil(%x: tensor<1x2x6x7xf32>) -> tensor<1x2x3x3xf32> {
  %y = seam.avg_pool %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x6x7xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// CHECK-LABEL: func @avg_pool_3d
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK: arith.addf
// CHECK: %[[N:.*]] = arith.constant 8.000000e+00 : f32
// CHECK: arith.divf %{{.*}}, %[[N]] : f32
func.func @avg_pool_3d(%x: tensor<1x1x4x4x4xf32>) -> tensor<1x1x2x2x2xf32> {
  %y = seam.avg_pool %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : (tensor<1x1x4x4x4xf32>) -> tensor<1x1x2x2x2xf32>
  return %y : tensor<1x1x2x2x2xf32>
}
