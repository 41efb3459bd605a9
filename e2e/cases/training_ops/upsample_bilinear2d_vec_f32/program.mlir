module {
  func.func @main(%arg0: !torch.vtensor<[2,3,5,7],f32>) -> (!torch.vtensor<[2,3,10,14],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.bool false
    %v3 = torch.constant.float 2.0
    %v4 = torch.constant.float 2.0
    %v5 = torch.prim.ListConstruct %v3, %v4 : (!torch.float, !torch.float) -> !torch.list<float>
    %r = torch.aten.upsample_bilinear2d.vec %arg0, %v1, %v2, %v5 : !torch.vtensor<[2,3,5,7],f32>, !torch.none, !torch.bool, !torch.list<float> -> !torch.vtensor<[2,3,10,14],f32>
    return %r : !torch.vtensor<[2,3,10,14],f32>
  }
}
