module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[4,5],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.bool false
    %v3 = torch.constant.none
    %r = torch.aten.prod.dim_int %arg0, %v1, %v2, %v3 : !torch.vtensor<[4,6,5],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[4,5],f32>
    return %r : !torch.vtensor<[4,5],f32>
  }
}
