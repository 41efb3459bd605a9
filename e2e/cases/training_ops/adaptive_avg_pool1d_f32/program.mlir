module {
  func.func @main(%arg0: !torch.vtensor<[2,4,15],f32>) -> (!torch.vtensor<[2,4,4],f32>) {
    %v1 = torch.constant.int 4
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %r = torch.aten.adaptive_avg_pool1d %arg0, %v2 : !torch.vtensor<[2,4,15],f32>, !torch.list<int> -> !torch.vtensor<[2,4,4],f32>
    return %r : !torch.vtensor<[2,4,4],f32>
  }
}
