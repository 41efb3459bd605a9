module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],i1>) {
    %v1 = torch.constant.float 0.1
    %v2 = torch.constant.bool false
    %r:2 = torch.aten.native_dropout %arg0, %v1, %v2 : !torch.vtensor<[2,3,4,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],i1>
    return %r#0, %r#1 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],i1>
  }
}
