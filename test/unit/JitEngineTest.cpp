//===- JitEngineTest.cpp - The JIT resolves only what it is given ---------===//
//
// Small LLVM-dialect modules through seam::JitEngine: calls through the
// packed interface, symbols bound from the engine's table, the C library
// allow-list, and that nothing else resolves from the process.
//
//===----------------------------------------------------------------------===//

#include "seam/Jit/JitEngine.h"

#include "LLVMModule.h"
#include "ParallelCompile.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <gtest/gtest.h>

#include <cmath>
#include <dlfcn.h>
#include <optional>
#include <vector>

using namespace seam;

static int64_t addTen(int64_t x) { return x + 10; }
static int64_t timesTwo(int64_t x) { return x * 2; }

namespace {

/// Calls the external function @seam_test_fn, bound by the engine's table.
const char *kCallTableFunction = R"mlir(
  llvm.func @seam_test_fn(i64) -> i64
  llvm.func @compute(%x: i64) -> i64 {
    %0 = llvm.call @seam_test_fn(%x) : (i64) -> i64
    llvm.return %0 : i64
  }
)mlir";

class JitEngineTest : public ::testing::Test {
protected:
  JitEngineTest() { context.loadDialect<mlir::LLVM::LLVMDialect>(); }

  /// Parses `source` and JIT-compiles it with `symbols`.
  llvm::Expected<std::unique_ptr<JitEngine>>
  compile(const char *source, const JitSymbolTable &symbols = {}) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, &context);
    EXPECT_TRUE(module) << "cannot parse the test module";
    if (!module)
      return llvm::createStringError("parse error");
    return JitEngine::create(*module, JitOptions(), symbols);
  }

  /// Runs @compute(x) of `engine` through its packed entry.
  static int64_t runCompute(const JitEngine &engine, int64_t x) {
    auto fn = engine.lookup("compute");
    EXPECT_TRUE(static_cast<bool>(fn)) << llvm::toString(fn.takeError());
    if (!fn)
      return -1;
    int64_t result = 0;
    void *args[] = {&x, &result};
    (*fn)(args);
    return result;
  }

  mlir::MLIRContext context;
};

TEST_F(JitEngineTest, CallsFunctionOfTheTable) {
  JitSymbolTable symbols;
  symbols["seam_test_fn"] = reinterpret_cast<void *>(&addTen);
  auto engine = compile(kCallTableFunction, symbols);
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  EXPECT_EQ(runCompute(**engine, 32), 42);
}

TEST_F(JitEngineTest, ResultOfFunctionWithoutArgumentsInFirstSlot) {
  // As Session calls @seam_init: no arguments, the i32 result in args[0].
  auto engine = compile(R"mlir(
    llvm.func @init() -> i32 {
      %0 = llvm.mlir.constant(7 : i32) : i32
      llvm.return %0 : i32
    }
  )mlir");
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  auto init = (*engine)->lookup("init");
  ASSERT_TRUE(static_cast<bool>(init)) << llvm::toString(init.takeError());
  int32_t status = 0;
  void *args[] = {&status};
  (*init)(args);
  EXPECT_EQ(status, 7);
}

TEST_F(JitEngineTest, UnknownFunctionFailsAndIsNamed) {
  // puts is in the process, but neither in the table nor allow-listed.
  ASSERT_NE(dlsym(RTLD_DEFAULT, "puts"), nullptr);
  auto engine = compile(R"mlir(
    llvm.func @puts(!llvm.ptr) -> i32
    llvm.func @seam_test_missing(i64) -> i64
    llvm.func @compute(%p: !llvm.ptr, %x: i64) -> i64 {
      %0 = llvm.call @puts(%p) : (!llvm.ptr) -> i32
      %1 = llvm.call @seam_test_missing(%x) : (i64) -> i64
      llvm.return %1 : i64
    }
  )mlir");
  ASSERT_FALSE(static_cast<bool>(engine));
  std::string message = llvm::toString(engine.takeError());
  EXPECT_NE(message.find("puts"), std::string::npos) << message;
  EXPECT_NE(message.find("seam_test_missing"), std::string::npos) << message;
}

