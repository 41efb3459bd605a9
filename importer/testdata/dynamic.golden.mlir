module {
  func.func @main(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[3],f32>, %arg2: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?],f32>, !torch.int) {
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %int6 = torch.constant.int 6
    %none_1 = torch.constant.none
    %none_2 = torch.constant.none
    torch.aten._assert_tensor_metadata %arg2, %none, %none_0, %int6, %none_1, %none_2 : !torch.vtensor<[?,4],f32>, !torch.none, !torch.none, !torch.int, !torch.none, !torch.none
    %int0 = torch.constant.int 0
    %0 = torch.aten.size.int %arg2, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
    %int2 = torch.constant.int 2
    %1 = torch.aten.ge.int %0, %int2 : !torch.int, !torch.int -> !torch.bool
    %str = torch.constant.str "Runtime assertion failed for expression 2 <= s0 on node 'ge'"
    torch.aten._assert_scalar %1, %str : !torch.bool, !torch.str
    %int1 = torch.constant.int 1
    %int0_3 = torch.constant.int 0
    %2 = torch.prim.ListConstruct %int1, %int0_3 : (!torch.int, !torch.int) -> !torch.list<int>
    %3 = torch.aten.permute %arg0, %2 : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,3],f32>
    %int1_4 = torch.constant.int 1
    %int1_5 = torch.constant.int 1
    %4 = torch.aten.addmm %arg1, %arg2, %3, %int1_4, %int1_5 : !torch.vtensor<[3],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,3],f32>
    %int3 = torch.constant.int 3
    %5 = torch.aten.mul.int %0, %int3 : !torch.int, !torch.int -> !torch.int
    %6 = torch.prim.ListConstruct %5 : (!torch.int) -> !torch.list<int>
    %7 = torch.aten.view %4, %6 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
    %int2_6 = torch.constant.int 2
    %8 = torch.aten.remainder.int %0, %int2_6 : !torch.int, !torch.int -> !torch.int
    %int0_7 = torch.constant.int 0
    %9 = torch.aten.eq.int %8, %int0_7 : !torch.int, !torch.int -> !torch.bool
    %str_8 = torch.constant.str "Runtime assertion failed for expression Eq(Mod(s0, 2), 0) on node 'eq'"
    torch.aten._assert_scalar %9, %str_8 : !torch.bool, !torch.str
    %int2_9 = torch.constant.int 2
    %10 = torch.aten.floordiv.int %0, %int2_9 : !torch.int, !torch.int -> !torch.int
    return %7, %10 : !torch.vtensor<[?],f32>, !torch.int
  }
}
