module {
  func.func @main(%arg0: !torch.vtensor<[1,2,8,4],f32>, %arg1: !torch.vtensor<[1,2,8,4],f32>, %arg2: !torch.vtensor<[1,2,1,4],f32>, %arg3: !torch.vtensor<[1,2,1,4],f32>, %arg4: !torch.vtensor<[1],si64>) -> (!torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,4,4],f32>) {
    %int2 = torch.constant.int 2
    %0 = torch.aten.index_copy %arg0, %int2, %arg4, %arg2 : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.vtensor<[1],si64>, !torch.vtensor<[1,2,1,4],f32> -> !torch.vtensor<[1,2,8,4],f32>
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %1 = torch.prim.ListConstruct %none, %none_0, %arg4 : (!torch.none, !torch.none, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
    %false = torch.constant.bool false
    %2 = torch.aten.index_put %arg1, %1, %arg3, %false : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,1,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
    %int2_1 = torch.constant.int 2
    %int0 = torch.constant.int 0
    %int4 = torch.constant.int 4
    %int1 = torch.constant.int 1
    %3 = torch.aten.slice.Tensor %0, %int2_1, %int0, %int4, %int1 : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,2,4,4],f32>
    return %0, %2, %3 : !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,4,4],f32>
  }
}