TEST_F(JitEngineTest, TableFunctionMissingFromTableFails) {
  auto engine = compile(kCallTableFunction);
  ASSERT_FALSE(static_cast<bool>(engine));
  std::string message = llvm::toString(engine.takeError());
  EXPECT_NE(message.find("seam_test_fn"), std::string::npos) << message;
}

TEST_F(JitEngineTest, AllowListedLibmFunction) {
  // llvm.intr.exp on a scalar becomes a call of expf in code generation.
  auto engine = compile(R"mlir(
    llvm.func @exp(%x: f32) -> f32 {
      %0 = llvm.intr.exp(%x) : (f32) -> f32
      llvm.return %0 : f32
    }
  )mlir");
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  auto fn = (*engine)->lookup("exp");
  ASSERT_TRUE(static_cast<bool>(fn)) << llvm::toString(fn.takeError());
  float x = 1.5f, result = 0;
  void *args[] = {&x, &result};
  (*fn)(args);
  EXPECT_FLOAT_EQ(result, std::exp(1.5f));
}

TEST_F(JitEngineTest, EnginesWithDifferentTablesAreIndependent) {
  JitSymbolTable plusTen, twice;
  plusTen["seam_test_fn"] = reinterpret_cast<void *>(&addTen);
  twice["seam_test_fn"] = reinterpret_cast<void *>(&timesTwo);
  auto first = compile(kCallTableFunction, plusTen);
  ASSERT_TRUE(static_cast<bool>(first)) << llvm::toString(first.takeError());
  auto second = compile(kCallTableFunction, twice);
  ASSERT_TRUE(static_cast<bool>(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(runCompute(**first, 5), 15);
  EXPECT_EQ(runCompute(**second, 5), 10);
  EXPECT_EQ(runCompute(**first, 1), 11);
}

TEST_F(JitEngineTest, GlobalsBoundAndLookedUp) {
  // @scale is bound by the table (as Session binds weights); @counter is
  // defined by the module and read through lookupSymbol.
  float scale = 3.0f;
  JitSymbolTable symbols;
  symbols["scale"] = &scale;
  auto engine = compile(R"mlir(
    llvm.mlir.global external @scale() {addr_space = 0 : i32} : f32
    llvm.mlir.global external @counter(0 : i64) {addr_space = 0 : i32} : i64
    llvm.func @compute(%x: f32) -> f32 {
      %p = llvm.mlir.addressof @scale : !llvm.ptr
      %s = llvm.load %p : !llvm.ptr -> f32
      %c = llvm.mlir.addressof @counter : !llvm.ptr
      %n = llvm.load %c : !llvm.ptr -> i64
      %one = llvm.mlir.constant(1 : i64) : i64
      %m = llvm.add %n, %one : i64
      llvm.store %m, %c : i64, !llvm.ptr
      %r = llvm.fmul %x, %s : f32
      llvm.return %r : f32
    }
  )mlir",
                        symbols);
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  auto fn = (*engine)->lookup("compute");
  ASSERT_TRUE(static_cast<bool>(fn)) << llvm::toString(fn.takeError());
  float x = 2.0f, result = 0;
  void *args[] = {&x, &result};
  (*fn)(args);
  EXPECT_EQ(result, 6.0f);
  scale = 0.5f;
  (*fn)(args);
  EXPECT_EQ(result, 1.0f);
  auto counter = (*engine)->lookupSymbol("counter");
  ASSERT_TRUE(static_cast<bool>(counter))
      << llvm::toString(counter.takeError());
  EXPECT_EQ(*static_cast<int64_t *>(*counter), 2);
}

TEST_F(JitEngineTest, LookupOfUnknownNameFails) {
  JitSymbolTable symbols;
  symbols["seam_test_fn"] = reinterpret_cast<void *>(&addTen);
  auto engine = compile(kCallTableFunction, symbols);
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  auto fn = (*engine)->lookup("nonexistent");
  EXPECT_FALSE(static_cast<bool>(fn));
  llvm::consumeError(fn.takeError());
  // Not even a symbol of the process.
  auto symbol = (*engine)->lookupSymbol("puts");
  EXPECT_FALSE(static_cast<bool>(symbol));
  llvm::consumeError(symbol.takeError());
}

TEST_F(JitEngineTest, VectorizedExpfMatchesLibm) {
  // A loop of expf over 256 floats: the loop vectorizer may call glibc's
  // vector math library (_ZGVeN16v_expf on AVX-512), which the engine
  // resolves from libmvec; every lane must still be within 4 ulp of libm's
  // expf, including the ends of the range (underflow to 0, overflow to inf).
  auto engine = compile(R"mlir(
    llvm.func @expf(f32) -> f32
    llvm.func @compute(%in: !llvm.ptr, %out: !llvm.ptr) {
      %zero = llvm.mlir.constant(0 : i64) : i64
      %one = llvm.mlir.constant(1 : i64) : i64
      %n = llvm.mlir.constant(256 : i64) : i64
      llvm.br ^loop(%zero : i64)
    ^loop(%i: i64):
      %p = llvm.getelementptr inbounds %in[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %p : !llvm.ptr -> f32
      %y = llvm.call @expf(%x) : (f32) -> f32
      %q = llvm.getelementptr inbounds %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %y, %q : f32, !llvm.ptr
      %next = llvm.add %i, %one : i64
      %more = llvm.icmp "slt" %next, %n : i64
      llvm.cond_br %more, ^loop(%next : i64), ^done
    ^done:
      llvm.return
    }
  )mlir");
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  auto fn = (*engine)->lookup("compute");
  ASSERT_TRUE(static_cast<bool>(fn)) << llvm::toString(fn.takeError());
  std::vector<float> in(256), out(256, -1.0f);
  for (int i = 0; i < 256; ++i)
    in[i] = -110.0f + i * (200.0f / 255.0f); // -110 .. 90
  float *inPtr = in.data(), *outPtr = out.data();
  void *args[] = {&inPtr, &outPtr};
  (*fn)(args);
  for (int i = 0; i < 256; ++i) {
    float expected = std::exp(in[i]);
    if (std::isinf(expected) || expected == 0.0f) {
      EXPECT_EQ(out[i], expected) << "expf(" << in[i] << ")";
      continue;
    }
    float ulp = std::nextafter(expected, INFINITY) - expected;
    EXPECT_LE(std::fabs(out[i] - expected), 4 * ulp) << "expf(" << in[i] << ")";
  }
}

} // namespace

namespace {
/// Counts the objects a compilation hands to the cache, and keeps them.
class KeepingObjectCache : public llvm::ObjectCache {
public:
  void notifyObjectCompiled(const llvm::Module *,
                            llvm::MemoryBufferRef object) override {
    objects.push_back(llvm::MemoryBuffer::getMemBufferCopy(
        object.getBuffer(), object.getBufferIdentifier()));
  }
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module *) override {
    return nullptr;
  }
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
};

constexpr int kFunctions = 24, kSteps = 120;

/// @compute(x) = the sum over i of @f<i>(x), each @f<i> kSteps
/// multiply-adds that also call an internal function and read an internal
/// constant: about 8,700 instructions, which a compilation on two threads
/// splits into partitions that must link to each other.
/// With `computing`, each @f<i> also converts its argument to a float (a
/// dead value): a function that computes, not glue (optnone, compiled at
/// -O0, which the partitioning counts at an eighth).
/// With `glueSteps`, @compute (glue) ends in that many integer multiply-adds
/// on the sum.
std::string manyFunctionsModule(int functions = kFunctions, int steps = kSteps,
                                bool computing = false, int glueSteps = 0) {
  std::string text = R"mlir(
    llvm.mlir.global internal constant @bias(7 : i64) {addr_space = 0 : i32} : i64
    llvm.func internal @mix(%x: i64) -> i64 {
      %k = llvm.mlir.constant(1540483477 : i64) : i64
      %r = llvm.xor %x, %k : i64
      llvm.return %r : i64
    }
  )mlir";
  for (int i = 0; i < functions; ++i) {
    text += "llvm.func @f" + std::to_string(i) + "(%x0: i64) -> i64 {\n";
    text += "  %three = llvm.mlir.constant(3 : i64) : i64\n";
    text += "  %bp = llvm.mlir.addressof @bias : !llvm.ptr\n";
    text += "  %b = llvm.load %bp : !llvm.ptr -> i64\n";
    if (computing)
      text += "  %float = llvm.sitofp %x0 : i64 to f64\n";
    for (int k = 0; k < steps; ++k) {
      std::string x = "%x" + std::to_string(k), n = std::to_string(k);
      text += "  %c" + n + " = llvm.mlir.constant(" + std::to_string(i + k) +
              " : i64) : i64\n";
      text += "  %m" + n + " = llvm.mul " + x + ", %three : i64\n";
      text += "  %a" + n + " = llvm.add %m" + n + ", %c" + n + " : i64\n";
      text += "  %x" + std::to_string(k + 1) + " = llvm.add %a" + n +
              ", %b : i64\n";
    }
    text += "  %r = llvm.call @mix(%x" + std::to_string(steps) +
            ") : (i64) -> i64\n  llvm.return %r : i64\n}\n";
  }
  text += "llvm.func @compute(%x: i64) -> i64 {\n";
  text += "  %s0 = llvm.mlir.constant(0 : i64) : i64\n";
  for (int i = 0; i < functions; ++i)
    text += "  %y" + std::to_string(i) + " = llvm.call @f" + std::to_string(i) +
            "(%x) : (i64) -> i64\n  %s" + std::to_string(i + 1) +
            " = llvm.add %s" + std::to_string(i) + ", %y" + std::to_string(i) +
            " : i64\n";
  std::string sum = "%s" + std::to_string(functions);
  if (glueSteps > 0)
    text += "  %five = llvm.mlir.constant(5 : i64) : i64\n";
  for (int k = 0; k < glueSteps; ++k) {
    std::string n = std::to_string(k);
    text += "  %gc" + n + " = llvm.mlir.constant(" + n + " : i64) : i64\n";
    text += "  %gm" + n + " = llvm.mul " + sum + ", %five : i64\n";
    text += "  %g" + n + " = llvm.add %gm" + n + ", %gc" + n + " : i64\n";
    sum = "%g" + n;
  }
  text += "  llvm.return " + sum + " : i64\n}\n";
  return text;
}

