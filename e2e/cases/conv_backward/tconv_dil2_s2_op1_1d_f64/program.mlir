module {
  func.func @main(%arg0: !torch.vtensor<[1,2,8],f64>, %arg1: !torch.vtensor<[1,2,3],f64>, %arg2: !torch.vtensor<[2,2,3],f64>) -> (!torch.vtensor<[1,2,3],f64>, !torch.vtensor<[2,2,3],f64>, !torch.vtensor<[2],f64>) {
    %int2 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %int2_0 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2_0 : (!torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %int2_1 = torch.constant.int 2
    %3 = torch.prim.ListConstruct %int2_1 : (!torch.int) -> !torch.list<int>
    %true = torch.constant.bool true
    %int1_2 = torch.constant.int 1
    %4 = torch.prim.ListConstruct %int1_2 : (!torch.int) -> !torch.list<int>
    %int1_3 = torch.constant.int 1
    %true_4 = torch.constant.bool true
    %true_5 = torch.constant.bool true
    %true_6 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true_4, %true_5, %true_6 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %true, %4, %int1_3, %5 : !torch.vtensor<[1,2,8],f64>, !torch.vtensor<[1,2,3],f64>, !torch.vtensor<[2,2,3],f64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,3],f64>, !torch.vtensor<[2,2,3],f64>, !torch.vtensor<[2],f64>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,3],f64>, !torch.vtensor<[2,2,3],f64>, !torch.vtensor<[2],f64>
  }
}
