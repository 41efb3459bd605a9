#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @qmatmul(%arg0: tensor<4x8xi8>, %arg1: tensor<8x4xi8>, %arg2: f32) -> tensor<4x4xi8> {
    %c0_i32 = arith.constant 0 : i32
    %c-128_i32 = arith.constant -128 : i32
    %c127_i32 = arith.constant 127 : i32
    %0 = tensor.empty() : tensor<4x4xi32>
    %1 = linalg.fill ins(%c0_i32 : i32) outs(%0 : tensor<4x4xi32>) -> tensor<4x4xi32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xi8>, tensor<8x4xi8>) outs(%1 : tensor<4x4xi32>) -> tensor<4x4xi32>
    %3 = tensor.empty() : tensor<4x4xi8>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x4xi32>) outs(%3 : tensor<4x4xi8>) {
    ^bb0(%in: i32, %out: i8):
      %5 = arith.sitofp %in : i32 to f32
      %6 = arith.mulf %5, %arg2 : f32
      %7 = math.roundeven %6 : f32
      %8 = arith.fptosi %7 : f32 to i32
      %9 = arith.maxsi %8, %c-128_i32 : i32
      %10 = arith.minsi %9, %c127_i32 : i32
      %11 = arith.trunci %10 : i32 to i8
      linalg.yield %11 : i8
    } -> tensor<4x4xi8>
    return %4 : tensor<4x4xi8>
  }
  func.func @bit_tricks(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %0 = tensor.empty() : tensor<8xi32>
    %1 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg0 : tensor<8xi32>) outs(%0 : tensor<8xi32>) {
    ^bb0(%in: i32, %out: i32):
      %c31_i32 = arith.constant 31 : i32
      %2 = arith.shrsi %in, %c31_i32 : i32
      %3 = arith.xori %in, %2 : i32
      %4 = arith.subi %3, %2 : i32
      %5 = arith.shrui %4, %c31_i32 : i32
      %6 = arith.ori %4, %5 : i32
      linalg.yield %6 : i32
    } -> tensor<8xi32>
    return %1 : tensor<8xi32>
  }
}

