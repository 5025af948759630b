//===- Passes.td - Seam's conversion passes ----------------*- tablegen -*-===//
//
// Passes that take the seam dialect to upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_CONVERSION_PASSES_TD
#define SEAM_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def SeamLowerToLinalgPass : Pass<"seam-lower-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower every seam op to linalg, tensor, arith and math on tensors";
  let description = [{
    Rewrites each op of the seam dialect into upstream ops on tensors, with
    the dialect conversion framework (the seam dialect is illegal, so an op
    without a lowering fails the pass with an error naming it):

    - `seam.conv`: `tensor.pad` with 0, then `linalg.conv_{1,2,3}d_nc..._fc...`
      (`group` 1), `linalg.depthwise_conv_{1,2,3}d_nc..._c...` (one filter
      per channel), `linalg.conv_2d_ngchw_gfchw` (other 2-D groups) or a
      grouped `linalg.generic` (other 1-D/3-D groups); the bias is
      broadcast into the accumulator the convolution adds to.
    - `seam.max_pool`/`seam.avg_pool`: `tensor.pad` (-inf or 0, plus end
      padding for `ceil_mode`), `linalg.pooling_nc{w,hw}_{max,sum}` (3-D: a
      pooling `linalg.generic`); average divides by the window size or, where
      the count of non-padded elements varies, by exact per-position counts.
      `seam.global_avg_pool`: `linalg.reduce` then a division.
    - `seam.matmul`: `linalg.matmul` / `linalg.batch_matmul` (batch dims
      collapsed, broadcast through indexing maps or `linalg.broadcast`);
      `seam.gemm`: `linalg.matmul` with transposing indexing maps, `C`
      broadcast into the accumulator, alpha/beta in a `linalg.generic`.
    - elementwise ops and `seam.batch_norm`: `linalg.generic` with NumPy
      broadcasting indexing maps and `arith`/`math` bodies.
    - `seam.softmax`: `linalg.softmax` (decompose it later with
      `linalg::SoftmaxOp::decomposeOperation` / the AggregatedOpInterface).
    - `seam.reduce_sum`/`seam.reduce_mean`: `linalg.reduce` (+ division,
      + `tensor.expand_shape` for keepdims).
    - data movement: `tensor.concat`, `tensor.collapse_shape`/`expand_shape`,
      `linalg.transpose`, `tensor.pad`, `tensor.extract_slice`, and
      `linalg.generic` for reflect/edge padding and negative-step slices.
    - indexing: `seam.gather`, `seam.gather_elements`, `seam.gather_nd`
      and `seam.one_hot` are a `linalg.generic` over the result that reads
      with `tensor.extract`; `seam.top_k` ranks each element along an axis
      of up to 128 (a reduction `linalg.generic`) and picks the first `k`
      ranks, or on longer axes keeps the best `k` in an `scf.for` per row;
      `seam.scatter_elements`/`seam.scatter_nd` are an `scf.for` nest over
      the updates that `tensor.insert`s into the data.
    - `seam.composite`: its body is inlined in place.

    Constants (`arith.constant`, dense or dense_resource) stay as they are.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SeamLowerBackendRegionsPass
    : Pass<"seam-lower-backend-regions", "::mlir::ModuleOp"> {
  let summary = "Replace each outlined backend region by one seam.kernel_call";
  let description = [{
    For each function outlined for a backend (`seam.backend = "<name>"`,
    made by seam-outline-regions) whose backend has a runtime, asks the
    backend to describe the region (`Backend::describeRegion`: a typed
    description attribute and the constants it takes as weights) and
    replaces the function's body by one destination-passing
    `seam.kernel_call` on the function's arguments, those weights and one
    `tensor.empty` per result. The lowering is the same for every backend.
    Regions of a backend without a runtime (the test-only backends), and
    regions already lowered, are left alone: the former go through the
    compiled path. A region of an unknown backend is an error, and so is
    an op the backend cannot describe.
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::tensor::TensorDialect"
  ];
  let statistics = [
    Statistic<"numLowered", "lowered", "Number of regions lowered to kernel calls">
  ];
}

def SeamLowerKernelCallsPass
    : Pass<"seam-lower-kernel-calls", "::mlir::ModuleOp"> {
  let summary = "Lower bufferized seam.kernel_call ops to calls of their backend's runtime";
  let description = [{
    Runs after bufferization. Each `seam.kernel_call` on buffers becomes,
    for every backend alike (the entry points of `KernelEntryPoints`):
    its description serialized into an internal constant global
    `@__seam_<region>_desc`; an external global `@__seam_<region>_handle`
    (the session reads it for profiles); in `@seam_init`, the call of the
    backend's `create` entry point with the description, its size and the
    weights' data pointers, storing the handle and failing the init when it
    is null; in `@seam_deinit`, the call of `destroy`; and in place of the
    op, the call of `run` with the handle and an array of the data pointers
    of its inputs then its outputs (the buffers themselves: no copies).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect"
  ];
  let statistics = [
    Statistic<"numLowered", "lowered", "Number of kernel calls lowered">
  ];
}

#endif // SEAM_CONVERSION_PASSES_TD
