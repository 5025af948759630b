// RUN: seam-opt %s --seam-lower-kernel-calls -verify-diagnostics
// REQUIRES: seam-dnnl-backend, seam-test-backend

// A kernel call of a backend that has no runtime (the test-only backend
// `test`, whose regions are compiled like the rest of the model). The
// description is a dnnl one: only the backend's entry points are missing.
func.func @no_entry_points(%x: memref<2x3xf32>, %out: memref<2x3xf32>) {
  // expected-error @below {{'seam.kernel_call' op backend 'test' has no runtime entry points}}
  seam.kernel_call "test" "test_0" ins(%x : memref<2x3xf32>) outs(%out : memref<2x3xf32>)
      description(#seam_dnnl.region<name = "test_0", values = [[2, 3], [2, 3]], inputs = [0], outputs = [1],
        ops = [#seam_dnnl.op<eltwise, dst = 1, srcs = [0], alg = relu>]>)
  return
}
