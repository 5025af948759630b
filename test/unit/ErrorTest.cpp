//===- ErrorTest.cpp - seam::Error and seam::Expected ---------------------===//
//
// The error type of the public API. This file is compiled with Seam's
// include/ folder only (no LLVM or MLIR on the include path), so it also
// checks that the public headers need nothing of LLVM.
//
//===----------------------------------------------------------------------===//

#include "seam/Error.h"
#include "seam/Session.h"
#include "seam/TensorIO.h"

#include "gtest/gtest.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

seam::Error mayFail(bool fail) {
  if (fail)
    return seam::Error::failure("it failed");
  return seam::Error::success();
}

seam::Expected<int> half(int n) {
  if (n % 2)
    return seam::Error::failure(std::to_string(n) + " is odd");
  return n / 2;
}

TEST(Error, SuccessIsFalseAndHasNoMessage) {
  seam::Error ok = mayFail(false);
  EXPECT_FALSE(static_cast<bool>(ok));
  EXPECT_TRUE(ok.isSuccess());
  EXPECT_FALSE(ok.isFailure());
  EXPECT_EQ(ok.message(), "");
  EXPECT_FALSE(static_cast<bool>(seam::Error()));
}

TEST(Error, FailureCarriesItsMessage) {
  seam::Error err = mayFail(true);
  EXPECT_TRUE(static_cast<bool>(err));
  EXPECT_TRUE(err.isFailure());
  EXPECT_EQ(err.message(), "it failed");
  // The usual way to check: an error converts to true.
  int seen = 0;
  if (seam::Error e = mayFail(true))
    seen = 1;
  EXPECT_EQ(seen, 1);
}

TEST(Error, MovesAndCopies) {
  seam::Error err = mayFail(true);
  seam::Error copy = err;
  seam::Error moved = std::move(err);
  EXPECT_TRUE(copy.isFailure());
  EXPECT_EQ(copy.message(), "it failed");
  EXPECT_TRUE(moved.isFailure());
  EXPECT_EQ(moved.message(), "it failed");
}

TEST(Expected, HoldsAValue) {
  seam::Expected<int> value = half(8);
  ASSERT_TRUE(static_cast<bool>(value));
  EXPECT_EQ(*value, 4);
  EXPECT_TRUE(value.error().isSuccess());
}

TEST(Expected, HoldsAnError) {
  seam::Expected<int> odd = half(7);
  ASSERT_FALSE(static_cast<bool>(odd));
  EXPECT_TRUE(odd.error().isFailure());
  EXPECT_EQ(odd.error().message(), "7 is odd");
  seam::Error taken = odd.takeError();
  EXPECT_EQ(taken.message(), "7 is odd");
}

TEST(Expected, ASuccessIsNotAValue) {
  seam::Expected<int> none = seam::Error::success();
  EXPECT_FALSE(static_cast<bool>(none));
  EXPECT_TRUE(none.error().isFailure());
}

TEST(Expected, MovesMoveOnlyValues) {
  seam::Expected<std::unique_ptr<int>> owner = std::make_unique<int>(42);
  ASSERT_TRUE(static_cast<bool>(owner));
  EXPECT_EQ(**owner, 42);
  seam::Expected<std::unique_ptr<int>> moved = std::move(owner);
  ASSERT_TRUE(static_cast<bool>(moved));
  std::unique_ptr<int> taken = std::move(*moved);
  ASSERT_TRUE(taken);
  EXPECT_EQ(*taken, 42);

  seam::Expected<std::unique_ptr<int>> failed = seam::Error::failure("none");
  seam::Expected<std::unique_ptr<int>> movedFailure = std::move(failed);
  ASSERT_FALSE(static_cast<bool>(movedFailure));
  EXPECT_EQ(movedFailure.error().message(), "none");
}

TEST(Expected, ArrowReachesTheValue) {
  seam::Expected<std::map<std::string, std::vector<int>>> map =
      std::map<std::string, std::vector<int>>{{"a", {1, 2}}};
  ASSERT_TRUE(static_cast<bool>(map));
  EXPECT_EQ(map->size(), 1u);
  EXPECT_EQ(map->at("a").size(), 2u);
}

// Converting values, as Session::create returns a unique_ptr<Session>.
struct Base {
  virtual ~Base() = default;
  virtual int id() const { return 1; }
};
struct Derived : Base {
  int id() const override { return 2; }
};

TEST(Expected, TakesConvertibleValues) {
  seam::Expected<std::unique_ptr<Base>> base = std::make_unique<Derived>();
  ASSERT_TRUE(static_cast<bool>(base));
  EXPECT_EQ((*base)->id(), 2);
  seam::Expected<std::string> text = "text";
  ASSERT_TRUE(static_cast<bool>(text));
  EXPECT_EQ(*text, "text");
}

} // namespace
