module {
  func.func @main(%arg0: !torch.vtensor<[2,6,4,4],f32>, %arg1: !torch.vtensor<[6],f32>, %arg2: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[2,6,4,4],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
    %v1 = torch.constant.int 2
    %v2 = torch.constant.int 6
    %v3 = torch.constant.int 16
    %v4 = torch.constant.int 3
    %v5 = torch.constant.float 1.0e-05
    %r:3 = torch.aten.native_group_norm %arg0, %arg1, %arg2, %v1, %v2, %v3, %v4, %v5 : !torch.vtensor<[2,6,4,4],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,6,4,4],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
    return %r#0, %r#1, %r#2 : !torch.vtensor<[2,6,4,4],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
  }
}
