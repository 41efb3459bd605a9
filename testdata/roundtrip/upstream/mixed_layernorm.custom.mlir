#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @layernorm(%arg0: tensor<4x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>) -> tensor<4x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.400000e+01 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
    %reduced = linalg.reduce ins(%arg0 : tensor<4x64xf32>) outs(%1 : tensor<4xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %4 = arith.addf %in, %init : f32
        linalg.yield %4 : f32
      }
    %reduced_2 = linalg.reduce ins(%arg0 : tensor<4x64xf32>) outs(%1 : tensor<4xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %4 = arith.mulf %in, %in : f32
        %5 = arith.addf %4, %init : f32
        linalg.yield %5 : f32
      }
    %2 = tensor.empty() : tensor<4x64xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %reduced, %reduced_2, %arg1, %arg2 : tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<64xf32>, tensor<64xf32>) outs(%2 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %in_5: f32, %in_6: f32, %out: f32):
      %4 = arith.divf %in_3, %cst_0 : f32
      %5 = arith.divf %in_4, %cst_0 : f32
      %6 = arith.mulf %4, %4 : f32
      %7 = arith.subf %5, %6 : f32
      %8 = arith.addf %7, %cst_1 : f32
      %9 = math.rsqrt %8 : f32
      %10 = arith.subf %in, %4 : f32
      %11 = arith.mulf %10, %9 : f32
      %12 = arith.mulf %11, %in_5 : f32
      %13 = arith.addf %12, %in_6 : f32
      linalg.yield %13 : f32
    } -> tensor<4x64xf32>
    return %3 : tensor<4x64xf32>
  }
}

