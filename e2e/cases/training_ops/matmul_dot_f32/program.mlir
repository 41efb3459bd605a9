module {
  func.func @main(%arg0: !torch.vtensor<[8],f32>, %arg1: !torch.vtensor<[8],f32>) -> (!torch.vtensor<[],f32>) {
    %r = torch.aten.matmul %arg0, %arg1 : !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32> -> !torch.vtensor<[],f32>
    return %r : !torch.vtensor<[],f32>
  }
}
