//===- RegionBuilder.cpp - A region's primitives from its description -----===//
//
// Builds a Region once, when its session is created: one oneDNN primitive per
// op of the description (layouts chosen by oneDNN), the weights reordered
// into them, the slots values live in (caller buffers, arena, static
// copies, views) and the steps (primitives and reorders) a run executes.
//
// oneDNN and the C++ standard library only: part of the dnnl runtime.
//
//===----------------------------------------------------------------------===//

#include "Region.h"

#include "BlockedPooling.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include <sys/mman.h>

// Seam's runtime (seam/Runtime/SeamRuntime.h), weak: a program that links
// this runtime without Seam's has no session to tell.
extern "C" __attribute__((weak)) void seam_weight_consumed(const void *data);

namespace seam::dnnl_region {

/// Memory for a weight's static copy of `bytes` bytes. One of 2 MiB or more
/// is asked for on transparent huge pages: the reorder that fills it then
/// takes one page fault per 2 MiB instead of one per 4 KiB, which on a
/// virtual machine is a large part of creating a session. Smaller ones come
/// from the C heap, 64-byte aligned.
static std::shared_ptr<void> allocateStatic(size_t bytes) {
  constexpr size_t kHugePage = size_t(2) << 20;
  size_t alignment = bytes >= kHugePage ? kHugePage : 64;
  size_t rounded =
      (std::max<size_t>(bytes, 1) + alignment - 1) & ~(alignment - 1);
  void *data = nullptr;
  if (posix_memalign(&data, alignment, rounded) != 0)
    throw std::bad_alloc();
  if (alignment == kHugePage)
    madvise(data, rounded, MADV_HUGEPAGE); // advice: ignored where unsupported
  return std::shared_ptr<void>(data, std::free);
}

using dnnl::memory;
using Dims = memory::dims;

namespace {

[[noreturn]] void fail(const std::string &message) {
  throw std::runtime_error(message);
}

Dims toDims(const std::vector<int64_t> &values) {
  return Dims(values.begin(), values.end());
}

/// Row-major strides of `dims`.
Dims rowMajorStrides(const Dims &dims) {
  Dims strides(dims.size());
  int64_t stride = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= dims[i];
  }
  return strides;
}

/// The row-major (plain) layout of `dims`: what generated code holds.
using DT = memory::data_type;

memory::desc rowMajor(const Dims &dims, DT type = DT::f32) {
  return memory::desc(dims, type, rowMajorStrides(dims));
}

/// Channels last (N, spatial dims..., C), for rank 3 and more.
memory::desc channelsLast(const Dims &dims) {
  Dims strides(dims.size());
  int64_t stride = 1;
  strides[1] = stride;
  stride *= dims[1];
  for (size_t d = dims.size(); d-- > 2;) {
    strides[d] = stride;
    stride *= dims[d];
  }
  strides[0] = stride;
  return memory::desc(dims, memory::data_type::f32, strides);
}

/// Whether `implementation` (a primitive's impl_info_str) is a reference
/// implementation of oneDNN, its last resort, often 10-100x slower than its
/// JIT kernels: "ref:any", and named after the primitive, "lnorm_ref:any"
/// (ConvNeXt's layer norms of a permuted channel-blocked source, 48 ms each
/// for 1x56x56x96 on AVX2 where the plain C++ one takes 0.2-0.35).
bool isReferenceImplementation(std::string_view implementation) {
  std::string_view name = implementation.substr(0, implementation.find(':'));
  return name == "ref" || name.substr(0, 4) == "ref_" ||
         (name.size() > 4 && name.substr(name.size() - 4) == "_ref");
}

/// Whether `implementation` is oneDNN's convolution by im2col and sgemm
/// ("gemm:jit", "x64:gemm:jit"; not "brgemm:..."), its choice where no
/// direct JIT kernel takes the shape (AlexNet's 11x11 stride-4 stem on
/// AVX2). oneDNN 2.6 applies its eltwise and binary post-ops after the
/// sgemm in a scalar loop of branches: a ReLU fused into that stem took
/// 1.3-1.4 ms more per run (medians 4.3-5.7 ms against 3.0-4.3 ms without
/// it, interleaved, one thread, AVX2 EPYC), where the same ReLU as its own
/// JIT eltwise primitive took 0.1-0.15 ms.
bool isGemmConvolution(std::string_view implementation) {
  if (implementation.substr(0, 4) == "x64:")
    implementation.remove_prefix(4);
  return implementation.substr(0, 5) == "gemm:";
}

/// The channel block of oneDNN's blocked layouts on this CPU (nChw16c with
/// AVX-512, nChw8c with AVX or AVX2), 0 where it has none.
int64_t channelBlock() {
  switch (dnnl::get_effective_cpu_isa()) {
  case dnnl::cpu_isa::avx512_mic:
  case dnnl::cpu_isa::avx512_mic_4ops:
  case dnnl::cpu_isa::avx512_core:
  case dnnl::cpu_isa::avx512_core_vnni:
  case dnnl::cpu_isa::avx512_core_bf16:
  case dnnl::cpu_isa::avx512_core_amx:
    return 16;
  case dnnl::cpu_isa::avx:
  case dnnl::cpu_isa::avx2:
  case dnnl::cpu_isa::avx2_vnni:
    return 8;
  default:
    return 0;
  }
}

/// `dims` (rank 3 to 5) in f32 channel blocks of `block` (16 or 8): N,
/// C / block, spatial dims..., block.
memory::desc channelBlocked(const Dims &dims, int64_t block) {
  using Tag = memory::format_tag;
  static const Tag by16[] = {Tag::aBc16b, Tag::aBcd16b, Tag::aBcde16b};
  static const Tag by8[] = {Tag::aBc8b, Tag::aBcd8b, Tag::aBcde8b};
  return memory::desc(dims, DT::f32,
                      (block == 16 ? by16 : by8)[dims.size() - 3]);
}

/// Lets the primitive choose the layout.
memory::desc anyLayout(const Dims &dims, DT type = DT::f32) {
  return memory::desc(dims, type, memory::format_tag::any);
}

/// `dims` with leading ones up to `rank`.
Dims padRank(const Dims &dims, size_t rank) {
  Dims padded(rank - std::min(rank, dims.size()), 1);
  padded.insert(padded.end(), dims.begin(), dims.end());
  return padded;
}

/// The row-major data of `dims` seen with leading ones up to `rank` and, with
/// `transpose`, its last two dims swapped (a view, not a copy).
memory::desc matrixView(const Dims &dims, size_t rank, bool transpose,
                        DT type = DT::f32) {
  Dims padded = padRank(dims, rank);
  Dims strides = rowMajorStrides(padded);
  if (transpose) {
    std::swap(padded[rank - 1], padded[rank - 2]);
    std::swap(strides[rank - 1], strides[rank - 2]);
  }
  return memory::desc(padded, type, strides);
}

int64_t numElements(const Dims &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

dnnl::algorithm toDnnl(Algorithm algorithm) {
  using A = dnnl::algorithm;
  switch (algorithm) {
  case Algorithm::Relu:
    return A::eltwise_relu;
  case Algorithm::Tanh:
    return A::eltwise_tanh;
  case Algorithm::Elu:
    return A::eltwise_elu;
  case Algorithm::Abs:
    return A::eltwise_abs;
  case Algorithm::Sqrt:
    return A::eltwise_sqrt;
  case Algorithm::Linear:
    return A::eltwise_linear;
  case Algorithm::Logistic:
    return A::eltwise_logistic;
  case Algorithm::Exp:
    return A::eltwise_exp;
  case Algorithm::Log:
    return A::eltwise_log;
  case Algorithm::Clip:
    return A::eltwise_clip;
  case Algorithm::HardSwish:
    return A::eltwise_hardswish;
  case Algorithm::GeluErf:
    return A::eltwise_gelu_erf;
  case Algorithm::GeluTanh:
    return A::eltwise_gelu_tanh;
  case Algorithm::Swish:
    return A::eltwise_swish;
  case Algorithm::SoftRelu:
    return A::eltwise_soft_relu;
  case Algorithm::Square:
    return A::eltwise_square;
  case Algorithm::Add:
    return A::binary_add;
  case Algorithm::Sub:
    return A::binary_sub;
  case Algorithm::Mul:
    return A::binary_mul;
  case Algorithm::Div:
    return A::binary_div;
  case Algorithm::Max:
    return A::binary_max;
  case Algorithm::Min:
    return A::binary_min;
  case Algorithm::PoolMax:
    return A::pooling_max;
  case Algorithm::PoolAvgInclude:
    return A::pooling_avg_include_padding;
  case Algorithm::PoolAvgExclude:
    return A::pooling_avg_exclude_padding;
  case Algorithm::ReduceMean:
    return A::reduction_mean;
  case Algorithm::ReduceSum:
    return A::reduction_sum;
  case Algorithm::ReduceMax:
    return A::reduction_max;
  case Algorithm::ReduceMin:
    return A::reduction_min;
  case Algorithm::ReduceProd:
    return A::reduction_mul;
  case Algorithm::ResampleNearest:
    return A::resampling_nearest;
  case Algorithm::ResampleLinear:
    return A::resampling_linear;
  case Algorithm::None:
    break;
  }
  fail("an op without an algorithm");
}

/// The oneDNN algorithm of `algorithm`, which must be one of `kind`'s.
dnnl::algorithm algorithmOf(Algorithm algorithm, OpKind kind) {
  if (getAlgorithmOpKind(algorithm) != kind)
    fail(std::string("algorithm '") + getAlgorithmKeyword(algorithm) +
         "' is not one of " + getOpKeyword(kind));
  return toDnnl(algorithm);
}

/// ONNX dilations (1: none) as oneDNN's (0: none).
Dims oneDnnDilations(const std::vector<int64_t> &dilations, size_t n) {
  Dims result(n, 0);
  for (size_t i = 0; i < n && i < dilations.size(); ++i)
    result[i] = dilations[i] - 1;
  return result;
}

/// ONNX pads (begins, then ends) as oneDNN's left and right padding.
std::pair<Dims, Dims> splitPads(const std::vector<int64_t> &pads, size_t n) {
  Dims left(n, 0), right(n, 0);
  for (size_t i = 0; i < n && 2 * n == pads.size(); ++i) {
    left[i] = pads[i];
    right[i] = pads[n + i];
  }
  return {left, right};
}

} // namespace

//===----------------------------------------------------------------------===//
// Builder: primitives, slots and steps from the description
//===----------------------------------------------------------------------===//

class Region::Builder {
public:
  Builder(Region &region, const RegionDesc &desc, const void *const *weights)
      : region(region), desc(desc), weights(weights),
        values(desc.values.size()), stream(getEngine()) {
    for (size_t i = 0; i < desc.weights.size(); ++i)
      values[desc.weights[i]].weight = static_cast<int64_t>(i);
    for (size_t i = 0; i < desc.outputs.size(); ++i)
      values[desc.outputs[i]].output = static_cast<int64_t>(i);
    for (size_t k = 0; k < desc.ops.size(); ++k) {
      auto use = [&](int64_t v) {
        values[v].lastUse = static_cast<int64_t>(k);
        values[v].users.push_back(static_cast<int64_t>(k));
      };
      for (int64_t v : desc.ops[k].srcs)
        use(v);
      if (desc.ops[k].bias >= 0)
        use(desc.ops[k].bias);
      for (const PostOp &post : desc.ops[k].postOps)
        if (post.kind != PostOp::Kind::Eltwise)
          use(post.value);
    }
    // A reshape's or a transpose's result is a view of its source's memory:
    // the source lives as long as the view is used (a chain of views, from
    // the last).
    for (size_t k = desc.ops.size(); k-- > 0;)
      if (desc.ops[k].kind == OpKind::Reshape ||
          desc.ops[k].kind == OpKind::Transpose)
        values[desc.ops[k].srcs[0]].lastUse =
            std::max(values[desc.ops[k].srcs[0]].lastUse,
                     values[desc.ops[k].dst].lastUse);
    for (size_t i = 0; i < desc.inputs.size(); ++i) {
      Slot slot{Slot::Kind::Input, plain(desc.inputs[i])};
      slot.buffer = static_cast<int64_t>(i);
      values[desc.inputs[i]].home = addSlot(std::move(slot));
    }
  }

