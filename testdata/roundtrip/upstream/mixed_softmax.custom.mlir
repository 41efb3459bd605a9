#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @softmax(%arg0: tensor<?x10xf32>) -> tensor<?x10xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %dim = tensor.dim %arg0, %c0 : tensor<?x10xf32>
    %0 = tensor.empty(%dim) : tensor<?xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x10xf32>) outs(%1 : tensor<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.maxf %in, %out : f32
      linalg.yield %8 : f32
    } -> tensor<?xf32>
    %3 = tensor.empty(%dim) : tensor<?x10xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<?x10xf32>, tensor<?xf32>) outs(%3 : tensor<?x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.subf %in, %in_1 : f32
      %9 = math.exp %8 : f32
      linalg.yield %9 : f32
    } -> tensor<?x10xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<?x10xf32>) outs(%5 : tensor<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.addf %in, %out : f32
      linalg.yield %8 : f32
    } -> tensor<?xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<?x10xf32>, tensor<?xf32>) outs(%3 : tensor<?x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.divf %in, %in_1 : f32
      linalg.yield %8 : f32
    } -> tensor<?x10xf32>
    return %7 : tensor<?x10xf32>
  }
}

