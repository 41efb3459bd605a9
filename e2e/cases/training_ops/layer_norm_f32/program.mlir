module {
  func.func @main(%arg0: !torch.vtensor<[4,5,8],f32>, %arg1: !torch.vtensor<[8],f32>, %arg2: !torch.vtensor<[8],f32>) -> (!torch.vtensor<[4,5,8],f32>) {
    %v1 = torch.constant.int 8
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %v3 = torch.constant.float 1.0e-05
    %v4 = torch.constant.bool true
    %r = torch.aten.layer_norm %arg0, %v2, %arg1, %arg2, %v3, %v4 : !torch.vtensor<[4,5,8],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4,5,8],f32>
    return %r : !torch.vtensor<[4,5,8],f32>
  }
}
