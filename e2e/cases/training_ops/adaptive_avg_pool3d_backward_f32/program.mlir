module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,3,1],f32>, %arg1: !torch.vtensor<[2,3,6,6,6],f32>) -> (!torch.vtensor<[2,3,6,6,6],f32>) {
    %r = torch.aten._adaptive_avg_pool3d_backward %arg0, %arg1 : !torch.vtensor<[2,3,4,3,1],f32>, !torch.vtensor<[2,3,6,6,6],f32> -> !torch.vtensor<[2,3,6,6,6],f32>
    return %r : !torch.vtensor<[2,3,6,6,6],f32>
  }
}
