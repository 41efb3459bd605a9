// Covers: tensor.extract and tensor.insert with constant/dynamic indices, rank-0 tensors, dynamic shapes.
func.func @extract(%t: tensor<4x5xf32>, %i: index, %j: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.extract %t[%c0, %c2] : tensor<4x5xf32>
  %1 = tensor.extract %t[%i, %j] : tensor<4x5xf32>
  return %0, %1 : f32, f32
}

func.func @extract_rank0(%t: tensor<f32>) -> f32 {
  %0 = tensor.extract %t[] : tensor<f32>
  return %0 : f32
}

func.func @insert(%t: tensor<?x3xi32>, %v: i32, %i: index) -> tensor<?x3xi32> {
  %c1 = arith.constant 1 : index
  %0 = tensor.insert %v into %t[%i, %c1] : tensor<?x3xi32>
  %1 = tensor.insert %v into %0[%c1, %c1] : tensor<?x3xi32>
  return %1 : tensor<?x3xi32>
}

func.func @insert_rank0(%t: tensor<f32>, %v: f32) -> tensor<f32> {
  %0 = tensor.insert %v into %t[] : tensor<f32>
  return %0 : tensor<f32>
}
