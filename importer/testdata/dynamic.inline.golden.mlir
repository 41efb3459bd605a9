module {
  func.func @main(%arg0: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?],f32>, !torch.int) {
    %0 = torch.vtensor.literal(dense<[[-2.000000e+00, -1.875000e+00, -1.250000e+00, 3.750000e-01], [-2.000000e+00, -1.125000e+00, 2.500000e-01, 1.875000e+00], [-2.000000e+00, -8.750000e-01, 1.750000e+00, 8.750000e-01]]> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
    %1 = torch.vtensor.literal(dense<[-5.000000e-01, 1.250000e+00, -1.875000e+00]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %int6 = torch.constant.int 6
    %none_1 = torch.constant.none
    %none_2 = torch.constant.none
    torch.aten._assert_tensor_metadata %arg0, %none, %none_0, %int6, %none_1, %none_2 : !torch.vtensor<[?,4],f32>, !torch.none, !torch.none, !torch.int, !torch.none, !torch.none
    %int0 = torch.constant.int 0
    %2 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
    %int2 = torch.constant.int 2
    %3 = torch.aten.ge.int %2, %int2 : !torch.int, !torch.int -> !torch.bool
    %str = torch.constant.str "Runtime assertion failed for expression 2 <= s0 on node 'ge'"
    torch.aten._assert_scalar %3, %str : !torch.bool, !torch.str
    %int1 = torch.constant.int 1
    %int0_3 = torch.constant.int 0
    %4 = torch.prim.ListConstruct %int1, %int0_3 : (!torch.int, !torch.int) -> !torch.list<int>
    %5 = torch.aten.permute %0, %4 : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
    %int1_4 = torch.constant.int 1
    %int1_5 = torch.constant.int 1
    %6 = torch.aten.addmm %1, %arg0, %5, %int1_4, %int1_5 : !torch.vtensor<[3],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,3],f32>
    %int3 = torch.constant.int 3
    %7 = torch.aten.mul.int %2, %int3 : !torch.int, !torch.int -> !torch.int
    %8 = torch.prim.ListConstruct %7 : (!torch.int) -> !torch.list<int>
    %9 = torch.aten.view %6, %8 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
    %int2_6 = torch.constant.int 2
    %10 = torch.aten.remainder.int %2, %int2_6 : !torch.int, !torch.int -> !torch.int
    %int0_7 = torch.constant.int 0
    %11 = torch.aten.eq.int %10, %int0_7 : !torch.int, !torch.int -> !torch.bool
    %str_8 = torch.constant.str "Runtime assertion failed for expression Eq(Mod(s0, 2), 0) on node 'eq'"
    torch.aten._assert_scalar %11, %str_8 : !torch.bool, !torch.str
    %int2_9 = torch.constant.int 2
    %12 = torch.aten.floordiv.int %2, %int2_9 : !torch.int, !torch.int -> !torch.int
    return %9, %12 : !torch.vtensor<[?],f32>, !torch.int
  }
}
