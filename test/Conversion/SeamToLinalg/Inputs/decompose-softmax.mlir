// Transform library for the numeric tests: decomposes linalg.softmax into
// linalg.generic ops (max, sub + exp, sum, div) through its
// AggregatedOpInterface, as the LLVM lowering pipeline must.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %softmax = transform.structured.match ops{["linalg.softmax"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %parts = transform.structured.decompose_interface %softmax
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
