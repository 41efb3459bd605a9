module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[4,5],f32>, !torch.vtensor<[4,5],si64>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.bool false
    %r:2 = torch.aten.max.dim %arg0, %v1, %v2 : !torch.vtensor<[4,6,5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,5],si64>
    return %r#0, %r#1 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,5],si64>
  }
}
