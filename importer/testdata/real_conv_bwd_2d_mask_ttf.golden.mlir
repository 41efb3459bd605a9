module {
  func.func @main(%arg0: !torch.vtensor<[2,6,7,7],f32>, %arg1: !torch.vtensor<[2,4,7,7],f32>, %arg2: !torch.vtensor<[6,4,3,3],f32>) -> (!torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[6,4,3,3],f32>, !torch.none) {
    %int6 = torch.constant.int 6
    %0 = torch.prim.ListConstruct %int6 : (!torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_0 = torch.constant.int 1
    %1 = torch.prim.ListConstruct %int1, %int1_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_1 = torch.constant.int 1
    %int1_2 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1_1, %int1_2 : (!torch.int, !torch.int) -> !torch.list<int>
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
    %false_8 = torch.constant.bool false
    %5 = torch.prim.ListConstruct %true, %true_7, %false_8 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %false, %4, %int1_6, %5 : !torch.vtensor<[2,6,7,7],f32>, !torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[6,4,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[6,4,3,3],f32>, !torch.none
    %none = torch.constant.none
    return %6#0, %6#1, %none : !torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[6,4,3,3],f32>, !torch.none
  }
}
