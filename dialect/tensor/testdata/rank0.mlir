func.func @f(%t: tensor<f32>, %v: f32) -> (tensor<f32>, tensor<f32>) {
  %0 = tensor.pad %t low[] high[] {
    tensor.yield %v : f32
  } : tensor<f32> to tensor<f32>
  %1 = tensor.generate {
    tensor.yield %v : f32
  } : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
