//===- CompileCacheTest.cpp - The compiled-object cache through the API ---===//
//
// Sessions created from the cache (CompileOptions::useCache, cacheDir): they
// compute the bits the compiled session computes, on every backend with a
// runtime; models given as bytes are cached too; sessions of one key created
// at once from several threads all work and leave one entry; a folder that
// cannot be written costs the cache, never the session; dumping IR or asking
// for a partition table the entry does not have compiles.
//
//===----------------------------------------------------------------------===//

#include "SessionTestHelpers.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <optional>
#include <thread>

namespace seam::test {
namespace {

class CompileCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    // The test command switches the cache off for every other test.
    if (const char *value = std::getenv("SEAM_CACHE"))
      saved = value;
    setenv("SEAM_CACHE", "on", 1);
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("seam-cache-test", path));
    dir = std::string(path);
  }
  void TearDown() override {
    if (saved)
      setenv("SEAM_CACHE", saved->c_str(), 1);
    else
      unsetenv("SEAM_CACHE");
    llvm::sys::fs::remove_directories(dir);
  }

  CompileOptions options(std::vector<std::string> backends) const {
    CompileOptions o;
    o.backends = std::move(backends);
    o.cacheDir = dir;
    return o;
  }

  std::unique_ptr<Session> create(const CompileOptions &o) const {
    auto session = Session::create(kTinyResNet, o);
    if (!session) {
      ADD_FAILURE() << session.error().message();
      return nullptr;
    }
    return std::move(*session);
  }

  /// The names of the files in the cache folder.
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec))
      names.push_back(llvm::sys::path::filename(it->path()).str());
    llvm::sort(names);
    return names;
  }

  size_t entries() const {
    return llvm::count_if(files(), [](const std::string &name) {
      return llvm::StringRef(name).starts_with("llvmcache-seam-");
    });
  }

  std::string dir;
  std::optional<std::string> saved;
};

TEST_F(CompileCacheTest, WarmSessionComputesTheColdSessionsBits) {
  std::vector<std::vector<std::string>> lists = {{"none"}};
  for (const std::string &backend : backendsWithRuntime())
    lists.push_back({backend});
  TensorMap inputs = {{"input", load(kTinyResNetInput)}};
  TensorMap expected = {{"output", load(kTinyResNetOutput)}};
  for (const auto &backends : lists) {
    SCOPED_TRACE(backends.front());
    auto cold = create(options(backends));
    ASSERT_TRUE(cold);
    EXPECT_FALSE(cold->loadedFromCache());
    auto warm = create(options(backends));
    ASSERT_TRUE(warm);
    EXPECT_TRUE(warm->loadedFromCache());
    EXPECT_EQ(warm->inputs().front().shape, cold->inputs().front().shape);
    EXPECT_EQ(warm->outputs().front().name, cold->outputs().front().name);
    auto coldOut = cold->run(inputs);
    auto warmOut = warm->run(inputs);
    ASSERT_TRUE(static_cast<bool>(coldOut)) << coldOut.error().message();
    ASSERT_TRUE(static_cast<bool>(warmOut)) << warmOut.error().message();
    expectClose(*warmOut, expected);
    EXPECT_TRUE(sameBits(*warmOut, *coldOut));
    // The offloaded regions are known to the warm session's profile too.
    EXPECT_EQ(warm->profile().size(), cold->profile().size());
    // The entry says which weights only the kernel libraries read: the warm
    // session frees the same ones.
    EXPECT_EQ(warm->heldWeightBytes(), cold->heldWeightBytes());
  }
  EXPECT_EQ(entries(), lists.size());
}

