// RUN: seam-opt %s --seam-share-identical-kernels -split-input-file | FileCheck %s

// Kernels with the same type and body (up to SSA names and locations) are
// one function; kernels that differ in an attribute, a constant, a type or
// an op stay apart, and so do functions that are not kernels.

// CHECK-LABEL: func.func private @k0(
// CHECK-NOT: func.func private @k1(
// CHECK: func.func private @k2(
// CHECK: func.func private @k3(
// CHECK: func.func private @k4(
// CHECK: func.func private @k5(
// CHECK: func.func private @k6(
// CHECK-NOT: func.func private @k7(
// CHECK: func.func private @notkernel(
// CHECK: func.func private @notkernel2(
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<16xf32>, %[[Y:[a-z0-9]+]]: memref<16xf32>, %[[Z:[a-z0-9]+]]: memref<8xf32>)
// CHECK-NEXT: call @k0(%[[X]], %[[Y]])
// CHECK-NEXT: call @k0(%[[Y]], %[[X]])
// CHECK-NEXT: call @k2(%[[X]], %[[Y]])
// CHECK-NEXT: call @k3(%[[X]], %[[Y]])
// CHECK-NEXT: call @k4(%[[Z]], %[[Z]])
// CHECK-NEXT: call @k5(%[[X]], %[[Y]])
// CHECK-NEXT: call @k6(%[[X]], %[[Y]])
// CHECK-NEXT: call @k6(%[[Y]], %[[X]])
// CHECK-NEXT: call @notkernel(%[[X]])
// CHECK-NEXT: call @notkernel2(%[[X]])

#id = affine_map<(i) -> (i)>

func.func private @k0(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 2.0 : f32
    %m = arith.mulf %x, %c : f32
    linalg.yield %m : f32
  } loc("first")
  return
}
// The same but for names and locations.
func.func private @k1(%p: memref<16xf32>, %q: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%p : memref<16xf32>) outs(%q : memref<16xf32>) {
  ^bb0(%v: f32, %w: f32):
    %two = arith.constant 2.0 : f32
    %r = arith.mulf %v, %two : f32
    linalg.yield %r : f32
  } loc("second")
  return
}
// Another constant.
func.func private @k2(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 3.0 : f32
    %m = arith.mulf %x, %c : f32
    linalg.yield %m : f32
  }
  return
}
// Another op.
func.func private @k3(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 2.0 : f32
    %m = arith.addf %x, %c : f32
    linalg.yield %m : f32
  }
  return
}
// Another shape.
func.func private @k4(%a: memref<8xf32>, %b: memref<8xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<8xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 2.0 : f32
    %m = arith.mulf %x, %c : f32
    linalg.yield %m : f32
  }
  return
}
// Operands in another order.
func.func private @k5(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.subf %x, %o : f32
    linalg.yield %m : f32
  }
  return
}
func.func private @k6(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.subf %o, %x : f32
    linalg.yield %m : f32
  }
  return
}
// The same as @k6.
func.func private @k7(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.subf %o, %x : f32
    linalg.yield %m : f32
  }
  return
}
// Not kernels: kept even when alike.
func.func private @notkernel(%a: memref<16xf32>) {
  return
}
func.func private @notkernel2(%a: memref<16xf32>) {
  return
}
func.func @main(%x: memref<16xf32>, %y: memref<16xf32>, %z: memref<8xf32>) {
  call @k0(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  call @k1(%y, %x) : (memref<16xf32>, memref<16xf32>) -> ()
  call @k2(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  call @k3(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  call @k4(%z, %z) : (memref<8xf32>, memref<8xf32>) -> ()
  call @k5(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  call @k6(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  call @k7(%y, %x) : (memref<16xf32>, memref<16xf32>) -> ()
  call @notkernel(%x) : (memref<16xf32>) -> ()
  call @notkernel2(%x) : (memref<16xf32>) -> ()
  return
}

// -----

// Kernels that differ only in their arguments' attributes stay apart: a
// buffer of its own at the calls of one (seam.fresh_buffer) is a view of
// another argument's buffer at a call of the other.

// CHECK-LABEL: func.func private @fresh0(
// CHECK-SAME: {seam.fresh_buffer}
// CHECK-LABEL: func.func private @fresh1(
// CHECK-NOT: seam.fresh_buffer
// CHECK-LABEL: func.func @main(
// CHECK: call @fresh0(
// CHECK: call @fresh1(

func.func private @fresh0(%a: memref<16xf32>, %b: memref<16xf32> {seam.fresh_buffer}) attributes {seam.kernel} {
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  return
}
func.func private @fresh1(%a: memref<16xf32>, %b: memref<16xf32>) attributes {seam.kernel} {
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  return
}
func.func @main(%x: memref<32xf32>, %t: memref<16xf32>) {
  %v = memref.subview %x[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  %w = memref.cast %v : memref<16xf32, strided<[1]>> to memref<16xf32>
  call @fresh0(%w, %t) : (memref<16xf32>, memref<16xf32>) -> ()
  call @fresh1(%w, %w) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}
