module {
  func.func @kv_cache_write(%arg0: tensor<1x8x128x16xf16>, %arg1: tensor<1x8x128x16xf16>, %arg2: tensor<1x4x128xf16>, %arg3: tensor<1x4x128xf16>, %arg4: i64) -> (tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>) {
    %expanded = tensor.expand_shape %arg2 [[0], [1], [2, 3]] : tensor<1x4x128xf16> into tensor<1x4x8x16xf16>
    %expanded_0 = tensor.expand_shape %arg3 [[0], [1], [2, 3]] : tensor<1x4x128xf16> into tensor<1x4x8x16xf16>
    %0 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed = linalg.transpose ins(%expanded : tensor<1x4x8x16xf16>) outs(%0 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_1 = linalg.transpose ins(%expanded_0 : tensor<1x4x8x16xf16>) outs(%0 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %1 = arith.index_cast %arg4 : i64 to index
    %inserted_slice = tensor.insert_slice %transposed into %arg0[0, 0, %1, 0] [1, 8, 4, 16] [1, 1, 1, 1] : tensor<1x8x4x16xf16> into tensor<1x8x128x16xf16>
    %inserted_slice_2 = tensor.insert_slice %transposed_1 into %arg1[0, 0, %1, 0] [1, 8, 4, 16] [1, 1, 1, 1] : tensor<1x8x4x16xf16> into tensor<1x8x128x16xf16>
    return %inserted_slice, %inserted_slice_2 : tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>
  }
  func.func @kv_cache_read(%arg0: tensor<1x8x128x16xf16>, %arg1: index) -> tensor<8x?x16xf16> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 8, %arg1, 16] [1, 1, 1, 1] : tensor<1x8x128x16xf16> to tensor<8x?x16xf16>
    return %extracted_slice : tensor<8x?x16xf16>
  }
  func.func @kv_cache_single_token(%arg0: tensor<2x?x64xf32>, %arg1: tensor<2x64xf32>, %arg2: index) -> tensor<2x?x64xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[0, %arg2, 0] [2, 1, 64] [1, 1, 1] : tensor<2x64xf32> into tensor<2x?x64xf32>
    return %inserted_slice : tensor<2x?x64xf32>
  }
  func.func @decode_scores(%arg0: tensor<1x8x128x16xf16>, %arg1: tensor<8x1x16xf16>, %arg2: index) -> tensor<8x1x?xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 8, %arg2, 16] [1, 1, 1, 1] : tensor<1x8x128x16xf16> to tensor<8x?x16xf16>
    %0 = tensor.empty(%arg2) : tensor<8x16x?xf16>
    %transposed = linalg.transpose ins(%extracted_slice : tensor<8x?x16xf16>) outs(%0 : tensor<8x16x?xf16>) permutation = [0, 2, 1] 
    %1 = tensor.empty(%arg2) : tensor<8x1x?xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x1x?xf32>) -> tensor<8x1x?xf32>
    %3 = linalg.batch_matmul ins(%arg1, %transposed : tensor<8x1x16xf16>, tensor<8x16x?xf16>) outs(%2 : tensor<8x1x?xf32>) -> tensor<8x1x?xf32>
    return %3 : tensor<8x1x?xf32>
  }
}

