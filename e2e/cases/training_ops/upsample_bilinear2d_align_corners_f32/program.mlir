module {
  func.func @main(%arg0: !torch.vtensor<[2,3,5,7],f32>) -> (!torch.vtensor<[2,3,8,11],f32>) {
    %v1 = torch.constant.int 8
    %v2 = torch.constant.int 11
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.bool true
    %v5 = torch.constant.none
    %v6 = torch.constant.none
    %r = torch.aten.upsample_bilinear2d %arg0, %v3, %v4, %v5, %v6 : !torch.vtensor<[2,3,5,7],f32>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[2,3,8,11],f32>
    return %r : !torch.vtensor<[2,3,8,11],f32>
  }
}
