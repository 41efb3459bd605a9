#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module @mlp {
  func.func @linear_gelu(%arg0: tensor<4x16xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<32xf32>) -> tensor<4x32xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.797884583 : f32
    %0 = tensor.empty() : tensor<16x32xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<32x16xf32>) outs(%0 : tensor<16x32xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x32xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x16xf32>, tensor<16x32xf32>) outs(%2 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg2 : tensor<4x32xf32>, tensor<32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %5 = arith.addf %in, %in_4 : f32
      %6 = arith.mulf %5, %5 : f32
      %7 = arith.mulf %6, %5 : f32
      %8 = arith.mulf %7, %cst_2 : f32
      %9 = arith.addf %5, %8 : f32
      %10 = arith.mulf %9, %cst_3 : f32
      %11 = math.tanh %10 : f32
      %12 = arith.addf %11, %cst_1 : f32
      %13 = arith.mulf %5, %cst_0 : f32
      %14 = arith.mulf %13, %12 : f32
      linalg.yield %14 : f32
    } -> tensor<4x32xf32>
    return %4 : tensor<4x32xf32>
  }
  func.func @forward(%arg0: tensor<4x16xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<32xf32>) -> tensor<4x32xf32> attributes {torch.entry} {
    %0 = call @linear_gelu(%arg0, %arg1, %arg2) : (tensor<4x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<4x32xf32>
    return %0 : tensor<4x32xf32>
  }
}

