// convolution_backward as fx_importer emits it (prior-art.md §3): one
// constant per literal, names from the shared conflict counter, an
// unparenthesised result type list. This file is in canonical printed
// form, so printing it must reproduce it exactly.
module {
  func.func @main(%arg0: !torch.vtensor<[1,2,4,4],f32>, %arg1: !torch.vtensor<[1,2,8,8],f32>, %arg2: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
    %int2 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %int2_0 = torch.constant.int 2
    %int2_1 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2_0, %int2_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_2 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1, %int1_2 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_3 = torch.constant.int 1
    %int1_4 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1_3, %int1_4 : (!torch.int, !torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %int0_5 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int0, %int0_5 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_6 = torch.constant.int 1
    %true = torch.constant.bool true
    %true_7 = torch.constant.bool true
    %true_8 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true, %true_7, %true_8 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %false, %4, %int1_6, %5 : !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  }
}

// -----

// output_mask [True, True, False]: the masked bias gradient is !torch.none,
// and bias_sizes is None.
module {
  func.func @masked(%arg0: !torch.vtensor<[2,16,63,63],f32>, %arg1: !torch.vtensor<[2,128,64,64],f32>, %arg2: !torch.vtensor<[16,128,2,2],f32>) -> (!torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16,128,2,2],f32>) {
    %none = torch.constant.none
    %int1 = torch.constant.int 1
    %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0 = torch.constant.int 0
    %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %true = torch.constant.bool true
    %2 = torch.prim.ListConstruct %true, %true, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %3:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %none, %0, %1, %0, %false, %1, %int1, %2 : !torch.vtensor<[2,16,63,63],f32>, !torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16,128,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16,128,2,2],f32>, !torch.none
    return %3#0, %3#1 : !torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16,128,2,2],f32>
  }
}
