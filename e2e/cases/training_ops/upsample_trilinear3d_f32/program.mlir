module {
  func.func @main(%arg0: !torch.vtensor<[2,3,3,4,5],f32>) -> (!torch.vtensor<[2,3,6,7,9],f32>) {
    %v1 = torch.constant.int 6
    %v2 = torch.constant.int 7
    %v3 = torch.constant.int 9
    %v4 = torch.prim.ListConstruct %v1, %v2, %v3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v5 = torch.constant.bool false
    %v6 = torch.constant.none
    %v7 = torch.constant.none
    %v8 = torch.constant.none
    %r = torch.aten.upsample_trilinear3d %arg0, %v4, %v5, %v6, %v7, %v8 : !torch.vtensor<[2,3,3,4,5],f32>, !torch.list<int>, !torch.bool, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3,6,7,9],f32>
    return %r : !torch.vtensor<[2,3,6,7,9],f32>
  }
}