// The entry is written on another thread while the cold session starts and
// runs (CompileCache::storeInBackground); the weights the kernel libraries
// took are released by the session meanwhile and still written whole: once
// the session is gone, the folder holds one complete entry (no temporary
// file), and a session loaded from it computes the same bits.
TEST_F(CompileCacheTest, EntriesWrittenWhileTheColdSessionRunsAreWhole) {
  for (const std::string &backend : backendsWithRuntime()) {
    SCOPED_TRACE(backend);
    TensorMap inputs = {{"input", load(kTinyResNetInput)}};
    std::optional<TensorMap> coldOut;
    {
      auto cold = create(options({backend}));
      ASSERT_TRUE(cold);
      EXPECT_FALSE(cold->loadedFromCache());
      auto out = cold->run(inputs);
      ASSERT_TRUE(static_cast<bool>(out)) << out.error().message();
      coldOut = std::move(*out);
    }
    for (const std::string &name : files())
      EXPECT_EQ(llvm::StringRef(name).find(".tmp"), llvm::StringRef::npos)
          << name;
    auto warm = create(options({backend}));
    ASSERT_TRUE(warm);
    EXPECT_TRUE(warm->loadedFromCache());
    auto warmOut = warm->run(inputs);
    ASSERT_TRUE(static_cast<bool>(warmOut)) << warmOut.error().message();
    EXPECT_TRUE(sameBits(*warmOut, *coldOut));
  }
}

// An entry records each input's and output's element type: the warm
// session of a model of int64, bool and float64 tensors has them.
TEST_F(CompileCacheTest, WarmSessionsKeepElementTypes) {
  const char *model = SEAM_SOURCE_DIR "/test/e2e/Inputs/typed_io.mlir";
  auto cold = Session::create(model, options({"none"}));
  ASSERT_TRUE(static_cast<bool>(cold)) << cold.error().message();
  auto warm = Session::create(model, options({"none"}));
  ASSERT_TRUE(static_cast<bool>(warm)) << warm.error().message();
  EXPECT_FALSE((*cold)->loadedFromCache());
  ASSERT_TRUE((*warm)->loadedFromCache());
  std::vector<ElementType> types;
  for (const auto *list : {&(*warm)->inputs(), &(*warm)->outputs()})
    for (const TensorInfo &info : *list)
      types.push_back(info.type);
  EXPECT_EQ(types, (std::vector<ElementType>{
                       ElementType::I64, ElementType::Bool, ElementType::F64,
                       ElementType::I64, ElementType::Bool, ElementType::F64}));
  std::vector<int64_t> a = {1, 2, 3, 4, 5, 6};
  bool b[] = {true, false, true, false, true, false};
  std::vector<double> c = {1, 2, 3, 4};
  auto outputs = (*warm)->run({{"a", Tensor::wrap(a.data(), {2, 3})},
                               {"b", Tensor::wrap(b, {2, 3})},
                               {"c", Tensor::wrap(c.data(), {4})}});
  ASSERT_TRUE(static_cast<bool>(outputs)) << outputs.error().message();
  EXPECT_EQ(outputs->at("y").data<int64_t>()[5], 7);
  EXPECT_EQ(outputs->at("m").data<bool>()[1], true);
  EXPECT_EQ(outputs->at("d").data<double>()[3], 8.0);
}

TEST_F(CompileCacheTest, ModelsGivenAsBytesAreCached) {
  auto bytes = llvm::MemoryBuffer::getFile(kTinyResNet);
  ASSERT_TRUE(static_cast<bool>(bytes));
  std::string model = (*bytes)->getBuffer().str();
  auto cold = Session::createFromOnnxBytes(model, options({"none"}));
  ASSERT_TRUE(static_cast<bool>(cold)) << cold.error().message();
  auto warm = Session::createFromOnnxBytes(model, options({"none"}));
  ASSERT_TRUE(static_cast<bool>(warm)) << warm.error().message();
  EXPECT_FALSE((*cold)->loadedFromCache());
  EXPECT_TRUE((*warm)->loadedFromCache());
  expectOutputs(**warm, {{"input", load(kTinyResNetInput)}},
                {{"output", load(kTinyResNetOutput)}});
}