  void build() {
    planConcatChains();
    // The weights each op reads last: once it is built, their static copies
    // exist and the caller may free them (seam_weight_consumed).
    std::vector<std::vector<int64_t>> lastReadBy(desc.ops.size());
    for (size_t i = 0; i < desc.weights.size(); ++i) {
      int64_t last = values[desc.weights[i]].lastUse;
      if (last >= 0)
        lastReadBy[last].push_back(static_cast<int64_t>(i));
    }
    for (size_t k = 0; k < desc.ops.size(); ++k) {
      const OpDesc &op = desc.ops[k];
      try {
        buildOp(op, static_cast<int64_t>(k));
      } catch (const dnnl::error &e) {
        fail(std::string("op ") + std::to_string(k) + " (" +
             getOpKeyword(op.kind) + "): oneDNN: " + e.what());
      } catch (const std::runtime_error &e) {
        fail(std::string("op ") + std::to_string(k) + " (" +
             getOpKeyword(op.kind) + "): " + e.what());
      }
      if (!lastReadBy[k].empty()) {
        stream.wait();
        for (int64_t i : lastReadBy[k])
          consumed(i);
      }
    }
    for (size_t i = 0; i < desc.outputs.size(); ++i)
      if (values[desc.outputs[i]].home < 0)
        fail("output " + std::to_string(i) + " is not computed by the region");
    stream.wait();
    for (size_t i = 0; i < desc.weights.size(); ++i)
      if (values[desc.weights[i]].lastUse < 0)
        consumed(static_cast<int64_t>(i));
  }

private:
  struct ValueInfo {
    /// The slot the value was produced in (or its input buffer); -1 for
    /// weights, which only have static copies.
    int home = -1;
    /// Copies in other layouts.
    std::vector<int> variants;
    int64_t lastUse = -1;
    int64_t output = -1;
    int64_t weight = -1;
    /// The ops that read the value, in order (an op once per operand).
    std::vector<int64_t> users;
    /// A source of a concatenation chain (see planConcatChains): the chain,
    /// the value's first channel in its buffer, and the slot of its part
    /// once the value is written there (else -1).
    int chain = -1;
    int64_t chainChannel = 0;
    int chainPart = -1;
  };

  /// Concatenations sharing one buffer: an arena slot in channel blocks.
  struct ConcatChain {
    int slot;
    int64_t block;
  };
  std::vector<ConcatChain> chains;
  /// Per op: the chain a concatenation is part of, else -1; and the sources
  /// of each concatenation with those that are concatenations of its chain
  /// replaced by their own sources.
  std::vector<int> chainOfOp;
  std::vector<std::vector<int64_t>> flatSources;

  /// The dims of a value; a 0-d value (a scalar) is one element of rank 1,
  /// since oneDNN's memory descriptors have at least one dim.
  Dims dims(int64_t value) const {
    const std::vector<int64_t> &shape = desc.values[value];
    return shape.empty() ? Dims{1} : toDims(shape);
  }

  /// The element type of a value.
  DT dataType(int64_t value) const {
    switch (value < static_cast<int64_t>(desc.types.size()) ? desc.types[value]
                                                            : DataType::F32) {
    case DataType::S8:
      return DT::s8;
    case DataType::U8:
      return DT::u8;
    case DataType::S32:
      return DT::s32;
    case DataType::F32:
      break;
    }
    return DT::f32;
  }

  /// The row-major layout of a value, in its element type.
  memory::desc plain(int64_t value) const {
    return rowMajor(dims(value), dataType(value));
  }

  int addSlot(Slot slot) {
    region.slots.push_back(std::move(slot));
    return static_cast<int>(region.slots.size()) - 1;
  }

  int baseOf(int slot) const {
    return region.slots[slot].base >= 0 ? region.slots[slot].base : slot;
  }

  /// Adds a step; `what` and the primitive's implementation name it.
  void addStep(dnnl::primitive primitive, std::vector<std::pair<int, int>> args,
               const memory::desc &scratchpad, const std::string &what,
               const char *implementation, Region::Kernel kernel = {}) {
    size_t size = scratchpad.get_size();
    region.scratchpadSize = std::max(region.scratchpadSize, size);
    // A reference implementation: never silent in a profile.
    std::string name = what + " [" + implementation + "]";
    if (isReferenceImplementation(implementation))
      name += " slow: oneDNN reference kernel";
    region.steps.push_back({std::move(primitive), std::move(args), size > 0,
                            std::move(name), std::move(kernel)});
  }

  static std::string dimsText(const Dims &dims) {
    std::string text;
    for (size_t i = 0; i < dims.size(); ++i)
      text += (i ? "x" : "") + std::to_string(dims[i]);
    return text;
  }

  static dnnl::primitive_attr userScratchpad() {
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    return attr;
  }

  /// Tells the session that weight `index` is not read again (see
  /// seam_weight_consumed; a program without Seam's runtime has none).
  void consumed(int64_t index) {
    if (weights && seam_weight_consumed)
      seam_weight_consumed(weights[index]);
  }

  /// Copies slot `from` into slot `to` (any layouts, same dims) at run time.
  void addReorder(int from, int to) {
    dnnl::reorder::primitive_desc pd(getEngine(), region.slots[from].md,
                                     getEngine(), region.slots[to].md,
                                     userScratchpad());
    addStep(dnnl::reorder(pd), {{DNNL_ARG_SRC, from}, {DNNL_ARG_DST, to}},
            pd.scratchpad_desc(),
            "reorder " + dimsText(region.slots[to].md.dims()),
            pd.impl_info_str());
  }

  /// A weight, seen through `from` (a view of its row-major data), reordered
  /// now into an owned memory of layout `to`, scaled by `scale`.
  int staticCopy(int64_t value, const memory::desc &from,
                 const memory::desc &to, float scale = 1.0f) {
    if (numElements(from.dims()) != numElements(dims(value)))
      fail("weight " + std::to_string(value) + " seen with another size");
    dnnl::primitive_attr attr;
    if (scale != 1.0f)
      attr.set_output_scales(0, {scale});
    dnnl::reorder::primitive_desc pd(getEngine(), from, getEngine(), to, attr);
    if (!weights) {
      // Preparing only: the reorder's kernel, for the primitive cache.
      dnnl::reorder prepared(pd);
      return addSlot({Slot::Kind::Static, to});
    }
    const void *data = weights[values[value].weight];
    return addStaticSlot(pd,
                         memory(from, getEngine(), const_cast<void *>(data)));
  }

  /// A static slot of memory of its own holding `source` reordered by `pd`
  /// (on the builder's stream: `source` must live until it is waited for).
  int addStaticSlot(const dnnl::reorder::primitive_desc &pd, memory source) {
    memory::desc to = pd.dst_desc();
    std::shared_ptr<void> storage = allocateStatic(to.get_size());
    memory target(to, getEngine(), storage.get());
    dnnl::reorder(pd).execute(stream, source, target);
    Slot slot{Slot::Kind::Static, to};
    slot.memory = target;
    slot.storage = std::move(storage);
    return addSlot(std::move(slot));
  }

  /// A slot holding `value` in layout `md` (same dims): where it is, or a
  /// copy (a static one for weights, a reorder at run time otherwise).
  int ensure(int64_t value, const memory::desc &md) {
    ValueInfo &info = values[value];
    if (info.home >= 0 && region.slots[info.home].md == md)
      return info.home;
    for (int slot : info.variants)
      if (region.slots[slot].md == md)
        return slot;
    int slot;
    if (info.weight >= 0) {
      slot = staticCopy(value, rowMajor(md.dims(), dataType(value)), md);
    } else {
      if (info.home < 0)
        fail("value " + std::to_string(value) +
             " is used before it is computed");
      if (md.dims() != dims(value))
        fail("value " + std::to_string(value) + " seen with other dims");
      slot = addSlot({Slot::Kind::Arena, md});
      addReorder(info.home, slot);
    }
    values[value].variants.push_back(slot);
    return slot;
  }

