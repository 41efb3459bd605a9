module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.float 1.6732632423543772
    %v2 = torch.constant.float 1.0507009873554805
    %v3 = torch.constant.float 1.0
    %r = torch.aten.elu %arg0, %v1, %v2, %v3 : !torch.vtensor<[2,3,4,4],f32>, !torch.float, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
