module {
  func.func @main(%arg0: !torch.vtensor<[1,2,8,4],f32>, %arg1: !torch.vtensor<[1,2,8,4],f32>, %arg2: !torch.vtensor<[1,2,2,4],f32>, %arg3: !torch.vtensor<[1,2,2,4],f32>, %arg4: !torch.vtensor<[2],si64>) -> (!torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[],f32>) {
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %0 = torch.prim.ListConstruct %none, %none_0, %arg4 : (!torch.none, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
    %false = torch.constant.bool false
    %1 = torch.aten.index_put %arg0, %0, %arg2, %false : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,2,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
    %int2 = torch.constant.int 2
    %int2_1 = torch.constant.int 2
    %int4 = torch.constant.int 4
    %2 = torch.prim.ListConstruct %int2, %int2_1, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %3 = torch.aten.view %arg3, %2 : !torch.vtensor<[1,2,2,4],f32>, !torch.list<int> -> !torch.vtensor<[2,2,4],f32>
    %none_2 = torch.constant.none
    %none_3 = torch.constant.none
    %4 = torch.prim.ListConstruct %none_2, %none_3, %arg4 : (!torch.none, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
    %false_4 = torch.constant.bool false
    %5 = torch.aten.index_put %arg1, %4, %3, %false_4 : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,2,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
    %int2_5 = torch.constant.int 2
    %int0 = torch.constant.int 0
    %int4_6 = torch.constant.int 4
    %int1 = torch.constant.int 1
    %6 = torch.aten.slice.Tensor %1, %int2_5, %int0, %int4_6, %int1 : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,2,4,4],f32>
    %int0_7 = torch.constant.int 0
    %int1_8 = torch.constant.int 1
    %7 = torch.aten.add.Scalar %6, %int0_7, %int1_8 : !torch.vtensor<[1,2,4,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[1,2,4,4],f32>
    %8 = torch.prim.ListConstruct  : () -> !torch.list<int>
    %false_9 = torch.constant.bool false
    %none_10 = torch.constant.none
    %9 = torch.aten.sum.dim_IntList %5, %8, %false_9, %none_10 : !torch.vtensor<[1,2,8,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[],f32>
    return %1, %5, %7, %9 : !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[],f32>
  }
}