  /// The layout `value` is in now (row-major for weights).
  memory::desc layoutOf(int64_t value) const {
    const ValueInfo &info = values[value];
    return info.home >= 0 ? region.slots[info.home].md : plain(value);
  }

  /// `value` seen through `view`, a descriptor of its row-major data.
  int viewOf(int64_t value, const memory::desc &view) {
    int rowMajorSlot = ensure(value, plain(value));
    return region.slots[rowMajorSlot].md == view ? rowMajorSlot
                                                 : addView(rowMajorSlot, view);
  }

  /// A slot for the memory of `slot` seen through `view`.
  int addView(int slot, const memory::desc &view) {
    Slot alias = region.slots[slot];
    alias.md = view;
    alias.base = baseOf(slot);
    if (alias.kind == Slot::Kind::Static)
      alias.memory = memory(view, getEngine(),
                            region.slots[slot].memory.get_data_handle());
    return addSlot(std::move(alias));
  }

  /// A new slot for the result `value` in layout `md`: the caller's output
  /// buffer when `value` is an output and `md` is row-major, else the arena.
  int resultSlot(int64_t value, const memory::desc &md) {
    ValueInfo &info = values[value];
    if (info.chain >= 0 && info.chainPart < 0 && md == chainLayout(value))
      return chainPart(value);
    if (values[value].output >= 0 && md == plain(value)) {
      Slot slot{Slot::Kind::Output, md};
      slot.buffer =
          static_cast<int64_t>(desc.inputs.size()) + values[value].output;
      return addSlot(std::move(slot));
    }
    return addSlot({Slot::Kind::Arena, md});
  }

  /// The destination of `op` (its primitive chose `md`), with its sum
  /// post-op's residual in it: the residual's own arena memory when this
  /// is its last use (in place), else a copy of it. Only the first `fused`
  /// post-ops are the primitive's.
  int destination(const OpDesc &op, int64_t k, const memory::desc &md,
                  const std::vector<int> &sources, size_t fused) {
    const PostOp *sum = nullptr;
    for (size_t i = 0; i < fused; ++i)
      if (op.postOps[i].kind == PostOp::Kind::Sum)
        sum = &op.postOps[i];
    if (!sum)
      return resultSlot(op.dst, md);
    ValueInfo &residual = values[sum->value];
    if (residual.weight < 0 && residual.lastUse == k) {
      std::vector<int> held = residual.variants;
      held.push_back(residual.home);
      for (int slot : held) {
        const Slot &s = region.slots[slot];
        bool isSource = std::any_of(sources.begin(), sources.end(), [&](int x) {
          return baseOf(x) == baseOf(slot);
        });
        if (s.kind == Slot::Kind::Arena && s.base < 0 && s.md == md &&
            !isSource)
          return slot;
      }
    }
    int slot = resultSlot(op.dst, md);
    int from = residual.weight >= 0 ? ensure(sum->value, md) : residual.home;
    addReorder(from, slot);
    return slot;
  }

  /// Records where `value` was computed, and copies it to its output buffer
  /// when it is an output computed elsewhere.
  void produced(int64_t value, int slot) {
    values[value].home = slot;
    values[value].variants.clear();
    if (values[value].output >= 0 &&
        region.slots[slot].kind != Slot::Kind::Output) {
      Slot out{Slot::Kind::Output, plain(value)};
      out.buffer =
          static_cast<int64_t>(desc.inputs.size()) + values[value].output;
      addReorder(slot, addSlot(std::move(out)));
    }
  }

  /// The layout in which a binary post-op of `op` reads its second operand
  /// `value` for a primitive whose destination has dims `dst`: its row-major
  /// data with leading ones; for a product flattened to 2-D rows, that data
  /// folded the same way (one row, or a row per result row). Nullopt when it
  /// does not fold.
  std::optional<memory::desc>
  binaryOperandLayout(const OpDesc &op, int64_t value, const Dims &dst) const {
    Dims result = dims(op.dst);
    Dims operand = padRank(dims(value), result.size());
    if (dims(value).size() > result.size())
      return std::nullopt;
    if (dst.size() == result.size())
      return rowMajor(operand, dataType(value));
    if (dst.size() != 2)
      return std::nullopt;
    bool ones = true, rows = true;
    for (size_t d = 0; d + 1 < result.size(); ++d) {
      ones &= operand[d] == 1;
      rows &= operand[d] == result[d];
    }
    if (!ones && !rows)
      return std::nullopt;
    return rowMajor({ones ? 1 : dst[0], operand.back()}, dataType(value));
  }

  memory::desc binaryOperand(const OpDesc &op, int64_t value,
                             const Dims &dst) const {
    std::optional<memory::desc> md = binaryOperandLayout(op, value, dst);
    if (!md)
      fail("the second operand of a binary post-op (value " +
           std::to_string(value) + ") does not broadcast into the result");
    return *md;
  }

  /// The first `count` of `op`'s post-ops for a primitive whose destination
  /// has dims `dst`, owned (primitive_attr::get_post_ops only lends a view
  /// of its attribute's).
  dnnl::post_ops postOpsOf(const OpDesc &op, const Dims &dst,
                           size_t count) const {
    dnnl::post_ops postOps;
    for (size_t i = 0; i < std::min(count, op.postOps.size()); ++i) {
      const PostOp &post = op.postOps[i];
      switch (post.kind) {
      case PostOp::Kind::Sum:
        postOps.append_sum(1.0f);
        break;
      case PostOp::Kind::Eltwise:
        postOps.append_eltwise(1.0f, algorithmOf(post.alg, OpKind::Eltwise),
                               post.alpha, post.beta);
        break;
      case PostOp::Kind::Binary:
        postOps.append_binary(algorithmOf(post.alg, OpKind::Binary),
                              binaryOperand(op, post.value, dst));
        break;
      }
    }
    return postOps;
  }

  dnnl::primitive_attr attributes(const OpDesc &op) {
    dnnl::primitive_attr attr = userScratchpad();
    attr.set_post_ops(postOpsOf(op, dims(op.dst), op.postOps.size()));
    return attr;
  }

  /// Where a primitive writes and how much of its op it computes, beyond its
  /// descriptor (see `finish`).
  struct Written {
    /// The result is that memory seen in this layout (a matmul writing N-D
    /// rows as 2-D).
    std::optional<memory::desc> resultLayout;
    /// The number of the op's post-ops the primitive fuses; the others run
    /// after it, in place.
    size_t fused = SIZE_MAX;
    /// A slot chosen for the result (a view of the memory of the transpose
    /// that reads it), or -1.
    int slot = -1;
    /// Given the step's arguments (slots), a kernel of Seam's own that
    /// computes what the primitive would, and its implementation name; or
    /// none, and the primitive runs.
    std::function<std::optional<std::pair<Region::Kernel, std::string>>(
        const std::vector<std::pair<int, int>> &)>
        ownKernel;
  };

  /// Adds the step of a primitive `pd` computing `op.dst` from `args` (the
  /// destination and the binary post-ops' operands are added here), then
  /// the post-ops it does not fuse, and records the result.
  template <typename PrimitiveDesc, typename Primitive>
  void finish(const OpDesc &op, int64_t k, const PrimitiveDesc &pd,
              std::vector<std::pair<int, int>> args) {
    finish<PrimitiveDesc, Primitive>(op, k, pd, std::move(args), Written());
  }
  template <typename PrimitiveDesc, typename Primitive>
  void finish(const OpDesc &op, int64_t k, const PrimitiveDesc &pd,
              std::vector<std::pair<int, int>> args, Written how) {
    size_t fused = std::min(how.fused, op.postOps.size());
    Dims written = pd.dst_desc().dims();
    std::vector<int> sources;
    for (auto [arg, slot] : args)
      sources.push_back(slot);
    int dst = how.slot >= 0
                  ? how.slot
                  : destination(op, k, how.resultLayout.value_or(pd.dst_desc()),
                                sources, fused);
    int dstArg = how.resultLayout ? addView(dst, pd.dst_desc()) : dst;
    args.push_back({DNNL_ARG_DST, dstArg});
    for (size_t i = 0; i < fused; ++i)
      if (op.postOps[i].kind == PostOp::Kind::Binary)
        args.push_back(
            {DNNL_ARG_ATTR_MULTIPLE_POST_OP(static_cast<int>(i)) |
                 DNNL_ARG_SRC_1,
             viewOf(op.postOps[i].value,
                    binaryOperand(op, op.postOps[i].value, written))});
    std::string label =
        std::string(getOpKeyword(op.kind)) + " " + dimsText(dims(op.dst));
    if (how.resultLayout)
      label += " as " + dimsText(written);
    std::optional<std::pair<Region::Kernel, std::string>> own;
    if (how.ownKernel)
      own = how.ownKernel(args);
    if (own)
      addStep(dnnl::primitive(), std::move(args), memory::desc(), label,
              own->second.c_str(), std::move(own->first));
    else
      addStep(Primitive(pd), std::move(args), pd.scratchpad_desc(), label,
              pd.impl_info_str());
    for (size_t i = fused; i < op.postOps.size(); ++i)
      addUnfusedPostOp(op, op.postOps[i], dstArg, label);
    produced(op.dst, dst);
  }

