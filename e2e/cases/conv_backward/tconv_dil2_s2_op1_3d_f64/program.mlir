module {
  func.func @main(%arg0: !torch.vtensor<[1,2,8,8,8],f64>, %arg1: !torch.vtensor<[1,2,3,3,3],f64>, %arg2: !torch.vtensor<[2,2,3,3,3],f64>) -> (!torch.vtensor<[1,2,3,3,3],f64>, !torch.vtensor<[2,2,3,3,3],f64>, !torch.vtensor<[2],f64>) {
    %int2 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %int2_0 = torch.constant.int 2
    %int2_1 = torch.constant.int 2
    %int2_2 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2_0, %int2_1, %int2_2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_3 = torch.constant.int 1
    %int1_4 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1, %int1_3, %int1_4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int2_5 = torch.constant.int 2
    %int2_6 = torch.constant.int 2
    %int2_7 = torch.constant.int 2
    %3 = torch.prim.ListConstruct %int2_5, %int2_6, %int2_7 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %int1_8 = torch.constant.int 1
    %int1_9 = torch.constant.int 1
    %int1_10 = torch.constant.int 1
    %4 = torch.prim.ListConstruct %int1_8, %int1_9, %int1_10 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int1_11 = torch.constant.int 1
    %true_12 = torch.constant.bool true
    %true_13 = torch.constant.bool true
    %true_14 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true_12, %true_13, %true_14 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %true, %4, %int1_11, %5 : !torch.vtensor<[1,2,8,8,8],f64>, !torch.vtensor<[1,2,3,3,3],f64>, !torch.vtensor<[2,2,3,3,3],f64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,3,3,3],f64>, !torch.vtensor<[2,2,3,3,3],f64>, !torch.vtensor<[2],f64>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,3,3,3],f64>, !torch.vtensor<[2,2,3,3,3],f64>, !torch.vtensor<[2],f64>
  }
}
