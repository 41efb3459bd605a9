module {
  func.func @main(%arg0: !torch.vtensor<[2,3,6,6,6],f32>) -> (!torch.vtensor<[2,3,4,3,1],f32>) {
    %v1 = torch.constant.int 4
    %v2 = torch.constant.int 3
    %v3 = torch.constant.int 1
    %v4 = torch.prim.ListConstruct %v1, %v2, %v3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %r = torch.aten.adaptive_avg_pool3d %arg0, %v4 : !torch.vtensor<[2,3,6,6,6],f32>, !torch.list<int> -> !torch.vtensor<[2,3,4,3,1],f32>
    return %r : !torch.vtensor<[2,3,4,3,1],f32>
  }
}