  /// A post-op a primitive does not fuse, as its own primitive in place on
  /// the result (`slot`, in the primitive's layout).
  void addUnfusedPostOp(const OpDesc &op, const PostOp &post, int slot,
                        const std::string &label) {
    const memory::desc &md = region.slots[slot].md;
    std::string name = label + " (unfused post-op)";
    if (post.kind == PostOp::Kind::Eltwise) {
      dnnl::eltwise_forward::primitive_desc pd(
          dnnl::eltwise_forward::desc(dnnl::prop_kind::forward_inference,
                                      algorithmOf(post.alg, OpKind::Eltwise),
                                      md, post.alpha, post.beta),
          userScratchpad(), getEngine());
      addStep(dnnl::eltwise_forward(pd),
              {{DNNL_ARG_SRC, slot}, {DNNL_ARG_DST, slot}},
              pd.scratchpad_desc(), name, pd.impl_info_str());
      return;
    }
    // A sum is a binary add of a value of the result's dims.
    memory::desc operand = post.kind == PostOp::Kind::Sum
                               ? rowMajor(md.dims(), dataType(post.value))
                               : binaryOperand(op, post.value, md.dims());
    Algorithm alg = post.kind == PostOp::Kind::Sum ? Algorithm::Add : post.alg;
    dnnl::binary::primitive_desc pd(
        dnnl::binary::desc(algorithmOf(alg, OpKind::Binary), md, operand, md),
        userScratchpad(), getEngine());
    addStep(dnnl::binary(pd),
            {{DNNL_ARG_SRC_0, slot},
             {DNNL_ARG_SRC_1, viewOf(post.value, operand)},
             {DNNL_ARG_DST, slot}},
            pd.scratchpad_desc(), name, pd.impl_info_str());
  }

  /// Creates a primitive descriptor with `make(layout)`, the layout the
  /// source is in first: if oneDNN has only a reference or a plain C++
  /// implementation for it (a per-channel binary on 8-channel blocks with
  /// AVX-512; max pooling of a row-major source, "simple_nchw", 4.2 ms for
  /// AlexNet's first pooling on AVX2, where the reorder and the JIT kernel
  /// take 0.3 and 0.3-0.5 ms), with channels last, then in channel blocks,
  /// then row-major. The first that has a JIT kernel wins (the source is
  /// reordered to it); when none has, the first plain C++ one, else the
  /// first that exists.
  template <typename Make> auto withSourceLayout(int64_t source, Make make) {
    using PrimitiveDesc = std::invoke_result_t<Make, memory::desc>;
    const Dims &shape = dims(source);
    std::vector<memory::desc> layouts = {layoutOf(source)};
    if (shape.size() >= 3)
      layouts.push_back(channelsLast(shape));
    if (int64_t block = channelBlock(); block && shape.size() >= 3 &&
                                        shape.size() <= 5 &&
                                        dataType(source) == DT::f32)
      layouts.push_back(channelBlocked(shape, block));
    layouts.push_back(rowMajor(shape));
    std::optional<PrimitiveDesc> fallback;
    std::exception_ptr error;
    for (size_t i = 0; i < layouts.size(); ++i) {
      if (std::find(layouts.begin(), layouts.begin() + i, layouts[i]) !=
          layouts.begin() + i)
        continue;
      try {
        PrimitiveDesc pd = make(layouts[i]);
        ImplTier tier = tierOf(pd);
        if (tier == ImplTier::Jit)
          return pd;
        if (!fallback || tier < tierOf(*fallback))
          fallback = std::move(pd);
      } catch (const dnnl::error &) {
        error = std::current_exception();
      }
    }
    if (!fallback)
      std::rethrow_exception(error);
    return std::move(*fallback);
  }

  void buildOp(const OpDesc &op, int64_t k) {
    switch (op.kind) {
    case OpKind::Conv:
      return buildConv(op, k);
    case OpKind::Deconv:
      return buildDeconv(op, k);
    case OpKind::MatMul:
      return buildMatMul(op, k);
    case OpKind::Pool:
      return buildPool(op, k);
    case OpKind::Softmax:
      return buildSoftmax(op, k);
    case OpKind::Eltwise:
      return buildEltwise(op, k);
    case OpKind::Binary:
      return buildBinary(op, k);
    case OpKind::BatchNorm:
      return buildBatchNorm(op, k);
    case OpKind::Concat:
      return buildConcat(op, k);
    case OpKind::Reshape:
      return buildReshape(op);
    case OpKind::Transpose:
    case OpKind::Slice:
      return buildCopyOfView(op);
    case OpKind::Reduce:
      return buildReduce(op, k);
    case OpKind::LayerNorm:
      return buildLayerNorm(op, k);
    case OpKind::Resample:
      return buildResample(op, k);
    }
  }

  /// Transpose and slice: a view of the source (its axes permuted, or a
  /// block of it), reordered into a row-major result for a slice. The view
  /// is of the source's own layout when oneDNN can describe it, else of a
  /// row-major copy.
  void buildCopyOfView(const OpDesc &op) {
    Dims dst = dims(op.dst);
    auto view = [&](const memory::desc &md) {
      if (op.kind == OpKind::Slice)
        return md.submemory_desc(dst, toDims(op.offsets));
      std::vector<int> inverse(op.perm.size());
      for (size_t i = 0; i < op.perm.size(); ++i)
        inverse[op.perm[i]] = static_cast<int>(i);
      return md.permute_axes(inverse);
    };
    int source = ensure(op.srcs[0], layoutOf(op.srcs[0]));
    memory::desc md;
    try {
      md = view(region.slots[source].md);
    } catch (const dnnl::error &) {
      source = ensure(op.srcs[0], plain(op.srcs[0]));
      md = view(region.slots[source].md);
    }
    if (md.dims() != dst)
      fail("the view does not have the result's dims");
    // A transpose is that view: its readers take the strided layout (a
    // matmul reading the heads of a [B, S, H, D] projection) or reorder it
    // into theirs. A slice is copied.
    if (op.kind == OpKind::Transpose) {
      produced(op.dst, addView(source, md));
      return;
    }
    int result = resultSlot(op.dst, plain(op.dst));
    addReorder(addView(source, md), result);
    produced(op.dst, result);
  }

  /// No primitive: the result is the source's row-major data seen with the
  /// result's dims (the source is reordered to row-major first if needed).
  void buildReshape(const OpDesc &op) {
    if (numElements(dims(op.srcs[0])) != numElements(dims(op.dst)))
      fail("reshape to another number of elements");
    int source = ensure(op.srcs[0], plain(op.srcs[0]));
    produced(op.dst, addView(source, plain(op.dst)));
  }

  /// The inference desc of a convolution or deconvolution `Primitive` with
  /// `op`'s source, destination, bias (seen as `bias`) and window, and
  /// weights of `weightDims` and `weightType` in any layout; the source and
  /// destination in `srcLayout` and `dstLayout` if given, else any.
  template <typename Primitive>
  typename Primitive::desc
  windowDesc(const OpDesc &op, dnnl::algorithm alg, const Dims &weightDims,
             const memory::desc &bias, DT weightType = DT::f32,
             const std::optional<memory::desc> &srcLayout = std::nullopt,
             const std::optional<memory::desc> &dstLayout = std::nullopt) {
    Dims src = dims(op.srcs[0]), dst = dims(op.dst);
    size_t n = src.size() - 2;
    auto [padLeft, padRight] = splitPads(op.pads, n);
    Dims strides = toDims(op.strides);
    Dims dilations = oneDnnDilations(op.dilations, n);
    auto kind = dnnl::prop_kind::forward_inference;
    using Desc = typename Primitive::desc;
    memory::desc srcMd =
        srcLayout.value_or(anyLayout(src, dataType(op.srcs[0])));
    memory::desc weightMd = anyLayout(weightDims, weightType);
    memory::desc dstMd = dstLayout.value_or(anyLayout(dst, dataType(op.dst)));
    if (op.bias >= 0)
      return Desc(kind, alg, srcMd, weightMd, bias, dstMd, strides, dilations,
                  padLeft, padRight);
    return Desc(kind, alg, srcMd, weightMd, dstMd, strides, dilations, padLeft,
                padRight);
  }

  /// Whether `op` is an int8 product (its source is i8 or ui8).
  bool isQuantized(const OpDesc &op) const {
    DT src = dataType(op.srcs[0]);
    return src == DT::s8 || src == DT::u8;
  }

  /// The first `fused` of `op`'s post-ops (for a destination of dims `dst`)
  /// and, for an int8 product, its scales (one, or one per entry of the
  /// dst's dim `channelDim`) and zero points. The dst zero
  /// point is no oneDNN dst zero point, which it adds before it rounds
  /// (71.500001 from -18.4999990 + 90 rounds to 72, where ONNX rounds
  /// -18.500002 to -19): a round post-op (half to even), then the zero
  /// point added to the integer, then the saturating conversion, as ONNX.
  dnnl::primitive_attr quantizedAttributes(const OpDesc &op, int channelDim,
                                           const Dims &dst,
                                           size_t fused = SIZE_MAX) {
    dnnl::primitive_attr attr = userScratchpad();
    if (!op.scales.empty())
      attr.set_output_scales(op.scales.size() > 1 ? 1 << channelDim : 0,
                             op.scales);
    for (auto [arg, zeroPoint] : {std::pair{DNNL_ARG_SRC, op.srcZeroPoint},
                                  {DNNL_ARG_WEIGHTS, op.weightZeroPoint}})
      if (zeroPoint != 0)
        attr.set_zero_points(arg, 0, {static_cast<int32_t>(zeroPoint)});
    dnnl::post_ops postOps = postOpsOf(op, dst, fused);
    if (op.dstZeroPoint != 0) {
      postOps.append_eltwise(1.0f, dnnl::algorithm::eltwise_round, 0.0f, 0.0f);
      postOps.append_eltwise(1.0f, dnnl::algorithm::eltwise_linear, 1.0f,
                             static_cast<float>(op.dstZeroPoint));
    }
    attr.set_post_ops(postOps);
    return attr;
  }

