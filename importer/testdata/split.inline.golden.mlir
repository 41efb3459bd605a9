module {
  func.func @main(%arg0: !torch.vtensor<[2,6],f32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>) {
    %int2 = torch.constant.int 2
    %int2_0 = torch.constant.int 2
    %int2_1 = torch.constant.int 2
    %0 = torch.prim.ListConstruct %int2, %int2_0, %int2_1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %int1 = torch.constant.int 1
    %1 = torch.aten.split_with_sizes %arg0, %0, %int1 : !torch.vtensor<[2,6],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
    %2:3 = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>
    %3 = torch.aten.mul.Tensor %2#0, %2#1 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32> -> !torch.vtensor<[2,2],f32>
    %int0 = torch.constant.int 0
    %4 = torch.aten.unbind.int %2#2, %int0 : !torch.vtensor<[2,2],f32>, !torch.int -> !torch.list<vtensor>
    %5:2 = torch.prim.ListUnpack %4 : !torch.list<vtensor> -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
    %int1_2 = torch.constant.int 1
    %6 = torch.aten.add.Tensor %3, %5#0, %int1_2 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2,2],f32>
    return %6, %5#1 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>
  }
}
