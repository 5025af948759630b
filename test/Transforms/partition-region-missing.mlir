// RUN: seam-opt %s -split-input-file --seam-prune-regions --verify-diagnostics
// RUN: seam-opt %s -split-input-file --seam-outline-regions --verify-diagnostics

// An op assigned to a backend must be in a region.
func.func @no_region(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{op assigned to backend 'test' has no seam.region (run seam-merge-regions first)}}
  %r = seam.relu %x {seam.backend = "test"} : tensor<4xf32>
  return %r : tensor<4xf32>
}
