// A model whose @main takes and returns tensors of other element types than
// f32, in builtin dialects only: y = a + 1 (i64), m = not b (i1),
// d = 2 * c (f64). For the runtime's and API's element types
// (SessionTest.cpp, test/python/test_dtypes.py, test/tools/seam-run).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @main(%a: tensor<2x3xi64> {seam.name = "a"},
                  %b: tensor<2x3xi1> {seam.name = "b"},
                  %c: tensor<4xf64> {seam.name = "c"})
      -> (tensor<2x3xi64> {seam.name = "y"}, tensor<2x3xi1> {seam.name = "m"},
          tensor<4xf64> {seam.name = "d"}) {
    %e0 = tensor.empty() : tensor<2x3xi64>
    %y = linalg.generic {indexing_maps = [#map, #map],
                         iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<2x3xi64>) outs(%e0 : tensor<2x3xi64>) {
    ^bb0(%x: i64, %o: i64):
      %one = arith.constant 1 : i64
      %r = arith.addi %x, %one : i64
      linalg.yield %r : i64
    } -> tensor<2x3xi64>
    %e1 = tensor.empty() : tensor<2x3xi1>
    %m = linalg.generic {indexing_maps = [#map, #map],
                         iterator_types = ["parallel", "parallel"]}
        ins(%b : tensor<2x3xi1>) outs(%e1 : tensor<2x3xi1>) {
    ^bb0(%x: i1, %o: i1):
      %true = arith.constant true
      %r = arith.xori %x, %true : i1
      linalg.yield %r : i1
    } -> tensor<2x3xi1>
    %e2 = tensor.empty() : tensor<4xf64>
    %d = linalg.generic {indexing_maps = [#map1, #map1],
                         iterator_types = ["parallel"]}
        ins(%c : tensor<4xf64>) outs(%e2 : tensor<4xf64>) {
    ^bb0(%x: f64, %o: f64):
      %r = arith.addf %x, %x : f64
      linalg.yield %r : f64
    } -> tensor<4xf64>
    return %y, %m, %d : tensor<2x3xi64>, tensor<2x3xi1>, tensor<4xf64>
  }
}
