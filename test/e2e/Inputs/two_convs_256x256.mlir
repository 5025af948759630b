// Two 3x3 convolutions of a 1x16x256x256 input with run-time weights: the
// compiled path's im2col buffers (36 MiB each, above the size from which
// glibc's malloc always maps fresh pages) are the large allocations of every
// run (SessionTest's RepeatedRunsReuseTheirBuffers).
func.func @main(%x: tensor<1x16x256x256xf32> {seam.name = "x"}, %w: tensor<16x16x3x3xf32> {seam.name = "w"}) -> (tensor<1x16x256x256xf32> {seam.name = "y"}) {
  %c0 = seam.conv %x, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x256x256xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x256x256xf32>
  %r0 = seam.relu %c0 : tensor<1x16x256x256xf32>
  %c1 = seam.conv %r0, %w {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x256x256xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x256x256xf32>
  return %c1 : tensor<1x16x256x256xf32>
}
