module {
  func.func @main(%arg0: !torch.vtensor<[2,3,3,4,5],f32>) -> (!torch.vtensor<[2,3,6,8,10],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.float 2.0
    %v3 = torch.constant.float 2.0
    %v4 = torch.constant.float 2.0
    %v5 = torch.prim.ListConstruct %v2, %v3, %v4 : (!torch.float, !torch.float, !torch.float) -> !torch.list<float>
    %r = torch.aten.upsample_nearest3d.vec %arg0, %v1, %v5 : !torch.vtensor<[2,3,3,4,5],f32>, !torch.none, !torch.list<float> -> !torch.vtensor<[2,3,6,8,10],f32>
    return %r : !torch.vtensor<[2,3,6,8,10],f32>
  }
}
