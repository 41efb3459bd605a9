module {
  func.func @main(%arg0: !torch.vtensor<[1,2,8,8,8],f32>, %arg1: !torch.vtensor<[1,2,3,3,3],f32>, %arg2: !torch.vtensor<[2,2,2,2,2],f32>) -> (!torch.vtensor<[1,2,3,3,3],f32>, !torch.vtensor<[2,2,2,2,2],f32>, !torch.vtensor<[2],f32>) {
    %int2 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %int3 = torch.constant.int 3
    %int3_0 = torch.constant.int 3
    %int3_1 = torch.constant.int 3
    %1 = torch.prim.ListConstruct %int3, %int3_0, %int3_1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int2_2 = torch.constant.int 2
    %int2_3 = torch.constant.int 2
    %int2_4 = torch.constant.int 2
    %2 = torch.prim.ListConstruct %int2_2, %int2_3, %int2_4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int3_5 = torch.constant.int 3
    %int3_6 = torch.constant.int 3
    %int3_7 = torch.constant.int 3
    %3 = torch.prim.ListConstruct %int3_5, %int3_6, %int3_7 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %int2_8 = torch.constant.int 2
    %int2_9 = torch.constant.int 2
    %int2_10 = torch.constant.int 2
    %4 = torch.prim.ListConstruct %int2_8, %int2_9, %int2_10 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %true_11 = torch.constant.bool true
    %true_12 = torch.constant.bool true
    %true_13 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true_11, %true_12, %true_13 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %true, %4, %int1, %5 : !torch.vtensor<[1,2,8,8,8],f32>, !torch.vtensor<[1,2,3,3,3],f32>, !torch.vtensor<[2,2,2,2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,3,3,3],f32>, !torch.vtensor<[2,2,2,2,2],f32>, !torch.vtensor<[2],f32>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,3,3,3],f32>, !torch.vtensor<[2,2,2,2,2],f32>, !torch.vtensor<[2],f32>
  }
}
