// Covers: linalg.generic optional attributes (doc, library_call), extra discardable attrs via `attrs =`, and no-input generics.
#map = affine_map<(d0) -> (d0)>
func.func @documented(%x: tensor<4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {doc = "negate elements", indexing_maps = [#map, #map], iterator_types = ["parallel"], library_call = "external_negate"} ins(%x : tensor<4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.negf %in : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @extra_attrs(%init: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%init : tensor<4xf32>) attrs = {torch.op = "ones", tile = array<i64: 4>} {
  ^bb0(%out: f32):
    linalg.yield %cst : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
