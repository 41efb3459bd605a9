module {
  func.func @main(%arg0: !torch.vtensor<[1,3,3,4,4],f32>) -> (!torch.vtensor<[1,3,6,6,8],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.bool true
    %v3 = torch.constant.float 2.0
    %v4 = torch.constant.float 1.5
    %v5 = torch.constant.float 2.0
    %v6 = torch.prim.ListConstruct %v3, %v4, %v5 : (!torch.float, !torch.float, !torch.float) -> !torch.list<float>
    %r = torch.aten.upsample_trilinear3d.vec %arg0, %v1, %v2, %v6 : !torch.vtensor<[1,3,3,4,4],f32>, !torch.none, !torch.bool, !torch.list<float> -> !torch.vtensor<[1,3,6,6,8],f32>
    return %r : !torch.vtensor<[1,3,6,6,8],f32>
  }
}
