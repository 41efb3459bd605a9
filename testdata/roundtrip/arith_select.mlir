// Covers: arith.select with scalar condition on scalars/tensors and elementwise tensor<i1> condition.
func.func @scalar_select(%c: i1, %a: f32, %b: f32) -> f32 {
  %0 = arith.select %c, %a, %b : f32
  return %0 : f32
}

func.func @int_select(%x: i32, %y: i32) -> i32 {
  %0 = arith.cmpi sgt, %x, %y : i32
  %1 = arith.select %0, %x, %y : i32
  return %1 : i32
}

func.func @tensor_select_scalar_cond(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.select %c, %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @tensor_select_mask(%m: tensor<2x3xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = arith.select %m, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @index_select(%c: i1, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = arith.select %c, %i, %c0 : index
  return %0 : index
}
