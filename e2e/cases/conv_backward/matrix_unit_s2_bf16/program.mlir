module {
  func.func @main(%arg0: !torch.vtensor<[2,16,4,4],bf16>, %arg1: !torch.vtensor<[2,16,7,7],bf16>, %arg2: !torch.vtensor<[16,16,3,3],bf16>) -> (!torch.vtensor<[2,16,7,7],bf16>, !torch.vtensor<[16,16,3,3],bf16>, !torch.vtensor<[16],bf16>) {
    %int16 = torch.constant.int 16
    %0 = torch.prim.ListConstruct %int16 : (!torch.int) -> !torch.list<int>
    %int2 = torch.constant.int 2
    %int2_0 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2, %int2_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_1 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1, %int1_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_2 = torch.constant.int 1
    %int1_3 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1_2, %int1_3 : (!torch.int, !torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %int0_4 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int0, %int0_4 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_5 = torch.constant.int 1
    %true = torch.constant.bool true
    %true_6 = torch.constant.bool true
    %true_7 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true, %true_6, %true_7 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %false, %4, %int1_5, %5 : !torch.vtensor<[2,16,4,4],bf16>, !torch.vtensor<[2,16,7,7],bf16>, !torch.vtensor<[16,16,3,3],bf16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,16,7,7],bf16>, !torch.vtensor<[16,16,3,3],bf16>, !torch.vtensor<[16],bf16>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[2,16,7,7],bf16>, !torch.vtensor<[16,16,3,3],bf16>, !torch.vtensor<[16],bf16>
  }
}
