module {
  func.func @main(%arg0: !torch.vtensor<[4,5,8],f32>, %arg1: !torch.vtensor<[4,5,8],f32>, %arg2: !torch.vtensor<[4,5,1],f32>, %arg3: !torch.vtensor<[4,5,1],f32>, %arg4: !torch.vtensor<[8],f32>, %arg5: !torch.vtensor<[8],f32>) -> (!torch.vtensor<[4,5,8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>) {
    %v1 = torch.constant.int 8
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %v3 = torch.constant.bool true
    %v4 = torch.constant.bool true
    %v5 = torch.constant.bool true
    %v6 = torch.prim.ListConstruct %v3, %v4, %v5 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %r:3 = torch.aten.native_layer_norm_backward %arg0, %arg1, %v2, %arg2, %arg3, %arg4, %arg5, %v6 : !torch.vtensor<[4,5,8],f32>, !torch.vtensor<[4,5,8],f32>, !torch.list<int>, !torch.vtensor<[4,5,1],f32>, !torch.vtensor<[4,5,1],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.list<bool> -> !torch.vtensor<[4,5,8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>
    return %r#0, %r#1, %r#2 : !torch.vtensor<[4,5,8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>
  }
}
