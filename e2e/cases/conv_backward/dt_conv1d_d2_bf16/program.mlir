module {
  func.func @main(%arg0: !torch.vtensor<[1,3,11],bf16>, %arg1: !torch.vtensor<[1,2,11],bf16>, %arg2: !torch.vtensor<[3,2,3],bf16>) -> (!torch.vtensor<[1,2,11],bf16>, !torch.vtensor<[3,2,3],bf16>, !torch.vtensor<[3],bf16>) {
    %int3 = torch.constant.int 3
    %0 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %int2 = torch.constant.int 2
    %2 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %int2_0 = torch.constant.int 2
    %3 = torch.prim.ListConstruct %int2_0 : (!torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
    %int1_1 = torch.constant.int 1
    %true = torch.constant.bool true
    %true_2 = torch.constant.bool true
    %true_3 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true, %true_2, %true_3 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %false, %4, %int1_1, %5 : !torch.vtensor<[1,3,11],bf16>, !torch.vtensor<[1,2,11],bf16>, !torch.vtensor<[3,2,3],bf16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,11],bf16>, !torch.vtensor<[3,2,3],bf16>, !torch.vtensor<[3],bf16>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,11],bf16>, !torch.vtensor<[3,2,3],bf16>, !torch.vtensor<[3],bf16>
  }
}