/// What @compute computes, in C++ (wrapping unsigned arithmetic, as LLVM's).
int64_t expectedCompute(int64_t x, int functions = kFunctions,
                        int steps = kSteps, int glueSteps = 0) {
  uint64_t sum = 0;
  for (int i = 0; i < functions; ++i) {
    uint64_t v = static_cast<uint64_t>(x);
    for (int k = 0; k < steps; ++k)
      v = v * 3 + static_cast<uint64_t>(i + k) + 7;
    sum += v ^ 1540483477u;
  }
  for (int k = 0; k < glueSteps; ++k)
    sum = sum * 5 + static_cast<uint64_t>(k);
  return static_cast<int64_t>(sum);
}

/// JIT-compiles `source` on `threads` compile threads, the objects kept in
/// `cache`; null after a failed expectation.
std::unique_ptr<JitEngine> compileKeepingObjects(mlir::MLIRContext &context,
                                                 const std::string &source,
                                                 unsigned threads,
                                                 KeepingObjectCache &cache) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  EXPECT_TRUE(module);
  if (!module)
    return nullptr;
  JitOptions options;
  options.compileThreads = threads;
  options.objectCache = &cache;
  auto engine = JitEngine::create(*module, options);
  EXPECT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  return engine ? std::move(*engine) : nullptr;
}
} // namespace

