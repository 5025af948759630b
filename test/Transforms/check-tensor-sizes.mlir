// RUN: seam-opt %s -split-input-file -verify-diagnostics --seam-check-tensor-sizes="max-bytes=1024"
// RUN: not seam-opt %s -split-input-file --seam-check-tensor-sizes="max-bytes=1024" 2>/dev/null | FileCheck %s

// Every tensor a model declares is checked against the limit (here 1024
// bytes): arguments, results, constants and op results; one whose size int64
// cannot count always fails. A module within the limit passes unchanged.

// CHECK-LABEL: func @within_limit(
// CHECK-NEXT: seam.add
func.func @within_limit(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = seam.add %x, %x : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// An argument of 16x32 f32 is 2048 bytes.
// expected-error @+1 {{argument 0 of type 'tensor<16x32xf32>' is 2048 bytes, over the limit of 1024 bytes per tensor}}
func.func @big_argument(%x: tensor<16x32xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// A result type.
// expected-error @+1 {{result 0 of type 'tensor<512xf32>' is 2048 bytes, over the limit of 1024 bytes per tensor}}
func.func @big_result(%x: tensor<2xf32>) -> tensor<512xf32> {
  %c = arith.constant dense<1.0> : tensor<512xf32>
  return %c : tensor<512xf32>
}

// -----

// An intermediate: the broadcast of 16x1 and 1x32.
func.func @big_intermediate(%x: tensor<16x1xf32>, %y: tensor<1x32xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'seam.add' result 0 of type 'tensor<16x32xf32>' is 2048 bytes, over the limit of 1024 bytes per tensor}}
  %0 = seam.add %x, %y : (tensor<16x1xf32>, tensor<1x32xf32>) -> tensor<16x32xf32>
  %c = arith.constant dense<1.0> : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// A splat constant is small in the file, not in memory.
func.func @big_splat() -> tensor<2xf32> {
  // expected-error @+1 {{'arith.constant' result 0 of type 'tensor<1024x1024xf32>' is 4194304 bytes, over the limit of 1024 bytes per tensor}}
  %c = arith.constant dense<1.0> : tensor<1024x1024xf32>
  %d = arith.constant dense<1.0> : tensor<2xf32>
  return %d : tensor<2xf32>
}

// -----

// 2^40 x 2^40 x 4 bytes does not fit in int64: refused at any limit.
func.func @uncountable() -> tensor<2xf32> {
  // expected-error @+1 {{'arith.constant' result 0 of type 'tensor<1099511627776x1099511627776xf32>' has a negative dim or more bytes than int64 can count}}
  %c = arith.constant dense<1.0> : tensor<1099511627776x1099511627776xf32>
  %d = arith.constant dense<1.0> : tensor<2xf32>
  return %d : tensor<2xf32>
}

// -----

// An input the importer named: said by its name.
// expected-error @+1 {{input 'pixels' of type 'tensor<1x3x32x32xf32>' is 12288 bytes, over the limit of 1024 bytes per tensor}}
func.func @named_input(%x: tensor<1x3x32x32xf32> {seam.name = "pixels"}) -> tensor<2xf32> {
  %d = arith.constant dense<1.0> : tensor<2xf32>
  return %d : tensor<2xf32>
}
