module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[],f32>) {
    %r = torch.aten.max %arg0 : !torch.vtensor<[4,6,5],f32> -> !torch.vtensor<[],f32>
    return %r : !torch.vtensor<[],f32>
  }
}