TEST_F(JitEngineTest, ModuleOfManyFunctionsCompilesInPartitionsThatLink) {
  std::string source = manyFunctionsModule();
  for (unsigned threads : {1u, 2u}) {
    KeepingObjectCache cache;
    auto engine = compileKeepingObjects(context, source, threads, cache);
    ASSERT_TRUE(engine);
    // One thread compiles one object; two take several partitions in turn.
    if (threads == 1)
      EXPECT_EQ(cache.objects.size(), 1u);
    else
      EXPECT_GT(cache.objects.size(), 2u);
    EXPECT_EQ(runCompute(*engine, 5), expectedCompute(5));
    EXPECT_EQ(runCompute(*engine, -123456789), expectedCompute(-123456789));
    // The objects link again on their own (as from the compiled-object
    // cache), the partitions' symbols resolving to each other.
    auto relinked = JitEngine::createFromObjects(std::move(cache.objects));
    ASSERT_TRUE(static_cast<bool>(relinked))
        << llvm::toString(relinked.takeError());
    EXPECT_EQ(runCompute(**relinked, 11), expectedCompute(11));
  }
}

TEST_F(JitEngineTest, SmallModulesCompileOnTwoThreadsButTinyOnesOnOne) {
  // Kernels are unrolled vector code, 0.05-0.1 ms of LLVM per instruction:
  // two functions that compute, of about 300 instructions each, are two
  // partitions for two threads; two of about 10 are one (a partition costs a
  // target machine and a bitcode round trip), and so are two of glue of 300
  // (compiled at -O0).
  struct Case {
    int steps;
    bool computing;
    unsigned partitions;
  };
  for (Case c :
       {Case{100, true, 2u}, Case{2, true, 1u}, Case{100, false, 1u}}) {
    KeepingObjectCache cache;
    auto engine = compileKeepingObjects(
        context, manyFunctionsModule(2, c.steps, c.computing), 2, cache);
    ASSERT_TRUE(engine);
    EXPECT_EQ(cache.objects.size(), c.partitions)
        << c.steps << " steps, computing: " << c.computing;
    EXPECT_EQ(runCompute(*engine, 9), expectedCompute(9, 2, c.steps));
  }
}

