module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>) -> (!torch.vtensor<[2,192],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.int -1
    %r = torch.aten.flatten.using_ints %arg0, %v1, %v2 : !torch.vtensor<[2,3,8,8],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,192],f32>
    return %r : !torch.vtensor<[2,192],f32>
  }
}
