module {
  func.func @main(%arg0: !torch.vtensor<[2,4,15],f32>) -> (!torch.vtensor<[2,4,20],f32>) {
    %v1 = torch.constant.int 2
    %v2 = torch.constant.int 3
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.str "replicate"
    %v5 = torch.constant.none
    %r = torch.aten.pad %arg0, %v3, %v4, %v5 : !torch.vtensor<[2,4,15],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[2,4,20],f32>
    return %r : !torch.vtensor<[2,4,20],f32>
  }
}