TEST_F(CompileCacheTest, OffWritesNothing) {
  CompileOptions o = options({"none"});
  o.useCache = false;
  auto first = create(o);
  auto second = create(o);
  ASSERT_TRUE(first && second);
  EXPECT_FALSE(second->loadedFromCache());
  EXPECT_TRUE(files().empty());
  // The environment switches it off too.
  setenv("SEAM_CACHE", "off", 1);
  auto third = create(options({"none"}));
  ASSERT_TRUE(third);
  EXPECT_TRUE(files().empty());
}

TEST_F(CompileCacheTest, SessionsOfOneKeyCreatedAtOnceAllWork) {
  constexpr int kThreads = 4;
  std::vector<std::unique_ptr<Session>> sessions(kThreads);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&, i] { sessions[i] = create(options({"none"})); });
  for (std::thread &t : threads)
    t.join();
  for (const auto &session : sessions) {
    ASSERT_TRUE(session);
    expectOutputs(*session, {{"input", load(kTinyResNetInput)}},
                  {{"output", load(kTinyResNetOutput)}});
  }
  // One entry, and no temporary file left behind, once the sessions (whose
  // entries are written in the background) are gone.
  sessions.clear();
  for (const std::string &name : files())
    EXPECT_FALSE(llvm::StringRef(name).ends_with(".tmp")) << name;
  EXPECT_EQ(entries(), 1u);
  auto warm = create(options({"none"}));
  ASSERT_TRUE(warm);
  EXPECT_TRUE(warm->loadedFromCache());
}

TEST_F(CompileCacheTest, AFolderThatCannotBeWrittenCostsOnlyTheCache) {
  // A path below a regular file: no folder can be made there.
  std::string file = dir + "/not-a-folder";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
  }
  CompileOptions o = options({"none"});
  o.cacheDir = file + "/cache";
  for (int i = 0; i < 2; ++i) {
    auto session = Session::create(kTinyResNet, o);
    ASSERT_TRUE(static_cast<bool>(session)) << session.error().message();
    EXPECT_FALSE((*session)->loadedFromCache());
    expectOutputs(**session, {{"input", load(kTinyResNetInput)}},
                  {{"output", load(kTinyResNetOutput)}});
  }
}

TEST_F(CompileCacheTest, DumpingIrCompiles) {
  ASSERT_TRUE(create(options({"none"})));
  CompileOptions o = options({"none"});
  o.dumpIrDir = dir + "/ir";
  auto session = create(o);
  ASSERT_TRUE(session);
  EXPECT_FALSE(session->loadedFromCache());
  EXPECT_TRUE(llvm::sys::fs::exists(dir + "/ir/00-import.mlir"));
}

TEST_F(CompileCacheTest, WarmSessionsReportTheColdSessionsTable) {
  std::vector<std::string> backends = {"none"};
  if (!backendsWithRuntime().empty())
    backends = {backendsWithRuntime().front()};
  std::string coldTable, warmTable;
  CompileOptions o = options(backends);
  o.onPartitionReport = [&](const std::string &table) { coldTable = table; };
  auto cold = create(o);
  ASSERT_TRUE(cold);
  o.onPartitionReport = [&](const std::string &table) { warmTable = table; };
  auto warm = create(o);
  ASSERT_TRUE(warm);
  EXPECT_TRUE(warm->loadedFromCache());
  EXPECT_FALSE(coldTable.empty());
  EXPECT_EQ(warmTable, coldTable);
}

TEST_F(CompileCacheTest, OtherOptionsAreOtherEntries) {
  CompileOptions o = options({"none"});
  ASSERT_TRUE(create(o));
  o.threads = 1;
  auto oneThread = create(o);
  ASSERT_TRUE(oneThread);
  EXPECT_FALSE(oneThread->loadedFromCache());
  o.optLevel = 1;
  auto o1 = create(o);
  ASSERT_TRUE(o1);
  EXPECT_FALSE(o1->loadedFromCache());
  // Their entries are written while they live: counted once they are gone.
  oneThread.reset();
  o1.reset();
  EXPECT_EQ(entries(), 3u);
}

} // namespace
} // namespace seam::test
