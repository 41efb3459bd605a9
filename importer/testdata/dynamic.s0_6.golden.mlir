module {
  func.func @main(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[3],f32>, %arg2: !torch.vtensor<[6,4],f32>) -> (!torch.vtensor<[18],f32>, !torch.int) {
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %int6 = torch.constant.int 6
    %none_1 = torch.constant.none
    %none_2 = torch.constant.none
    torch.aten._assert_tensor_metadata %arg2, %none, %none_0, %int6, %none_1, %none_2 : !torch.vtensor<[6,4],f32>, !torch.none, !torch.none, !torch.int, !torch.none, !torch.none
    %int1 = torch.constant.int 1
    %int0 = torch.constant.int 0
    %0 = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
    %1 = torch.aten.permute %arg0, %0 : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
    %int1_3 = torch.constant.int 1
    %int1_4 = torch.constant.int 1
    %2 = torch.aten.addmm %arg1, %arg2, %1, %int1_3, %int1_4 : !torch.vtensor<[3],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[6,3],f32>
    %int18 = torch.constant.int 18
    %3 = torch.prim.ListConstruct %int18 : (!torch.int) -> !torch.list<int>
    %4 = torch.aten.view %2, %3 : !torch.vtensor<[6,3],f32>, !torch.list<int> -> !torch.vtensor<[18],f32>
    %int3 = torch.constant.int 3
    return %4, %int3 : !torch.vtensor<[18],f32>, !torch.int
  }
}
