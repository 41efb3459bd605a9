module {
  func.func @main(%arg0: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,3],f32>) {
    %0 = torch.vtensor.literal(dense<[[0.000000e+00, 3.000000e+00, 6.000000e+00, 9.000000e+00], [1.000000e+00, 4.000000e+00, 7.000000e+00, 1.000000e+01], [2.000000e+00, 5.000000e+00, 8.000000e+00, 1.100000e+01]]> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
    %1 = torch.vtensor.literal(dense<[[1.000000e+02, 1.010000e+02, 1.020000e+02], [1.030000e+02, 1.040000e+02, 1.050000e+02]]> : tensor<2x3xf32>) : !torch.vtensor<[2,3],f32>
    %2 = torch.vtensor.literal(dense<[[1.060000e+02, 1.070000e+02, 1.080000e+02], [1.090000e+02, 1.100000e+02, 1.110000e+02]]> : tensor<2x3xf32>) : !torch.vtensor<[2,3],f32>
    %3 = torch.vtensor.literal(dense<[1.000000e+01, 2.000000e+01, 3.000000e+01, 4.000000e+01]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
    %4 = torch.vtensor.literal(dense<[7, -8, 9, 1099511627776]> : tensor<4xsi64>) : !torch.vtensor<[4],si64>
    %int1 = torch.constant.int 1
    %5 = torch.aten.add.Tensor %arg0, %0, %int1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
    %float5.000000e-01 = torch.constant.float 5.000000e-01
    %6 = torch.aten.add.Tensor %5, %3, %float5.000000e-01 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
    %7 = torch.aten.mul.Tensor %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
    %int1_0 = torch.constant.int 1
    %8 = torch.aten.add.Tensor %6, %4, %int1_0 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[3,4],f32>
    return %8, %7 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[2,3],f32>
  }
}