TEST_F(JitEngineTest, LargeGlueCompilesInAPartitionOfItsOwn) {
  // Glue among kernels would be compiled by -O3's target machine
  // (SelectionDAG, the greedy allocator); glue of 300 instructions or more
  // gets a partition of its own, compiled at -O0, even with one thread.
  // Two kernels of about 300 instructions each are two more partitions with
  // two threads.
  constexpr int kGlueSteps = 150;
  for (unsigned threads : {1u, 2u}) {
    KeepingObjectCache cache;
    auto engine = compileKeepingObjects(
        context, manyFunctionsModule(2, 100, /*computing=*/true, kGlueSteps),
        threads, cache);
    ASSERT_TRUE(engine);
    EXPECT_EQ(cache.objects.size(), threads == 1 ? 2u : 3u);
    EXPECT_EQ(runCompute(*engine, 9), expectedCompute(9, 2, 100, kGlueSteps));
    EXPECT_EQ(runCompute(*engine, -77),
              expectedCompute(-77, 2, 100, kGlueSteps));
  }
}

namespace {
/// The host's target machine and its builder.
struct HostMachine {
  llvm::orc::JITTargetMachineBuilder builder;
  std::unique_ptr<llvm::TargetMachine> machine;
};

/// The host's target machine, with `module`'s data layout and triple set to
/// it; nullopt, and a failed test, if there is none.
std::optional<HostMachine> setUpForHost(llvm::Module &module) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    ADD_FAILURE() << llvm::toString(builder.takeError());
    return std::nullopt;
  }
  auto machine = builder->createTargetMachine();
  if (!machine) {
    ADD_FAILURE() << llvm::toString(machine.takeError());
    return std::nullopt;
  }
  module.setDataLayout((*machine)->createDataLayout());
  module.setTargetTriple((*machine)->getTargetTriple());
  return HostMachine{std::move(*builder), std::move(*machine)};
}
} // namespace