  void buildConv(const OpDesc &op, int64_t k) {
    Dims weightDims = dims(op.srcs[1]);
    if (op.group > 1) {
      // ONNX M x C/g x k... is oneDNN's g x M/g x C/g x k... (same memory).
      weightDims[0] /= op.group;
      weightDims.insert(weightDims.begin(), op.group);
    }
    // An int8 convolution's int32 bias is one value per output channel
    // whatever its shape (1 x M x 1 x 1 after an add).
    bool quantized = isQuantized(op);
    memory::desc bias;
    if (op.bias >= 0)
      bias = quantized ? rowMajor({dims(op.dst)[1]}, DT::s32) : plain(op.bias);
    using Conv = dnnl::convolution_forward;
    auto choose = [&](const Dims &weightDims, size_t fused) {
      Conv::primitive_desc pd(
          windowDesc<Conv>(op, dnnl::algorithm::convolution_direct, weightDims,
                           bias, dataType(op.srcs[1])),
          quantizedAttributes(op, 1, dims(op.dst), fused), getEngine());
      if (auto kept = inSourceLayout(op, pd, weightDims, bias, fused))
        pd = std::move(*kept);
      return pd;
    };
    Conv::primitive_desc pd = choose(weightDims, SIZE_MAX);
    // Groups of too few channels for oneDNN's blocks, merged (see
    // getGroupMerge): constant f32 weights only, which the merge rewrites.
    int64_t merge = 1;
    if (!quantized && values[op.srcs[1]].weight >= 0 &&
        dataType(op.srcs[1]) == DT::f32 &&
        isGemmConvolution(pd.impl_info_str()))
      if (int64_t m = getGroupMerge(weightDims); m > 1) {
        Dims merged = mergeGroups(weightDims, m);
        Conv::primitive_desc wider = choose(merged, SIZE_MAX);
        if (tierOf(wider) == ImplTier::Jit &&
            !isGemmConvolution(wider.impl_info_str())) {
          pd = std::move(wider);
          weightDims = std::move(merged);
          merge = m;
        }
      }
    // On oneDNN's gemm convolution, the post-ops from the first that is not
    // a sum (which its sgemm accumulates onto) run after it as primitives
    // of their own (see isGemmConvolution).
    Written how;
    if (!quantized && isGemmConvolution(pd.impl_info_str())) {
      size_t sums = 0;
      while (sums < op.postOps.size() &&
             op.postOps[sums].kind == PostOp::Kind::Sum)
        ++sums;
      if (sums < op.postOps.size()) {
        Conv::primitive_desc unfused = choose(weightDims, sums);
        if (isGemmConvolution(unfused.impl_info_str())) {
          pd = std::move(unfused);
          how.fused = sums;
        }
      }
    }
    std::vector<std::pair<int, int>> args = {
        {DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())},
        {DNNL_ARG_WEIGHTS,
         merge > 1 ? mergedGroupWeights(op.srcs[1], merge, pd.weights_desc())
                   : ensure(op.srcs[1], pd.weights_desc())}};
    if (op.bias >= 0)
      args.push_back(
          {DNNL_ARG_BIAS, quantized ? staticCopy(op.bias, bias, pd.bias_desc())
                                    : ensure(op.bias, pd.bias_desc())});
    finish<Conv::primitive_desc, Conv>(op, k, pd, std::move(args), how);
  }

  /// How many adjacent groups of a grouped convolution with weights of dims
  /// `weightDims` (g x M/g x C/g x k...) to merge into one so that each has
  /// whole blocks of oneDNN's channels, in and out: 1 for none (a depthwise
  /// convolution, whole blocks already, or a merge of more than 4 groups).
  /// oneDNN 2.6's direct JIT kernels take a group's channels in whole
  /// blocks; for fewer it runs im2col and sgemm group by group. Merged, the
  /// groups' weights are a block diagonal: m times the multiply-adds, on a
  /// JIT kernel. ResNeXt-50's 3x3 convolutions of 128 channels in 32 groups
  /// at 56x56 (4 per group) with their ReLU took 4.9-5.1 ms by sgemm and
  /// 1.6-1.7 ms as 16 groups of 8 (AVX2, one thread, interleaved).
  static int64_t getGroupMerge(const Dims &weightDims) {
    constexpr int64_t kMaxMerge = 4;
    int64_t block = channelBlock();
    if (weightDims.size() < 4 || block == 0)
      return 1;
    int64_t groups = weightDims[0], out = weightDims[1], in = weightDims[2];
    if (in == 1 || (in % block == 0 && out % block == 0))
      return 1;
    for (int64_t m = 2; m <= kMaxMerge; ++m)
      if (groups % m == 0 && (m * in) % block == 0 && (m * out) % block == 0)
        return m;
    return 1;
  }

  /// The dims of grouped weights `weightDims` with each `m` adjacent groups
  /// merged into one.
  static Dims mergeGroups(Dims weightDims, int64_t m) {
    weightDims[0] /= m;
    weightDims[1] *= m;
    weightDims[2] *= m;
    return weightDims;
  }

  /// A static slot holding the weights `value` (ONNX's M x C/g x k...) of a
  /// convolution whose groups are merged `m` at a time, in layout `to`
  /// (dims g/m x m*M/g x m*C/g x k...): each merged group's weights the
  /// block diagonal of its groups', zeros elsewhere.
  int mergedGroupWeights(int64_t value, int64_t m, const memory::desc &to) {
    const Dims &mergedDims = to.dims();
    memory::desc from = rowMajor(mergedDims, DT::f32);
    dnnl::reorder::primitive_desc pd(getEngine(), from, getEngine(), to);
    if (!weights) {
      // Preparing only: the reorder's kernel, for the primitive cache.
      dnnl::reorder prepared(pd);
      return addSlot({Slot::Kind::Static, to});
    }
    int64_t out = mergedDims[1] / m, in = mergedDims[2] / m;
    int64_t window = 1;
    for (size_t d = 3; d < mergedDims.size(); ++d)
      window *= mergedDims[d];
    const float *source =
        static_cast<const float *>(weights[values[value].weight]);
    std::vector<float> diagonal(numElements(mergedDims), 0.0f);
    int64_t groups = mergedDims[0] * m;
    for (int64_t g = 0; g < groups; ++g)
      for (int64_t o = 0; o < out; ++o) {
        int64_t merged = g / m, j = g % m;
        const float *row = source + (g * out + o) * in * window;
        float *target =
            diagonal.data() +
            ((merged * m * out + j * out + o) * m * in + j * in) * window;
        std::copy(row, row + in * window, target);
      }
    int slot = addStaticSlot(pd, memory(from, getEngine(), diagonal.data()));
    stream.wait();
    return slot;
  }

  /// The convolution `op` reading its source in the layout it was written
  /// in, when oneDNN chose another one for it (`chosen`):
  /// - channels-last (and writing channels-last), when oneDNN has the same
  ///   kernel for it. A grouped convolution between channels-last 1x1
  ///   convolutions (RegNet, ResNeXt) is chosen on 16-channel blocks: two
  ///   reorders of its data on each run, about as long as the convolution
  ///   itself, where the same JIT kernel reads and writes channels-last at
  ///   nearly the same speed;
  /// - oneDNN's channel blocks (a concatenation chain's buffer, or a blocked
  ///   convolution before it), when it has a JIT kernel for them. Else each
  ///   run reorders the whole source first: DenseNet's 1x1 convolutions read
  ///   every feature of their block.
  std::optional<dnnl::convolution_forward::primitive_desc>
  inSourceLayout(const OpDesc &op,
                 const dnnl::convolution_forward::primitive_desc &chosen,
                 const Dims &weightDims, const memory::desc &bias,
                 size_t fused = SIZE_MAX) {
    const Dims &src = dims(op.srcs[0]);
    if (isQuantized(op) || src.size() < 3 || values[op.srcs[0]].home < 0)
      return std::nullopt;
    memory::desc written = layoutOf(op.srcs[0]);
    int64_t block = channelBlock();
    bool nhwc = written == channelsLast(src);
    bool blocked =
        block && src.size() <= 5 && written == channelBlocked(src, block);
    if ((!nhwc && !blocked) || chosen.src_desc() == written)
      return std::nullopt;
    using Conv = dnnl::convolution_forward;
    try {
      std::optional<memory::desc> dst;
      if (nhwc)
        dst = channelsLast(dims(op.dst));
      Conv::primitive_desc pd(
          windowDesc<Conv>(op, dnnl::algorithm::convolution_direct, weightDims,
                           bias, dataType(op.srcs[1]), written, dst),
          quantizedAttributes(op, 1, dims(op.dst), fused), getEngine());
      if (nhwc ? std::string(pd.impl_info_str()) == chosen.impl_info_str()
               : !isReference(pd))
        return pd;
    } catch (const dnnl::error &) {
    }
    return std::nullopt;
  }

