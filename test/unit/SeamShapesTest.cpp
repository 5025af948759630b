//===- SeamShapesTest.cpp - Unit tests of the seam shape rules ------------===//
//
// Expected values come from the ONNX operator specification's formulas,
// worked out by hand in the comments.
//
//===----------------------------------------------------------------------===//

#include "seam/SeamShapes.h"

#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <limits>

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

TEST(SeamShapes, WindowOverflowIsAnError) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // Kernel extent (3 - 1) * INT64_MAX + 1 overflows (it used to wrap to -1).
  SmallVector<int64_t> kernel = {3}, dilations = {kMax};
  WindowAttrs dilated{kernel, std::nullopt, std::nullopt,
                      ArrayRef<int64_t>(dilations)};
  EXPECT_TRUE(failed(inferWindowOutput({8}, dilated, quiet())));
  // Padded size 8 + INT64_MAX overflows, begin or end.
  SmallVector<int64_t> beginPad = {kMax, 0}, endPad = {0, kMax};
  WindowAttrs padBegin{kernel, std::nullopt, ArrayRef<int64_t>(beginPad)};
  EXPECT_TRUE(failed(inferWindowOutput({8}, padBegin, quiet())));
  WindowAttrs padEnd{kernel, std::nullopt, ArrayRef<int64_t>(endPad)};
  EXPECT_TRUE(failed(inferWindowOutput({8}, padEnd, quiet())));
  // auto_pad: a kernel of INT64_MAX asks for INT64_MAX - 1 of padding.
  SmallVector<int64_t> huge = {kMax};
  WindowAttrs same{huge, std::nullopt, std::nullopt, std::nullopt,
                   AutoPad::same_upper};
  EXPECT_TRUE(failed(inferWindowOutput({8}, same, quiet())));
  // The largest sizes that fit still work: (INT64_MAX - 1 + 1 - 2) / 1 + 1.
  SmallVector<int64_t> twoKernel = {2}, fits = {1, 0};
  WindowAttrs edge{twoKernel, std::nullopt, ArrayRef<int64_t>(fits)};
  auto r = inferWindowOutput({kMax - 1}, edge, quiet());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ(*r, (SmallVector<int64_t>{kMax - 1}));
}

TEST(SeamShapes, PoolPadsBelowKernelExtent) {
  // Kernel 2, dilation 2: extent 3. Pads 2 leave every window a real element;
  // pads 3 make the first window all padding.
  SmallVector<int64_t> kernel = {2}, dilations = {2};
  SmallVector<int64_t> two = {2, 2}, three = {0, 3};
  WindowAttrs ok{kernel, std::nullopt, ArrayRef<int64_t>(two),
                 ArrayRef<int64_t>(dilations)};
  ok.padsBelowKernel = true;
  EXPECT_TRUE(succeeded(inferWindowOutput({8}, ok, quiet())));
  WindowAttrs bad = ok;
  bad.pads = ArrayRef<int64_t>(three);
  EXPECT_TRUE(failed(inferWindowOutput({8}, bad, quiet())));
  // Convolutions may pad more than the kernel (zeros are well defined).
  bad.padsBelowKernel = false;
  EXPECT_TRUE(succeeded(inferWindowOutput({8}, bad, quiet())));
}

// Without a location the diagnostic is empty, and an empty InFlightDiagnostic
// converts to success: the rules must still fail.
TEST(SeamShapes, WindowFailsWithoutLocation) {
  SmallVector<int64_t> kernel = {2}, zero = {0}, two = {1, 2};
  WindowAttrs strides{kernel, ArrayRef<int64_t>(zero)};
  EXPECT_TRUE(failed(inferWindowOutput({8}, strides, quiet())));
  WindowAttrs count{kernel, ArrayRef<int64_t>(two)};
  EXPECT_TRUE(failed(inferWindowOutput({8}, count, quiet())));
}

TEST(SeamShapes, ElementCount) {
  constexpr int64_t kBig = int64_t(1) << 40;
  EXPECT_EQ(elementCount({2, 3, 4}), 24);
  EXPECT_EQ(elementCount({}), 1);
  EXPECT_EQ(elementCount({kBig, 0}), 0);
  EXPECT_EQ(elementCount({kBig, kBig}), std::nullopt);
  EXPECT_EQ(elementCount({2, -1}), std::nullopt);
  EXPECT_TRUE(failed(checkElementCount({kBig, kBig}, "the result", quiet())));
  EXPECT_TRUE(succeeded(checkElementCount({kBig, 4}, "the result", quiet())));
}

TEST(SeamShapes, SliceExtremeSteps) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // -INT64_MIN overflows; from 3 down to 0 a step that large takes index 3
  // alone, and a one-element dim gets step 1.
  auto r = inferSlice({4, 5}, {3, 0}, {0, 5}, std::nullopt,
                      ArrayRef<int64_t>({kMin, kMax}), quiet());
  ASSERT_TRUE(succeeded(r));
  EXPECT_EQ((*r)[0].start, 3);
  EXPECT_EQ((*r)[0].size, 1);
  EXPECT_EQ((*r)[0].step, 1);
  EXPECT_EQ((*r)[1].start, 0);
  EXPECT_EQ((*r)[1].size, 1);
  EXPECT_EQ((*r)[1].step, 1);
  // [2, 2) with step INT64_MIN: empty.
  auto e = inferSlice({4}, {0}, {2}, std::nullopt, ArrayRef<int64_t>({kMin}),
                      quiet());
  ASSERT_TRUE(succeeded(e));
  EXPECT_EQ((*e)[0].size, 0);
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
