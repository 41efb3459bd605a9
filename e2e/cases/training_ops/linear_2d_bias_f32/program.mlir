module {
  func.func @main(%arg0: !torch.vtensor<[4,8],f32>, %arg1: !torch.vtensor<[6,8],f32>, %arg2: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[4,6],f32>) {
    %r = torch.aten.linear %arg0, %arg1, %arg2 : !torch.vtensor<[4,8],f32>, !torch.vtensor<[6,8],f32>, !torch.vtensor<[6],f32> -> !torch.vtensor<[4,6],f32>
    return %r : !torch.vtensor<[4,6],f32>
  }
}
