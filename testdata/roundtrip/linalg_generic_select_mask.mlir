// Covers: arith.select masks inside linalg.generic bodies (relu backward with a boolean mask input, dropout-style scaling).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @relu_backward(%grad: tensor<4x4xf32>, %x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %init = tensor.empty() : tensor<4x4xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%grad, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) {
  ^bb0(%g: f32, %v: f32, %out: f32):
    %pos = arith.cmpf ogt, %v, %zero : f32
    %r = arith.select %pos, %g, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

func.func @dropout(%x: tensor<2x8xf32>, %keep: tensor<2x8xi1>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 1.250000e+00 : f32
  %init = tensor.empty() : tensor<2x8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %keep : tensor<2x8xf32>, tensor<2x8xi1>) outs(%init : tensor<2x8xf32>) {
  ^bb0(%in: f32, %k: i1, %out: f32):
    %s = arith.mulf %in, %scale : f32
    %r = arith.select %k, %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