  /// ONNX ConvTranspose weights C x M/g x k... are oneDNN's deconvolution
  /// weights M x C (g x M/g x C/g) x k... with the first two dims swapped:
  /// a view of the same memory, reordered into the primitive's layout once
  /// (constant weights) or before each run (weights computed at run time).
  void buildDeconv(const OpDesc &op, int64_t k) {
    Dims onnxWeight = dims(op.srcs[1]);
    // (C, M, k...) -> (M, C, k...), or with groups
    // (g, C/g, M/g, k...) -> (g, M/g, C/g, k...).
    Dims memoryDims = onnxWeight;
    size_t first = 0;
    if (op.group > 1) {
      memoryDims[0] /= op.group;
      memoryDims.insert(memoryDims.begin(), op.group);
      first = 1;
    }
    std::vector<int> swap(memoryDims.size());
    for (size_t i = 0; i < swap.size(); ++i)
      swap[i] = static_cast<int>(i);
    std::swap(swap[first], swap[first + 1]);
    memory::desc weightView = rowMajor(memoryDims).permute_axes(swap);
    using Deconv = dnnl::deconvolution_forward;
    Deconv::desc d = windowDesc<Deconv>(
        op, dnnl::algorithm::deconvolution_direct, weightView.dims(),
        op.bias >= 0 ? plain(op.bias) : memory::desc());
    Deconv::primitive_desc pd(d, attributes(op), getEngine());
    int weights;
    if (values[op.srcs[1]].weight >= 0) {
      weights = staticCopy(op.srcs[1], weightView, pd.weights_desc());
    } else {
      weights = addSlot({Slot::Kind::Arena, pd.weights_desc()});
      addReorder(viewOf(op.srcs[1], weightView), weights);
    }
    std::vector<std::pair<int, int>> args = {
        {DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())},
        {DNNL_ARG_WEIGHTS, weights}};
    if (op.bias >= 0)
      args.push_back({DNNL_ARG_BIAS, ensure(op.bias, pd.bias_desc())});
    finish<Deconv::primitive_desc, Deconv>(op, k, pd, std::move(args));
  }

  /// Whether `op` is a batched product of row-major rows with one matrix of
  /// weights (and a bias that varies along the columns only, and binary
  /// post-op operands that fold into rows): then it is one 2-D product of
  /// all the rows, [B * M, K] x [K, N]. A torch export's in-projection of a
  /// sequence-first tensor is 128 batches of one row: oneDNN's batched
  /// kernel runs such a product at a fifth of the speed, and one batch of
  /// 16 rows at half.
  bool rowsOfOneMatrix(const OpDesc &op) const {
    Dims dst = dims(op.dst);
    size_t rank = dst.size();
    if (rank < 3 || op.transA)
      return false;
    Dims weights = padRank(dims(op.srcs[1]), rank);
    Dims src = padRank(dims(op.srcs[0]), rank);
    for (size_t d = 0; d + 2 < rank; ++d)
      if (weights[d] != 1 || src[d] != dst[d])
        return false;
    if (op.bias >= 0) {
      Dims bias = padRank(dims(op.bias), rank);
      for (size_t d = 0; d + 1 < rank; ++d)
        if (bias[d] != 1)
          return false;
    }
    Dims flat = {numElements(dst) / dst.back(), dst.back()};
    for (const PostOp &post : op.postOps)
      if (post.kind == PostOp::Kind::Binary &&
          !binaryOperandLayout(op, post.value, flat))
        return false;
    return true;
  }

  /// Whether `md` is a plain strided layout (no blocks): a row-major or a
  /// permuted one, which a matmul can read or write in place.
  static bool isStrided(const memory::desc &md) {
    return md.data.format_kind == dnnl_blocked &&
           md.data.format_desc.blocking.inner_nblks == 0;
  }

  /// The layout `value` has where it was computed, when it is a strided
  /// view of `rank` dims other than `view` (a transpose of a projection's
  /// heads): a matmul reads it there instead of from a row-major copy.
  std::optional<memory::desc> stridedHome(int64_t value, size_t rank,
                                          const memory::desc &view) const {
    const ValueInfo &info = values[value];
    if (info.home < 0 || dims(value).size() != rank)
      return std::nullopt;
    const memory::desc &md = region.slots[info.home].md;
    if (!isStrided(md) || md == view || md.dims() != view.dims())
      return std::nullopt;
    return md;
  }

  /// The transpose op that is the only reader of `op`'s result, when the
  /// result is no output and is not summed into: `op` can write into the
  /// transpose's row-major result through a permuted view (the attention's
  /// heads merged back into [B, S, H, D] without a copy). -1 otherwise.
  int64_t transposeReader(const OpDesc &op) const {
    const ValueInfo &info = values[op.dst];
    if (info.output >= 0 || info.users.size() != 1)
      return -1;
    const OpDesc &reader = desc.ops[info.users.front()];
    if (reader.kind != OpKind::Transpose ||
        std::any_of(op.postOps.begin(), op.postOps.end(), [](const PostOp &p) {
          return p.kind == PostOp::Kind::Sum;
        }))
      return -1;
    return info.users.front();
  }

  /// The layout of `op`'s result as a view of the row-major result of the
  /// transpose `reader` that reads it.
  memory::desc permutedResult(const OpDesc &op, const OpDesc &reader) const {
    std::vector<int> perm(reader.perm.begin(), reader.perm.end());
    return rowMajor(dims(reader.dst), dataType(op.dst)).permute_axes(perm);
  }

  void buildMatMul(const OpDesc &op, int64_t k) {
    Dims dst = dims(op.dst);
    bool flat = rowsOfOneMatrix(op);
    size_t rank = flat ? 2 : dst.size();
    Dims flatDst = {numElements(dst) / dst.back(), dst.back()};
    DT weightType = dataType(op.srcs[1]);
    memory::desc srcView = flat
                               ? rowMajor({flatDst[0], dims(op.srcs[0]).back()},
                                          dataType(op.srcs[0]))
                               : matrixView(dims(op.srcs[0]), rank, op.transA,
                                            dataType(op.srcs[0]));
    Dims weightDims = dims(op.srcs[1]);
    if (flat)
      weightDims = Dims(weightDims.end() - 2, weightDims.end());
    memory::desc weightView =
        matrixView(weightDims, rank, op.transB, weightType);
    bool constantWeights = values[op.srcs[1]].weight >= 0;
    if (op.alpha != 1.0f && !constantWeights)
      fail("alpha needs constant weights");
    memory::desc biasLayout;
    if (op.bias >= 0)
      biasLayout = rowMajor(
          padRank(flat ? Dims{dims(op.bias).back()} : dims(op.bias), rank),
          dataType(op.bias));
    // The flat product writes row-major rows: the result is that memory.
    memory::desc dstLayout = flat ? rowMajor(flatDst, dataType(op.dst))
                                  : anyLayout(dst, dataType(op.dst));

    // The plans, best first: the operands where they are (strided views),
    // the result written into the transpose that reads it, every post-op
    // fused; then row-major operands; then the binary post-ops unfused. The
    // first with a JIT kernel wins; when none has, the first that exists.
    struct Plan {
      memory::desc src, weights, dst;
      bool stridedSrc = false, stridedWeights = false;
      int64_t into = -1;
      size_t fused = SIZE_MAX;
    };
    std::vector<Plan> plans;
    Plan rowMajorPlan{srcView,
                      constantWeights ? anyLayout(weightView.dims(), weightType)
                                      : weightView,
                      dstLayout};
    if (!flat && !isQuantized(op)) {
      Plan views = rowMajorPlan;
      if (!op.transA)
        if (auto md = stridedHome(op.srcs[0], rank, srcView)) {
          views.src = *md;
          views.stridedSrc = true;
        }
      if (!constantWeights && !op.transB)
        if (auto md = stridedHome(op.srcs[1], rank, weightView)) {
          views.weights = *md;
          views.stridedWeights = true;
        }
      if (int64_t reader = transposeReader(op); reader >= 0) {
        views.dst = permutedResult(op, desc.ops[reader]);
        views.into = reader;
      }
      if (views.stridedSrc || views.stridedWeights || views.into >= 0)
        plans.push_back(views);
    }
    plans.push_back(rowMajorPlan);
    auto firstBinary =
        std::find_if(op.postOps.begin(), op.postOps.end(), [](const PostOp &p) {
          return p.kind == PostOp::Kind::Binary;
        });
    if (firstBinary != op.postOps.end() && !isQuantized(op)) {
      Plan unfused = rowMajorPlan;
      unfused.fused = static_cast<size_t>(firstBinary - op.postOps.begin());
      plans.push_back(unfused);
    }
    std::optional<dnnl::matmul::primitive_desc> chosen;
    const Plan *plan = nullptr;
    std::exception_ptr error;
    for (const Plan &candidate : plans) {
      try {
        dnnl::matmul::primitive_desc pd(
            dnnl::matmul::desc(candidate.src, candidate.weights, biasLayout,
                               candidate.dst),
            quantizedAttributes(op, static_cast<int>(rank) - 1,
                                candidate.dst.dims(), candidate.fused),
            getEngine());
        bool reference = isReference(pd);
        if (!chosen || (!reference && isReference(*chosen))) {
          chosen = std::move(pd);
          plan = &candidate;
        }
        if (!reference)
          break;
      } catch (const dnnl::error &) {
        error = std::current_exception();
      }
    }
    if (!chosen)
      std::rethrow_exception(error);
    const dnnl::matmul::primitive_desc &pd = *chosen;
    int weights = constantWeights        ? staticCopy(op.srcs[1], weightView,
                                                      pd.weights_desc(), op.alpha)
                  : plan->stridedWeights ? values[op.srcs[1]].home
                                         : viewOf(op.srcs[1], weightView);
    int src = plan->stridedSrc ? values[op.srcs[0]].home
                               : viewOf(op.srcs[0], srcView);
    std::vector<std::pair<int, int>> args = {{DNNL_ARG_SRC, src},
                                             {DNNL_ARG_WEIGHTS, weights}};
    if (op.bias >= 0) {
      if (values[op.bias].weight < 0)
        fail("the bias must be constant");
      args.push_back({DNNL_ARG_BIAS, staticCopy(op.bias, biasLayout,
                                                pd.bias_desc(), op.beta)});
    }
    Written how;
    how.fused = plan->fused;
    if (flat)
      how.resultLayout = plain(op.dst);
    if (plan->into >= 0) {
      int64_t transposed = desc.ops[plan->into].dst;
      how.slot = addView(resultSlot(transposed, plain(transposed)), plan->dst);
    }
    finish<dnnl::matmul::primitive_desc, dnnl::matmul>(op, k, pd,
                                                       std::move(args), how);
  }

  void buildPool(const OpDesc &op, int64_t k) {
    Dims dst = dims(op.dst);
    size_t n = dst.size() - 2;
    auto [padLeft, padRight] = splitPads(op.pads, n);
    using Pool = dnnl::pooling_v2_forward;
    Pool::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          return Pool::primitive_desc(
              Pool::desc(dnnl::prop_kind::forward_inference,
                         algorithmOf(op.alg, OpKind::Pool), src, anyLayout(dst),
                         toDims(op.strides), toDims(op.kernel),
                         oneDnnDilations(op.dilations, n), padLeft, padRight),
              attributes(op), getEngine());
        });
    Written how;
    // oneDNN's JIT pooling of channel blocks is 4-8x slower than it could be
    // (BlockedPooling.h): Seam's kernel runs it when the step fuses nothing.
    std::optional<BlockedPooling::Kind> kind = blockedPoolingKind(op.alg);
    if (kind && n == 2 && op.postOps.empty())
      how.ownKernel =
          [&, kind = *kind](const std::vector<std::pair<int, int>> &args)
          -> std::optional<std::pair<Region::Kernel, std::string>> {
        int src = -1, dst = -1;
        for (auto [arg, slot] : args) {
          if (arg == DNNL_ARG_SRC)
            src = slot;
          else if (arg == DNNL_ARG_DST)
            dst = slot;
        }
        if (src < 0 || dst < 0)
          return std::nullopt;
        // Channels-last pools only where oneDNN's kernel is a reference
        // one (its JIT pooling of channels-last is not the slow one).
        std::optional<BlockedPooling> pool = BlockedPooling::match(
            kind, region.slots[src].md, region.slots[dst].md,
            toDims(op.strides), toDims(op.kernel),
            oneDnnDilations(op.dilations, n), padLeft,
            /*channelsLast=*/isReferenceImplementation(pd.impl_info_str()));
        if (!pool)
          return std::nullopt;
        Region::Kernel run = [pool = *pool](
                                 const std::unordered_map<int, memory> &mems) {
          pool.run(
              static_cast<const float *>(
                  mems.at(DNNL_ARG_SRC).get_data_handle()),
              static_cast<float *>(mems.at(DNNL_ARG_DST).get_data_handle()));
        };
        return std::make_pair(std::move(run), std::string(pool->name()));
      };
    finish<Pool::primitive_desc, Pool>(
        op, k, pd, {{DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())}}, how);
  }

  /// The pooling of `alg` that BlockedPooling computes, if any.
  static std::optional<BlockedPooling::Kind> blockedPoolingKind(Algorithm alg) {
    switch (algorithmOf(alg, OpKind::Pool)) {
    case dnnl::algorithm::pooling_max:
      return BlockedPooling::Kind::Max;
    case dnnl::algorithm::pooling_avg_include_padding:
      return BlockedPooling::Kind::AvgIncludePadding;
    case dnnl::algorithm::pooling_avg_exclude_padding:
      return BlockedPooling::Kind::AvgExcludePadding;
    default:
      return std::nullopt;
    }
  }

  void buildSoftmax(const OpDesc &op, int64_t k) {
    using Softmax = dnnl::softmax_forward;
    int axis = static_cast<int>(op.axis);
    Softmax::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          return Softmax::primitive_desc(
              Softmax::desc(dnnl::prop_kind::forward_inference, src, axis),
              attributes(op), getEngine());
        });
    finish<Softmax::primitive_desc, Softmax>(
        op, k, pd, {{DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())}});
  }

  static bool isReference(const dnnl::primitive_desc_base &pd) {
    return isReferenceImplementation(pd.impl_info_str());
  }

  /// How fast an implementation of oneDNN is, best first: generated code
  /// (JIT kernels, its GEMMs), plain C++ loops for a layout ("simple_nchw",
  /// "simple_nhwc", "simple:any"), the reference one.
  enum class ImplTier { Jit, Plain, Reference };
  static ImplTier tierOf(const dnnl::primitive_desc_base &pd) {
    std::string_view implementation = pd.impl_info_str();
    if (isReferenceImplementation(implementation))
      return ImplTier::Reference;
    if (implementation.substr(0, 6) == "simple")
      return ImplTier::Plain;
    return ImplTier::Jit;
  }

  void buildEltwise(const OpDesc &op, int64_t k) {
    using Eltwise = dnnl::eltwise_forward;
    auto make = [&](const OpDesc &attrsOf) {
      return withSourceLayout(op.srcs[0], [&](memory::desc src) {
        return Eltwise::primitive_desc(
            Eltwise::desc(dnnl::prop_kind::forward_inference,
                          algorithmOf(op.alg, OpKind::Eltwise), src, op.alpha,
                          op.beta),
            attributes(attrsOf), getEngine());
      });
    };
    Eltwise::primitive_desc pd = make(op);
    if (isReference(pd) && buildEltwiseChain(op, k, make))
      return;
    finish<Eltwise::primitive_desc, Eltwise>(
        op, k, pd, {{DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())}});
  }

  /// oneDNN 2.6's JIT eltwise takes no post-ops: an eltwise whose fused
  /// post-ops left it to the reference implementation (a hard sigmoid is a
  /// linear eltwise with a clip post-op) becomes one primitive per eltwise,
  /// the later ones in place on a temporary, when each has a JIT kernel.
  /// False (nothing added) when that does not avoid the reference kernel.
  template <typename Make>
  bool buildEltwiseChain(const OpDesc &op, int64_t k, Make make) {
    using Eltwise = dnnl::eltwise_forward;
    if (op.postOps.empty() ||
        std::any_of(op.postOps.begin(), op.postOps.end(), [](const PostOp &p) {
          return p.kind != PostOp::Kind::Eltwise;
        }))
      return false;
    OpDesc bare = op;
    bare.postOps.clear();
    Eltwise::primitive_desc first = make(bare);
    if (isReference(first))
      return false;
    std::vector<Eltwise::primitive_desc> posts;
    for (const PostOp &post : op.postOps) {
      posts.emplace_back(Eltwise::desc(dnnl::prop_kind::forward_inference,
                                       algorithmOf(post.alg, OpKind::Eltwise),
                                       first.dst_desc(), post.alpha, post.beta),
                         userScratchpad(), getEngine());
      if (isReference(posts.back()))
        return false;
    }
    std::string name = std::string(getOpKeyword(op.kind)) + " " +
                       dimsText(dims(op.dst)) + " (unfused post-op)";
    int temp = addSlot(Slot{Slot::Kind::Arena, first.dst_desc()});
    addStep(Eltwise(first),
            {{DNNL_ARG_SRC, ensure(op.srcs[0], first.src_desc())},
             {DNNL_ARG_DST, temp}},
            first.scratchpad_desc(),
            std::string(getOpKeyword(op.kind)) + " " + dimsText(dims(op.dst)),
            first.impl_info_str());
    for (size_t i = 0; i + 1 < posts.size(); ++i)
      addStep(Eltwise(posts[i]), {{DNNL_ARG_SRC, temp}, {DNNL_ARG_DST, temp}},
              posts[i].scratchpad_desc(), name, posts[i].impl_info_str());
    finish<Eltwise::primitive_desc, Eltwise>(bare, k, posts.back(),
                                             {{DNNL_ARG_SRC, temp}});
    return true;
  }

  void buildBinary(const OpDesc &op, int64_t k) {
    Dims dst = dims(op.dst), rhs = dims(op.srcs[1]);
    if (dims(op.srcs[0]) != dst)
      fail("the first operand of a binary op must have the result's shape");
    Dims rhsDims = padRank(rhs, dst.size());
    // Dims equal only after padding ([N] against [1, N]) are a broadcast
    // too: the operand is a view of its own row-major data.
    bool sameShape = rhs == dst;
    // A broadcast operand is read row-major (with leading ones).
    auto rhsArg = [&](const memory::desc &md) {
      return sameShape ? ensure(op.srcs[1], md) : viewOf(op.srcs[1], md);
    };
    dnnl::binary::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          memory::desc rhsMd = sameShape ? src : rowMajor(rhsDims);
          return dnnl::binary::primitive_desc(
              dnnl::binary::desc(algorithmOf(op.alg, OpKind::Binary), src,
                                 rhsMd, anyLayout(dst)),
              attributes(op), getEngine());
        });
    finish<dnnl::binary::primitive_desc, dnnl::binary>(
        op, k, pd,
        {{DNNL_ARG_SRC_0, ensure(op.srcs[0], pd.src_desc(0))},
         {DNNL_ARG_SRC_1, rhsArg(pd.src_desc(1))}});
  }

  void buildReduce(const OpDesc &op, int64_t k) {
    dnnl::algorithm alg = algorithmOf(op.alg, OpKind::Reduce);
    dnnl::reduction::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          return dnnl::reduction::primitive_desc(
              dnnl::reduction::desc(alg, src, anyLayout(dims(op.dst)), 0, 0),
              attributes(op), getEngine());
        });
    finish<dnnl::reduction::primitive_desc, dnnl::reduction>(
        op, k, pd, {{DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())}});
  }

  /// The factors are the dst's dims over the src's.
  void buildResample(const OpDesc &op, int64_t k) {
    using Resample = dnnl::resampling_forward;
    dnnl::algorithm alg = algorithmOf(op.alg, OpKind::Resample);
    Resample::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          return Resample::primitive_desc(
              Resample::desc(dnnl::prop_kind::forward_inference, alg, src,
                             anyLayout(dims(op.dst))),
              attributes(op), getEngine());
        });
    finish<Resample::primitive_desc, Resample>(
        op, k, pd, {{DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())}});
  }

  /// Over the last dim, with the scale and optional shift of that dim's size;
  /// at inference oneDNN keeps the statistics in its scratchpad.
  void buildLayerNorm(const OpDesc &op, int64_t k) {
    using LayerNorm = dnnl::layer_normalization_forward;
    auto flags = dnnl::normalization_flags::use_scale;
    if (op.bias >= 0)
      flags |= dnnl::normalization_flags::use_shift;
    LayerNorm::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          return LayerNorm::primitive_desc(
              LayerNorm::desc(dnnl::prop_kind::forward_inference, src,
                              op.epsilon, flags),
              attributes(op), getEngine());
        });
    std::vector<std::pair<int, int>> args = {
        {DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())},
        {DNNL_ARG_SCALE, ensure(op.srcs[1], plain(op.srcs[1]))}};
    if (op.bias >= 0)
      args.push_back({DNNL_ARG_SHIFT, ensure(op.bias, plain(op.bias))});
    finish<LayerNorm::primitive_desc, LayerNorm>(op, k, pd, std::move(args));
  }

  void buildBatchNorm(const OpDesc &op, int64_t k) {
    using BatchNorm = dnnl::batch_normalization_forward;
    auto flags = dnnl::normalization_flags::use_global_stats |
                 dnnl::normalization_flags::use_scale |
                 dnnl::normalization_flags::use_shift;
    BatchNorm::primitive_desc pd =
        withSourceLayout(op.srcs[0], [&](memory::desc src) {
          return BatchNorm::primitive_desc(
              BatchNorm::desc(dnnl::prop_kind::forward_inference, src,
                              op.epsilon, flags),
              attributes(op), getEngine());
        });
    auto param = [&](int64_t value) { return ensure(value, plain(value)); };
    finish<BatchNorm::primitive_desc, BatchNorm>(
        op, k, pd,
        {{DNNL_ARG_SRC, ensure(op.srcs[0], pd.src_desc())},
         {DNNL_ARG_SCALE, param(op.srcs[1])},
         {DNNL_ARG_SHIFT, param(op.srcs[2])},
         {DNNL_ARG_MEAN, param(op.srcs[3])},
         {DNNL_ARG_VARIANCE, param(op.srcs[4])}});
  }

  /// Plans the concatenations along the channels whose sources extend one
  /// another: a DenseNet block, where each layer reads the block's input and
  /// every feature so far (written all at once, or each layer's concat
  /// extending the one before). Alone, each concatenation copies every
  /// feature of its block so far: copies quadratic in the block's depth
  /// (594 reorders, an eighth of DenseNet-121's time). A chain of two or
  /// more shares one buffer in oneDNN's channel blocks: each source is
  /// written into its channels once (by its producer, when the primitive
  /// chose that layout, else by a reorder) and each concatenation is the
  /// buffer's leading channels, without a copy. With one image and channel
  /// counts that are multiples of the block, every part is a dense tensor
  /// in that layout (a part of a channels-last buffer would be strided,
  /// which oneDNN's batch norm runs on its reference kernel).
  ///
  /// A concatenation alone (SqueezeNet's fire modules, GoogLeNet's
  /// inception blocks) gets such a buffer too when only ops that run on the
  /// channel blocks read its result (convolutions, pooling, batch norms,
  /// elementwise ops, concatenations): its sources' producers write their
  /// channels and the concatenation's copy is gone (oneDNN's "simple"
  /// concat of blocked sources: 1.1 ms for 1x128x55x55 on AVX2). A result
  /// the region returns, reshapes or transposes (ShuffleNet's channel
  /// shuffle) would be reordered out of the blocks again: those keep the
  /// concat primitive, one copy.
  void planConcatChains() {
    chainOfOp.assign(desc.ops.size(), -1);
    flatSources.assign(desc.ops.size(), {});
    int64_t block = channelBlock();
    if (block == 0)
      return;
    std::vector<int64_t> producer(desc.values.size(), -1);
    std::vector<int64_t> concats;
    for (size_t k = 0; k < desc.ops.size(); ++k) {
      const OpDesc &op = desc.ops[k];
      producer[op.dst] = static_cast<int64_t>(k);
      Dims shape = dims(op.dst);
      if (op.kind != OpKind::Concat || !op.postOps.empty() || op.axis != 1 ||
          shape.size() < 3 || shape.size() > 5 || shape[0] != 1 ||
          dataType(op.dst) != DT::f32)
        continue;
      std::vector<int64_t> flat;
      for (int64_t v : op.srcs) {
        int64_t from = producer[v];
        if (from >= 0 && !flatSources[from].empty())
          flat.insert(flat.end(), flatSources[from].begin(),
                      flatSources[from].end());
        else
          flat.push_back(v);
      }
      std::vector<int64_t> sorted = flat;
      std::sort(sorted.begin(), sorted.end());
      bool eligible =
          std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end() &&
          std::all_of(flat.begin(), flat.end(), [&](int64_t v) {
            return values[v].weight < 0 && dims(v)[1] % block == 0;
          });
      if (!eligible)
        continue;
      flatSources[k] = std::move(flat);
      concats.push_back(static_cast<int64_t>(k));
    }
    // Each concatenation joins the longest one whose sources start with its
    // own (the roots, longest first).
    std::stable_sort(concats.begin(), concats.end(), [&](int64_t a, int64_t b) {
      return flatSources[a].size() > flatSources[b].size();
    });
    std::vector<std::vector<int64_t>> groups;
    for (int64_t k : concats) {
      const std::vector<int64_t> &own = flatSources[k];
      auto group = std::find_if(groups.begin(), groups.end(), [&](auto &g) {
        return std::equal(own.begin(), own.end(), flatSources[g[0]].begin());
      });
      if (group != groups.end())
        group->push_back(k);
      else
        groups.push_back({k});
    }
    // Whether only ops that run on channel blocks read `value`.
    auto readInBlocks = [&](int64_t value) {
      if (values[value].output >= 0)
        return false;
      for (const OpDesc &reader : desc.ops)
        if (std::find(reader.srcs.begin(), reader.srcs.end(), value) !=
                reader.srcs.end() &&
            reader.kind != OpKind::Conv && reader.kind != OpKind::Pool &&
            reader.kind != OpKind::BatchNorm &&
            reader.kind != OpKind::Eltwise && reader.kind != OpKind::Concat)
          return false;
      return true;
    };
    for (const std::vector<int64_t> &group : groups) {
      const std::vector<int64_t> &all = flatSources[group[0]];
      if ((group.size() < 2 && !readInBlocks(desc.ops[group[0]].dst)) ||
          std::any_of(all.begin(), all.end(),
                      [&](int64_t v) { return values[v].chain >= 0; }))
        continue;
      int chain = static_cast<int>(chains.size());
      chains.push_back(
          {addSlot({Slot::Kind::Arena,
                    channelBlocked(dims(desc.ops[group[0]].dst), block)}),
           block});
      int64_t channel = 0;
      for (int64_t v : all) {
        values[v].chain = chain;
        values[v].chainChannel = channel;
        channel += dims(v)[1];
      }
      for (int64_t k : group)
        chainOfOp[k] = chain;
    }
  }

  /// The layout of the part of its chain's buffer that holds `value`.
  memory::desc chainLayout(int64_t value) const {
    return channelBlocked(dims(value), chains[values[value].chain].block);
  }

  /// A view of the channels `first`.. of chain `chain`'s buffer with `shape`.
  int chainView(int chain, int64_t first, const Dims &shape) {
    Slot view{Slot::Kind::Arena, channelBlocked(shape, chains[chain].block)};
    view.base = chains[chain].slot;
    // One image: channel block b starts at b * block * (spatial size).
    view.viewOffset =
        static_cast<size_t>(first * (numElements(shape) / shape[1])) *
        sizeof(float);
    return addSlot(std::move(view));
  }

  /// The slot of `value`'s part of its chain's buffer; from now on the
  /// value is written there.
  int chainPart(int64_t value) {
    ValueInfo &info = values[value];
    if (info.chainPart < 0)
      info.chainPart = chainView(info.chain, info.chainChannel, dims(value));
    return info.chainPart;
  }

  /// A concatenation of a chain: the sources not yet in the buffer are
  /// copied into their parts; the result is its leading channels.
  void buildChainConcat(const OpDesc &op, int64_t k) {
    for (int64_t v : flatSources[k]) {
      if (values[v].chainPart >= 0)
        continue;
      int from = ensure(v, layoutOf(v));
      addReorder(from, chainPart(v));
      values[v].variants.push_back(chainPart(v));
    }
    produced(op.dst, chainView(chainOfOp[k], 0, dims(op.dst)));
  }

  void buildConcat(const OpDesc &op, int64_t k) {
    if (chainOfOp[k] >= 0)
      return buildChainConcat(op, k);
    std::vector<memory::desc> layouts, plains;
    for (int64_t v : op.srcs) {
      layouts.push_back(layoutOf(v));
      plains.push_back(plain(v));
    }
    int axis = static_cast<int>(op.axis);
    // Each source reordered into its block of `result`, by reorders that
    // have JIT kernels.
    auto concatByReorders = [&](const memory::desc &result) {
      int slot = resultSlot(op.dst, result);
      Dims offsets(result.dims().size(), 0);
      for (int64_t v : op.srcs) {
        Dims block = dims(v);
        addReorder(ensure(v, layoutOf(v)),
                   addView(slot, result.submemory_desc(block, offsets)));
        offsets[axis] += block[axis];
      }
      produced(op.dst, slot);
    };
    // The sources where they are (a transpose's strided view among them),
    // else row-major when oneDNN has no kernel or only its reference one.
    dnnl::concat::primitive_desc pd = [&] {
      try {
        dnnl::concat::primitive_desc inPlace(axis, layouts, getEngine(),
                                             userScratchpad());
        if (!isReference(inPlace) || layouts == plains)
          return inPlace;
      } catch (const dnnl::error &) {
      }
      return dnnl::concat::primitive_desc(axis, plains, getEngine(),
                                          userScratchpad());
    }();
    if (op.postOps.empty() && isReference(pd)) {
      // Only oneDNN's reference concat takes these sources (a class token
      // before a sequence of patches): into the row-major result.
      concatByReorders(plain(op.dst));
      return;
    }
    if (op.postOps.empty() && isStrided(pd.dst_desc())) {
      // Into a plain result, oneDNN's "simple" concat walks its sources
      // element by element where one is a view (ShuffleNet's half of a
      // channel shuffle: 0.066 ms for 48x28x28 where the reorders take
      // 0.01, a third of ShuffleNetV2 x0.5's time): reorders into the
      // result it would have made instead.
      concatByReorders(pd.dst_desc());
      return;
    }
    std::vector<std::pair<int, int>> args;
    for (size_t i = 0; i < op.srcs.size(); ++i)
      args.push_back({DNNL_ARG_MULTIPLE_SRC + static_cast<int>(i),
                      ensure(op.srcs[i], pd.src_desc(static_cast<int>(i)))});
    finish<dnnl::concat::primitive_desc, dnnl::concat>(op, k, pd,
                                                       std::move(args));
  }

  Region &region;
  const RegionDesc &desc;
  const void *const *weights;
  std::vector<ValueInfo> values;
  /// Executes the weight reorders at creation.
  dnnl::stream stream;
};

void Region::build(const RegionDesc &desc, const void *const *weights) {
  Builder(*this, desc, weights).build();
}

} // namespace seam::dnnl_region
