// Covers: linalg.generic elementwise (all-parallel) on static and dynamic tensors, with #map aliases and linalg.yield.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %init = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.maxf %in, %cst : f32
    linalg.yield %1 : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @add_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %1 = arith.addf %x, %y : f32
    linalg.yield %1 : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @cast_i8_to_f32(%q: tensor<16xi8>) -> tensor<16xf32> {
  %init = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%q : tensor<16xi8>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: i8, %out: f32):
    %1 = arith.sitofp %in : i8 to f32
    linalg.yield %1 : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
