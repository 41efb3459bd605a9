module {
  func.func @main(%arg0: !torch.vtensor<[2,3,12],f64>, %arg1: !torch.vtensor<[2,3,8],f64>) -> (!torch.vtensor<[2,3,8],f64>) {
    %v1 = torch.constant.int 3
    %v2 = torch.constant.int 1
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %r = torch.aten.reflection_pad1d_backward %arg0, %arg1, %v3 : !torch.vtensor<[2,3,12],f64>, !torch.vtensor<[2,3,8],f64>, !torch.list<int> -> !torch.vtensor<[2,3,8],f64>
    return %r : !torch.vtensor<[2,3,8],f64>
  }
}
