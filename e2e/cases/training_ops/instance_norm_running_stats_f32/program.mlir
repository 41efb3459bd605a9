module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>, %arg1: !torch.vtensor<[3],f32>, %arg2: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,8,8],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.none
    %v3 = torch.constant.bool false
    %v4 = torch.constant.float 0.1
    %v5 = torch.constant.float 1.0e-05
    %v6 = torch.constant.bool true
    %r = torch.aten.instance_norm %arg0, %v1, %v2, %arg1, %arg2, %v3, %v4, %v5, %v6 : !torch.vtensor<[2,3,8,8],f32>, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,8,8],f32>
    return %r : !torch.vtensor<[2,3,8,8],f32>
  }
}
