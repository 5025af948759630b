// One value named as several outputs (what `y1 = Identity(r)`, `y2 =
// Identity(r)` import as), next to one derived from it.
func.func @main(%x: tensor<2x3xf32> {seam.name = "x"}) -> (tensor<2x3xf32> {seam.name = "y1"}, tensor<2x3xf32> {seam.name = "y2"}, tensor<2x3xf32> {seam.name = "z"}, tensor<2x3xf32> {seam.name = "y3"}) {
  %r = seam.relu %x : tensor<2x3xf32>
  %e = seam.exp %r : tensor<2x3xf32>
  return %r, %r, %e, %r : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
