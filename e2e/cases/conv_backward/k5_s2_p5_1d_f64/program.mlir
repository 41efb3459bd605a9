module {
  func.func @main(%arg0: !torch.vtensor<[1,3,10],f64>, %arg1: !torch.vtensor<[1,2,13],f64>, %arg2: !torch.vtensor<[3,2,5],f64>) -> (!torch.vtensor<[1,2,13],f64>, !torch.vtensor<[3,2,5],f64>, !torch.vtensor<[3],f64>) {
    %int3 = torch.constant.int 3
    %0 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
    %int2 = torch.constant.int 2
    %1 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    %int5 = torch.constant.int 5
    %2 = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
    %int1_0 = torch.constant.int 1
    %true = torch.constant.bool true
    %true_1 = torch.constant.bool true
    %true_2 = torch.constant.bool true
    %5 = torch.prim.ListConstruct %true, %true_1, %true_2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %6:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %2, %3, %false, %4, %int1_0, %5 : !torch.vtensor<[1,3,10],f64>, !torch.vtensor<[1,2,13],f64>, !torch.vtensor<[3,2,5],f64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,13],f64>, !torch.vtensor<[3,2,5],f64>, !torch.vtensor<[3],f64>
    return %6#0, %6#1, %6#2 : !torch.vtensor<[1,2,13],f64>, !torch.vtensor<[3,2,5],f64>, !torch.vtensor<[3],f64>
  }
}
