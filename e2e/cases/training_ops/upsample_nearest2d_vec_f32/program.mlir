module {
  func.func @main(%arg0: !torch.vtensor<[2,3,5,7],f32>) -> (!torch.vtensor<[2,3,10,14],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.float 2.0
    %v3 = torch.constant.float 2.0
    %v4 = torch.prim.ListConstruct %v2, %v3 : (!torch.float, !torch.float) -> !torch.list<float>
    %r = torch.aten.upsample_nearest2d.vec %arg0, %v1, %v4 : !torch.vtensor<[2,3,5,7],f32>, !torch.none, !torch.list<float> -> !torch.vtensor<[2,3,10,14],f32>
    return %r : !torch.vtensor<[2,3,10,14],f32>
  }
}
