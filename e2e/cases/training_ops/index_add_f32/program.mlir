module {
  func.func @main(%arg0: !torch.vtensor<[6,5],f32>, %arg1: !torch.vtensor<[8],si64>, %arg2: !torch.vtensor<[8,5],f32>) -> (!torch.vtensor<[6,5],f32>) {
    %v1 = torch.constant.int 0
    %v2 = torch.constant.float 0.5
    %r = torch.aten.index_add %arg0, %v1, %arg1, %arg2, %v2 : !torch.vtensor<[6,5],f32>, !torch.int, !torch.vtensor<[8],si64>, !torch.vtensor<[8,5],f32>, !torch.float -> !torch.vtensor<[6,5],f32>
    return %r : !torch.vtensor<[6,5],f32>
  }
}
