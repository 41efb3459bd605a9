module {
  func.func @fill_only(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = linalg.fill ins(%cst : f32) outs(%arg0 : tensor<2x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}


// -----
module {
  func.func @matmul_only(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3x2xf32>) outs(%arg2 : tensor<2x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}


// -----
module {
  func.func @conv_only(%arg0: tensor<1x1x4x4xf32>, %arg1: tensor<1x1x2x2xf32>, %arg2: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
    %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) outs(%arg2 : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
    return %0 : tensor<1x1x3x3xf32>
  }
}


// -----
#map = affine_map<(d0) -> (d0)>
module {
  func.func @generic_only(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%arg0 : tensor<4xf32>) {
    ^bb0(%out: f32):
      %1 = arith.mulf %out, %out : f32
      linalg.yield %1 : f32
    } -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

