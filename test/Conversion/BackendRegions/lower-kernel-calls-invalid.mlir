// RUN: seam-opt %s --seam-lower-kernel-calls -split-input-file -verify-diagnostics
// REQUIRES: seam-dnnl-backend

// The errors of seam-lower-kernel-calls, one case each. (A backend without
// entry points: lower-kernel-calls-no-runtime.mlir.)

// The tensor form is bufferized first (one-shot-bufferize).
func.func @tensor_form(%x: tensor<2x8xf32>, %w: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  // expected-error @below {{'seam.kernel_call' op must be bufferized before it is lowered to runtime calls}}
  %r = seam.kernel_call "dnnl" "dnnl_0" ins(%x : tensor<2x8xf32>) weights(%w : tensor<8x4xf32>) outs(%e : tensor<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @unknown_backend(%x: memref<2x3xf32>, %out: memref<2x3xf32>) {
  // expected-error @below {{'seam.kernel_call' op unknown backend 'nosuch' (known: }}
  seam.kernel_call "nosuch" "nosuch_0" ins(%x : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "nosuch_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}

// -----

// The runtime takes plain row-major buffers: an input or output with a
// strided layout (a view, or a function argument bufferized with a
// fully dynamic layout) is refused.
func.func @strided_input(%x: memref<2x3xf32, strided<[4, 1]>>, %out: memref<2x3xf32>) {
  // expected-error @below {{'seam.kernel_call' op operand of type 'memref<2x3xf32, strided<[4, 1]>>' is not a contiguous buffer (identity layout)}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32, strided<[4, 1]>>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}

// -----

func.func @strided_output(%x: memref<2x3xf32>, %out: memref<2x3xf32, strided<[?, ?], offset: ?>>) {
  // expected-error @below {{'seam.kernel_call' op operand of type 'memref<2x3xf32, strided<[?, ?], offset: ?>>' is not a contiguous buffer (identity layout)}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32>) outs(%out : memref<2x3xf32, strided<[?, ?], offset: ?>>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}

// -----

// One region, one handle: a region cannot be called from two places.
func.func @called_twice(%x: memref<2x3xf32>, %out: memref<2x3xf32>) {
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  // expected-error @below {{'seam.kernel_call' op region 'dnnl_0' is called more than once}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%out : memref<2x3xf32>) outs(%x : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}

// -----

// Weights are created once, in @seam_init: each must come from an op that
// can be cloned there, not from an argument.
func.func @weight_argument(%x: memref<2x8xf32>, %w: memref<8x4xf32>, %out: memref<2x4xf32>) {
  // expected-error @below {{'seam.kernel_call' op weight #0 must come from an op without operands (a constant or memref.get_global), to be cloned into @seam_init}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

memref.global "private" constant @weight : memref<16x4xf32> = dense<5.000000e-01>

// Nor from an op with operands (here a view of a global).
func.func @weight_view(%x: memref<2x8xf32>, %out: memref<2x4xf32>) {
  %g = memref.get_global @weight : memref<16x4xf32>
  %w = memref.subview %g[0, 0] [8, 4] [1, 1] : memref<16x4xf32> to memref<8x4xf32, strided<[4, 1]>>
  %c = memref.cast %w : memref<8x4xf32, strided<[4, 1]>> to memref<8x4xf32>
  // expected-error @below {{'seam.kernel_call' op weight #0 must come from an op without operands}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) weights(%c : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

// An entry point declared with another type than the backend's ABI.
func.func private @seam_dnnl_run_region(!llvm.ptr)

func.func @entry_point_type(%x: memref<2x3xf32>, %out: memref<2x3xf32>) {
  // expected-error @below {{entry point @seam_dnnl_run_region is already declared with type '(!llvm.ptr) -> ()', expected '(!llvm.ptr, !llvm.ptr) -> ()'}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}

// -----

// A weight is a constant or a global, not any op without operands (an
// uninitialized allocation would reach the runtime as its weights).
func.func @alloc_weight(%x: memref<2x8xf32>, %out: memref<2x4xf32>) {
  %w = memref.alloc() : memref<8x4xf32>
  // expected-error @below {{weight #0 must come from an op without operands}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x8xf32>) weights(%w : memref<8x4xf32>) outs(%out : memref<2x4xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 8], [8, 4], [2, 4]], inputs = [0], weights = [1], outputs = [2],
        ops = [#seam_dnnl.op<matmul, dst = 2, srcs = [0, 1]>]>)
  return
}

// -----

// An existing @seam_init must be what the Session calls: () -> i32.
func.func @seam_init() {
  return
}
func.func @bad_init(%x: memref<2x3xf32>, %out: memref<2x3xf32>) {
  // expected-error @below {{the module's @seam_init must be a function definition of type '() -> i32'}}
  seam.kernel_call "dnnl" "dnnl_0" ins(%x : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "dnnl_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}
