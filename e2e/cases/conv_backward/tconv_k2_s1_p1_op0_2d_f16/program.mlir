module {
  func.func @main(%arg0: !torch.vtensor<[1,3,3,3],f16>, %arg1: !torch.vtensor<[1,2,4,4],f16>, %arg2: !torch.vtensor<[2,3,2,2],f16>) -> (!torch.vtensor<[1,2,4,4],f16>, !torch.vtensor<[2,3,2,2],f16>, !torch.vtensor<[3],f16>) {
    %int3 = torch.constant.int 3
    %0 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_0 = torch.constant.int 1
    %1 = torch.prim.ListConstruct %int1, %int1_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_1 = torch.constant.int 1
    %int1_2 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1_1, %int1_2 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_3 = torch.constant.int 1
    %int1_4 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1_3, %int1_4 : (!torch.int, !torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %int0 = torch.constant.int 0
    %int0_5 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int0, %int0_5 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_6 = torch.constant.int 1
    %true_7 = torch.constant.bool true
    %true_8 = torch.constant.bool true
    %true_9 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true_7, %true_8, %true_9 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %true, %4, %int1_6, %5 : !torch.vtensor<[1,3,3,3],f16>, !torch.vtensor<[1,2,4,4],f16>, !torch.vtensor<[2,3,2,2],f16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,4,4],f16>, !torch.vtensor<[2,3,2,2],f16>, !torch.vtensor<[3],f16>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,4,4],f16>, !torch.vtensor<[2,3,2,2],f16>, !torch.vtensor<[3],f16>
  }
}
