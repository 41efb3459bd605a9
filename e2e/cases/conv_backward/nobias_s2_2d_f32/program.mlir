module {
  func.func @main(%arg0: !torch.vtensor<[2,3,3,3],f32>, %arg1: !torch.vtensor<[2,2,5,5],f32>, %arg2: !torch.vtensor<[3,2,2,2],f32>) -> (!torch.vtensor<[2,2,5,5],f32>, !torch.vtensor<[3,2,2,2],f32>, !torch.vtensor<[3],f32>) {
    %none = torch.constant.none
    %int2 = torch.constant.int 2
    %int2_0 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2, %int2_0 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %int1_1 = torch.constant.int 1
    %1 = torch.prim.ListConstruct %int1, %int1_1 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_2 = torch.constant.int 1
    %int1_3 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1_2, %int1_3 : (!torch.int, !torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int0 = torch.constant.int 0
    %int0_4 = torch.constant.int 0
    %3 = torch.prim.ListConstruct %int0, %int0_4 : (!torch.int, !torch.int) -> !torch.list<int>
    %int1_5 = torch.constant.int 1
    %true = torch.constant.bool true
    %true_6 = torch.constant.bool true
    %true_7 = torch.constant.bool true
    %4 = torch.prim.ListConstruct %true, %true_6, %true_7 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
    %5:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %none, %0, %1, %2, %false, %3, %int1_5, %4 : !torch.vtensor<[2,3,3,3],f32>, !torch.vtensor<[2,2,5,5],f32>, !torch.vtensor<[3,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,2,5,5],f32>, !torch.vtensor<[3,2,2,2],f32>, !torch.vtensor<[3],f32>
    return %5#0, %5#1, %5#2 : !torch.vtensor<[2,2,5,5],f32>, !torch.vtensor<[3,2,2,2],f32>, !torch.vtensor<[3],f32>
  }
}
