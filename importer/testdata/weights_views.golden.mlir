module {
  func.func @main(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[2,3],f32>, %arg2: !torch.vtensor<[2,3],f32>, %arg3: !torch.vtensor<[4],f32>, %arg4: !torch.vtensor<[4],si64>, %arg5: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,3],f32>) {
    %int1 = torch.constant.int 1
    %0 = torch.aten.add.Tensor %arg5, %arg0, %int1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
    %float5.000000e-01 = torch.constant.float 5.000000e-01
    %1 = torch.aten.add.Tensor %0, %arg3, %float5.000000e-01 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
    %2 = torch.aten.mul.Tensor %arg1, %arg2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
    %int1_0 = torch.constant.int 1
    %3 = torch.aten.add.Tensor %1, %arg4, %int1_0 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[3,4],f32>
    return %3, %2 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[2,3],f32>
  }
}