TEST(LLVMModuleTest, GlueFunctionsAreCompiledWithoutOptimization) {
  // Only calls and pointers: optnone. A loop, float or vector values, or
  // alwaysinline: optimized as before. Declarations are left alone.
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(R"ll(
    declare void @kernel(ptr)
    define void @glue(ptr %a, i64 %n) {
      %p = getelementptr i8, ptr %a, i64 %n
      call void @kernel(ptr %p)
      ret void
    }
    define i64 @counts(i64 %n) {
    entry:
      br label %loop
    loop:
      %i = phi i64 [ 0, %entry ], [ %next, %loop ]
      %next = add i64 %i, 1
      %done = icmp eq i64 %next, %n
      br i1 %done, label %exit, label %loop
    exit:
      ret i64 %next
    }
    define void @scales(ptr %a) {
      %x = load float, ptr %a
      %y = fmul float %x, 2.0
      store float %y, ptr %a
      ret void
    }
    define void @adds(ptr %a) {
      %x = load <4 x i32>, ptr %a
      %y = add <4 x i32> %x, %x
      store <4 x i32> %y, ptr %a
      ret void
    }
    define void @inlined(ptr %a) alwaysinline {
      call void @kernel(ptr %a)
      ret void
    }
  )ll",
                                diagnostic, context);
  ASSERT_TRUE(module) << diagnostic.getMessage().str();
  EXPECT_EQ(seam::detail::markGlueFunctionsOptNone(*module), 1u);
  auto optNone = [&](const char *name) {
    return module->getFunction(name)->hasFnAttribute(
        llvm::Attribute::OptimizeNone);
  };
  EXPECT_TRUE(optNone("glue"));
  EXPECT_TRUE(
      module->getFunction("glue")->hasFnAttribute(llvm::Attribute::NoInline));
  EXPECT_FALSE(optNone("counts"));
  EXPECT_FALSE(optNone("scales"));
  EXPECT_FALSE(optNone("adds"));
  EXPECT_FALSE(optNone("inlined"));
  EXPECT_FALSE(optNone("kernel"));
}

TEST(LLVMModuleTest, KernelPipelineInlinesHoistsFillsAndVectorizes) {
  // optimizeModule's passes in place of LLVM's -O3: what MLIR's kernels
  // need from them must still happen. A fill loop becomes memset (loop
  // idioms); a loop that scales by a value it never changes loads it once,
  // before the loop (LICM), and runs in vectors (the loop vectorizer); an
  // `alwaysinline` callee is inlined; glue stays optnone.
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(R"ll(
    define void @fill(ptr noalias %out, i64 %n) {
    entry:
      %empty = icmp sle i64 %n, 0
      br i1 %empty, label %exit, label %loop
    loop:
      %i = phi i64 [ 0, %entry ], [ %next, %loop ]
      %p = getelementptr inbounds float, ptr %out, i64 %i
      store float 0.0, ptr %p
      %next = add nsw i64 %i, 1
      %done = icmp eq i64 %next, %n
      br i1 %done, label %exit, label %loop
    exit:
      ret void
    }
    define void @scale(ptr noalias %out, ptr noalias %in, ptr noalias %s) {
    entry:
      br label %loop
    loop:
      %i = phi i64 [ 0, %entry ], [ %next, %loop ]
      %factor = load float, ptr %s
      %p = getelementptr inbounds float, ptr %in, i64 %i
      %x = load float, ptr %p
      %y = fmul float %x, %factor
      %q = getelementptr inbounds float, ptr %out, i64 %i
      store float %y, ptr %q
      %next = add nsw i64 %i, 1
      %done = icmp eq i64 %next, 1024
      br i1 %done, label %exit, label %loop
    exit:
      ret void
    }
    define internal void @twice(ptr %a) alwaysinline {
      %x = load float, ptr %a
      %y = fadd float %x, %x
      store float %y, ptr %a
      ret void
    }
    define void @calls_twice(ptr %a) {
      %x = load float, ptr %a
      %y = fmul float %x, 3.0
      store float %y, ptr %a
      call void @twice(ptr %a)
      ret void
    }
    declare void @kernel(ptr)
    define void @glue(ptr %a) {
      call void @kernel(ptr %a)
      ret void
    }
  )ll",
                                diagnostic, context);
  ASSERT_TRUE(module) << diagnostic.getMessage().str();
  std::optional<HostMachine> host = setUpForHost(*module);
  ASSERT_TRUE(host);
  seam::detail::optimizeModule(*module, *host->machine, /*level=*/3);

  auto calls = [&](const char *function, llvm::StringRef prefix) {
    for (const llvm::Instruction &inst :
         llvm::instructions(*module->getFunction(function)))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
        if (call->getCalledFunction() &&
            call->getCalledFunction()->getName().starts_with(prefix))
          return true;
    return false;
  };
  EXPECT_TRUE(calls("fill", "llvm.memset"));

  const llvm::Function &scale = *module->getFunction("scale");
  unsigned factorLoads = 0;
  bool vectorMultiply = false;
  for (const llvm::Instruction &inst : llvm::instructions(scale)) {
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
        load && load->getPointerOperand() == scale.getArg(2)) {
      ++factorLoads;
      EXPECT_EQ(load->getParent(), &scale.getEntryBlock())
          << "the factor is loaded in the loop";
    }
    vectorMultiply |= inst.getOpcode() == llvm::Instruction::FMul &&
                      inst.getType()->isVectorTy();
  }
  EXPECT_EQ(factorLoads, 1u);
  EXPECT_TRUE(vectorMultiply) << "the scaling loop is not vectorized";

  EXPECT_FALSE(calls("calls_twice", "twice"));
  EXPECT_TRUE(module->getFunction("glue")->hasFnAttribute(
      llvm::Attribute::OptimizeNone));
}

