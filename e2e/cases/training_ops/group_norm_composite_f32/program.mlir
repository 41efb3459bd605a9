module {
  func.func @main(%arg0: !torch.vtensor<[2,6,4,4],f32>, %arg1: !torch.vtensor<[6],f32>, %arg2: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[2,6,4,4],f32>) {
    %v1 = torch.constant.int 3
    %v2 = torch.constant.float 1.0e-05
    %v3 = torch.constant.bool true
    %r = torch.aten.group_norm %arg0, %v1, %arg1, %arg2, %v2, %v3 : !torch.vtensor<[2,6,4,4],f32>, !torch.int, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,6,4,4],f32>
    return %r : !torch.vtensor<[2,6,4,4],f32>
  }
}
