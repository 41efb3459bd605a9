module {
  func.func @main(%arg0: !torch.vtensor<[1,2,3,3],f16>, %arg1: !torch.vtensor<[1,2,6,6],f16>, %arg2: !torch.vtensor<[2,2,2,2],f16>) -> (!torch.vtensor<[1,2,6,6],f16>, !torch.none, !torch.none) {
    %none = torch.constant.none
    %int2 = torch.constant.int 2
    %int2_0 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2, %int2_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int0 = torch.constant.int 0
    %int0_1 = torch.constant.int 0
    %1 = torch.prim.ListConstruct %int0, %int0_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_2 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1, %int1_2 : (!torch.int, !torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0_3 = torch.constant.int 0
    %int0_4 = torch.constant.int 0
    %3 = torch.prim.ListConstruct %int0_3, %int0_4 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_5 = torch.constant.int 1
    %true = torch.constant.bool true
    %false_6 = torch.constant.bool false
    %false_7 = torch.constant.bool false
    %4 = torch.prim.ListConstruct %true, %false_6, %false_7 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %5:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %none, %0, %1, %2, %false, %3, %int1_5, %4 : !torch.vtensor<[1,2,3,3],f16>, !torch.vtensor<[1,2,6,6],f16>, !torch.vtensor<[2,2,2,2],f16>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,6,6],f16>, !torch.none, !torch.none
    %none_8 = torch.constant.none
    %none_9 = torch.constant.none
    return %5#0, %none_8, %none_9 : !torch.vtensor<[1,2,6,6],f16>, !torch.none, !torch.none
  }
}
