// The reduction family on inputs ONNX's backend test data leaves out: NaNs
// (max/min propagate them, arg max/min pick them), ties (first or last
// index), large values (log-sum-exp must not overflow), integers, float16
// and every cumsum direction. References: make_references.py (NumPy).
func.func @main(%x: tensor<3x5xf32> {seam.name = "x"},
                %n: tensor<3x4xi64> {seam.name = "n"},
                %h: tensor<2x4xf16> {seam.name = "h"})
    -> (tensor<3xf32> {seam.name = "max_x"},
        tensor<1x5xf32> {seam.name = "min_x"},
        tensor<3xi64> {seam.name = "argmax_first"},
        tensor<3xi64> {seam.name = "argmax_last"},
        tensor<1x5xi64> {seam.name = "argmin_last"},
        tensor<3xf32> {seam.name = "lse"},
        tensor<3x5xf32> {seam.name = "cumsum_rev_excl"},
        tensor<3x5xf32> {seam.name = "hardmax_x"},
        tensor<3x4xi64> {seam.name = "cumsum_n"},
        tensor<3xi64> {seam.name = "prod_n"},
        tensor<1x4xi64> {seam.name = "max_n"},
        tensor<2xi64> {seam.name = "sum_square_n"},
        tensor<2x1xf16> {seam.name = "l2_h"},
        tensor<2x4xf16> {seam.name = "hardmax_h"},
        tensor<2x4xf16> {seam.name = "cumsum_h"}) {
  %0 = seam.reduce_max %x {axes = array<i64: 1>, keepdims = false} : (tensor<3x5xf32>) -> tensor<3xf32>
  %1 = seam.reduce_min %x {axes = array<i64: 0>} : (tensor<3x5xf32>) -> tensor<1x5xf32>
  %2 = seam.arg_max %x {axis = 1 : i64, keepdims = false} : (tensor<3x5xf32>) -> tensor<3xi64>
  %3 = seam.arg_max %x {axis = -1 : i64, keepdims = false, select_last_index = true} : (tensor<3x5xf32>) -> tensor<3xi64>
  %4 = seam.arg_min %x {select_last_index = true} : (tensor<3x5xf32>) -> tensor<1x5xi64>
  %5 = seam.reduce_log_sum_exp %x {axes = array<i64: 1>, keepdims = false} : (tensor<3x5xf32>) -> tensor<3xf32>
  %6 = seam.cumsum %x {axis = 1 : i64, exclusive = true, reverse = true} : tensor<3x5xf32>
  %7 = seam.hardmax %x {axis = 1 : i64} : tensor<3x5xf32>
  %8 = seam.cumsum %n {axis = 0 : i64} : tensor<3x4xi64>
  %9 = seam.reduce_prod %n {axes = array<i64: 1>, keepdims = false} : (tensor<3x4xi64>) -> tensor<3xi64>
  %10 = seam.reduce_max %n {axes = array<i64: 0>} : (tensor<3x4xi64>) -> tensor<1x4xi64>
  %11 = seam.reduce_sum_square %n {axes = array<i64: 0, 1>, keepdims = false} : (tensor<3x4xi64>) -> tensor<i64>
  %12 = seam.reshape %11 : (tensor<i64>) -> tensor<1xi64>
  %13 = seam.concat %12, %12 {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %14 = seam.reduce_l2 %h {axes = array<i64: 1>} : (tensor<2x4xf16>) -> tensor<2x1xf16>
  %15 = seam.hardmax %h : tensor<2x4xf16>
  %16 = seam.cumsum %h {axis = -1 : i64} : tensor<2x4xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %13, %14, %15, %16
      : tensor<3xf32>, tensor<1x5xf32>, tensor<3xi64>, tensor<3xi64>,
        tensor<1x5xi64>, tensor<3xf32>, tensor<3x5xf32>, tensor<3x5xf32>,
        tensor<3x4xi64>, tensor<3xi64>, tensor<1x4xi64>, tensor<2xi64>,
        tensor<2x1xf16>, tensor<2x4xf16>, tensor<2x4xf16>
}
