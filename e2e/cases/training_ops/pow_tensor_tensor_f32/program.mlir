module {
  func.func @main(%arg0: !torch.vtensor<[4,16],f32>, %arg1: !torch.vtensor<[4,16],f32>) -> (!torch.vtensor<[4,16],f32>) {
    %r = torch.aten.pow.Tensor_Tensor %arg0, %arg1 : !torch.vtensor<[4,16],f32>, !torch.vtensor<[4,16],f32> -> !torch.vtensor<[4,16],f32>
    return %r : !torch.vtensor<[4,16],f32>
  }
}
