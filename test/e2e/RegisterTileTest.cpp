//===- RegisterTileTest.cpp - Matmul register tiles per target
//-------------===//
//
// The compiled path's matmul register tile follows the target's vector
// registers (lib/Session/Compiler.h): an 8 x 32 tile fills half of AVX-512's
// 32 zmm registers but spills on AVX2's 16 ymm.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"

#include <gtest/gtest.h>

using seam::detail::getRegisterTile;
using Tile = std::pair<int64_t, int64_t>;

namespace {

TEST(RegisterTile, X86ByCpu) {
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "skylake-avx512", ""),
            Tile(8, 32));
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "znver3", ""), Tile(4, 16));
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "haswell", ""), Tile(4, 16));
  // Generic x86-64: SSE2's 16 xmm registers of 4 floats.
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "", ""), Tile(4, 8));
}

TEST(RegisterTile, X86FeaturesOverrideTheCpu) {
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "x86-64", "+avx512f"),
            Tile(8, 32));
  // -avx takes what implies it (AVX2, AVX-512) with it.
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "skylake-avx512", "-avx"),
            Tile(4, 8));
  EXPECT_EQ(getRegisterTile("x86_64-linux-gnu", "haswell", "+avx512f,-avx512f"),
            Tile(4, 16));
}

TEST(RegisterTile, LargeMatmulRows) {
  using seam::detail::getLargeMatmulRegisterRows;
  // x86 without AVX-512 (16 registers, two per row): 6 rows.
  EXPECT_EQ(getLargeMatmulRegisterRows("x86_64-linux-gnu", "haswell", ""), 6);
  EXPECT_EQ(getLargeMatmulRegisterRows("x86_64-linux-gnu", "znver3", ""), 6);
  EXPECT_EQ(getLargeMatmulRegisterRows("x86_64-linux-gnu", "", ""), 6);
  // AVX-512 and the others: the register tile's own rows.
  EXPECT_EQ(
      getLargeMatmulRegisterRows("x86_64-linux-gnu", "skylake-avx512", ""), 8);
  EXPECT_EQ(
      getLargeMatmulRegisterRows("x86_64-linux-gnu", "haswell", "+avx512f"), 8);
  EXPECT_EQ(getLargeMatmulRegisterRows("aarch64-linux-gnu", "", ""), 8);
  EXPECT_EQ(getLargeMatmulRegisterRows("riscv64-linux-gnu", "", ""), 4);
}

TEST(RegisterTile, OtherArchitectures) {
  EXPECT_EQ(getRegisterTile("aarch64-linux-gnu", "", ""), Tile(8, 8));
  EXPECT_EQ(getRegisterTile("riscv64-linux-gnu", "", ""), Tile(4, 4));
}

TEST(RegisterTile, HostIsOneOfTheKnownTiles) {
  Tile host = getRegisterTile("", "", "");
  EXPECT_TRUE(host == Tile(8, 32) || host == Tile(4, 16) ||
              host == Tile(4, 8) || host == Tile(8, 8) || host == Tile(4, 4))
      << host.first << " x " << host.second;
}

} // namespace
