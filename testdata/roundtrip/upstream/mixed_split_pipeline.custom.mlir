module {
  func.func @flatten_linear(%arg0: tensor<2x3x4xf32>, %arg1: tensor<12x5xf32>, %arg2: tensor<2x5xf32>) -> tensor<2x5xf32> {
    %collapsed = tensor.collapse_shape %arg0 [[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
    %0 = linalg.matmul ins(%collapsed, %arg1 : tensor<2x12xf32>, tensor<12x5xf32>) outs(%arg2 : tensor<2x5xf32>) -> tensor<2x5xf32>
    return %0 : tensor<2x5xf32>
  }
}


// -----
module {
  func.func @gather_row(%arg0: tensor<10x4xf32>, %arg1: i32) -> tensor<4xf32> {
    %0 = arith.index_cast %arg1 : i32 to index
    %extracted_slice = tensor.extract_slice %arg0[%0, 0] [1, 4] [1, 1] : tensor<10x4xf32> to tensor<4xf32>
    return %extracted_slice : tensor<4xf32>
  }
}


// -----
module {
  func.func @global_avg_pool(%arg0: tensor<1x8x4x4xf32>) -> tensor<1x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.250000e-02 : f32
    %0 = tensor.empty() : tensor<1x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8xf32>) -> tensor<1x8xf32>
    %reduced = linalg.reduce ins(%arg0 : tensor<1x8x4x4xf32>) outs(%1 : tensor<1x8xf32>) dimensions = [2, 3] 
      (%in: f32, %init: f32) {
        %2 = arith.addf %in, %init : f32
        linalg.yield %2 : f32
      }
    %mapped = linalg.map ins(%reduced : tensor<1x8xf32>) outs(%0 : tensor<1x8xf32>)
      (%in: f32) {
        %2 = arith.mulf %in, %cst_0 : f32
        linalg.yield %2 : f32
      }
    return %mapped : tensor<1x8xf32>
  }
}

