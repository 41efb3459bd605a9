module {
  func.func @main(%arg0: !torch.vtensor<[4,16],f32>) -> (!torch.vtensor<[4,16],i1>) {
    %r = torch.aten.isinf %arg0 : !torch.vtensor<[4,16],f32> -> !torch.vtensor<[4,16],i1>
    return %r : !torch.vtensor<[4,16],i1>
  }
}
