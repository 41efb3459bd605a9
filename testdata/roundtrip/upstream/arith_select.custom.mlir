module {
  func.func @scalar_select(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
    %0 = arith.select %arg0, %arg1, %arg2 : f32
    return %0 : f32
  }
  func.func @int_select(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.cmpi sgt, %arg0, %arg1 : i32
    %1 = arith.select %0, %arg0, %arg1 : i32
    return %1 : i32
  }
  func.func @tensor_select_scalar_cond(%arg0: i1, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %0 = arith.select %arg0, %arg1, %arg2 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @tensor_select_mask(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = arith.select %arg0, %arg1, %arg2 : tensor<2x3xi1>, tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
  func.func @index_select(%arg0: i1, %arg1: index) -> index {
    %c0 = arith.constant 0 : index
    %0 = arith.select %arg0, %arg1, %c0 : index
    return %0 : index
  }
}

