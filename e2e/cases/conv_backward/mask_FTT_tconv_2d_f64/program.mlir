module {
  func.func @main(%arg0: !torch.vtensor<[1,4,6,6],f64>, %arg1: !torch.vtensor<[1,4,3,3],f64>, %arg2: !torch.vtensor<[4,2,3,3],f64>) -> (!torch.none, !torch.vtensor<[4,2,3,3],f64>, !torch.vtensor<[4],f64>) {
    %int4 = torch.constant.int 4
    %0 = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
    %int2 = torch.constant.int 2
    %int2_0 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2, %int2_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_1 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1, %int1_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_2 = torch.constant.int 1
    %int1_3 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1_2, %int1_3 : (!torch.int, !torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %int1_4 = torch.constant.int 1
    %int1_5 = torch.constant.int 1
    %4 = torch.prim.ListConstruct %int1_4, %int1_5 : (!torch.int, !torch.int) -> !torch.list<int>
    %int2_6 = torch.constant.int 2
    %false = torch.constant.bool false
    %true_7 = torch.constant.bool true
    %true_8 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %false, %true_7, %true_8 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %true, %4, %int2_6, %5 : !torch.vtensor<[1,4,6,6],f64>, !torch.vtensor<[1,4,3,3],f64>, !torch.vtensor<[4,2,3,3],f64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.none, !torch.vtensor<[4,2,3,3],f64>, !torch.vtensor<[4],f64>
    %none = torch.constant.none
    return %none, %6#1, %6#2 : !torch.none, !torch.vtensor<[4,2,3,3],f64>, !torch.vtensor<[4],f64>
  }
}
