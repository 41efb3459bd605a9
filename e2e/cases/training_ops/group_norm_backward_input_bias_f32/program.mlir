module {
  func.func @main(%arg0: !torch.vtensor<[2,6,4,4],f32>, %arg1: !torch.vtensor<[2,6,4,4],f32>, %arg2: !torch.vtensor<[2,2],f32>, %arg3: !torch.vtensor<[2,2],f32>, %arg4: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[2,6,4,4],f32>, !torch.none, !torch.vtensor<[6],f32>) {
    %v1 = torch.constant.int 2
    %v2 = torch.constant.int 6
    %v3 = torch.constant.int 16
    %v4 = torch.constant.int 2
    %v5 = torch.constant.bool true
    %v6 = torch.constant.bool false
    %v7 = torch.constant.bool true
    %v8 = torch.prim.ListConstruct %v5, %v6, %v7 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %r:3 = torch.aten.native_group_norm_backward %arg0, %arg1, %arg2, %arg3, %arg4, %v1, %v2, %v3, %v4, %v8 : !torch.vtensor<[2,6,4,4],f32>, !torch.vtensor<[2,6,4,4],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[6],f32>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,6,4,4],f32>, !torch.none, !torch.vtensor<[6],f32>
    %v9 = torch.constant.none
    return %r#0, %v9, %r#2 : !torch.vtensor<[2,6,4,4],f32>, !torch.none, !torch.vtensor<[6],f32>
  }
}