TEST(LLVMModuleTest, ModulesOfGlueAloneCompileAtO0AndRun) {
  // isOnlyGlue: no defined function computes or is alwaysinline. Such a
  // module is compiled without the optimizer and at -O0; its code must still
  // run (a load through computed pointers and a call between functions).
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  auto parse = [&](const char *text) {
    std::unique_ptr<llvm::Module> module =
        llvm::parseAssemblyString(text, diagnostic, context);
    EXPECT_TRUE(module) << diagnostic.getMessage().str();
    return module;
  };
  std::unique_ptr<llvm::Module> glue = parse(R"ll(
    define i64 @pick(ptr %a, i64 %i) {
      %p = getelementptr i64, ptr %a, i64 %i
      %v = load i64, ptr %p
      ret i64 %v
    }
    define i64 @pick_next(ptr %a, i64 %i) {
      %j = add i64 %i, 1
      %v = call i64 @pick(ptr %a, i64 %j)
      ret i64 %v
    }
  )ll");
  std::unique_ptr<llvm::Module> computes = parse(R"ll(
    define float @twice(float %x) {
      %y = fmul float %x, 2.0
      ret float %y
    }
  )ll");
  std::unique_ptr<llvm::Module> inlined = parse(R"ll(
    define i64 @one() alwaysinline {
      ret i64 1
    }
  )ll");
  ASSERT_TRUE(glue && computes && inlined);
  EXPECT_TRUE(seam::detail::isOnlyGlue(*glue));
  EXPECT_FALSE(seam::detail::isOnlyGlue(*computes));
  EXPECT_FALSE(seam::detail::isOnlyGlue(*inlined));

  std::optional<HostMachine> host = setUpForHost(*glue);
  ASSERT_TRUE(host);
  auto objects = seam::detail::compileToObjects(std::move(glue), host->builder,
                                                /*level=*/3,
                                                /*vectorMath=*/false,
                                                /*partitions=*/1,
                                                /*threads=*/1);
  ASSERT_TRUE(static_cast<bool>(objects))
      << llvm::toString(objects.takeError());
  auto engine = JitEngine::createFromObjects(std::move(*objects));
  ASSERT_TRUE(static_cast<bool>(engine)) << llvm::toString(engine.takeError());
  auto symbol = (*engine)->lookupSymbol("pick_next");
  ASSERT_TRUE(static_cast<bool>(symbol)) << llvm::toString(symbol.takeError());
  auto pickNext =
      reinterpret_cast<int64_t (*)(const int64_t *, int64_t)>(*symbol);
  const int64_t values[] = {7, -3, 42, 9};
  EXPECT_EQ(pickNext(values, 0), -3);
  EXPECT_EQ(pickNext(values, 2), 9);
}
