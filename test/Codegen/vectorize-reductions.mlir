// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-vectorize-reductions,canonicalize))' | FileCheck %s

// A global average pool's sum over (H, W) = 10 x 10: per channel, one step of
// four 16-float reads into four accumulators (64 floats), two 16-float steps,
// one masked read of the last 4, combined, reduced across the lanes and
// added to the output's value.

// CHECK-LABEL: func.func @global_pool_sum
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<1x3x10x10xf32>, %[[OUT:[a-z0-9]+]]: memref<1x3xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C96:.*]] = arith.constant 96 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[VIEW:.*]] = memref.subview %[[IN]][0, %[[C]], 0, 0] [1, 1, 10, 10] [1, 1, 1, 1]
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[VIEW]] {{\[\[}}0, 1]] {{.*}} into memref<100xf32, strided<[1], offset: ?>>
// CHECK-COUNT-4: vector.transfer_read %[[FLAT]][%{{.*}}], %[[ZERO]] {in_bounds = [true]} : {{.*}}, vector<16xf32>
// CHECK: %[[SIXTEENS:.*]] = scf.for %[[I:.*]] = %[[C64]] to %[[C96]] step %[[C16]] iter_args
// CHECK: vector.transfer_read %[[FLAT]][%[[I]]], %[[ZERO]] {in_bounds = [true]}
// CHECK: %[[REST:.*]] = vector.transfer_read %[[FLAT]][%[[C96]]], %[[ZERO]] : {{.*}}, vector<16xf32>
// CHECK: %[[ACC:.*]] = arith.addf %[[SIXTEENS]], %[[REST]] : vector<16xf32>
// CHECK: %[[SUM:.*]] = vector.reduction <add>, %[[ACC]] : vector<16xf32> into f32
// CHECK: %[[BEFORE:.*]] = memref.load %[[OUT]][%{{.*}}, %[[C]]]
// CHECK: %[[AFTER:.*]] = arith.addf %[[SUM]], %[[BEFORE]] : f32
// CHECK: memref.store %[[AFTER]], %[[OUT]][%{{.*}}, %[[C]]]
// CHECK-NOT: linalg.reduce
func.func @global_pool_sum(%in: memref<1x3x10x10xf32>, %out: memref<1x3xf32>) {
  linalg.reduce ins(%in : memref<1x3x10x10xf32>) outs(%out : memref<1x3xf32>) dimensions = [2, 3]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A maximum over the last axis of a strided view (rows 128 apart, 128 of each
// used): a loop of 64-float steps into four accumulators, padded reads with
// -inf, vector.reduction <maximumf>.

// CHECK-LABEL: func.func @row_maximum
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: scf.for
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4: arith.maximumf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: vector.reduction <maximumf>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
func.func @row_maximum(%in: memref<4x128xf32, strided<[256, 1]>>, %out: memref<4xf32>) {
  linalg.reduce ins(%in : memref<4x128xf32, strided<[256, 1]>>) outs(%out : memref<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %m = arith.maximumf %b, %a : f32
      linalg.yield %m : f32
    }
  return
}

// -----

// Left to the loops: the reduced dims are not contiguous (a column sum), the
// run is shorter than a vector, and the body is not a single combiner.

// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: linalg.reduce
func.func @left_alone(%a: memref<64x32xf32>, %b: memref<32xf32>,
                      %c: memref<4x8xf32>, %d: memref<4xf32>,
                      %e: memref<4x64xf32>, %f: memref<4xf32>) {
  linalg.reduce ins(%a : memref<64x32xf32>) outs(%b : memref<32xf32>) dimensions = [0]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%c : memref<4x8xf32>) outs(%d : memref<4xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%e : memref<4x64xf32>) outs(%f : memref<4xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %sq = arith.mulf %x, %x : f32
      %s = arith.addf %sq, %y : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Every dim reduced, into a 0-d buffer: no loop over outputs, the whole
// buffer as one run (35 = two 16-float steps and a masked read of 3), padded
// with +inf for a minimum.

// CHECK-LABEL: func.func @everything_to_a_scalar
// CHECK-DAG: %[[POS_INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<5x7xf32> into memref<35xf32>
// CHECK: scf.for
// CHECK: vector.transfer_read %[[FLAT]][%{{.*}}], %[[POS_INF]] {in_bounds = [true]}
// CHECK: vector.transfer_read %[[FLAT]][%{{.*}}], %[[POS_INF]] : memref<35xf32>, vector<16xf32>
// CHECK: %[[LANES:.*]] = vector.reduction <minimumf>
// CHECK: %[[BEFORE:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[AFTER:.*]] = arith.minimumf %[[LANES]], %[[BEFORE]] : f32
// CHECK: memref.store %[[AFTER]], %{{.*}}[] : memref<f32>
func.func @everything_to_a_scalar(%in: memref<5x7xf32>, %out: memref<f32>) {
  linalg.reduce ins(%in : memref<5x7xf32>) outs(%out : memref<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.minimumf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}
