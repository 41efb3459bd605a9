module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4],f32>, %arg1: !torch.vtensor<[2,2,9],f32>, %arg2: !torch.vtensor<[3,2,2],f32>) -> (!torch.vtensor<[2,2,9],f32>, !torch.vtensor<[3,2,2],f32>, !torch.none) {
    %int3 = torch.constant.int 3
    %0 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
    %int3_0 = torch.constant.int 3
    %1 = torch.prim.ListConstruct %int3_0 : (!torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %int1_1 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1_1 : (!torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
    %int1_2 = torch.constant.int 1
    %true = torch.constant.bool true
    %true_3 = torch.constant.bool true
    %false_4 = torch.constant.bool false
    %5 = torch.prim.ListConstruct %true, %true_3, %false_4 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %false, %4, %int1_2, %5 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,2,9],f32>, !torch.vtensor<[3,2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,2,9],f32>, !torch.vtensor<[3,2,2],f32>, !torch.none
    %none = torch.constant.none
    return %6#0, %6#1, %none : !torch.vtensor<[2,2,9],f32>, !torch.vtensor<[3,2,2],f32>, !torch.none
  }
}
