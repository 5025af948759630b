// RUN: seam-opt %s -split-input-file --seam-lower-to-linalg | FileCheck %s

// The reduction family: one linalg.generic with reduction iterators per
// pass, f16 accumulated in f32, arg_max/arg_min as a generic with two
// outputs, hardmax from the arg max, cumsum as a triangular reduction.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[KEPT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func @reduce_max_keepdims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[KEPT]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// CHECK: %[[R:.*]] = tensor.expand_shape %[[MAX]] {{\[\[}}0], [1, 2]] output_shape [2, 1, 4] : tensor<2x4xf32> into tensor<2x1x4xf32>
// CHECK: return %[[R]]
func.func @reduce_max_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = seam.reduce_max %x {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// Integers start from the type's limit and use the signed min.
// CHECK-LABEL: func @reduce_min_i8
// CHECK: %[[MAXI8:.*]] = arith.constant 127 : i8
// CHECK: linalg.fill ins(%[[MAXI8]] : i8) outs(%{{.*}} : tensor<i8>)
// CHECK: iterator_types = ["reduction", "reduction"]
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i8
func.func @reduce_min_i8(%x: tensor<2x3xi8>) -> tensor<i8> {
  %0 = seam.reduce_min %x {keepdims = false} : (tensor<2x3xi8>) -> tensor<i8>
  return %0 : tensor<i8>
}

// -----

// CHECK-LABEL: func @reduce_prod_i64
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: linalg.fill ins(%[[ONE]] : i64)
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: tensor.expand_shape
func.func @reduce_prod_i64(%x: tensor<2x3xi64>) -> tensor<1x3xi64> {
  %0 = seam.reduce_prod %x {axes = array<i64: 0>} : (tensor<2x3xi64>) -> tensor<1x3xi64>
  return %0 : tensor<1x3xi64>
}

// -----

// CHECK-LABEL: func @reduce_l1_sum_square
// CHECK: linalg.generic
// CHECK: %[[ABS:.*]] = math.absf %{{.*}} : f64
// CHECK-NEXT: arith.addf %{{.*}}, %[[ABS]] : f64
// CHECK: linalg.generic
// CHECK: %[[ABSI:.*]] = math.absi %{{.*}} : i32
// CHECK-NEXT: arith.addi %{{.*}}, %[[ABSI]] : i32
// CHECK: linalg.generic
// CHECK: %[[SQ:.*]] = arith.mulf %[[V:.*]], %[[V]] : f32
// CHECK-NEXT: arith.addf %{{.*}}, %[[SQ]] : f32
// CHECK-NOT: math.sqrt
func.func @reduce_l1_sum_square(%a: tensor<2x3xf64>, %b: tensor<2x3xi32>, %c: tensor<2x3xf32>) -> (tensor<1x1xf64>, tensor<1x1xi32>, tensor<1x1xf32>) {
  %0 = seam.reduce_l1 %a : (tensor<2x3xf64>) -> tensor<1x1xf64>
  %1 = seam.reduce_l1 %b : (tensor<2x3xi32>) -> tensor<1x1xi32>
  %2 = seam.reduce_sum_square %c : (tensor<2x3xf32>) -> tensor<1x1xf32>
  return %0, %1, %2 : tensor<1x1xf64>, tensor<1x1xi32>, tensor<1x1xf32>
}

// -----

// f16 is extended in the reduction, which accumulates in f32; the square
// root follows in an elementwise generic that truncates back.
// CHECK-LABEL: func @reduce_l2_f16
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf16>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<2x3xf16>) outs(%{{.*}} : tensor<2xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f16, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT: %[[SQ:.*]] = arith.mulf %[[W]], %[[W]] : f32
// CHECK-NEXT: arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2xf32>) outs(%{{.*}} : tensor<2xf16>)
// CHECK: %[[ROOT:.*]] = math.sqrt %{{.*}} : f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[ROOT]] : f32 to f16
// CHECK-NEXT: linalg.yield %[[T]] : f16
// CHECK: return %[[R]]
func.func @reduce_l2_f16(%x: tensor<2x3xf16>) -> tensor<2xf16> {
  %0 = seam.reduce_l2 %x {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf16>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// CHECK-LABEL: func @reduce_log_sum
// CHECK: arith.addf
// CHECK: math.log %{{.*}} : f32
func.func @reduce_log_sum(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = seam.reduce_log_sum %x {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// max, then the max made finite (an infinite one shifts by 0), then
// sum(exp(x - shift)) with the shift broadcast along the axis, then
// log(sum) + shift.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @reduce_log_sum_exp
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<2x3xf32>)
// CHECK: arith.maximumf
// CHECK: %[[SHIFT:.*]] = linalg.generic {{.*}} ins(%[[MAX]] : tensor<2xf32>)
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: %[[ABS:.*]] = math.absf
// CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[ABS]], %[[INF]] : f32
// CHECK: arith.select %[[ISINF]]
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[SHIFT]] : tensor<2x3xf32>, tensor<2xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[S:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[IN]], %[[S]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT: arith.addf %[[ACC]], %[[E]] : f32
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[SUM]], %[[SHIFT]] : tensor<2xf32>, tensor<2xf32>)
// CHECK: ^bb0(%[[SUMV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[L:.*]] = math.log %[[SUMV]] : f32
// CHECK-NEXT: arith.addf %[[L]], %[[SV]] : f32
// CHECK: return %[[R]]
func.func @reduce_log_sum_exp(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = seam.reduce_log_sum_exp %x {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// The first maximum: a strictly greater value, or the first NaN.
// CHECK-LABEL: func @arg_max_first
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[RES:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>) outs(%{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xi64>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[BEST:.*]]: f32, %[[BESTI:.*]]: i64):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[BEST]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK-NEXT: %[[ORD:.*]] = arith.cmpf ord, %[[BEST]], %[[BEST]] : f32
// CHECK-NEXT: %[[FIRSTNAN:.*]] = arith.andi %[[NAN]], %[[ORD]] : i1
// CHECK-NEXT: %[[TAKE:.*]] = arith.ori %[[GT]], %[[FIRSTNAN]] : i1
// CHECK-NEXT: %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[V:.*]] = arith.select %[[TAKE]], %[[IN]], %[[BEST]] : f32
// CHECK-NEXT: %[[VI:.*]] = arith.select %[[TAKE]], %[[I64]], %[[BESTI]] : i64
// CHECK-NEXT: linalg.yield %[[V]], %[[VI]] : f32, i64
// CHECK: %[[R:.*]] = tensor.expand_shape %[[RES]]#1 {{\[\[}}0, 1]] output_shape [2, 1] : tensor<2xi64> into tensor<2x1xi64>
// CHECK: return %[[R]]
func.func @arg_max_first(%x: tensor<2x3xf32>) -> tensor<2x1xi64> {
  %0 = seam.arg_max %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

// The last minimum: less or equal, or any NaN.
// CHECK-LABEL: func @arg_min_last
// CHECK: %[[MAXF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: linalg.fill ins(%[[MAXF]] : f32)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[BEST:.*]]: f32, %{{.*}}: i64):
// CHECK-NEXT: %[[LE:.*]] = arith.cmpf ole, %[[IN]], %[[BEST]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK-NEXT: arith.ori %[[LE]], %[[NAN]] : i1
// CHECK-NOT: tensor.expand_shape
func.func @arg_min_last(%x: tensor<2x3xf32>) -> tensor<3xi64> {
  %0 = seam.arg_min %x {keepdims = false, select_last_index = true} : (tensor<2x3xf32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func @arg_max_i32
// CHECK: %[[MINI32:.*]] = arith.constant -2147483648 : i32
// CHECK: linalg.fill ins(%[[MINI32]] : i32)
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK-NOT: arith.cmpf
func.func @arg_max_i32(%x: tensor<2x3xi32>) -> tensor<2xi64> {
  %0 = seam.arg_max %x {axis = -1 : i64, keepdims = false} : (tensor<2x3xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// The index of the first maximum, with the axis as a unit dim, broadcast
// along the axis and compared with the position.
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @hardmax
// CHECK: %[[ARG:.*]]:2 = linalg.generic
// CHECK: arith.cmpf ogt
// CHECK: %[[IDX:.*]] = tensor.expand_shape %[[ARG]]#1 {{\[\[}}0, 1]] output_shape [2, 1] : tensor<2xi64> into tensor<2x1xi64>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[BCAST]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[IDX]] : tensor<2x1xi64>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: ^bb0(%[[BEST:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT: %[[POS:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[POS64:.*]] = arith.index_cast %[[POS]] : index to i64
// CHECK-NEXT: %[[HIT:.*]] = arith.cmpi eq, %[[POS64]], %[[BEST]] : i64
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: arith.select %[[HIT]], %[[ONE]], %[[ZERO]] : f32
// CHECK: return %[[R]]
func.func @hardmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.hardmax %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Loop dims (d0, d1) of the result and d2, the summed position j along the
// axis; inclusive forward sums take j <= i.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func @cumsum
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>)
// CHECK: ^bb0(%[[V:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 2 : index
// CHECK-NEXT: %[[SIDE:.*]] = arith.cmpi ule, %[[J]], %[[I]] : index
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: %[[NEXT:.*]] = arith.select %[[SIDE]], %[[SUM]], %[[ACC]] : f32
// CHECK-NEXT: linalg.yield %[[NEXT]] : f32
// CHECK: return %[[R]]
func.func @cumsum(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = seam.cumsum %x {axis = 1 : i64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// exclusive: j < i; reverse: j >= i; both: j > i. Along axis 0 here.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func @cumsum_variants
// CHECK: indexing_maps = [#[[IN]],
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: arith.cmpi ult, %{{.*}}, %[[I]] : index
// CHECK: arith.cmpi uge
// CHECK: arith.cmpi ugt
// CHECK: arith.addi %{{.*}}, %{{.*}} : i64
func.func @cumsum_variants(%x: tensor<2x3xf32>, %y: tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi64>) {
  %0 = seam.cumsum %x {axis = 0 : i64, exclusive = true} : tensor<2x3xf32>
  %1 = seam.cumsum %x {axis = -2 : i64, reverse = true} : tensor<2x3xf32>
  %2 = seam.cumsum %y {axis = 0 : i64, exclusive = true, reverse = true} : tensor<2x3xi64>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

// f16 sums in f32 and truncates after.
// CHECK-LABEL: func @cumsum_f16
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xf32>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @cumsum_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = seam.cumsum %x {axis = 0 : i64} : tensor<4xf16>
  return %0 : tensor<4xf16>
}
