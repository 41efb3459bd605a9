// aten.convolution_backward of a stride-2 3x3 convolution (N=1, C=F=2,
// 8x8 input), in the torch dialect as torch-mlir's fx_importer prints a
// torch.export program. Lower it with:
//   torchlower opt examples/conv_backward.mlir -p convert-torch-to-linalg,canonicalize,cse
// (the README's first command; the RUN line keeps it working).
// RUN: torchlower opt %s -p convert-torch-to-linalg,canonicalize,cse | FileCheck %s

// The data gradient scatters dy with stride 2 into zeros, then correlates
// with the flipped kernel; the weight gradient reads x with stride 2.
// CHECK-LABEL: func.func @main
// CHECK-SAME:    -> (tensor<1x2x8x8xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>)
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2]
// CHECK:         linalg.generic
// CHECK-SAME:      "reduction", "reduction", "reduction"
// CHECK:         tensor.pad
// CHECK-NOT:     torch.
module {
  func.func @main(%grad_output: !torch.vtensor<[1,2,4,4],f32>, %input: !torch.vtensor<[1,2,8,8],f32>, %weight: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
    %int2 = torch.constant.int 2
    %bias_sizes = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %stride = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %padding = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
    %dilation = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %output_padding = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %0:3 = torch.aten.convolution_backward %grad_output, %input, %weight, %bias_sizes, %stride, %padding, %dilation, %false, %output_padding, %int1, %mask : !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
    return %0#0, %0#1, %0#2 : !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  }
}
