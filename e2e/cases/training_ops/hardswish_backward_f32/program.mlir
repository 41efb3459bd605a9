module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>, %arg1: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %r = torch.aten.hardswish_backward %arg0, %arg1 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],f32> -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
