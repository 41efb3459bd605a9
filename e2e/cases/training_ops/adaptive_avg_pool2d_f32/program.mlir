module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>) -> (!torch.vtensor<[2,3,1,1],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.int 1
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %r = torch.aten.adaptive_avg_pool2d %arg0, %v3 : !torch.vtensor<[2,3,8,8],f32>, !torch.list<int> -> !torch.vtensor<[2,3,1,1],f32>
    return %r : !torch.vtensor<[2,3,1,1],f32>
  }
}
