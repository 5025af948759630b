//===- Passes.td - Passes of Seam's lowering pipeline ------*- tablegen -*-===//

#ifndef SEAM_CODEGEN_PASSES_TD
#define SEAM_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

def SeamDecomposeAggregatesPass
    : Pass<"seam-decompose-aggregates", "::mlir::func::FuncOp"> {
  let summary = "Decompose aggregated linalg ops (linalg.softmax) into generics";
  let description = [{
    Replaces every op implementing linalg's AggregatedOpInterface (such as
    `linalg.softmax`) on tensors by the simpler linalg ops its
    `decomposeOperation` returns (max-reduce, sub + exp, sum-reduce, div), so
    that the rest of the pipeline, which only knows structured ops, lowers it.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def SeamFuseElementwisePass
    : Pass<"seam-fuse-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Fuse elementwise linalg ops, with a bound on a fused body";
  let description = [{
    linalg's elementwise fusion (a producer with one use fused into its
    consumer, reshapes folded by expansion, splat constants and fills folded
    in, constant folding) as upstream's `linalg-fuse-elementwise-ops` does
    it, except that two generics are fused only while the fused body holds
    at most `max-fused-ops` operations. Each fusion clones both bodies, so
    without a bound a chain of n elementwise ops costs O(n^2) to fuse (a
    chain of 2,000 ops took 4.8 s) and ends as one loop body of n ops that
    LLVM then optimizes slowly; with it, fusion is linear in the chain and a
    long chain becomes n / max-fused-ops loops.
  }];
  let options = [
    Option<"maxFusedOps", "max-fused-ops", "unsigned", "64",
           "Most operations a fused generic's body may hold">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect"];
}

def SeamDistinctResultsPass
    : Pass<"seam-distinct-results", "::mlir::func::FuncOp"> {
  let summary = "Give each result of a function a buffer of its own";
  let description = [{
    A model may name one value as two outputs (`y1 = Identity(r)`,
    `y2 = Identity(r)` fold to the same tensor), so after bufferization a
    function may return one buffer twice. Each result is written into its
    own caller buffer (buffer-results-to-out-params), which needs distinct
    buffers: every repeated memref return operand is replaced by a copy of
    it into a new allocation (which the out-param rewrite then turns into
    the caller's buffer).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SeamDeallocateBuffersPass
    : Pass<"seam-deallocate-buffers", "::mlir::ModuleOp"> {
  let summary = "Free each buffer after the last use of anything derived "
                "from it";
  let description = [{
    Inserts a `memref.dealloc` for every `memref.alloc`, right after the
    last op of the allocation's block that uses the buffer or a value
    derived from it: a view, the result of a loop that carries it, a pointer
    extracted from it (data read from it does not count). This takes time
    linear in the function, where the ownership-based deallocation pipeline
    takes several analyses and canonicalizations.

    When an allocation escapes its block (a derived value is used by the
    block's terminator or by a branch, or stored as a value), the pass
    inserts nothing and runs upstream's buffer deallocation pipeline on the
    module instead.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def SeamEliminateEmptyTensorsPass
    : Pass<"seam-eliminate-empty-tensors", "::mlir::func::FuncOp"> {
  let summary = "Compute into the subset a value is inserted into, not into "
                "a tensor.empty";
  let description = [{
    For each subset insertion (`tensor.insert_slice`,
    `tensor.parallel_insert_slice`, ...) whose inserted value is computed
    into a `tensor.empty` (through the destinations of destination-passing
    ops, loops' iter_args and casts, all of one type), replaces that use of
    the empty tensor by an extraction of the subset the insertion writes,
    built where the values it needs are in scope (their side-effect-free
    definitions moved up before the use when they come after it).
    Bufferization can then compute the value in place (a producer writing a
    concatenation's slice or a pad's interior).

    The same rewrite as upstream's `eliminate-empty-tensors`, without its
    one-shot analysis (which only skips insertions that would not be in
    place; an empty tensor's contents are undefined, so the rewrite is
    correct either way).
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SeamSplitEmptyTensorsPass
    : Pass<"seam-split-empty-tensors", "::mlir::func::FuncOp"> {
  let summary = "Bound the uses of each tensor.empty";
  let description = [{
    CSE merges identical `tensor.empty` ops, so the destinations of all the
    ops of one shape end up as one value with many uses. One-shot
    bufferization and empty-tensor elimination then compare every write into
    that value with every other one: O(n^2) in its uses (5.5 s of a
    10,000-op elementwise chain, whose 417 fused loops shared one empty).
    Run just before bufferization, this pass gives each group of `max-uses`
    consecutive uses (in program order) after the first a clone of the
    `tensor.empty` of its own, placed right after the original: the analysis
    costs O(n * max-uses). Neighbouring ops keep sharing a destination, so
    bufferization can still reuse one buffer for them (one empty per use
    made ResNet-18 1.5x slower: an allocation, and page faults, per op).
  }];
  let options = [
    Option<"maxUses", "max-uses", "unsigned", "16",
           "Most uses one tensor.empty keeps">
  ];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SeamTileAndVectorizePass
    : Pass<"seam-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg.matmul for cache and registers and vectorize it";
  let description = [{
    On tensors, for each `linalg.matmul` (M x N x K), static N above and not
    a multiple of `n-register` first split along N into two matmuls (the
    largest multiple, and the rest), then for each:
      1. cache tiles of `m-cache` x `n-cache` x `k-cache` (loop order n, k, m),
         each A and B tile packed into a contiguous buffer, unless it is its
         whole operand and that operand's rows (or those of the tensor it is
         sliced from, through every slice) are at most `n-cache` long (a
         block of im2col rows, read in place),
      2. a register tile (k innermost) of the configured size, or the largest
         divisor of the shape below it, vectorized into one
         `vector.contract`; for a matmul of at least `large-multiply-adds`
         the tile has `m-register-large` rows, if set, and a cache tile
         whose M is above and not a multiple of them is first split along
         M into the largest multiple and the rest (both reading the same
         packed tiles), so that most of it gets the full register tile
         (AVX2's 6 x 16: 128 rows are 126 + 2, not 32 tiles of 4 rows);
         smaller matmuls (a convolution's, band by band) keep `m-register`
         rows and one loop nest, which compiles faster,
      3. the C tile hoisted out of the k loop, so the accumulators stay in
         registers across it (lowered later as outer products).
    The defaults (128/256/128, 8x32x4) fit an AVX-512 core: 16 zmm
    accumulators and panels that stay in L2.

    Epilogues: when the matmul's only reader (through an `expand_shape`
    inverting the collapse of its C, and through a loop over blocks of K
    that carries C, as a 3x3 convolution's im2col by channel blocks has) is
    a `linalg.generic` of parallel loops and identity maps with that one
    input, whose body is arith ops on it and on values from outside (Clip,
    Relu, LeakyRelu, hard swish), and C starts as a broadcast (a bias) or
    fill: the bias is broadcast into the generic's output, the body is
    applied to each register tile before it is stored (on the last tile of
    K only, by a select, where K has several), and the generic is gone: one
    pass over C instead of two. Math ops (SiLU's exp) stay in the generic,
    whose loop LLVM vectorizes with libmvec; so do residual adds (a second
    input).

    C's start in registers: where C starts as a fill, or as a broadcast of
    a bias per row of C (a convolution's per output channel), collapsed to
    2-D, each register tile's first read of C (on the first tile of K;
    later ones still read C) is the fill's value or its rows' biases (a read
    of the biases broadcast along the columns), and the broadcast or fill
    is gone: C is not written before its first product nor read then.

    A `linalg.matmul` that reads B transposed (`C[m, n] += A[m, k] *
    B[n, k]`, a fully connected layer's Gemm with transB) on static f32
    shapes becomes dot products vectorized along k: for each block of up to
    8 rows of B and each row of A, one vector accumulator per row of B
    (16 lanes, or the largest divisor of K down to 4) over the whole of k,
    each reduced into C at the end. With one row of A, B is read once. The
    accumulators take at most the register tile's floats (`m-register` x
    `n-register`): on AVX2's 4 x 16, 4 rows of 16 lanes.
  }];
  let options = [
    Option<"mCache", "m-cache", "int64_t", "128", "Cache tile of M">,
    Option<"nCache", "n-cache", "int64_t", "256", "Cache tile of N">,
    Option<"kCache", "k-cache", "int64_t", "128", "Cache tile of K">,
    Option<"mRegister", "m-register", "int64_t", "8", "Register tile of M">,
    Option<"nRegister", "n-register", "int64_t", "32", "Register tile of N">,
    Option<"kRegister", "k-register", "int64_t", "4", "Register tile of K">,
    Option<"mRegisterLarge", "m-register-large", "int64_t", "0",
           "Register tile of M for matmuls of at least `large-multiply-adds`, "
           "whose cache tiles are split along M to take it (0: m-register)">,
    Option<"largeMultiplyAdds", "large-multiply-adds", "int64_t",
           "268435456",
           "Multiply-adds from which a matmul is large (default 2^28)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SeamHoistVectorTransfersPass
    : Pass<"seam-hoist-vector-transfers", "::mlir::func::FuncOp"> {
  let summary = "Hoist loop-invariant vector transfers on buffers out of loops";
  let description = [{
    After bufferization: a vector read of a buffer at the top of a loop and
    the write of the same place at its bottom (a matmul's C tile across the
    k loop) become a loop-carried vector, read once before the loop and
    written once after it (linalg::hoistRedundantVectorTransfers).
  }];
}

def SeamParallelizePass : Pass<"seam-parallelize", "::mlir::func::FuncOp"> {
  let summary = "Split heavy linalg ops across threads with scf.forall";
  let description = [{
    On tensors, tiles one parallel dimension of each linalg op with at least
    `min-work` iterations into `threads` chunks of an `scf.forall`, which the
    pipeline later lowers through the OpenMP dialect onto libgomp, the pool
    oneDNN uses too. A matmul is split along N (or M) only where the chunks
    stay multiples of its register tile, so that it still vectorizes.
    With `threads` <= 1 the pass does nothing.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", "1", "Number of threads">,
    Option<"minWork", "min-work", "int64_t", "65536",
           "Smallest iteration space (product of loop ranges) to split">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SeamInlineAllocaScopesPass
    : Pass<"seam-inline-alloca-scopes", "::mlir::func::FuncOp"> {
  let summary = "Inline memref.alloca_scope regions that allocate nothing";
  let description = [{
    convert-scf-to-openmp wraps each parallel loop body in a
    `memref.alloca_scope`, which must keep a single block, so the loops
    inside it could not be lowered to control flow. A scope whose region
    holds no `memref.alloca` frees nothing; its body is inlined.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SeamApproximateMathPass
    : Pass<"seam-approximate-math", "::mlir::func::FuncOp"> {
  let summary = "Replace f32 math functions by inline polynomial approximations";
  let description = [{
    `math.exp` on f32 (Sigmoid, SiLU, Softmax, Exp, ...) became a call of
    libm's `expf` per element: a loop with a call in it is not vectorized,
    and a vector op is unrolled into one call per lane. This pass rewrites
    the functions named in `functions` (f32 scalars and vectors) with MLIR's
    polynomial approximations (`populateMathPolynomialApproximationPatterns`:
    range reduction and a polynomial in arith ops and `math.fma`), which
    LLVM vectorizes like any other arithmetic. `exp`'s relative error is
    below 2^-22.5 (3e-7 near overflow, x > 88); results under 2^-126 are
    flushed to zero; a NaN operand is selected as the result (the
    approximation's `fptosi` of NaN is poison in LLVM). Other element
    types and functions are left to the libm lowering. Every `math.fma` and
    `math.floor` on floats (the approximations' and the model's) then
    becomes an LLVM intrinsic, an n-D vector's one per row:
    convert-math-to-libm would make them calls of `fmaf` and `floorf`, one
    per lane.
  }];
  let options = [
    ListOption<"functions", "functions", "std::string",
               "Math ops to approximate, by name without the dialect (exp, tanh, ...); empty means exp">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def SeamTileConvRowsPass : Pass<"seam-tile-conv-rows", "::mlir::func::FuncOp"> {
  let summary = "Compute batch-1 convolutions and their elementwise consumer by bands of output rows";
  let description = [{
    A static batch-1 `linalg.conv_2d_nchw_fchw` or
    `linalg.depthwise_conv_2d_nchw_chw` on tensors, together with its
    elementwise consumer (its only user: a 4-D all-parallel generic that
    reads it and writes its own output with identity maps: the bias-free
    activation, the residual add, the fused chain of both) and the
    `linalg.broadcast` or `linalg.fill` that initializes its output (the
    bias), becomes a loop over bands of output rows
    (`tileConsumerAndFuseProducersUsingSCF` on the consumer, or on the
    convolution when it has none): each band is initialized, convolved and
    finished while it is in cache, instead of three passes over the whole
    output in memory. The band is the largest number of rows dividing the
    output's height with at most `band-columns` output positions (one row if
    a row is wider); with one thread, a convolution whose band would be its
    whole output is left alone. With `threads` > 1 the loop is an `scf.forall` (the bands are
    split across threads); a plain convolution with fewer bands than threads
    gets one band per thread when its rows divide evenly, else one block of
    output channels per thread when they do, if it has at least `min-work`
    multiply-adds (a smaller one is left whole); other plain convolutions
    are left to `seam-parallelize`. A depthwise convolution without bands
    (its band would be the whole output, or there are fewer bands than
    threads) is tiled by blocks of output channels with its bias and
    consumer: with `threads` > 1, one block per thread if it has at least
    `min-work` multiply-adds (else it is left whole); with one thread,
    blocks of at most `depthwise-block` output positions (left whole when
    all its channels fit one). A batch-1 grouped `linalg.conv_2d_ngchw_gfchw` is
    tiled only with `threads` > 1, at least as many groups and `min-work`:
    one block of groups per thread when the threads divide the groups, else
    one group per iteration (each group's matmul is too small to split). The
    input's producers are not fused: bands read overlapping rows of them. Run before `seam-conv-to-matmul` and
    `seam-unroll-windows`, which then rewrite each band's convolution.
  }];
  let options = [
    Option<"bandColumns", "band-columns", "int64_t", "256",
           "Most output positions (rows x width) in a band">,
    Option<"threads", "threads", "int64_t", "1",
           "Threads the bands are split across (scf.forall when above 1)">,
    Option<"minWork", "min-work", "int64_t", "65536",
           "Fewest multiply-adds of a convolution split across threads when it is not in bands">,
    Option<"depthwiseBlock", "depthwise-block", "int64_t", "4096",
           "Most output positions (channels x rows x width) of a block of channels of a one-band depthwise convolution on one thread">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect"];
}

def SeamConcatInPlacePass
    : Pass<"seam-concat-in-place", "::mlir::func::FuncOp"> {
  let summary = "Concatenations as slices of one buffer their operands are "
                "written into";
  let description = [{
    Bufferized as it is, a `tensor.concat` allocates its result and copies
    every operand into it. Here each static concatenation becomes its
    operands inserted (`tensor.insert_slice`) into a `tensor.empty` of the
    result, each insert placed right after its operand is computed, so that
    empty-tensor elimination lets the operand's producer write straight
    into its slice.

    Concatenations whose operands extend another's (DenseNet: every layer
    concatenates all the block's features so far, `concat(x0, x1)`,
    `concat(x0, x1, x2)`, ...) form a chain that shares one buffer of the
    longest one's shape: each concatenation inserts only the operands it
    adds and becomes a leading slice of that buffer (a contiguous one along
    NCHW's channels). A block of n layers then writes each feature once,
    instead of copying O(n^2) of them. When a concatenation is extended by
    several others, the first (in program order) continues its chain and the
    others start their own. Values are unchanged whatever bufferization
    then decides; where a write would clobber a value still read, it
    copies, as before. Dynamic shapes are left alone.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SeamFillPadBordersPass
    : Pass<"seam-fill-pad-borders", "::mlir::func::FuncOp"> {
  let summary = "Pad a tensor by filling only its borders";
  let description = [{
    A static `tensor.pad` with a constant padding value becomes a
    `tensor.empty` of the padded shape, one `linalg.fill` of the padding
    value per padded side (slabs that tile the border without overlapping:
    along each dim in turn, the part before and after the source, over the
    source's extent in the dims already done and the whole extent in the
    others), and the source inserted into the interior with
    `tensor.insert_slice`. Bufferized as a pad, the whole result was filled
    and then the interior overwritten: every element written twice, for the
    padded activation of every 3x3 convolution. After this pass, and
    empty-tensor elimination, the source's producer writes straight into
    the interior. Pads with dynamic shapes or a computed padding value are
    left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SeamVectorizeCopiesPass
    : Pass<"seam-vectorize-copies", "::mlir::func::FuncOp"> {
  let summary = "Copies on buffers as rows of vector transfers";
  let description = [{
    After bufferization, a static all-parallel linalg op on buffers with one
    input and one output whose body yields the input element (a
    `linalg.copy`, im2col's generic), whose output is indexed by the
    identity and whose innermost loop dim walks the input's innermost dim
    with coefficient 1 and no other dim, both innermost dims contiguous,
    becomes a loop nest over the outer dims whose body moves one row with
    `vector.transfer_read` / `vector.transfer_write`: a row of at most
    `max-vector` elements as one vector. A longer row into a fresh
    allocation (one its source is not a view of) is a loop of vectors of
    `max-vector` elements up to the last one, which ends at the row's end
    and may overlap the one before it (the elements written twice are the
    same): one code for every length but for the loop's bound and the last
    offset. Into any other buffer, it is a loop of vectors of `max-vector`,
    a loop of vectors of `loop-vector` over what is left, and one shorter
    vector. So a convolution's K tiles of 120 and 104 floats get the same
    code, and `seam-share-similar-kernels` makes one kernel of convolutions
    that differ only in their channel counts (with one vector of the rest,
    64 + 56 and 64 + 40, they were two).
    Lowered to loops instead, such copies stayed scalar: LLVM cannot tell
    that source and destination do not overlap, and unrolled rows of 28
    elements one float at a time.
  }];
  let options = [
    Option<"maxVector", "max-vector", "int64_t", "64",
           "Longest row moved as one vector transfer">,
    Option<"loopVector", "loop-vector", "int64_t", "16",
           "Elements per vector transfer in the loop over a longer row">
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def SeamVectorizeReductionsPass
    : Pass<"seam-vectorize-reductions", "::mlir::func::FuncOp"> {
  let summary = "Sums, maxima and minima over contiguous innermost dims in "
                "vector accumulators";
  let description = [{
    A static f32 `linalg.reduce` on buffers whose body is one `arith.addf`,
    `arith.maximumf` or `arith.minimumf` of its two arguments, reducing the
    innermost dims of its input where they are contiguous (a global pool over
    (H, W), a reduction over the last axis), becomes a loop nest over the
    output: each output element's run of inputs is read 64 floats at a time
    into four vector<16xf32> accumulators, then 16 at a time, then one masked
    read of the rest (padded with the combiner's identity); the accumulators
    are combined, reduced across lanes (`vector.reduction`) and combined with
    the output's value. As scalar loops the reduction was one dependent float
    add after another, which LLVM may not reassociate. The order of the
    additions changes. Runs of fewer than 16 elements are left to the loops.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def SeamCollapseElementwisePass
    : Pass<"seam-collapse-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Collapse the contiguous trailing dims of elementwise ops on buffers";
  let description = [{
    After bufferization, a static all-parallel `linalg.generic` on memrefs
    gets its longest run of trailing iteration dims collapsed into one
    (`linalg::collapseOpIterationDims`, with `memref.collapse_shape` views)
    where every operand indexed by the identity is contiguous over them and
    the other operands do not use them (a per-channel scale keeps its
    (n, c) indexing). An elementwise op on 1 x 1152 x 7 x 7 then lowers to
    one loop of 56,448 elements instead of an innermost loop of 7, which
    LLVM did not vectorize (a Sigmoid's libm call per element). An op whose
    output alone is not contiguous (the interior of a padded buffer: rows
    apart), with rows shorter than `short-rows`, and whose body does not
    read the output, writes a new contiguous buffer instead (collapsed,
    vectorized), copied into the output by a `linalg.copy` and deallocated
    after it.
  }];
  let options = [
    Option<"shortRows", "short-rows", "int64_t", "32",
           "Rows shorter than this are worth a copy to vectorize an op whose output is not contiguous">
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def SeamConvToMatmulPass : Pass<"seam-conv-to-matmul", "::mlir::func::FuncOp"> {
  let summary = "Rewrite batch-1 NCHW 2-D convolutions as im2col + matmul";
  let description = [{
    `linalg.conv_2d_nchw_fchw` with batch 1 on tensors becomes
      col[c, kh, kw, oh, ow] = in[0, c, oh * sh + kh * dh, ow * sw + kw * dw]
      out[f, oh * ow] += W[f, c * kh * kw] x col[c * kh * kw, oh * ow]
    (no im2col copy for 1x1 stride-1 convolutions; oh * ow, when above 16,
    at most 64 and not a multiple of 16, padded to one with zero columns),
    so that convolutions use the tiled, vectorized matmul micro-kernel
    instead of a 7-deep scalar loop nest. Output, weight and input keep their NCHW layout; the reshapes are
    free (collapse/expand of contiguous dims).

    When the im2col matrix has more than twice `max-block-rows` rows (not
    for 1x1 stride-1 convolutions, which have none), the input channels are
    split into blocks (the largest divisor of the channel count whose rows
    fit `max-block-rows`): an `scf.for` over the blocks copies one block's
    im2col rows and multiplies them with the weights' matching columns,
    accumulating into the output, while the copy is in cache.

    A batch-1 grouped `linalg.conv_2d_ngchw_gfchw` becomes an `scf.for` over
    the groups; its body slices the group's input channels, filters and
    output channels and runs their plain convolution, rewritten as above.
  }];
  let options = [
    Option<"maxBlockRows", "max-block-rows", "int64_t", "128",
           "im2col rows (input channels x kernel positions) per channel block: the matmul's K cache tile">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SeamOutlineKernelsPass : Pass<"seam-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Move each top-level loop nest of a function into its own function";
  let description = [{
    After bufferization, each op at the top level of a function body that
    holds a region (a tiled loop nest, a linalg op with its body) and has no
    results becomes a call of a new private function `@<func>_kernel_<n>`
    that takes the buffers and values it uses, globals (weights) included, so
    that kernels alike but for their weights can be shared
    (`seam-share-identical-kernels`); constants it uses are cloned into
    it. A `memref.copy` between static buffers that are not both
    contiguous (into a padded interior, out of a strided view) becomes a
    `linalg.copy`, outlined like any loop nest at the top level and kept in
    its kernel when nested in a loop (a convolution band's copies): MLIR
    would lower it to a call of its generic runtime copy, through
    descriptors on the stack, element by element. Contiguous
    copies stay (a `memcpy`). The functions are marked `noinline` (LLVM
    passthrough attribute): LLVM optimizes
    and compiles many small functions in time linear in the model, instead
    of one huge function (seconds to tens of seconds for DenseNet-121).
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def SeamShareIdenticalKernelsPass
    : Pass<"seam-share-identical-kernels", "::mlir::ModuleOp"> {
  let summary = "Keep one of each set of identical outlined kernels";
  let description = [{
    After `seam-outline-kernels`: kernel functions (marked `seam.kernel`)
    with the same type and the same body up to SSA names and locations
    (`OperationEquivalence`, ignoring locations) are one function: the
    calls of the others call the first of them, and the others are erased.
    A model's repeated blocks (ResNet's, MobileNet's inverted residuals of
    one stage) differ only in their weights, which the kernels take as
    arguments: each is lowered and compiled once. Not run with
    `seam-instrument-kernels`, whose per-kernel names come from the body's
    locations.
  }];
}

def SeamShareKernelsAcrossShapesPass
    : Pass<"seam-share-kernels-across-shapes", "::mlir::ModuleOp"> {
  let summary = "One buffer-level kernel per set of kernels that differ only "
                "in sizes, strides, offsets and index constants";
  let description = [{
    On outlined kernels on buffers (`func.func` marked `seam.kernel`, after
    their loops and vector transfers are explicit, before the conversion to
    the LLVM dialect): kernels that are the same op for op up to the sizes,
    strides and offsets of their memref arguments, the static offsets,
    sizes and strides of their subviews, the sizes of the heap buffers they
    allocate (a thread's packed tiles inside an `scf.forall`, whose
    allocations buffer hoisting leaves in the kernel; identity layout, so
    the innermost stride stays 1), the static bounds and steps of their
    thread loops (`scf.forall` on buffers: bands of different sizes), and
    the values of index constants
    whose use may read a run-time value (loop bounds and steps, address
    arithmetic, compares, indices; not divisors, shifts or allocation
    sizes) become one function, which the rest of the pipeline lowers and
    compiles once. Values from 0 to 3 count as part of the code, as in
    `seam-share-similar-kernels`.

    The values that differ within a set become trailing `index` arguments
    of the set's first kernel, in the order of its arguments' layouts and
    then of its body. A memref argument whose layout has such a value is
    passed as `memref<1xT>` (its base pointer, as the bare-pointer calling
    convention passes any static buffer): the kernel reinterprets it with
    its offset, sizes and strides, and its subviews, collapses and
    expansions get the types that follow. Values equal across the set stay
    static. Every call of a kernel of the set calls the shared function,
    which keeps the first kernel's name, with a `memref.reinterpret_cast`
    of each such buffer to its base and its own values. A collapse of dims
    whose sizes became run-time values keeps a unit stride known (a
    reinterpretation of the buffer's base where `memref.collapse_shape`
    would make it dynamic: vector transfers need it). A kernel where a
    buffer of run-time sizes would reach an op other than a subview,
    collapse or expansion, an element or vector access, `memref.dim` or
    `memref.extract_strided_metadata` (a `memref.copy`, a call) is left as
    it is. Not run with
    `seam-instrument-kernels`, whose profile names one kernel per call.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def SeamConvertFunctionBodiesToLLVMPass
    : Pass<"seam-convert-function-bodies-to-llvm", "::mlir::ModuleOp"> {
  let summary = "memref and control flow ops inside functions to the LLVM "
                "dialect, the functions in parallel";
  let description = [{
    Upstream's `finalize-memref-to-llvm` and `convert-cf-to-llvm` are module
    passes (their patterns may declare functions in the module), so they run
    on one thread over every outlined kernel: on DenseNet-121 with
    `--backends=none`, 0.15 and 0.11 s of the `llvm` stage. This pass
    declares the allocation functions the memref patterns call
    (`_mlir_memref_to_llvm_alloc`, `_mlir_memref_to_llvm_aligned_alloc`,
    `_mlir_memref_to_llvm_free` with `use-generic-functions`, else
    `malloc`, `aligned_alloc` and `free`) once, then applies those two
    pattern sets to each `func.func` on its own, several at a time: the
    patterns then only look the functions up. `memref.global` ops are
    converted first; `memref.copy` and `cf.assert`, whose patterns may
    declare `memrefCopy` and `abort`, after the functions, on one thread.
    What it leaves is what those two upstream passes would leave. Most of
    their time is the conversion driver's walk over every op of the
    module: run after this pass, finalize-memref-to-llvm still took 0.09
    to 0.13 s on DenseNet-121 with nothing left to convert.
  }];
  let options = [
    Option<"useGenericFunctions", "use-generic-functions", "bool",
           /*default=*/"false",
           "Allocate through _mlir_memref_to_llvm_alloc and free, as "
           "finalize-memref-to-llvm's option of that name">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SeamShareSimilarKernelsPass
    : Pass<"seam-share-similar-kernels", "::mlir::ModuleOp"> {
  let summary = "One LLVM function per set of kernels that differ only in "
                "integer constants";
  let description = [{
    On the LLVM dialect: kernel functions (`llvm.func` marked `seam.kernel`,
    returning nothing) with the same type and attributes, whose bodies are
    the same op for op up to the values of some 64-bit integer constants,
    become one function. Each use of a constant is judged alone (it gets a
    constant of its own first, so that kernels whose sizes happen to
    coincide still compare equal), and a constant offset of
    `llvm.getelementptr` into a scalar or vector counts as such a use. A use
    that takes a run-time value as well is compared by the value's class
    alone (its value below 4, else "larger"): operands of `llvm.add`, `llvm.sub`,
    `llvm.mul`, `llvm.icmp`, branch arguments, the values of `llvm.select`,
    the indices of `llvm.getelementptr`, the arguments of direct calls and
    the bounds and steps of `omp.loop_nest` (loop bounds, strides and
    offsets). The values that differ within a set become arguments of its
    first kernel, appended in the order of the body, one per distinct list
    of values across the set; every call of a kernel of the set calls that
    one with its own values. A model's convolutions of different sizes
    share their code this way; LLVM optimizes and compiles a set once.
    Divisors, shift amounts, masks, memcpy lengths and alloca sizes stay
    constants, and so do sizes of 0 to 3 (a loop of up to three iterations,
    a stride of one to three: simpler code with the constant).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SeamInstrumentKernelsPass
    : Pass<"seam-instrument-kernels", "::mlir::ModuleOp"> {
  let summary = "Time every call of an outlined kernel (per-kernel profiles)";
  let description = [{
    After `seam-outline-kernels`: each call of a kernel function (marked
    `seam.kernel` by that pass) reads `seam_profile_clock()` before and calls
    `seam_profile_add` after, which adds the call's time to the kernel's
    counter in `@__seam_kernel_ns`, an `i64` array with one element per
    kernel and a last one that `@main`'s entry counts runs in
    (`seam_profile_count`). `@__seam_kernel_names` holds the kernels' names,
    each ended by a NUL, in counter order: the kernel function and the ONNX
    nodes (the `NameLoc`s) its ops come from, e.g.
    `main_kernel_3 [conv1, relu1]`; `@__seam_kernel_count` their number.
    The Session reads them for `Session::profile()` (region `compiled`). A
    module without kernels is left as it is.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def SeamUnrollWindowsPass : Pass<"seam-unroll-windows", "::mlir::func::FuncOp"> {
  let summary = "Pooling and depthwise convolution vectorized along output rows, windows unrolled";
  let description = [{
    `linalg.pooling_nchw_max`, `linalg.pooling_nchw_sum` and
    `linalg.depthwise_conv_2d_nchw_chw` on f32 tensors become an `scf.for`
    nest over (n, c, oh) whose body walks the output row `vector-width`
    outputs at a time (and the row's remainder in one shorter vector): the
    accumulator is read from the output (its initial value: the bias, the
    pooling's identity), and for each of the kh x kw window positions,
    unrolled, one vector read of the input row at
    in[n, c, oh * sh + i * dh, ow * sw + j * dw] (with a stride, the
    (lanes - 1) * sw + 1 contiguous elements, deinterleaved by a
    `vector.shuffle`) is combined into it: `arith.maximumf`, `arith.addf`,
    or `vector.fma` with the broadcast weight w[c, i, j], read once per
    channel. The input is expected padded (tensor.pad before the op): all
    reads are in bounds. With `implicit-padding`, an op with unit column
    stride whose input is a `tensor.pad` of rows and columns only (static;
    or a slice of whole rows and columns of one, a block of channels) by
    the combine's neutral value (0; -inf for max pooling) reads the pad's
    source instead: the output rows whose windows reach into the padding
    above or below (at most `max-edge-rows`) are emitted one by one without
    those window rows, the others in a loop, and every row's vectors (at
    most `max-row-vectors`) are unrolled, each window column read only over
    the lanes that fall inside the source (the rest the neutral value,
    `vector.insert_strided_slice`). The padded tensor is then left unused:
    no buffer filled and copied into before the op. The output height and width and the window must be
    static, with at most `max-window` positions; batch and channels may be
    dynamic (a split across threads by `seam-parallelize`, which runs
    first). LLVM's loop vectorizer left these loops scalar (strided reads of
    nine views: "not beneficial").
  }];
  let options = [
    Option<"maxWindow", "max-window", "int64_t", "64",
           "Largest window (kh * kw) to unroll">,
    Option<"vectorWidth", "vector-width", "int64_t", "16",
           "Outputs of a row computed at a time (lanes of a vector)">,
    Option<"implicitPadding", "implicit-padding", "bool", "true",
           "Read a padded input's source, skipping the window positions in the padding">,
    Option<"maxEdgeRows", "max-edge-rows", "int64_t", "8",
           "Most output rows, above and below, whose windows reach into the padding (emitted one by one)">,
    Option<"maxRowVectors", "max-row-vectors", "int64_t", "16",
           "Most vectors per output row of an op that reads its padding implicitly (unrolled)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // SEAM_CODEGEN_PASSES_TD
