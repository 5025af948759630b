//===- SeamShapesTest.cpp - Unit tests of the seam shape rules ------------===//
//
// Expected values come from the ONNX operator specification's formulas,
// worked out by hand in the comments.
//
//===----------------------------------------------------------------------===//

#include "seam/SeamShapes.h"

#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace seam;

namespace {

OpDiagnostic quiet() { return OpDiagnostic(std::nullopt, "seam.test"); }

TEST(SeamShapes, BroadcastNumPy) {
  auto r = broadcastShapes({8, 1, 6, 1}, {7, 1, 5}, quiet());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ(*r, (SmallVector<int64_t>{8, 7, 6, 5}));
  EXPECT_TRUE(failed(broadcastShapes({2, 3}, {4, 3}, quiet())));
}

TEST(SeamShapes, WindowExplicitPads) {
  // (224 + 3 + 3 - 7) / 2 + 1 = 112 (ResNet stem).
  SmallVector<int64_t> pads = {3, 3, 3, 3}, strides = {2, 2}, kernel = {7, 7};
  WindowAttrs attrs{kernel, ArrayRef<int64_t>(strides),
                    ArrayRef<int64_t>(pads)};
  auto r = inferWindowOutput({224, 224}, attrs, quiet());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ(*r, (SmallVector<int64_t>{112, 112}));
}

TEST(SeamShapes, WindowSameUpperAndLower) {
  // in 5, k 2, s 2: out ceil(5/2) = 3, total pad (3-1)*2 + 2 - 5 = 1.
  SmallVector<int64_t> kernel = {2}, strides = {2};
  SmallVector<int64_t> pads;
  WindowAttrs upper{kernel, ArrayRef<int64_t>(strides), std::nullopt,
                    std::nullopt, AutoPad::same_upper};
  auto r = inferWindowOutput({5}, upper, quiet(), &pads);
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ(*r, (SmallVector<int64_t>{3}));
  EXPECT_EQ(pads, (SmallVector<int64_t>{0, 1}));
  WindowAttrs lower = upper;
  lower.autoPad = AutoPad::same_lower;
  ASSERT_TRUE(succeeded(inferWindowOutput({5}, lower, quiet(), &pads)));
  EXPECT_EQ(pads, (SmallVector<int64_t>{1, 0}));
}

TEST(SeamShapes, WindowCeilModeDropsWindowInPadding) {
  // in 4, k 3, s 2: floor -> (4-3)/2+1 = 1; ceil -> ceil(1/2)+1 = 2.
  SmallVector<int64_t> kernel = {3}, strides = {2};
  WindowAttrs attrs{kernel, ArrayRef<int64_t>(strides)};
  attrs.ceilMode = true;
  auto r = inferWindowOutput({4}, attrs, quiet());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ(*r, (SmallVector<int64_t>{2}));
  // in 5, k 2, s 2, pad end 1: ceil((5+1-2)/2)+1 = 3; the third window would
  // start at 4 < 5, so it stays. With in 4, pad end 1: ceil(3/2)+1 = 3, but
  // the third window starts at 4 >= 4, so it is dropped: 2.
  SmallVector<int64_t> pads = {0, 1}, kernel2 = {2};
  WindowAttrs padded{kernel2, ArrayRef<int64_t>(strides),
                     ArrayRef<int64_t>(pads)};
  padded.ceilMode = true;
  EXPECT_EQ(*inferWindowOutput({5}, padded, quiet()),
            (SmallVector<int64_t>{3}));
  EXPECT_EQ(*inferWindowOutput({4}, padded, quiet()),
            (SmallVector<int64_t>{2}));
}

TEST(SeamShapes, WindowRejectsKernelLargerThanInput) {
  SmallVector<int64_t> kernel = {5};
  WindowAttrs attrs{kernel};
  EXPECT_TRUE(failed(inferWindowOutput({4}, attrs, quiet())));
}

TEST(SeamShapes, SliceClampsLikeOnnx) {
  // x[1:1000] on 10 -> [1, 10), size 9; x[-1:-1000:-1] on 10 -> 9 down to 0,
  // size 10; x[0:-1:3] on 10 -> 0, 3, 6 (end 9), size 3.
  auto r = inferSlice({10, 10, 10}, {1, -1, 0}, {1000, -1000, -1}, std::nullopt,
                      ArrayRef<int64_t>({1, -1, 3}), quiet());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ((*r)[0].start, 1);
  EXPECT_EQ((*r)[0].size, 9);
  EXPECT_EQ((*r)[1].start, 9);
  EXPECT_EQ((*r)[1].size, 10);
  EXPECT_EQ((*r)[2].size, 3);
  EXPECT_TRUE(failed(inferSlice({4}, {0}, {2}, std::nullopt,
                                ArrayRef<int64_t>({0}), quiet())));
}

TEST(SeamShapes, AxisNormalization) {
  EXPECT_EQ(*normalizeAxis(-1, 4, "axis", quiet()), 3);
  EXPECT_EQ(*normalizeAxis(4, 4, "axis", quiet(), /*allowRank=*/true), 4);
  EXPECT_TRUE(failed(normalizeAxis(4, 4, "axis", quiet())));
  EXPECT_TRUE(failed(normalizeAxis(-5, 4, "axis", quiet())));
}

} // namespace
