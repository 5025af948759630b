// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-approximate-math))' | FileCheck %s
// RUN: seam-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(seam-approximate-math{functions=exp,tanh}))' | FileCheck %s --check-prefix=TANH

// A Sigmoid's f32 exp becomes arithmetic: range reduction by a multiple of
// log(2) (two fmas with its high and low parts), a polynomial in fmas, and
// 2^n built in the exponent bits; no math.exp is left for libm.
// CHECK-LABEL: func @sigmoid
// CHECK-NOT: math.exp
// CHECK: llvm.intr.fma
// CHECK: llvm.intr.floor
// CHECK: arith.fptosi {{.*}} : f32 to i32
// CHECK: arith.shli
// CHECK: arith.bitcast {{.*}} : i32 to f32
// A NaN operand is the result (fptosi of NaN is poison in LLVM).
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[N:.*]], %[[N]] : f32
// CHECK: %[[E:.*]] = arith.select %[[NAN]], %[[N]], %{{.*}} : f32
// CHECK: arith.addf %[[E]]
// CHECK-NOT: math.exp
// CHECK: return
func.func @sigmoid(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %n = arith.negf %x : f32
  %e = math.exp %n : f32
  %d = arith.addf %e, %one : f32
  %s = arith.divf %one, %d : f32
  return %s : f32
}

// -----

// Vectors too (an activation applied on a register tile), lane by lane
// constants as splats.
// CHECK-LABEL: func @vector
// CHECK-NOT: math.exp
// CHECK: llvm.intr.fma({{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK: arith.bitcast {{.*}} : vector<16xi32> to vector<16xf32>
func.func @vector(%x: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %x : vector<16xf32>
  return %e : vector<16xf32>
}

// -----

// f64 has no approximation here: libm keeps it. tanh only when asked.
// CHECK-LABEL: func @others
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.tanh %{{.*}} : f32
// TANH-LABEL: func @others
// TANH: math.exp %{{.*}} : f64
// TANH-NOT: math.tanh
func.func @others(%x: f64, %y: f32) -> (f64, f32) {
  %e = math.exp %x : f64
  %t = math.tanh %y : f32
  return %e, %t : f64, f32
}

// -----

// The model's own floors and fmas: LLVM intrinsics, not libm's floorf/fmaf
// calls; a 2-D vector's, one intrinsic per row (LLVM's take 1-D vectors).
// CHECK-LABEL: func @intrinsics
// CHECK: llvm.intr.floor(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.fma(%{{.*}}) : (vector<8xf64>, vector<8xf64>, vector<8xf64>) -> vector<8xf64>
// CHECK: %[[R0:.*]] = vector.extract %{{.*}}[0] : vector<8xf32> from vector<2x8xf32>
// CHECK: %[[F0:.*]] = llvm.intr.floor(%[[R0]]) : (vector<8xf32>) -> vector<8xf32>
// CHECK: %[[P0:.*]] = vector.insert %[[F0]], %{{.*}} [0] : vector<8xf32> into vector<2x8xf32>
// CHECK: %[[R1:.*]] = vector.extract %{{.*}}[1] : vector<8xf32> from vector<2x8xf32>
// CHECK: %[[F1:.*]] = llvm.intr.floor(%[[R1]]) : (vector<8xf32>) -> vector<8xf32>
// CHECK: %[[P1:.*]] = vector.insert %[[F1]], %[[P0]] [1] : vector<8xf32> into vector<2x8xf32>
// CHECK: return {{.*}}, %[[P1]]
// CHECK-NOT: math.floor
func.func @intrinsics(%x: f32, %v: vector<8xf64>, %m: vector<2x8xf32>) -> (f32, vector<8xf64>, vector<2x8xf32>) {
  %f = math.floor %x : f32
  %g = math.fma %v, %v, %v : vector<8xf64>
  %h = math.floor %m : vector<2x8xf32>
  return %f, %g, %h : f32, vector<8xf64>, vector<2x8xf32>
}
